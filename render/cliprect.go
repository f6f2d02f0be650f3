package render

import (
	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/layout/display"
)

// cutToClip returns rectangle rect of item it cut to the item's clip when
// that clip is a plain rectangle (no rounded corners, and rect has none),
// and false when nothing of it is left. Rasterisers round the edges of a
// filled rectangle and those of a clip differently (a clip commonly takes
// in every pixel it touches, a fill the pixels its edges cover more than
// half of), so a solid rectangle cut by a clip at a fractional edge would
// reach one pixel row further than the same edge filled directly (a
// background ending there). Painting the intersection, cut by geometry,
// keeps both on the same pixels; the clip stays in force and changes
// nothing else.
func cutToClip(it *display.Item, rect layout.Rect) (layout.Rect, bool) {
	if it.Clip == nil || it.ClipRadii != nil || it.Radii != nil {
		return rect, true
	}
	c := *it.Clip
	x0, y0 := max(rect.X, c.X), max(rect.Y, c.Y)
	x1, y1 := min(rect.X+rect.W, c.X+c.W), min(rect.Y+rect.H, c.Y+c.H)
	if x1 <= x0 || y1 <= y0 {
		return layout.Rect{}, false
	}
	return layout.Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}, true
}
