package display

import (
	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/style"
)

// layer is a float or positioned box painted after the in-flow content it
// is a child of, per the painting order of CSS 2.1 Appendix E: in-flow
// block backgrounds, then floats, then in-flow inline content, then
// positioned descendants.
type layer struct {
	f    *layout.Fragment
	op   float64
	clip *layout.Rect
	art  *Origin
}

// layerKind returns 1 for a float, 2 for a positioned box (relative,
// absolute, fixed) and 0 for a box painted in tree order.
func layerKind(f *layout.Fragment) int {
	st := f.Box.Style
	if st == nil || f.Box.Parent == nil {
		return 0
	}
	switch {
	case st.Position == style.PositionRelative || st.Position == style.PositionAbsolute || st.Position == style.PositionFixed:
		return 2
	case st.Float != style.FloatNone && f.Box.OutOfFlow():
		return 1
	}
	return 0
}

// defer_ records f as a layer to paint later and reports whether it did.
func (b *builder) defer_(f *layout.Fragment, op float64) bool {
	k := layerKind(f)
	if k == 0 || b.painting == f {
		return false
	}
	ly := layer{f: f, op: op, clip: b.clip, art: b.artifact}
	if k == 1 {
		b.floats = append(b.floats, ly)
	} else {
		b.positioned = append(b.positioned, ly)
	}
	return true
}

// paintLayers paints the layers of kind k (1 floats, 2 positioned)
// recorded from index from on, with their own backgrounds and content,
// including layers they record in turn, then forgets them. Painting a
// layer can paint layers nested in it (a float anchored in a float's
// text paints the floats recorded inside it): each such pass starts from
// its own mark, so it never paints, and so never re-enters, a layer an
// outer pass is still painting.
func (b *builder) paintLayers(k, from int) {
	list := &b.floats
	if k == 2 {
		list = &b.positioned
	}
	for i := from; i < len(*list); i++ {
		ly := (*list)[i]
		savedClip, savedArt, savedPaint := b.clip, b.artifact, b.painting
		b.clip, b.artifact = ly.clip, ly.art
		b.painting = ly.f
		mark := len(b.floats)
		b.decorations(ly.f, ly.op)
		if k == 2 {
			b.paintLayers(1, mark)
		}
		b.painting = ly.f
		b.content(ly.f, ly.op)
		b.clip, b.artifact, b.painting = savedClip, savedArt, savedPaint
	}
	*list = (*list)[:from]
}

// anchored paints a float anchored in the text of a paragraph right after
// the line holding its anchor: lines never overlap floats, so this keeps
// the look of Appendix E while the content order follows the text.
func (b *builder) anchored(f *layout.Fragment, op float64) {
	saved := b.painting
	b.painting = f
	mark := len(b.floats)
	b.decorations(f, op)
	b.paintLayers(1, mark)
	b.painting = f
	b.content(f, op)
	b.painting = saved
}
