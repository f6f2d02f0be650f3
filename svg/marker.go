package svg

import (
	"math"
	"strings"

	"golang.org/x/net/html"
)

// vertex is a point of a path where markers go, with the directions (in
// radians) the path comes in and leaves.
type vertex struct {
	x, y    float64
	in, out float64
}

// vertices returns the vertices of p: the start of each subpath and the
// end of each segment.
func vertices(p *Path) []vertex {
	var vs []vertex
	var cx, cy, sx, sy float64
	moved := false // the last vertex starts a subpath: it comes in as it leaves
	dir := func(x0, y0, x1, y1 float64) (float64, bool) {
		if x0 == x1 && y0 == y1 {
			return 0, false
		}
		return math.Atan2(y1-y0, x1-x0), true
	}
	for _, s := range p.Segs {
		var ex, ey, a0, a1 float64
		switch s.Op {
		case MoveTo:
			cx, cy, sx, sy = s.Pts[0][0], s.Pts[0][1], s.Pts[0][0], s.Pts[0][1]
			vs = append(vs, vertex{x: cx, y: cy})
			moved = true
			continue
		case LineTo, Close:
			ex, ey = s.Pts[0][0], s.Pts[0][1]
			if s.Op == Close {
				ex, ey = sx, sy
			}
			a0, _ = dir(cx, cy, ex, ey)
			a1 = a0
		case CubicTo:
			ex, ey = s.Pts[2][0], s.Pts[2][1]
			var ok bool
			if a0, ok = dir(cx, cy, s.Pts[0][0], s.Pts[0][1]); !ok {
				if a0, ok = dir(cx, cy, s.Pts[1][0], s.Pts[1][1]); !ok {
					a0, _ = dir(cx, cy, ex, ey)
				}
			}
			if a1, ok = dir(s.Pts[1][0], s.Pts[1][1], ex, ey); !ok {
				if a1, ok = dir(s.Pts[0][0], s.Pts[0][1], ex, ey); !ok {
					a1 = a0
				}
			}
		}
		if n := len(vs); n > 0 {
			vs[n-1].out = a0
			if moved {
				vs[n-1].in = a0
			}
		}
		moved = false
		vs = append(vs, vertex{x: ex, y: ey, in: a1, out: a1})
		cx, cy = ex, ey
	}
	return vs
}

// markers draws the markers of a path shape with geometry p (SVG 1.1
// §11.6): marker-start at its first vertex, marker-end at its last,
// marker-mid at the others. Markers drawn past twice MaxExpanded shapes
// are left out.
func (r *renderer) markers(p *Path, st *computed, m Matrix, clips []Clip, op float64, depth int) {
	if st.markers == [3]string{} {
		return
	}
	vs := vertices(p)
	for i, v := range vs {
		which := 1
		switch i {
		case 0:
			which = 0
		case len(vs) - 1:
			which = 2
		}
		mk := r.d.ids[st.markers[which]]
		if mk == nil || mk.Data != "marker" || r.uses[mk] || len(r.out) > 2*r.d.lim.MaxExpanded {
			continue
		}
		angle := 0.0
		switch o := strings.TrimSpace(attrOr(mk, "orient", "0")); o {
		case "auto", "auto-start-reverse":
			switch which {
			case 0:
				angle = v.out
				if o == "auto-start-reverse" {
					angle += math.Pi
				}
			case 2:
				angle = v.in
			default:
				angle = bisect(v.in, v.out)
			}
		default:
			if f, ok := parseFloat(strings.TrimSuffix(o, "deg")); ok {
				angle = f * math.Pi / 180
			}
		}
		mw, mh := 3.0, 3.0
		if v, ok := attr(mk, "markerWidth"); ok {
			mw, _ = parseLength(v, 16, r.vw)
		}
		if v, ok := attr(mk, "markerHeight"); ok {
			mh, _ = parseLength(v, 16, r.vh)
		}
		if mw <= 0 || mh <= 0 {
			continue
		}
		rx, ry := r.length(mk, "refX", r.vw), r.length(mk, "refY", r.vh)
		inner := Identity
		if vb := parseViewBox(mk); vb != nil {
			inner = viewBoxTransform(*vb, attrOr(mk, "preserveAspectRatio", ""), mw, mh)
		}
		rx, ry = inner.Apply(rx, ry)
		sw := st.strokeWidth
		if strings.TrimSpace(attrOr(mk, "markerUnits", "")) == "userSpaceOnUse" {
			sw = 1
		}
		sin, cos := math.Sincos(angle)
		mm := inner.Mul(translate(-rx, -ry)).Mul(scale(sw, sw)).Mul(Matrix{cos, sin, -sin, cos, 0, 0}).Mul(translate(v.x, v.y)).Mul(m)
		ms := r.styleOf(mk)
		r.uses[mk] = true
		r.children(mk, &ms, mm, clips, op*ms.opacity, depth+1)
		delete(r.uses, mk)
	}
}

// bisect returns the direction halfway between a and b.
func bisect(a, b float64) float64 {
	d := math.Remainder(b-a, 2*math.Pi)
	return a + d/2
}

func attrOr(n *html.Node, key, def string) string {
	if v, ok := attr(n, key); ok {
		return v
	}
	return def
}

// styleOf returns the style n inherits from its ancestors, for content
// drawn away from its place in the tree (markers).
func (r *renderer) styleOf(n *html.Node) computed {
	var chain []*html.Node
	for x := n; x != nil && x.Type == html.ElementNode && len(chain) <= r.d.lim.MaxDepth; x = x.Parent {
		chain = append(chain, x)
		if x == r.d.Root {
			break
		}
	}
	st := r.initial
	for i := len(chain) - 1; i >= 0; i-- {
		st = r.d.cascade(chain[i], &st)
	}
	return st
}
