package svg

import (
	"context"
	"strings"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/style"
)

// ClipPath returns the clip that the clipPath element with id (in the
// document, or in its page) makes for an HTML element (CSS Masking 1
// §6.1, clip-path: url(#id)) whose border box is box (x, y, width and
// height in output units), one user unit being unit output units: its
// content in the coordinates of the border box, origin at its top-left
// corner (clipPathUnits="userSpaceOnUse"), or in fractions of it
// ("objectBoundingBox"). found is false when id names no clipPath
// element: then nothing is clipped. A nil clip that is found clips
// everything away (a clipPath with no content).
func (d *Document) ClipPath(id string, box [4]float64, unit float64) (clip *Clip, found bool) {
	cp := d.ids[id]
	if cp == nil || cp.Data != "clipPath" || unit <= 0 {
		return nil, false
	}
	r := &renderer{ctx: context.Background(), d: d, uses: map[*html.Node]bool{},
		opts: RenderOptions{Color: style.Color{A: 255}}, vw: box[2] / unit, vh: box[3] / unit}
	cm := Matrix{unit, 0, 0, unit, box[0], box[1]}
	if u, _ := attr(cp, "clipPathUnits"); strings.TrimSpace(u) == "objectBoundingBox" {
		cm = Matrix{box[2], 0, 0, box[3], box[0], box[1]}
	}
	if !saneMatrix(cm) {
		return nil, true
	}
	c, ok := r.clipContent(cp, cm)
	if !ok {
		return nil, true
	}
	if x0, y0, x1, y1, ok := c.Path.Bounds(); !ok || !saneBox([4]float64{x0, y0, x1, y1}) {
		return nil, true
	}
	return c, true
}
