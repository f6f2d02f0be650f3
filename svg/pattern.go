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
func (r *renderer) pattern(pt *html.Node, p, area *Path, st *computed, m Matrix, clips []Clip, op float64) {
	if r.uses[pt] {
		return
	}
	// attributes and content may come from the patterns its href chain
	// goes through (SVG 1.1 §13.3)
	chain := r.d.hrefChain(pt, "pattern")
	get := func(key, def string) (string, bool) {
		for _, c := range chain {
			if v, ok := attr(c, key); ok {
				return v, true
			}
		}
		return def, false
	}
	getOr := func(key, def string) string { v, _ := get(key, def); return v }
	content := pt
	for _, c := range chain {
		if hasElementChild(c) {
			content = c
			break
		}
	}
	x0, y0, x1, y1, ok := p.Bounds()
	if !ok || !saneMatrix(m) {
		return
	}
	bw, bh := x1-x0, y1-y0
	bboxUnits := strings.TrimSpace(getOr("patternUnits", "")) != "userSpaceOnUse"
	coord := func(key string, ref, origin, size float64) float64 {
		v, _ := get(key, "0")
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
	if t, ok := get("patternTransform", ""); ok {
		if tm, ok := parseTransform(t); ok {
			pm = tm
		}
	}
	inv, ok := pm.Invert()
	if !ok {
		return
	}
	// the tiles (in pattern space) that cover the path's bounds
	ax0, ay0, ax1, ay1, _ := area.Bounds()
	b := outputBounds(inv, ax0, ay0, ax1, ay1)
	i0, i1 := math.Floor((b[0]-tx)/tw), math.Ceil((b[2]-tx)/tw)
	j0, j1 := math.Floor((b[1]-ty)/th), math.Ceil((b[3]-ty)/th)
	if (i1-i0)*(j1-j0) > maxPatternTiles || math.IsNaN(i0+i1+j0+j1) {
		return
	}
	inner := Identity
	if vb := viewBoxOf(getOr("viewBox", "")); vb != nil {
		inner = viewBoxTransform(*vb, getOr("preserveAspectRatio", ""), tw, th)
	} else if strings.TrimSpace(getOr("patternContentUnits", "")) == "objectBoundingBox" {
		inner = scale(bw, bh)
	}
	shapeClip := Clip{Path: area.Transformed(m), EvenOdd: st.evenOdd}
	base := append(clips[:len(clips):len(clips)], shapeClip)
	ps := r.styleOf(content)
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
			r.children(content, &ps, inner.Mul(translate(ox, oy)).Mul(tile), tc, op*ps.opacity, 1)
		}
	}
}

// hasElementChild reports whether n has an element child.
func hasElementChild(n *html.Node) bool {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode {
			return true
		}
	}
	return false
}
