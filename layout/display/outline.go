package display

import (
	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/style"
)

// outline paints the outline of a box of style st whose border box is r:
// outline-width wide, outline-offset outside r (inside it when negative),
// over the box's borders. CSS 2.1 Appendix E lets outlines be painted
// with each element rather than after the stacking context's content.
func (b *builder) outline(st *style.Style, r layout.Rect, op float64) {
	if st == nil || !st.HasOutline() {
		return
	}
	w := st.Outline.Width
	grow := st.OutlineOffset + w
	o := layout.Rect{X: r.X - grow, Y: r.Y - grow, W: r.W + 2*grow, H: r.H + 2*grow}
	c := st.OutlineColor()
	if o.W < 2*w || o.H < 2*w || c.A == 0 {
		return // an inward offset past the middle: nothing to draw
	}
	sides := [4]layout.Rect{
		style.Top:    {X: o.X, Y: o.Y, W: o.W, H: w},
		style.Right:  {X: o.X + o.W - w, Y: o.Y, W: w, H: o.H},
		style.Bottom: {X: o.X, Y: o.Y + o.H - w, W: o.W, H: w},
		style.Left:   {X: o.X, Y: o.Y, W: w, H: o.H},
	}
	for side, sr := range sides {
		b.add(Item{Op: OpBorder, Rect: sr, Color: c, Width: w, Style: st.Outline.Style, Side: int8(side), Opacity: op, Origin: Origin{Artifact: Layout}})
	}
}
