package svg

import "math"

// maxCoord bounds the output coordinates of what is drawn (points: far
// beyond any page), and maxScale the scale of a transform: a shape past
// them is left out, so that every number written to the PDF stays in
// the range readers handle.
const (
	maxCoord = 1e7
	maxScale = 1e7
	minScale = 1e-7
	// maxDashes bounds the dashes one stroke may have (more are drawn
	// solid): a dash pattern too fine for its path makes viewers crawl.
	maxDashes = 100_000
)

// saneMatrix reports whether m is finite, invertible and within
// maxScale.
func saneMatrix(m Matrix) bool {
	for _, v := range m {
		if math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) > maxCoord {
			return false
		}
	}
	s := m.Scale()
	return s >= minScale && s <= maxScale
}

// saneBox reports whether the output box b is finite and within
// maxCoord.
func saneBox(b [4]float64) bool {
	for _, v := range b {
		if math.IsNaN(v) || math.Abs(v) > maxCoord {
			return false
		}
	}
	return true
}

// saneClips clamps the rectangular clips to maxCoord and reports
// whether the others are within it.
func saneClips(clips []Clip) ([]Clip, bool) {
	var out []Clip
	for i, c := range clips {
		var b [4]float64
		if c.rect != nil {
			b = *c.rect
		} else {
			b[0], b[1], b[2], b[3], _ = c.Path.Bounds()
		}
		if saneBox(b) {
			if out != nil {
				out = append(out, c)
			}
			continue
		}
		if c.rect == nil {
			return nil, false
		}
		cl := func(v float64) float64 { return min(max(v, -maxCoord), maxCoord) }
		r := [4]float64{cl(c.rect[0]), cl(c.rect[1]), cl(c.rect[2]), cl(c.rect[3])}
		if out == nil {
			out = append(make([]Clip, 0, len(clips)), clips[:i]...)
		}
		out = append(out, Clip{Path: rectPath(r[0], r[1], r[2]-r[0], r[3]-r[1]), rect: &r})
	}
	if out == nil {
		return clips, true
	}
	return out, true
}

// pathLength returns an upper bound of p's length: the length of its
// control polygon.
func pathLength(p *Path) float64 {
	var l, cx, cy, sx, sy float64
	for _, s := range p.Segs {
		switch s.Op {
		case MoveTo:
			cx, cy, sx, sy = s.Pts[0][0], s.Pts[0][1], s.Pts[0][0], s.Pts[0][1]
		case LineTo:
			l += math.Hypot(s.Pts[0][0]-cx, s.Pts[0][1]-cy)
			cx, cy = s.Pts[0][0], s.Pts[0][1]
		case CubicTo:
			l += math.Hypot(s.Pts[0][0]-cx, s.Pts[0][1]-cy) + math.Hypot(s.Pts[1][0]-s.Pts[0][0], s.Pts[1][1]-s.Pts[0][1]) +
				math.Hypot(s.Pts[2][0]-s.Pts[1][0], s.Pts[2][1]-s.Pts[1][1])
			cx, cy = s.Pts[2][0], s.Pts[2][1]
		case Close:
			l += math.Hypot(sx-cx, sy-cy)
			cx, cy = sx, sy
		}
	}
	return l
}

// saneStroke drops a stroke too wide to write and a dash pattern with
// more than maxDashes dashes along p.
func saneStroke(s *Stroke, p *Path, m Matrix) *Stroke {
	if s == nil {
		return nil
	}
	if s.Width*m.Scale() > maxCoord || math.IsNaN(s.Width) {
		return nil
	}
	if len(s.Dash) > 0 {
		period := 0.0
		for _, d := range s.Dash {
			period += d
		}
		if period <= 0 || pathLength(p)/period > maxDashes || math.Abs(s.DashOffset) > maxCoord {
			c := *s
			c.Dash, c.DashOffset = nil, 0
			return &c
		}
	}
	return s
}
