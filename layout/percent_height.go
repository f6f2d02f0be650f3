package layout

import (
	"strings"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// maxHeightChain bounds how many ancestors cbHeight follows through
// percentage heights.
const maxHeightChain = 64

// pinHeightPercents resolves the percentage height, min-height and
// max-height of b, a block or inline-block, against its containing
// block's height when that is definite (CSS 2.1 §10.5, §10.7): it swaps in a copy of b's style with
// them in points and returns the function restoring it (nil when there
// is nothing to resolve). A percentage of a height that depends on the
// content stays as it is, and behaves as auto (none for max-height, 0
// for min-height) as before.
func pinHeightPercents(b *box.Box) (restore func()) {
	st := b.Style
	if st == nil || !(st.Height.HasPercent() || st.MinHeight.HasPercent() || st.MaxHeight.HasPercent()) ||
		!blockContainer(b) || b.OutOfFlow() || layoutItem(b) || b.Parent == nil || !blockContainer(b.Parent) {
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
// block (or a flex item), when it is definite: a height in points, or a
// percentage of a definite height in turn.
func cbHeight(b *box.Box, depth int) (float64, bool) {
	p := b.Parent
	if p == nil || depth > maxHeightChain || !blockContainer(p) && !isFlex(p) || p.OutOfFlow() {
		return 0, false
	}
	if layoutItem(p) {
		return stretchedHeight(p)
	}
	st := p.Style
	var h float64
	switch {
	case st.Height.Unit == style.Pt:
		h = st.Height.Value
	case st.Height.HasPercent() && p.Kind == box.KindBlock:
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

// blockContainer reports whether b lays its children out in normal
// flow as a block or an inline-block does.
func blockContainer(b *box.Box) bool {
	return b.Kind == box.KindBlock || b.Kind == box.KindInlineBlock
}

// layoutItem reports whether b is a flex or grid item, whose heights
// its container's layout decides.
func layoutItem(b *box.Box) bool {
	return b.FlexItem || b.Parent != nil && (isFlex(b.Parent) || isGrid(b.Parent))
}

// stretchedHeight returns the content height of flex item b when it is
// definite: stretched across a single-line row flex container of a
// height in points, or flexed in a column of such a height (CSS Flexbox
// 1 §9.8).
func stretchedHeight(b *box.Box) (float64, bool) {
	c, st := b.Parent, b.Style
	if c == nil || !isFlex(c) || b.FlexItem {
		return 0, false
	}
	cs := c.Style
	if strings.HasPrefix(cs.FlexDirection, "column") && cs.Height.Unit == style.Pt && st.Height.Unit == style.Pt {
		// the main size of an item of a column of definite height: its
		// own, or the one flexing gave it
		return definiteHeight(b, 0)
	}
	if strings.HasPrefix(cs.FlexDirection, "column") || cs.FlexWrap != "" && cs.FlexWrap != "nowrap" || cs.Height.Unit != style.Pt ||
		flexAlign(cs) != "stretch" || st.Height.HasPercent() || st.Margin[style.Top].IsAuto() || st.Margin[style.Bottom].IsAuto() {
		return 0, false
	}
	switch st.AlignSelf {
	case "", "auto", "normal", "stretch":
	default:
		return 0, false
	}
	if st.Height.Unit == style.Pt {
		// its height, or the one its layout stretched it to
		return definiteHeight(b, 0)
	}
	h := cs.Height.Value
	if cs.BoxSizing == style.BorderBox {
		h -= vEdges(cs, 0, style.Top) + vEdges(cs, 0, style.Bottom)
	}
	h -= st.Resolve(st.Margin[style.Top], 0, 0) + st.Resolve(st.Margin[style.Bottom], 0, 0) +
		vEdges(st, 0, style.Top) + vEdges(st, 0, style.Bottom)
	return max(h, 0), true
}
