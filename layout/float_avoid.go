package layout

import (
	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// pinPercents makes b's percentages refer to a containing block cw wide
// while b is laid out in a narrower area: a box that avoids floats gets
// the band beside them, but its width, min and max width, margins and
// padding stay percentages of its containing block (CSS 2.1 §10.2,
// §8.3, §8.4). It swaps in a copy of b's style with those resolved to
// points (as keywordWidth does) and returns the function restoring it.
func pinPercents(b *box.Box, cw float64) (restore func()) {
	st := b.Style
	if st == nil || !horizontalPercents(st) {
		return func() {}
	}
	cs := *st
	sz := cs.MutSize()
	sz.Width = pinned(st, st.Width, cw)
	sz.MinWidth = pinned(st, st.MinWidth, cw)
	sz.MaxWidth = pinned(st, st.MaxWidth, cw)
	m := cs.MutMargin()
	p := cs.MutPadding()
	for i := range 4 {
		m.Margin[i] = pinned(st, st.Margin[i], cw)
		p.Padding[i] = pinned(st, st.Padding[i], cw)
	}
	b.Style = &cs
	return func() { b.Style = st }
}

// horizontalPercents reports whether a length of st that resolves
// against the containing block's width has a percentage.
func horizontalPercents(st *style.Style) bool {
	if st.Width.HasPercent() || st.MinWidth.HasPercent() || st.MaxWidth.HasPercent() {
		return true
	}
	for i := range 4 {
		if st.Margin[i].HasPercent() || st.Padding[i].HasPercent() {
			return true
		}
	}
	return false
}

// pinned returns l in points against base when it has a percentage, and
// l unchanged otherwise (auto stays auto).
func pinned(st *style.Style, l style.Length, base float64) style.Length {
	if !l.HasPercent() {
		return l
	}
	return style.Length{Value: st.Resolve(l, base, 0), Unit: style.Pt}
}
