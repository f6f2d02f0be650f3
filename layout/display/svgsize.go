package display

import (
	"math"

	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/style"
	"github.com/seed28491532/folio/svg"
)

// svgSize returns the size of a background tile of SVG drawing d by the
// default sizing algorithm (CSS Images 3 §5.3): a drawing may have a
// width, a height and an aspect ratio of its own, each or none, and the
// background-size sz fills in what it lacks, the positioning area area
// standing for the rest.
func svgSize(d *svg.Document, sz style.BackgroundSize, area layout.Rect) (w, h float64) {
	iw, ih, ratio := d.Intrinsic()
	iw, ih = iw*0.75, ih*0.75 // CSS px to points
	if math.IsNaN(ratio) || math.IsInf(ratio, 0) || ratio < 0 {
		ratio = 0
	}
	fit := func(cover bool) (float64, float64) {
		if ratio <= 0 || area.H <= 0 {
			return area.W, area.H
		}
		w := math.Min(area.W, area.H*ratio)
		if cover {
			w = math.Max(area.W, area.H*ratio)
		}
		return w, w / ratio
	}
	switch sz.Mode {
	case style.SizeContain:
		return fit(false)
	case style.SizeCover:
		return fit(true)
	}
	sw, sh := sz.W.Resolve(area.W, -1), sz.H.Resolve(area.H, -1)
	switch {
	case sw >= 0 && sh >= 0:
		return sw, sh
	case sw >= 0 && ratio > 0:
		return sw, sw / ratio
	case sw >= 0 && ih > 0:
		return sw, ih
	case sw >= 0:
		return sw, area.H
	case sh >= 0 && ratio > 0:
		return sh * ratio, sh
	case sh >= 0 && iw > 0:
		return iw, sh
	case sh >= 0:
		return area.W, sh
	}
	// both auto: the drawing's own size, completed by its ratio or the
	// area
	switch {
	case iw > 0 && ih > 0:
		return iw, ih
	case iw > 0 && ratio > 0:
		return iw, iw / ratio
	case ih > 0 && ratio > 0:
		return ih * ratio, ih
	case ratio > 0:
		return fit(false)
	case iw > 0:
		return iw, area.H
	case ih > 0:
		return area.W, ih
	}
	return area.W, area.H
}
