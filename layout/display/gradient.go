package display

import (
	"math"
	"slices"

	"github.com/seed28491532/folio/style"
)

// Gradient is a gradient resolved for a W×H tile (CSS Images 3 §3), in
// the tile's coordinates (origin top-left, y down, points); the item's
// Rect is the tile it maps onto.
type Gradient struct {
	Radial bool
	W, H   float64
	// X0, Y0 → X1, Y1 is the axis of a linear gradient: colour stop
	// offset 0 at the start point, 1 at the end.
	X0, Y0, X1, Y1 float64
	// CX, CY is the centre of a radial gradient and RX, RY its radii
	// (offset 0 at the centre, 1 at the full radii).
	CX, CY, RX, RY float64
	// Conic, for a conic gradient around CX, CY: offset 0 at Angle
	// (degrees clockwise from up), 1 a full turn later (conic.go).
	Conic bool
	Angle float64
	// Stops are in order, offsets from 0 to 1; colours before the first
	// and after the last extend.
	Stops []Stop
}

// Stop is one resolved colour stop.
type Stop struct {
	Offset float64
	Color  style.Color
}

// maxRepeats bounds how many periods of a repeating gradient are laid
// out over one tile, and maxStops how many stops they make in all (the
// renderer may double transparent ones; PDF shadings here take up to
// 4,096); beyond, the last period's end colour extends.
const (
	maxRepeats = 256
	maxStops   = 2000
)

// maxStopPos bounds a colour stop's position from the start of the
// gradient line, in points either way (far beyond any page), so that
// offsets stay finite.
const maxStopPos = 1e6

// resolveGradient lays g out in a w×h tile; current is the colour of
// currentcolor stops.
func resolveGradient(g *style.Gradient, w, h float64, current style.Color) *Gradient {
	out := &Gradient{W: w, H: h}
	var length float64
	switch g.Kind {
	case style.ConicGradient:
		out.Conic, out.Angle = true, g.Angle
		out.CX, out.CY = g.Center.X.Resolve(w, 0), g.Center.Y.Resolve(h, 0)
		length = 1 // positions are fractions of a turn
	case style.RadialGradient:
		out.Radial = true
		out.CX, out.CY = g.Center.X.Resolve(w, 0), g.Center.Y.Resolve(h, 0)
		out.RX, out.RY = radialRadii(g, out.CX, out.CY, w, h)
		length = out.RX
	default:
		dx, dy := linearDirection(g, w, h)
		length = math.Abs(w*dx) + math.Abs(h*dy)
		out.X0, out.Y0 = w/2-dx*length/2, h/2-dy*length/2
		out.X1, out.Y1 = w/2+dx*length/2, h/2+dy*length/2
	}
	stops := g.Stops
	for i, s := range stops {
		if s.Current && s.Color != current {
			stops = slices.Clone(g.Stops)
			for j := i; j < len(stops); j++ {
				if stops[j].Current {
					stops[j].Color = current
				}
			}
			break
		}
	}
	pos := stopPositions(stops, length)
	pos, stops = bendHints(pos, stops)
	if g.Repeating {
		pos, out.Stops = repeatStops(pos, stops, length)
	} else {
		out.Stops = withColors(pos, stops)
	}
	if out.Conic {
		out.Stops = turnStops(out.Stops)
		return out
	}
	normalise(out, length)
	return out
}

// linearDirection returns the unit vector of a linear gradient's
// direction (y down).
func linearDirection(g *style.Gradient, w, h float64) (dx, dy float64) {
	if g.Corner {
		// perpendicular to the diagonal between the two other corners
		dx, dy = float64(g.CornerX)*h, float64(g.CornerY)*w
		n := math.Hypot(dx, dy)
		if n == 0 {
			return 0, 1
		}
		return dx / n, dy / n
	}
	a := g.Angle * math.Pi / 180
	return math.Sin(a), -math.Cos(a)
}

// radialRadii returns the radii of a radial gradient centred at cx, cy in
// a w×h tile.
func radialRadii(g *style.Gradient, cx, cy, w, h float64) (rx, ry float64) {
	if g.Extent == style.ExtentExplicit {
		return g.Radius[0].Resolve(w, 0), g.Radius[1].Resolve(h, 0)
	}
	sx := []float64{math.Abs(cx), math.Abs(w - cx)}
	sy := []float64{math.Abs(cy), math.Abs(h - cy)}
	pick := math.Min
	if g.Extent == style.FarthestSide || g.Extent == style.FarthestCorner {
		pick = math.Max
	}
	x, y := pick(sx[0], sx[1]), pick(sy[0], sy[1])
	side := g.Extent == style.ClosestSide || g.Extent == style.FarthestSide
	switch {
	case g.Circle && side:
		r := pick(x, y)
		return r, r
	case g.Circle:
		// the distance to the closest or farthest corner
		r := math.Hypot(x, y)
		return r, r
	case side:
		return x, y
	case x == 0 || y == 0:
		return 0, 0
	}
	// an ellipse through the corner, of the ratio of the side form
	return x * math.Sqrt2, y * math.Sqrt2
}

// stopPositions resolves the stops' positions along a gradient line of
// length n (CSS Images 3 §3.5.3): a missing first is 0, a missing last n,
// each at least its predecessor, missing ones spaced evenly.
func stopPositions(stops []style.ColorStop, n float64) []float64 {
	pos := make([]float64, len(stops))
	known := make([]bool, len(stops))
	for i, s := range stops {
		if !s.Pos.IsAuto() {
			p := s.Pos.Resolve(n, 0)
			if math.IsNaN(p) {
				p = 0
			}
			pos[i], known[i] = math.Max(-maxStopPos, math.Min(p, maxStopPos)), true
		}
	}
	last := len(stops) - 1
	if !known[0] {
		pos[0], known[0] = 0, true
	}
	if !known[last] {
		pos[last], known[last] = n, true
	}
	for i := 1; i <= last; i++ {
		if known[i] && pos[i] < pos[i-1] {
			pos[i] = pos[i-1]
		}
		if known[i] {
			continue
		}
		j := i
		for !known[j] {
			j++
		}
		pos[j] = math.Max(pos[j], pos[i-1])
		for k := i; k < j; k++ {
			pos[k] = pos[i-1] + (pos[j]-pos[i-1])*float64(k-i+1)/float64(j-i+1)
			known[k] = true
		}
	}
	return pos
}

// repeatStops lays the stops of a repeating gradient (positions pos) out
// over [0, n], the gradient line or ray.
func repeatStops(pos []float64, stops []style.ColorStop, n float64) ([]float64, []Stop) {
	period := pos[len(pos)-1] - pos[0]
	if period <= 0 || n <= 0 {
		return pos, withColors(pos, stops)
	}
	k0 := math.Floor(-pos[0] / period)
	k1 := math.Ceil((n - pos[0]) / period)
	if limit := float64(min(maxRepeats, max(maxStops/len(pos), 1))); k1-k0 > limit {
		k1 = k0 + limit
	}
	var out []Stop
	var ps []float64
	for k := k0; k < k1; k++ {
		for i, p := range pos {
			q := p + k*period
			if len(ps) > 0 && q < ps[len(ps)-1] {
				q = ps[len(ps)-1] // rounding must not reorder stops
			}
			ps = append(ps, q)
			out = append(out, Stop{Offset: q, Color: stops[i].Color})
		}
	}
	return ps, out
}

func withColors(pos []float64, stops []style.ColorStop) []Stop {
	out := make([]Stop, len(pos))
	for i, p := range pos {
		out[i] = Stop{Offset: p, Color: stops[i].Color}
	}
	return out
}

// normalise maps the stops' positions (points along the line or ray of
// length n) to offsets. The shading runs over the whole gradient line, or
// along the ray from the centre to past the tile's farthest corner, and
// over every stop, so that hard stops at the ends stay inside it and only
// the end colours extend. Stops before the start of a radial gradient's
// ray are cut at 0.
func normalise(g *Gradient, n float64) {
	s := g.Stops
	if g.Radial {
		for len(s) > 1 && s[1].Offset <= 0 {
			s = s[1:]
		}
		if len(s) > 1 && s[0].Offset < 0 {
			t := -s[0].Offset / (s[1].Offset - s[0].Offset)
			s[0] = Stop{Offset: 0, Color: lerp(s[0].Color, s[1].Color, t)}
		}
	}
	g.Stops = s
	if n <= 0 {
		for i := range s {
			s[i].Offset = 0
		}
		return
	}
	lo, hi := math.Min(s[0].Offset, 0), math.Max(s[len(s)-1].Offset, n)
	if g.Radial {
		lo, hi = 0, math.Max(s[len(s)-1].Offset, cornerReach(g)+1)
	}
	for i := range s {
		s[i].Offset = (s[i].Offset - lo) / (hi - lo)
	}
	if g.Radial {
		g.RX, g.RY = g.RX*hi/n, g.RY*hi/n
		return
	}
	dx, dy := (g.X1-g.X0)/n, (g.Y1-g.Y0)/n
	x0, y0 := g.X0, g.Y0
	g.X0, g.Y0 = x0+dx*lo, y0+dy*lo
	g.X1, g.Y1 = x0+dx*hi, y0+dy*hi
}

// cornerReach is the distance from a radial gradient's centre to the
// tile's farthest corner, along the ray (in units of the x radius).
func cornerReach(g *Gradient) float64 {
	if g.RX <= 0 || g.RY <= 0 {
		return 0
	}
	k := g.RX / g.RY
	reach := 0.0
	for _, c := range [4][2]float64{{0, 0}, {g.W, 0}, {0, g.H}, {g.W, g.H}} {
		reach = math.Max(reach, math.Hypot(c[0]-g.CX, (c[1]-g.CY)*k))
	}
	return reach
}

// lerp mixes a and b, t of the way to b.
func lerp(a, b style.Color, t float64) style.Color {
	m := func(x, y uint8) uint8 { return uint8(math.Round(float64(x) + (float64(y)-float64(x))*t)) }
	return style.Color{R: m(a.R, b.R), G: m(a.G, b.G), B: m(a.B, b.B), A: m(a.A, b.A)}
}
