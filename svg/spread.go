package svg

import "math"

// maxSpreadStops bounds the stops a repeated or reflected gradient is
// unrolled into; beyond, the last period's end colour extends (pad).
const maxSpreadStops = 2048

// Padded returns g as a pad gradient that looks the same over the box
// x0, y0, x1, y1 of user space: a repeat or reflect gradient has its
// periods unrolled into stops over the part of the gradient the box
// covers. Pad gradients, and radial ones whose focus is off centre, are
// returned as they are.
func (g *Gradient) Padded(x0, y0, x1, y1 float64) *Gradient {
	if !g.Repeat && !g.Reflect || len(g.Stops) < 2 {
		return g
	}
	inv, ok := g.M.Invert()
	if !ok {
		return g
	}
	tmin, tmax := math.Inf(1), math.Inf(-1)
	dx, dy := g.X2-g.X1, g.Y2-g.Y1
	l2 := dx*dx + dy*dy
	if g.Radial && (g.FX != g.CX || g.FY != g.CY || g.R <= 0) || !g.Radial && l2 == 0 {
		return g
	}
	for _, c := range [4][2]float64{{x0, y0}, {x1, y0}, {x0, y1}, {x1, y1}} {
		x, y := inv.Apply(c[0], c[1])
		var t float64
		if g.Radial {
			t = math.Hypot(x-g.CX, y-g.CY) / g.R
		} else {
			t = ((x-g.X1)*dx + (y-g.Y1)*dy) / l2
		}
		tmin, tmax = math.Min(tmin, t), math.Max(tmax, t)
	}
	if g.Radial {
		tmin = 0 // the centre is inside the circle
	}
	k0, k1 := math.Floor(tmin), math.Ceil(tmax)
	if k1 <= k0 {
		k1 = k0 + 1
	}
	periods := int(k1 - k0)
	if periods*len(g.Stops) > maxSpreadStops {
		return g
	}
	out := *g
	out.Repeat, out.Reflect = false, false
	out.Stops = make([]Stop, 0, periods*len(g.Stops))
	for k := int(k0); k < int(k1); k++ {
		flip := g.Reflect && k%2 != 0
		for i := range g.Stops {
			s := g.Stops[i]
			off := s.Offset
			if flip {
				s = g.Stops[len(g.Stops)-1-i]
				off = 1 - s.Offset
			}
			out.Stops = append(out.Stops, Stop{Offset: (float64(k) + off - k0) / float64(periods), Color: s.Color})
		}
	}
	if g.Radial {
		out.R = g.R * k1
	} else {
		out.X1, out.Y1 = g.X1+k0*dx, g.Y1+k0*dy
		out.X2, out.Y2 = g.X1+k1*dx, g.Y1+k1*dy
	}
	return &out
}
