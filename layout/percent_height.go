package layout

import (
	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// maxHeightChain bounds how many ancestors cbHeight follows through
// percentage heights.
const maxHeightChain = 64

// pinHeightPercents resolves b's percentage height, min-height and
// max-height against its containing block's height when that is
// definite (CSS 2.1 §10.5, §10.7): it swaps in a copy of b's style with
// them in points and returns the function restoring it (nil when there
// is nothing to resolve). A percentage of a height that depends on the
// content stays as it is, and behaves as auto (none for max-height, 0
// for min-height) as before.
func pinHeightPercents(b *box.Box) (restore func()) {
	st := b.Style
	if st == nil || !(st.Height.HasPercent() || st.MinHeight.HasPercent() || st.MaxHeight.HasPercent()) ||
		b.Kind != box.KindBlock || b.OutOfFlow() || b.FlexItem || b.Parent == nil || b.Parent.Kind != box.KindBlock {
		return nil
	}
	ch, ok := cbHeight(b, 0)
	if !ok {
		return nil
	}
	cs := *st
	sz := cs.MutSize()
	sz.Height = pinned(st, st.Height, ch)
	sz.MinHeight = pinned(st, st.MinHeight, ch)
	sz.MaxHeight = pinned(st, st.MaxHeight, ch)
	b.Style = &cs
	return func() { b.Style = st }
}

// cbHeight returns the content height of the parent of b, an in-flow
// block, when it is definite: a height in points, or a percentage of a
// definite height in turn.
func cbHeight(b *box.Box, depth int) (float64, bool) {
	p := b.Parent
	if p == nil || depth > maxHeightChain || p.Kind != box.KindBlock || p.OutOfFlow() || p.FlexItem {
		return 0, false
	}
	st := p.Style
	var h float64
	switch {
	case st.Height.Unit == style.Pt:
		h = st.Height.Value
	case st.Height.HasPercent():
		ph, ok := cbHeight(p, depth+1)
		if !ok {
			return 0, false
		}
		h = st.Resolve(st.Height, ph, 0)
	default:
		return 0, false
	}
	if st.BoxSizing == style.BorderBox {
		h -= vEdges(st, 0, style.Top) + vEdges(st, 0, style.Bottom)
	}
	return max(h, 0), true
}
