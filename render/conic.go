package render

import (
	"math"

	"github.com/seed28491532/folio/layout/display"
	"github.com/seed28491532/folio/pdfua"
	"github.com/seed28491532/folio/style"
)

// PDF has no conic shading. A conic gradient (display.Gradient.Conic) is
// painted as wedges around its centre, each filled with the colour the
// gradient has at its middle angle: a hard stop is a wedge edge, and a
// smooth transition is cut into steps of at most conicStep of the colour
// channels' range (and no narrower than a degree), finer than the eye
// tells apart at print sizes. Opaque wedges overlap the next by a little
// so that anti-aliasing leaves no seams between them. The wedges are
// vector fills: nothing is rasterised.

const (
	// conicStep is the largest change of a colour channel (0–255)
	// between neighbouring wedges.
	conicStep = 3
	// conicArc is the widest arc (in turns) one side of a wedge polygon
	// spans: its far edge stays outside the tile.
	conicArc = 1.0 / 72
	// conicOverlap is how far (in turns) an opaque wedge reaches into
	// the next.
	conicOverlap = 0.4 / 360
	// maxConicTiles bounds the tiles of a repeated conic background
	// painted one by one; the rest of the area shows the background
	// colour.
	maxConicTiles = 256
)

// conic paints a conic gradient tile, or its repetitions over the clip.
func (r *renderer) conic(p *pdfua.Page, it *display.Item) {
	g := it.Gradient
	rr := r.rect(it.Rect)
	// paint has clipped to it.Clip and set the item's opacity
	if it.Tiled == nil || it.Clip == nil || it.Tiled.StepX <= 0 || it.Tiled.StepY <= 0 {
		r.conicTile(p, g, rr, it.Opacity)
		return
	}
	area := r.rect(*it.Clip)
	// the tiles meeting the area, from the one the item names
	sx, sy := it.Tiled.StepX, it.Tiled.StepY
	i0, i1 := math.Floor((area.X-rr.X)/sx), math.Ceil((area.X+area.W-rr.X)/sx)
	j0, j1 := math.Floor((area.Y-rr.Y)/sy), math.Ceil((area.Y+area.H-rr.Y)/sy)
	n := 0
	for j := j0; j < j1; j++ {
		for i := i0; i < i1; i++ {
			if n++; n > maxConicTiles {
				return
			}
			t := pdfua.Rect{X: rr.X + i*sx, Y: rr.Y + j*sy, W: rr.W, H: rr.H}
			r.conicTile(p, g, t, it.Opacity)
		}
	}
}

// conicTile paints g's wedges into tile rr (PDF space), clipped to it.
func (r *renderer) conicTile(p *pdfua.Page, g *display.Gradient, rr pdfua.Rect, opacity float64) {
	if g.W <= 0 || g.H <= 0 || rr.W <= 0 || rr.H <= 0 || len(g.Stops) == 0 {
		return
	}
	p.Save()
	defer p.Restore()
	p.Clip(r.newPath().Rect(rr), false)
	// the tile's coordinates, y down, onto rr
	p.Transform(pdfua.Matrix{rr.W / g.W, 0, 0, -rr.H / g.H, rr.X, rr.Y + rr.H})
	reach := 0.0
	for _, c := range [4][2]float64{{0, 0}, {g.W, 0}, {0, g.H}, {g.W, g.H}} {
		reach = math.Max(reach, math.Hypot(c[0]-g.CX, c[1]-g.CY))
	}
	reach = (reach + 1) / math.Cos(math.Pi*conicArc)
	for _, w := range conicWedges(g.Stops) {
		a := opacity * float64(w.color.A) / 255
		if a <= 0 {
			continue
		}
		end := w.to
		if a >= 1 && end < 1 {
			end = math.Min(end+conicOverlap, 1)
		}
		pa := r.wedge(g, w.from, end, reach)
		if a < 1 {
			p.Save()
			p.SetAlpha(a, a)
		}
		p.DrawPath(pa, pdfua.PathStyle{Fill: true, FillColor: color(w.color)})
		if a < 1 {
			p.Restore()
		}
	}
}

// wedge builds, in the renderer's path, the wedge of g from turn a0 to
// a1 reaching reach from the centre.
func (r *renderer) wedge(g *display.Gradient, a0, a1, reach float64) *pdfua.Path {
	pa := r.newPath().MoveTo(g.CX, g.CY)
	from := g.Angle / 360
	n := max(1, int(math.Ceil((a1-a0)/conicArc)))
	for k := 0; k <= n; k++ {
		t := (from + a0 + (a1-a0)*float64(k)/float64(n)) * 2 * math.Pi
		sin, cos := math.Sincos(t)
		pa.LineTo(g.CX+reach*sin, g.CY-reach*cos)
	}
	return pa.Close()
}

// conicSlice is one wedge: turns from to to, in one colour.
type conicSlice struct {
	from, to float64
	color    style.Color
}

// conicWedges cuts a full turn into wedges following stops (offsets in
// [0, 1], in order): the first and last colours extend to 0 and 1.
func conicWedges(stops []display.Stop) []conicSlice {
	var out []conicSlice
	first, last := stops[0], stops[len(stops)-1]
	if first.Offset > 0 {
		out = append(out, conicSlice{0, first.Offset, first.Color})
	}
	for i := 1; i < len(stops); i++ {
		a, b := stops[i-1], stops[i]
		span := b.Offset - a.Offset
		if span <= 0 {
			continue
		}
		diff := max(absDiff(a.Color.R, b.Color.R), absDiff(a.Color.G, b.Color.G), absDiff(a.Color.B, b.Color.B), absDiff(a.Color.A, b.Color.A))
		n := max(1, min(int(math.Ceil(float64(diff)/conicStep)), int(math.Ceil(span*360))))
		for k := range n {
			t0, t1 := float64(k)/float64(n), float64(k+1)/float64(n)
			out = append(out, conicSlice{a.Offset + span*t0, a.Offset + span*t1, mixColor(a.Color, b.Color, (t0+t1)/2)})
		}
	}
	if last.Offset < 1 {
		out = append(out, conicSlice{last.Offset, 1, last.Color})
	}
	if len(out) == 0 {
		out = append(out, conicSlice{0, 1, last.Color})
	}
	return out
}

func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

// mixColor mixes a and b, t of the way to b.
func mixColor(a, b style.Color, t float64) style.Color {
	m := func(x, y uint8) uint8 { return uint8(math.Round(float64(x) + (float64(y)-float64(x))*t)) }
	return style.Color{R: m(a.R, b.R), G: m(a.G, b.G), B: m(a.B, b.B), A: m(a.A, b.A)}
}
