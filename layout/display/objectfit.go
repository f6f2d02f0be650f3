package display

import (
	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// objectRect returns where a replaced element's image is drawn inside
// its content box cr (CSS Images 3 §5.5 object-fit): stretched to it
// (fill), scaled to fit inside it or to cover it with its aspect ratio
// kept (contain, cover), at its own size (none) or the smaller of none
// and contain (scale-down), placed by object-position (like a
// background-position: 50% 50% centres it).
// clipped reports that the result reaches outside cr, so it must be
// clipped to it. An image without an intrinsic size is sized as by fill.
func objectRect(cr layout.Rect, img *box.Image, st *style.Style) (r layout.Rect, clipped bool) {
	if st == nil || cr.W <= 0 || cr.H <= 0 {
		return cr, false
	}
	w, h := cr.W, cr.H
	if pw, ph := img.Size(); st.ObjectFit != style.FitFill && pw > 0 && ph > 0 {
		iw, ih := pw*0.75, ph*0.75 // CSS px → pt
		contain := min(cr.W/iw, cr.H/ih)
		scale := 1.0 // none
		switch st.ObjectFit {
		case style.FitContain:
			scale = contain
		case style.FitCover:
			scale = max(cr.W/iw, cr.H/ih)
		case style.FitScaleDown:
			scale = min(1, contain)
		}
		w, h = iw*scale, ih*scale
	}
	pos := st.ObjectPosition
	pos.X.Offset, pos.Y.Offset = st.Exact(pos.X.Offset, cr.W-w), st.Exact(pos.Y.Offset, cr.H-h)
	r = layout.Rect{X: cr.X + pos.X.Resolve(cr.W, w), Y: cr.Y + pos.Y.Resolve(cr.H, h), W: w, H: h}
	const eps = 1e-6
	clipped = r.X < cr.X-eps || r.Y < cr.Y-eps || r.X+r.W > cr.X+cr.W+eps || r.Y+r.H > cr.Y+cr.H+eps
	return r, clipped
}
