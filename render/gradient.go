package render

import (
	"github.com/seed28491532/folio/layout/display"
	"github.com/seed28491532/folio/pdfua"
	"github.com/seed28491532/folio/style"
)

// gradient paints a gradient background tile as a PDF shading clipped to
// the tile (or a tiling pattern of it): axial for linear gradients, radial
// (scaled into an ellipse) for radial ones. A gradient whose stops share
// one alpha is painted with that constant opacity; one whose alphas vary
// through a soft mask of its alphas (see shadingStops).
func (r *renderer) gradient(p *pdfua.Page, it *display.Item) {
	g := it.Gradient
	if g != nil && g.Conic {
		r.conic(p, it) // conic.go
		return
	}
	rr := r.rect(it.Rect)
	if g == nil || g.W <= 0 || g.H <= 0 || len(g.Stops) == 0 || rr.W <= 0 || rr.H <= 0 {
		return
	}
	stops, alphas, alpha := shadingStops(g.Stops)
	if alpha <= 0 {
		return
	}
	p.Save()
	defer p.Restore()
	if alpha < 1 {
		p.SetAlpha(alpha*it.Opacity, alpha*it.Opacity)
	}
	if it.Tiled != nil && it.Clip != nil {
		sh, m := gradientShading(g, stops, rr.W, rr.H, 0, 0)
		sh.Alpha = alphas
		p.FillTiled(pdfua.Tiling{W: rr.W, H: rr.H, XStep: it.Tiled.StepX, YStep: it.Tiled.StepY, X: rr.X, Y: rr.Y,
			Shading: &sh, ShadingMatrix: m}, r.rect(*it.Clip))
		return
	}
	p.Clip(r.newPath().Rect(rr), false)
	sh, m := gradientShading(g, stops, rr.W, rr.H, rr.X, rr.Y)
	sh.Alpha = alphas
	p.Transform(m)
	p.DrawShading(sh, pdfua.Rect{W: g.W, H: g.H})
}

// gradientShading returns the shading of g in the tile's coordinates
// (y down) and the transform that maps them onto a w×h tile whose
// lower-left corner is at x, y (for a radial gradient, scaled into its
// ellipse). A degenerate gradient is its last colour.
func gradientShading(g *display.Gradient, stops []pdfua.ShadingStop, w, h, x, y float64) (pdfua.Shading, pdfua.Matrix) {
	m := pdfua.Matrix{w / g.W, 0, 0, -h / g.H, x, y + h}
	switch {
	case g.Radial && (g.RX <= 0 || g.RY <= 0), !g.Radial && g.X0 == g.X1 && g.Y0 == g.Y1:
		last := stops[len(stops)-1]
		return pdfua.Shading{X1: 1, Stops: []pdfua.ShadingStop{{Offset: 0, Color: last.Color}, {Offset: 1, Color: last.Color}}}, m
	case g.Radial:
		if k := g.RY / g.RX; k != 1 {
			m = mul(pdfua.Matrix{1, 0, 0, k, 0, g.CY * (1 - k)}, m)
		}
		return pdfua.Shading{Radial: true, X0: g.CX, Y0: g.CY, X1: g.CX, Y1: g.CY, R1: g.RX, Stops: stops}, m
	}
	return pdfua.Shading{X0: g.X0, Y0: g.Y0, X1: g.X1, Y1: g.Y1, Stops: stops}, m
}

// mul returns the transform applying a, then b.
func mul(a, b pdfua.Matrix) pdfua.Matrix {
	return pdfua.Matrix{
		a[0]*b[0] + a[1]*b[2], a[0]*b[1] + a[1]*b[3],
		a[2]*b[0] + a[3]*b[2], a[2]*b[1] + a[3]*b[3],
		a[4]*b[0] + a[5]*b[2] + b[4], a[4]*b[1] + a[5]*b[3] + b[5],
	}
}

// shadingStops converts display stops to shading stops. It returns the
// constant alpha to paint with when the stops share one, or else each
// stop's alpha, for a soft mask. A fully transparent stop takes its
// neighbours' colours on either side (as interpolating premultiplied
// colours does, so red to transparent fades red, not through black).
func shadingStops(in []display.Stop) (stops []pdfua.ShadingStop, alphas []float64, alpha float64) {
	a0, same, visible := in[0].Color.A, true, false
	for _, s := range in {
		same = same && s.Color.A == a0
		visible = visible || s.Color.A > 0
	}
	if !visible {
		return nil, nil, 0
	}
	stops = make([]pdfua.ShadingStop, 0, len(in)+2)
	if same {
		for _, s := range in {
			stops = append(stops, pdfua.ShadingStop{Offset: s.Offset, Color: color(s.Color)})
		}
		return stops, nil, float64(a0) / 255
	}
	opaque := func(i, dir int) (style.Color, bool) {
		for j := i + dir; j >= 0 && j < len(in); j += dir {
			if in[j].Color.A > 0 {
				return in[j].Color, true
			}
		}
		return style.Color{}, false
	}
	alphas = make([]float64, 0, len(in)+2)
	for i, s := range in {
		if s.Color.A > 0 {
			stops = append(stops, pdfua.ShadingStop{Offset: s.Offset, Color: color(s.Color)})
			alphas = append(alphas, float64(s.Color.A)/255)
			continue
		}
		if before, ok := opaque(i, -1); ok {
			stops = append(stops, pdfua.ShadingStop{Offset: s.Offset, Color: color(before)})
			alphas = append(alphas, 0)
		}
		if after, ok := opaque(i, 1); ok {
			stops = append(stops, pdfua.ShadingStop{Offset: s.Offset, Color: color(after)})
			alphas = append(alphas, 0)
		}
	}
	return stops, alphas, 1
}
