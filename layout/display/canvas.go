package display

import (
	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// paintCanvas paints the background of the canvas (CSS 2.1 §14.2): the
// root element's background, or the body's when the root has none,
// covers the page's border box — inside the page margins, as browsers
// print it — rather than the box alone. The box then paints no
// background of its own (b.canvas).
func (b *builder) paintCanvas(p *layout.Page) {
	src := p.Root.Box
	if !hasBackground(src) {
		src = body(src)
		if src == nil || !hasBackground(src) {
			return
		}
	}
	if !visible(src) {
		return
	}
	b.canvas = src
	m := p.Margin
	r := layout.Rect{X: m[style.Left], Y: m[style.Top], W: p.Width - m[style.Left] - m[style.Right], H: p.Height - m[style.Top] - m[style.Bottom]}
	if r.W <= 0 || r.H <= 0 {
		return
	}
	if c := src.Style.BackgroundColor; c.A > 0 {
		b.add(Item{Op: OpFill, Rect: r, Color: c, Opacity: 1, Origin: Origin{Artifact: Background}})
	}
	if src.Style.BackgroundImages != nil {
		// positioned in the root element's box — all of it, as one box
		// sliced across the pages (an image continues from page to page
		// rather than starting again on each) — painted over the canvas
		root := p.Root
		box := layout.Rect{X: root.X, Y: root.Y, W: root.W, H: root.H}
		if b.rootTotal > root.H {
			box.Y -= b.rootBefore
			box.H = b.rootTotal
		}
		b.backgroundLayers(src, src.Style, areasOf(box, root.Border, root.Padding), &r, 1)
	}
}

// hasBackground reports whether b paints a background colour or image.
func hasBackground(b *box.Box) bool {
	if b == nil || b.Style == nil {
		return false
	}
	if b.Style.BackgroundColor.A > 0 {
		return true
	}
	bgs := b.Backgrounds()
	for i, l := range b.Style.BackgroundImages {
		if l.Gradient != nil || i < len(bgs) && bgs[i] != nil && bgs[i].Err == nil {
			return true
		}
	}
	return false
}

// body returns the body element's box among the children of the root
// element's box, or nil.
func body(root *box.Box) *box.Box {
	if root == nil || root.Tag() != "html" {
		return nil
	}
	for _, c := range root.Children {
		if c.IsElement() && c.Tag() == "body" {
			return c
		}
	}
	return nil
}

// withoutBackground returns a copy of st that paints no background
// colour.
func withoutBackground(st *style.Style) *style.Style {
	if st == nil || st.BackgroundColor.A == 0 {
		return st
	}
	c := *st
	c.MutBackground().BackgroundColor = style.Color{}
	return &c
}

// slicedCorners returns the style fragment f of a box broken across
// pages or columns paints its borders and background with: with
// box-decoration-break: slice the corners at a break are square (the
// box is rounded only where it starts and where it ends); with clone,
// or for a whole box, its own.
func slicedCorners(st *style.Style, f *layout.Fragment) *style.Style {
	if st == nil || st.DecorationClone || f.First && f.Last || st.BorderRadius == ([4][2]style.Length{}) {
		return st
	}
	c := *st
	br := c.MutBorder()
	if !f.First {
		br.BorderRadius[0], br.BorderRadius[1] = [2]style.Length{}, [2]style.Length{}
	}
	if !f.Last {
		br.BorderRadius[2], br.BorderRadius[3] = [2]style.Length{}, [2]style.Length{}
	}
	return &c
}
