package display

import (
	"math"

	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/svg"
)

// maxWaves bounds the half-waves of one wavy decoration: a longer line
// gets longer waves.
const maxWaves = 4096

// wavyRule paints a text-decoration-style: wavy line along d: a stroke
// of d's thickness waving d.Thickness above and below d.Y, half a wave
// every 2.5 thicknesses (about what browsers draw), as cubic curves
// (each the usual approximation of half a sine wave).
func (b *builder) wavyRule(d layout.Rule, op float64) {
	th := d.Thickness
	if d.W <= 0 || th <= 0 {
		return
	}
	n := int(math.Round(d.W / (2.5 * th)))
	n = min(max(n, 1), maxWaves)
	h := d.W / float64(n)
	amp := th
	p := &svg.Path{Segs: make([]svg.Segment, 0, n+1)}
	p.Segs = append(p.Segs, svg.Segment{Op: svg.MoveTo, Pts: [3][2]float64{{d.X, d.Y}}})
	for i := range n {
		x0 := d.X + float64(i)*h
		// a cubic whose controls are 4/3 of the amplitude away peaks at
		// the amplitude half way
		dy := -4 * amp / 3
		if i%2 == 1 {
			dy = -dy
		}
		p.Segs = append(p.Segs, svg.Segment{Op: svg.CubicTo, Pts: [3][2]float64{
			{x0 + h/3, d.Y + dy}, {x0 + 2*h/3, d.Y + dy}, {x0 + h, d.Y}}})
	}
	s := &svg.Shape{Path: p, M: svg.Identity, Opacity: 1,
		Stroke: &svg.Stroke{Paint: svg.Paint{Color: d.Color, Opacity: 1}, Width: th, Join: 1}}
	b.add(Item{Op: OpPath, Rect: layout.Rect{X: d.X, Y: d.Y - amp - th, W: d.W, H: 2 * (amp + th)},
		Vector: s, Opacity: op, Origin: Origin{Artifact: Layout}})
}
