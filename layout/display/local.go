package display

import (
	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/style"
)

// background-attachment: local (CSS Backgrounds 3 §3.9, issue #17): the
// layer scrolls with the content of a box that clips its overflow, so
// its positioning and painting areas are the box's scrollable overflow
// area (the padding box grown to hold the content and its end padding)
// rather than its own boxes; on paper the content is never scrolled, so
// the area starts at the padding box's corner and the part past it is
// cut by the overflow clip. The layer never paints under the border
// (the scrolled content does not), whatever its background-clip. On a
// box that does not clip, local is scroll.

// localAreas returns the box areas of the scrollable overflow of f, a
// box that clips its overflow, whose own areas are a: the padding area
// is the overflow area, the border and content areas it grown by the
// border and shrunk by the padding.
func localAreas(f *layout.Fragment, a boxAreas) boxAreas {
	p := a[style.PaddingBoxArea]
	x1, y1 := p.X+p.W, p.Y+p.H
	// the content's extent, then the end padding after it
	cx1, cy1 := a[style.ContentBoxArea].X, a[style.ContentBoxArea].Y
	for _, c := range f.Children {
		cx1, cy1 = max(cx1, c.X+c.W), max(cy1, c.Y+c.H)
	}
	for _, ln := range f.Lines {
		cy1 = max(cy1, ln.Y+ln.H)
		for _, t := range ln.Texts {
			cx1 = max(cx1, t.X+t.Width)
		}
	}
	x1 = max(x1, cx1+f.Padding[style.Right])
	y1 = max(y1, cy1+f.Padding[style.Bottom])
	over := layout.Rect{X: p.X, Y: p.Y, W: x1 - p.X, H: y1 - p.Y}
	grow := func(r layout.Rect, w [4]float64, k float64) layout.Rect {
		return layout.Rect{X: r.X - k*w[style.Left], Y: r.Y - k*w[style.Top],
			W: r.W + k*(w[style.Left]+w[style.Right]), H: r.H + k*(w[style.Top]+w[style.Bottom])}
	}
	return boxAreas{grow(over, f.Border, 1), over, grow(over, f.Padding, -1)}
}

// scrollsLocally reports whether f's background layers with
// background-attachment: local scroll with its content: it has such a
// layer and clips its overflow.
func scrollsLocally(f *layout.Fragment) bool {
	st := f.Box.Style
	return st != nil && st.BackgroundLocal != nil && st.Overflow != style.OverflowVisible
}

// colorArea returns the painting area of f's background colour when it
// is not the border box: the background-clip of the last layer
// (CSS Backgrounds 3 §3.7), and for a local last layer of a box that
// clips, the padding box at most; ok is false for the border box.
func colorArea(f *layout.Fragment, st *style.Style) (r layout.Rect, radii *[4][2]float64, ok bool) {
	last := max(st.BackgroundLayers-1, 0)
	clipArea := style.Layer(st.BackgroundClip, last, style.BorderBoxArea)
	local := scrollsLocally(f) && style.Layer(st.BackgroundLocal, last, false)
	if clipArea == style.BorderBoxArea && !local {
		return r, nil, false
	}
	if !local && covered(f, st, clipArea) {
		// what lies outside the clip area is all opaque border: the
		// colour painted under it shows the same, and meets the border
		// without a seam
		return r, nil, false
	}
	a := areasOf(layout.Rect{X: f.X, Y: f.Y, W: f.W, H: f.H}, f.Border, f.Padding)
	r = a[clipArea]
	if local {
		r = intersect(localAreas(f, a)[clipArea], a[style.PaddingBoxArea])
		clipArea = max(clipArea, style.PaddingBoxArea)
	}
	if clipArea == style.ContentBoxArea && !local {
		radii, _ = contentRadii(f)
	} else {
		radii, _ = paddingRadii(f)
	}
	return r, radii, true
}

// covered reports whether the part of f's border box outside its area
// (padding or content box) is all opaque solid border.
func covered(f *layout.Fragment, st *style.Style, area style.BoxArea) bool {
	for side := range 4 {
		bs := st.Border[side]
		if f.Border[side] <= 0 || bs.Style != style.BorderSolid || bs.Color.A != 255 ||
			area == style.ContentBoxArea && f.Padding[side] != 0 {
			return false
		}
	}
	return true
}

// intersect returns the part of r inside c (empty when none).
func intersect(r, c layout.Rect) layout.Rect {
	x0, y0 := max(r.X, c.X), max(r.Y, c.Y)
	x1, y1 := min(r.X+r.W, c.X+c.W), min(r.Y+r.H, c.Y+c.H)
	return layout.Rect{X: x0, Y: y0, W: max(x1-x0, 0), H: max(y1-y0, 0)}
}
