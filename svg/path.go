package svg

import (
	"math"
	"strconv"
)

// Segment operations of a Path.
const (
	MoveTo byte = 'M'
	LineTo byte = 'L'
	// CubicTo is a cubic Bézier curve: two control points, then the end.
	CubicTo byte = 'C'
	Close   byte = 'Z'
)

// Segment is one path segment: Pts holds its one (MoveTo, LineTo) or
// three (CubicTo) points; Close has none.
type Segment struct {
	Op  byte
	Pts [3][2]float64
}

// Path is a path in absolute coordinates made of moves, lines, cubic
// curves and closes only (quadratic curves and arcs are converted).
type Path struct {
	Segs []Segment
}

func (p *Path) moveTo(x, y float64) {
	p.Segs = append(p.Segs, Segment{Op: MoveTo, Pts: [3][2]float64{{x, y}}})
}
func (p *Path) lineTo(x, y float64) {
	p.Segs = append(p.Segs, Segment{Op: LineTo, Pts: [3][2]float64{{x, y}}})
}
func (p *Path) cubicTo(x1, y1, x2, y2, x, y float64) {
	p.Segs = append(p.Segs, Segment{Op: CubicTo, Pts: [3][2]float64{{x1, y1}, {x2, y2}, {x, y}}})
}
func (p *Path) close() { p.Segs = append(p.Segs, Segment{Op: Close}) }

// Transformed returns p with every point mapped by m.
func (p *Path) Transformed(m Matrix) *Path {
	out := &Path{Segs: make([]Segment, len(p.Segs))}
	for i, s := range p.Segs {
		for j := range s.Pts {
			s.Pts[j][0], s.Pts[j][1] = m.Apply(s.Pts[j][0], s.Pts[j][1])
		}
		out.Segs[i] = s
	}
	return out
}

// Bounds returns the bounding box of p's points (control points
// included): x0, y0, x1, y1; ok is false for an empty path.
func (p *Path) Bounds() (x0, y0, x1, y1 float64, ok bool) {
	x0, y0, x1, y1 = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, s := range p.Segs {
		n := 1
		switch s.Op {
		case Close:
			n = 0
		case CubicTo:
			n = 3
		}
		for _, pt := range s.Pts[:n] {
			x0, y0 = math.Min(x0, pt[0]), math.Min(y0, pt[1])
			x1, y1 = math.Max(x1, pt[0]), math.Max(y1, pt[1])
			ok = true
		}
	}
	return
}

func parseFloat(s string) (float64, bool) {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
		return 0, false
	}
	return v, true
}

// parsePath parses path data (SVG 1.1 §8.3). As the specification asks,
// the path is drawn up to the first error. budget is how many segments
// may still be added; over it parsePath stops and reports over.
func parsePath(d string, budget int) (p *Path, over bool) {
	p = &Path{}
	sc := scanner{s: d}
	var cx, cy, sx, sy float64 // current and subpath start points
	var qx, qy float64         // last control point (for S and T)
	var prev byte
	var cmd byte
	for {
		sc.skipSpace()
		if sc.done() {
			return p, false
		}
		if len(p.Segs) > budget {
			return p, true
		}
		c := sc.s[sc.i]
		if isCommand(c) {
			cmd = c
			sc.i++
		} else if cmd == 0 || cmd == 'z' || cmd == 'Z' {
			return p, false
		} else if c != '+' && c != '-' && c != '.' && (c < '0' || c > '9') {
			return p, false
		}
		rel := cmd >= 'a'
		ox, oy := 0.0, 0.0
		if rel {
			ox, oy = cx, cy
		}
		nums := func(n int) ([]float64, bool) {
			var v [7]float64
			for i := 0; i < n; i++ {
				sc.skipSep()
				f, ok := sc.number()
				if !ok {
					return nil, false
				}
				v[i] = f
			}
			return v[:n], true
		}
		up := cmd &^ 0x20
		switch up {
		case 'Z':
			p.close()
			cx, cy = sx, sy
			prev = 'Z'
			if sc.skipSep(); !sc.done() && !isCommand(sc.s[sc.i]) {
				return p, false
			}
			continue
		case 'M', 'L', 'T':
			v, ok := nums(2)
			if !ok {
				return p, false
			}
			x, y := ox+v[0], oy+v[1]
			switch {
			case up == 'M':
				if prev == 'Z' || len(p.Segs) == 0 || cmd == 'M' || cmd == 'm' {
					p.moveTo(x, y)
					sx, sy = x, y
				}
				// coordinates after a moveto are implicit linetos
				if cmd == 'M' {
					cmd = 'L'
				} else {
					cmd = 'l'
				}
			case up == 'L':
				p.lineTo(x, y)
			default:
				if prev == 'Q' || prev == 'T' {
					qx, qy = 2*cx-qx, 2*cy-qy
				} else {
					qx, qy = cx, cy
				}
				quadTo(p, cx, cy, qx, qy, x, y)
			}
			cx, cy = x, y
			prev = up
		case 'H', 'V':
			v, ok := nums(1)
			if !ok {
				return p, false
			}
			if up == 'H' {
				cx = ox + v[0]
			} else {
				cy = oy + v[0]
			}
			p.lineTo(cx, cy)
			prev = up
		case 'C', 'S':
			n := 6
			if up == 'S' {
				n = 4
			}
			v, ok := nums(n)
			if !ok {
				return p, false
			}
			var x1, y1 float64
			if up == 'S' {
				if prev == 'C' || prev == 'S' {
					x1, y1 = 2*cx-qx, 2*cy-qy
				} else {
					x1, y1 = cx, cy
				}
				v = append([]float64{x1 - ox, y1 - oy}, v...)
			}
			p.cubicTo(ox+v[0], oy+v[1], ox+v[2], oy+v[3], ox+v[4], oy+v[5])
			qx, qy = ox+v[2], oy+v[3]
			cx, cy = ox+v[4], oy+v[5]
			prev = up
		case 'Q':
			v, ok := nums(4)
			if !ok {
				return p, false
			}
			qx, qy = ox+v[0], oy+v[1]
			x, y := ox+v[2], oy+v[3]
			quadTo(p, cx, cy, qx, qy, x, y)
			cx, cy = x, y
			prev = 'Q'
		case 'A':
			var v [7]float64
			ok := true
			for i := 0; i < 7 && ok; i++ {
				sc.skipSep()
				if i == 3 || i == 4 {
					var f bool
					f, ok = sc.flag()
					if f {
						v[i] = 1
					}
					continue
				}
				v[i], ok = sc.number()
			}
			if !ok {
				return p, false
			}
			x, y := ox+v[5], oy+v[6]
			arcTo(p, cx, cy, v[0], v[1], v[2], v[3] == 1, v[4] == 1, x, y)
			cx, cy = x, y
			prev = 'A'
		default:
			return p, false
		}
		if len(p.Segs) > 0 && p.Segs[0].Op != MoveTo {
			// path data must begin with a moveto
			return &Path{}, false
		}
	}
}

func isCommand(c byte) bool {
	switch c | 0x20 {
	case 'm', 'l', 'h', 'v', 'c', 's', 'q', 't', 'a', 'z':
		return true
	}
	return false
}

func quadTo(p *Path, x0, y0, qx, qy, x, y float64) {
	p.cubicTo(x0+2.0/3*(qx-x0), y0+2.0/3*(qy-y0), x+2.0/3*(qx-x), y+2.0/3*(qy-y), x, y)
}

// arcTo appends the elliptical arc from x0, y0 to x, y as cubic curves
// (SVG 1.1 §F.6.5 conversion from endpoint to centre parameters).
func arcTo(p *Path, x0, y0, rx, ry, phi float64, large, sweep bool, x, y float64) {
	if x0 == x && y0 == y {
		return
	}
	rx, ry = math.Abs(rx), math.Abs(ry)
	if rx == 0 || ry == 0 {
		p.lineTo(x, y)
		return
	}
	sinPhi, cosPhi := math.Sincos(phi * math.Pi / 180)
	dx, dy := (x0-x)/2, (y0-y)/2
	x1 := cosPhi*dx + sinPhi*dy
	y1 := -sinPhi*dx + cosPhi*dy
	if l := x1*x1/(rx*rx) + y1*y1/(ry*ry); l > 1 {
		s := math.Sqrt(l)
		rx, ry = rx*s, ry*s
	}
	num := rx*rx*ry*ry - rx*rx*y1*y1 - ry*ry*x1*x1
	den := rx*rx*y1*y1 + ry*ry*x1*x1
	k := 0.0
	if den > 0 && num > 0 {
		k = math.Sqrt(num / den)
	}
	if large == sweep {
		k = -k
	}
	cxp, cyp := k*rx*y1/ry, -k*ry*x1/rx
	cx := cosPhi*cxp - sinPhi*cyp + (x0+x)/2
	cy := sinPhi*cxp + cosPhi*cyp + (y0+y)/2
	angle := func(ux, uy, vx, vy float64) float64 {
		return math.Atan2(ux*vy-uy*vx, ux*vx+uy*vy)
	}
	t1 := angle(1, 0, (x1-cxp)/rx, (y1-cyp)/ry)
	dt := angle((x1-cxp)/rx, (y1-cyp)/ry, (-x1-cxp)/rx, (-y1-cyp)/ry)
	if !sweep && dt > 0 {
		dt -= 2 * math.Pi
	} else if sweep && dt < 0 {
		dt += 2 * math.Pi
	}
	n := int(math.Ceil(math.Abs(dt) / (math.Pi / 2)))
	if n < 1 {
		n = 1
	}
	step := dt / float64(n)
	kappa := 4.0 / 3 * math.Tan(step/4)
	pt := func(t float64) (px, py, tx, ty float64) {
		sin, cos := math.Sincos(t)
		ex, ey := rx*cos, ry*sin
		px = cosPhi*ex - sinPhi*ey + cx
		py = sinPhi*ex + cosPhi*ey + cy
		dxt, dyt := -rx*sin, ry*cos
		tx = cosPhi*dxt - sinPhi*dyt
		ty = sinPhi*dxt + cosPhi*dyt
		return
	}
	t := t1
	ax, ay, atx, aty := pt(t)
	for i := 0; i < n; i++ {
		bx, by, btx, bty := pt(t + step)
		if i == n-1 {
			bx, by = x, y
		}
		p.cubicTo(ax+kappa*atx, ay+kappa*aty, bx-kappa*btx, by-kappa*bty, bx, by)
		ax, ay, atx, aty = bx, by, btx, bty
		t += step
	}
}
