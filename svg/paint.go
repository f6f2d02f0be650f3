package svg

import (
	"math"
	"slices"
	"strings"

	"golang.org/x/net/html"
)

// maxHrefChain bounds how many gradients an href chain may go through.
const maxHrefChain = 16

// hrefChain returns n and the elements its href chain goes through
// while they are of one of kinds (gradients inherit attributes and
// stops this way, patterns attributes and content): at most
// maxHrefChain, and a reference back to an element of the chain (a
// cycle) is not followed.
func (d *Document) hrefChain(n *html.Node, kinds ...string) []*html.Node {
	chain := []*html.Node{n}
	for len(chain) < maxHrefChain {
		t := d.href(chain[len(chain)-1])
		if t == nil || !slices.Contains(kinds, t.Data) || slices.Contains(chain, t) {
			break
		}
		chain = append(chain, t)
	}
	return chain
}

// gradient resolves the gradient with id for a shape whose geometry is
// geom; nil when id is not a gradient or the gradient is degenerate
// (the paint then falls back).
func (r *renderer) gradient(id string, geom *Path, st *computed) *Gradient {
	n := r.d.ids[id]
	if n == nil || (n.Data != "linearGradient" && n.Data != "radialGradient") {
		return nil
	}
	chain := r.d.hrefChain(n, "linearGradient", "radialGradient")
	get := func(key string) (string, bool) {
		for _, c := range chain {
			if v, ok := attr(c, key); ok {
				return v, true
			}
		}
		return "", false
	}
	g := &Gradient{Radial: n.Data == "radialGradient", M: Identity}
	for _, c := range chain {
		if g.Stops = r.stops(c, st); len(g.Stops) > 0 {
			break
		}
	}
	if len(g.Stops) == 0 {
		return nil
	}
	units, _ := get("gradientUnits")
	bbox := strings.TrimSpace(units) != "userSpaceOnUse"
	coord := func(key, def string, ref float64) float64 {
		v, ok := get(key)
		if !ok {
			v = def
		}
		v = strings.TrimSpace(v)
		if bbox {
			if strings.HasSuffix(v, "%") {
				f, _ := parseFloat(strings.TrimSuffix(v, "%"))
				return f / 100
			}
			f, _ := parseFloat(v)
			return f
		}
		f, _ := parseLength(v, 16, ref)
		return f
	}
	if g.Radial {
		diag := math.Hypot(r.vw, r.vh) / math.Sqrt2
		g.CX, g.CY, g.R = coord("cx", "50%", r.vw), coord("cy", "50%", r.vh), coord("r", "50%", diag)
		g.FX, g.FY = g.CX, g.CY
		if _, ok := get("fx"); ok {
			g.FX = coord("fx", "50%", r.vw)
		}
		if _, ok := get("fy"); ok {
			g.FY = coord("fy", "50%", r.vh)
		}
	} else {
		g.X1, g.Y1 = coord("x1", "0%", r.vw), coord("y1", "0%", r.vh)
		g.X2, g.Y2 = coord("x2", "100%", r.vw), coord("y2", "0%", r.vh)
	}
	if t, ok := get("gradientTransform"); ok {
		if tm, ok := parseTransform(t); ok {
			g.M = tm
		}
	}
	if g.bbox = bbox; bbox {
		x0, y0, x1, y1, ok := geom.Bounds()
		if !ok || x1-x0 <= 0 || y1-y0 <= 0 {
			return nil // objectBoundingBox of a shape without area
		}
		g.M = g.M.Mul(Matrix{x1 - x0, 0, 0, y1 - y0, x0, y0})
	}
	switch sp, _ := get("spreadMethod"); sp {
	case "reflect":
		g.Reflect = true
	case "repeat":
		g.Repeat = true
	}
	return g
}

// stops returns the stops of gradient element n (offsets clamped and in
// order, stop-opacity in the colours' alpha).
func (r *renderer) stops(n *html.Node, st *computed) []Stop {
	var out []Stop
	last := 0.0
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode || c.Data != "stop" {
			continue
		}
		if len(out) >= 256 {
			break
		}
		cs := r.d.cascade(c, st)
		v, _ := attr(c, "offset")
		off := parseOpacity(strings.TrimSpace(v), 0)
		off = max(off, last)
		last = off
		col := cs.stopColor.color
		if cs.stopColor.current {
			col = cs.color
		}
		col.A = uint8(math.Round(float64(col.A) * cs.stopOpacity))
		out = append(out, Stop{Offset: off, Color: col})
	}
	return out
}

// clipPath returns the clip of the clipPath element with id for element
// n drawn with transform m, in output space. ok is false when the clip
// path is empty (n is then not drawn); a nil clip means none applies.
func (r *renderer) clipPath(n *html.Node, id string, m Matrix) (*Clip, bool) {
	cp := r.d.ids[id]
	if cp == nil || cp.Data != "clipPath" {
		return nil, true
	}
	// the clip path's content: in its transform, in the element's
	// bounding box for objectBoundingBox units, in the element's user
	// space
	cm := m
	if u, _ := attr(cp, "clipPathUnits"); strings.TrimSpace(u) == "objectBoundingBox" {
		geom := r.geometry(n)
		if geom == nil {
			return nil, true
		}
		x0, y0, x1, y1, ok := geom.Bounds()
		if !ok {
			return nil, false
		}
		cm = Matrix{x1 - x0, 0, 0, y1 - y0, x0, y0}.Mul(cm)
	}
	return r.clipContent(cp, cm)
}

// clipContent returns the clip of the content of clipPath element cp,
// whose units cm maps to the output; ok is false when it is empty.
func (r *renderer) clipContent(cp *html.Node, cm Matrix) (*Clip, bool) {
	if t, ok := attr(cp, "transform"); ok {
		if tm, ok := parseTransform(t); ok {
			cm = tm.Mul(cm)
		}
	}
	out := &Clip{Path: &Path{}}
	first := true
	parent := initialStyle(r.opts.Color)
	cps := r.d.cascade(cp, &parent)
	for c := cp.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		el, em := c, cm
		if t, ok := attr(c, "transform"); ok {
			if tm, ok := parseTransform(t); ok {
				em = tm.Mul(em)
			}
		}
		cs := r.d.cascade(c, &cps)
		if c.Data == "use" {
			if el = r.d.href(c); el == nil {
				continue
			}
			em = translate(r.length(c, "x", r.vw), r.length(c, "y", r.vh)).Mul(em)
			if t, ok := attr(el, "transform"); ok {
				if tm, ok := parseTransform(t); ok {
					em = tm.Mul(em)
				}
			}
			cs = r.d.cascade(el, &cs)
		}
		if cs.displayNone || cs.hidden {
			continue
		}
		geom := r.geometry(el)
		if geom == nil {
			continue
		}
		if first {
			out.EvenOdd, first = cs.clipEvenOdd, false
		}
		out.Path.Segs = append(out.Path.Segs, geom.Transformed(em).Segs...)
	}
	if len(out.Path.Segs) == 0 {
		return nil, false
	}
	return out, true
}
