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
			x0, y0 = min(x0, pt[0]), min(y0, pt[1])
			x1, y1 = max(x1, pt[0]), max(y1, pt[1])
			ok = true
		}
	}
	return
}

// parseFloat parses a number, finite only. Plain decimals of up to 15
// digits without an exponent, most numbers of a drawing, take a fast
// path (see shortDecimal); the others go through strconv.
func parseFloat(s string) (float64, bool) {
	if v, ok := shortDecimal(s); ok {
		return v, true
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
		return 0, false
	}
	return v, true
}

// pow10 holds the powers of ten up to 1e15, all exact in a float64.
var pow10 = [...]float64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15}

// shortDecimal parses s when it is an optional sign, digits, and an
// optional point with more digits, 15 digits at most in all: its digits
// as an integer and the power of ten are both exact in a float64, so
// one division gives the correctly rounded value, as strconv would
// (Clinger's fast path). ok is false for anything else.
func shortDecimal(s string) (float64, bool) {
	i, neg := 0, false
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		neg = s[i] == '-'
		i++
	}
	var mant uint64
	digits, frac, point := 0, 0, false
	for ; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			mant = mant*10 + uint64(c-'0')
			digits++
			if point {
				frac++
			}
		case c == '.' && !point:
			point = true
		default:
			return 0, false
		}
	}
	if digits == 0 || digits > 15 {
		return 0, false
	}
	v := float64(mant) / pow10[frac]
	if neg {
		v = -v
	}
	return v, true
}

// parsePath parses path data (SVG 1.1 §8.3). As the specification asks,
// the path is drawn up to the first error. budget is how many segments
// may still be added; over it parsePath stops and reports over.
func parsePath(d string, budget int) (p *Path, over bool) {
	return parsePathInto(&Path{Segs: make([]Segment, 0, pathCap(d, budget))}, d, budget)
}

// parsePathInto is parsePath appending to p, an empty path (with room
// for pathCap segments, say).
func parsePathInto(p *Path, d string, budget int) (_ *Path, over bool) {
	pp := &pathParser{sc: scanner{s: d}, p: p}
	var cmd byte
	for {
		pp.sc.skipSpace()
		if pp.sc.done() {
			return pp.p, false
		}
		if len(pp.p.Segs) > budget {
			return pp.p, true
		}
		c := pp.sc.s[pp.sc.i]
		switch {
		case isCommand(c):
			cmd = c
			pp.sc.i++
		case cmd == 0 || cmd == 'z' || cmd == 'Z':
			return pp.p, false
		case c != '+' && c != '-' && c != '.' && (c < '0' || c > '9'):
			return pp.p, false
		}
		next, ok := pp.segment(cmd)
		if !ok {
			return pp.p, false
		}
		cmd = next
		if len(pp.p.Segs) > 0 && pp.p.Segs[0].Op != MoveTo {
			return &Path{}, false // path data must begin with a moveto
		}
	}
}

// pathParser is the state of parsing path data.
type pathParser struct {
	sc     scanner
	p      *Path
	cx, cy float64 // the current point
	sx, sy float64 // the start of the subpath
	qx, qy float64 // the last control point (for S and T)
	prev   byte    // the last command, upper case
}

// nums reads n numbers into v.
func (pp *pathParser) nums(v []float64) bool {
	for i := range v {
		pp.sc.skipSep()
		f, ok := pp.sc.number()
		if !ok {
			return false
		}
		v[i] = f
	}
	return true
}

// segment parses the arguments of one cmd segment and adds it; it
// returns the command that implicitly follows (a moveto's coordinates
// continue as linetos) and false on an error.
func (pp *pathParser) segment(cmd byte) (byte, bool) {
	var v [7]float64
	ox, oy := 0.0, 0.0
	if cmd >= 'a' {
		ox, oy = pp.cx, pp.cy
	}
	up := cmd &^ 0x20
	switch up {
	case 'Z':
		pp.p.close()
		pp.cx, pp.cy, pp.prev = pp.sx, pp.sy, 'Z'
		if pp.sc.skipSep(); !pp.sc.done() && !isCommand(pp.sc.s[pp.sc.i]) {
			return cmd, false
		}
	case 'M', 'L', 'T':
		if !pp.nums(v[:2]) {
			return cmd, false
		}
		x, y := ox+v[0], oy+v[1]
		switch up {
		case 'M':
			pp.p.moveTo(x, y)
			pp.sx, pp.sy = x, y
			cmd = cmd - 'M' + 'L' // then implicit linetos
		case 'L':
			pp.p.lineTo(x, y)
		default:
			if pp.prev == 'Q' || pp.prev == 'T' {
				pp.qx, pp.qy = 2*pp.cx-pp.qx, 2*pp.cy-pp.qy
			} else {
				pp.qx, pp.qy = pp.cx, pp.cy
			}
			quadTo(pp.p, pp.cx, pp.cy, pp.qx, pp.qy, x, y)
		}
		pp.cx, pp.cy, pp.prev = x, y, up
	case 'H', 'V':
		if !pp.nums(v[:1]) {
			return cmd, false
		}
		if up == 'H' {
			pp.cx = ox + v[0]
		} else {
			pp.cy = oy + v[0]
		}
		pp.p.lineTo(pp.cx, pp.cy)
		pp.prev = up
	case 'C', 'S':
		a := v[:6]
		if up == 'S' {
			a = v[2:6]
		}
		if !pp.nums(a) {
			return cmd, false
		}
		if up == 'S' {
			// the first control point reflects the previous curve's
			x1, y1 := pp.cx, pp.cy
			if pp.prev == 'C' || pp.prev == 'S' {
				x1, y1 = 2*pp.cx-pp.qx, 2*pp.cy-pp.qy
			}
			v[0], v[1] = x1-ox, y1-oy
		}
		pp.p.cubicTo(ox+v[0], oy+v[1], ox+v[2], oy+v[3], ox+v[4], oy+v[5])
		pp.qx, pp.qy = ox+v[2], oy+v[3]
		pp.cx, pp.cy, pp.prev = ox+v[4], oy+v[5], up
	case 'Q':
		if !pp.nums(v[:4]) {
			return cmd, false
		}
		pp.qx, pp.qy = ox+v[0], oy+v[1]
		x, y := ox+v[2], oy+v[3]
		quadTo(pp.p, pp.cx, pp.cy, pp.qx, pp.qy, x, y)
		pp.cx, pp.cy, pp.prev = x, y, 'Q'
	case 'A':
		if !pp.arcArgs(&v) {
			return cmd, false
		}
		x, y := ox+v[5], oy+v[6]
		arcTo(pp.p, pp.cx, pp.cy, v[0], v[1], v[2], v[3] == 1, v[4] == 1, x, y)
		pp.cx, pp.cy, pp.prev = x, y, 'A'
	default:
		return cmd, false
	}
	return cmd, true
}

// arcArgs reads an arc's seven arguments: its two flags are single
// digits that may run into what follows.
func (pp *pathParser) arcArgs(v *[7]float64) bool {
	for i := range v {
		pp.sc.skipSep()
		if i == 3 || i == 4 {
			f, ok := pp.sc.flag()
			if !ok {
				return false
			}
			if f {
				v[i] = 1
			}
			continue
		}
		f, ok := pp.sc.number()
		if !ok {
			return false
		}
		v[i] = f
	}
	return true
}

// pathCap is the room parsePath makes for the segments of path data d:
// one a command letter (the usual count: a repeated command or an arc
// adds more, and the slice grows), at most budget+1, so data that ends
// early or is cut by the segment limit reserves no more than that.
func pathCap(d string, budget int) int {
	n := 0
	for i := 0; i < len(d); i++ {
		if isCommand(d[i]) {
			n++
		}
	}
	return max(0, min(n, budget+1))
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

// MiterDiffers reports whether stroking p with miter joins outlines it
// differently under miter limits a and b: whether the miter length
// ratio (1/sin(θ/2) at a corner of angle θ) of some corner falls between
// them. Smooth joins (an ellipse's) and straight ones never do.
func (p *Path) MiterDiffers(a, b float64) bool {
	lo, hi := min(a, b), max(a, b)
	// ratio > lo ⇔ cos φ < 2/lo² − 1 and ratio ≤ hi ⇔ cos φ ≥ 2/hi² − 1,
	// φ the turn between the directions in and out of the corner
	cLo, cHi := 2/(hi*hi)-1, 2/(lo*lo)-1
	var in, first [2]float64
	var cur, start [2]float64
	hasIn, hasFirst := false, false
	corner := func(out [2]float64) bool {
		if !hasIn {
			return false
		}
		n := math.Hypot(in[0], in[1]) * math.Hypot(out[0], out[1])
		if n == 0 {
			return false
		}
		c := (in[0]*out[0] + in[1]*out[1]) / n
		return c >= cLo && c < cHi
	}
	seg := func(out, end [2]float64, last [2]float64) bool {
		if out == ([2]float64{}) {
			return false // no length: no join
		}
		if corner(out) {
			return true
		}
		if !hasFirst {
			first, hasFirst = out, true
		}
		in, hasIn, cur = last, true, end
		return false
	}
	dir := func(a, b [2]float64) [2]float64 { return [2]float64{b[0] - a[0], b[1] - a[1]} }
	for _, s := range p.Segs {
		switch s.Op {
		case MoveTo:
			cur, start, hasIn, hasFirst = s.Pts[0], s.Pts[0], false, false
		case LineTo:
			d := dir(cur, s.Pts[0])
			if seg(d, s.Pts[0], d) {
				return true
			}
		case CubicTo:
			out := dir(cur, s.Pts[0])
			if out == ([2]float64{}) {
				out = dir(cur, s.Pts[1])
			}
			last := dir(s.Pts[1], s.Pts[2])
			if last == ([2]float64{}) {
				last = dir(s.Pts[0], s.Pts[2])
			}
			if seg(out, s.Pts[2], last) {
				return true
			}
		case Close:
			if d := dir(cur, start); d != ([2]float64{}) && seg(d, start, d) {
				return true
			}
			if hasFirst && corner(first) {
				return true
			}
			cur, hasIn, hasFirst = start, false, false
		}
	}
	return false
}

// Rect reports whether p is one axis-aligned rectangle drawn from its
// top-left corner rightwards (as rect elements are), returning it.
func (p *Path) Rect() (x, y, w, h float64, ok bool) {
	s := p.Segs
	if len(s) != 5 || s[0].Op != MoveTo || s[1].Op != LineTo || s[2].Op != LineTo || s[3].Op != LineTo || s[4].Op != Close {
		return 0, 0, 0, 0, false
	}
	a, b, c, d := s[0].Pts[0], s[1].Pts[0], s[2].Pts[0], s[3].Pts[0]
	if a[1] != b[1] || b[0] != c[0] || c[1] != d[1] || d[0] != a[0] || b[0] <= a[0] || c[1] <= b[1] {
		return 0, 0, 0, 0, false
	}
	return a[0], a[1], b[0] - a[0], c[1] - b[1], true
}
