package svg

import (
	"math"
	"strings"

	"golang.org/x/net/html"
)

// maxPatternTiles bounds the tiles one pattern fill draws; beyond, the
// fill falls back to nothing drawn past the first tiles.
const maxPatternTiles = 4096

// pattern fills the path p (user space mapped by m) with the pattern
// element pt (SVG 1.1 §13.3): its content is drawn once a tile over the
// path's bounds, clipped to the path and the tile. Tiles stop at
// maxPatternTiles and at twice MaxExpanded shapes.
func (r *renderer) pattern(pt *html.Node, p *Path, st *computed, m Matrix, clips []Clip, op float64) {
	if r.uses[pt] {
		return
	}
	x0, y0, x1, y1, ok := p.Bounds()
	if !ok || !saneMatrix(m) {
		return
	}
	bw, bh := x1-x0, y1-y0
	bboxUnits := strings.TrimSpace(attrOr(pt, "patternUnits", "")) != "userSpaceOnUse"
	coord := func(key string, ref, origin, size float64) float64 {
		v, ok := attr(pt, key)
		if !ok {
			v = "0"
		}
		v = strings.TrimSpace(v)
		if bboxUnits {
			f, _ := parseFloat(strings.TrimSuffix(v, "%"))
			if strings.HasSuffix(v, "%") {
				f /= 100
			}
			return origin + f*size
		}
		f, _ := parseLength(v, 16, ref)
		return f
	}
	tx, ty := coord("x", r.vw, x0, bw), coord("y", r.vh, y0, bh)
	tw, th := coord("width", r.vw, 0, bw), coord("height", r.vh, 0, bh)
	if tw <= 0 || th <= 0 {
		return
	}
	pm := Identity
	if t, ok := attr(pt, "patternTransform"); ok {
		if tm, ok := parseTransform(t); ok {
			pm = tm
		}
	}
	inv, ok := pm.Invert()
	if !ok {
		return
	}
	// the tiles (in pattern space) that cover the path's bounds
	b := outputBounds(inv, x0, y0, x1, y1)
	i0, i1 := math.Floor((b[0]-tx)/tw), math.Ceil((b[2]-tx)/tw)
	j0, j1 := math.Floor((b[1]-ty)/th), math.Ceil((b[3]-ty)/th)
	if (i1-i0)*(j1-j0) > maxPatternTiles || math.IsNaN(i0+i1+j0+j1) {
		return
	}
	inner := Identity
	if vb := parseViewBox(pt); vb != nil {
		inner = viewBoxTransform(*vb, attrOr(pt, "preserveAspectRatio", ""), tw, th)
	} else if strings.TrimSpace(attrOr(pt, "patternContentUnits", "")) == "objectBoundingBox" {
		inner = scale(bw, bh)
	}
	shapeClip := Clip{Path: p.Transformed(m), EvenOdd: st.evenOdd}
	base := append(clips[:len(clips):len(clips)], shapeClip)
	ps := r.styleOf(pt)
	r.uses[pt] = true
	defer delete(r.uses, pt)
	for j := j0; j < j1; j++ {
		for i := i0; i < i1; i++ {
			if len(r.out) > 2*r.d.lim.MaxExpanded || r.err != nil {
				return
			}
			ox, oy := tx+i*tw, ty+j*th
			tile := pm.Mul(m)
			tc := append(base[:len(base):len(base)], rectClip(ox, oy, tw, th, tile))
			r.children(pt, &ps, inner.Mul(translate(ox, oy)).Mul(tile), tc, op*ps.opacity, 1)
		}
	}
}
