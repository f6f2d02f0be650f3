package render

import (
	"github.com/seed28491532/folio/layout/display"
	"github.com/seed28491532/folio/pdfua"
	"github.com/seed28491532/folio/style"
)

// gradient paints a gradient background tile as a PDF shading clipped to
// the tile: axial for linear gradients, radial (scaled into an ellipse)
// for radial ones. Stops with alpha: a gradient whose stops share one
// alpha is painted with that constant opacity; otherwise the shading is
// opaque and a fully transparent stop takes its neighbours' colours (as
// interpolating premultiplied colours does), so transparency fades are
// drawn as hard-edged solid colours rather than fades.
func (r *renderer) gradient(p *pdfua.Page, it *display.Item) {
	g := it.Gradient
	rr := r.rect(it.Rect)
	if g == nil || g.W <= 0 || g.H <= 0 || len(g.Stops) == 0 || rr.W <= 0 || rr.H <= 0 {
		return
	}
	stops, alpha := shadingStops(g.Stops)
	if alpha <= 0 {
		return
	}
	p.Save()
	defer p.Restore()
	if alpha < 1 {
		p.SetAlpha(alpha*it.Opacity, alpha*it.Opacity)
	}
	p.Clip(r.newPath().Rect(rr), false)
	last := stops[len(stops)-1].Color
	// the tile's coordinates (y down, W×H) onto the tile's rectangle
	p.Transform(pdfua.Matrix{rr.W / g.W, 0, 0, -rr.H / g.H, rr.X, rr.Y + rr.H})
	box := pdfua.Rect{W: g.W, H: g.H}
	var sh pdfua.Shading
	switch {
	case g.Radial && (g.RX <= 0 || g.RY <= 0), !g.Radial && g.X0 == g.X1 && g.Y0 == g.Y1:
		// a degenerate gradient paints its last colour
		p.DrawPath(r.newPath().Rect(box), pdfua.PathStyle{Fill: true, FillColor: last})
		return
	case g.Radial:
		if k := g.RY / g.RX; k != 1 {
			p.Transform(pdfua.Matrix{1, 0, 0, k, 0, g.CY * (1 - k)})
			box = pdfua.Rect{Y: -g.CY*(1-k)/k + 0, W: g.W, H: g.H / k}
		}
		sh = pdfua.Shading{Radial: true, X0: g.CX, Y0: g.CY, R0: g.R0 * g.RX, X1: g.CX, Y1: g.CY, R1: g.RX, Stops: stops}
	default:
		sh = pdfua.Shading{X0: g.X0, Y0: g.Y0, X1: g.X1, Y1: g.Y1, Stops: stops}
	}
	p.DrawShading(sh, box)
}

// shadingStops converts display stops to shading stops and returns the
// alpha to paint with (see gradient).
func shadingStops(in []display.Stop) ([]pdfua.ShadingStop, float64) {
	out := make([]pdfua.ShadingStop, 0, len(in)+2)
	a0, same, visible := in[0].Color.A, true, false
	for _, s := range in {
		same = same && s.Color.A == a0
		visible = visible || s.Color.A > 0
	}
	if !visible {
		return nil, 0
	}
	alpha := 1.0
	if same {
		alpha = float64(a0) / 255
	}
	opaque := func(i, dir int) (style.Color, bool) {
		for j := i + dir; j >= 0 && j < len(in); j += dir {
			if in[j].Color.A > 0 {
				return in[j].Color, true
			}
		}
		return style.Color{}, false
	}
	for i, s := range in {
		if s.Color.A > 0 || same {
			out = append(out, pdfua.ShadingStop{Offset: s.Offset, Color: color(s.Color)})
			continue
		}
		before, okb := opaque(i, -1)
		after, oka := opaque(i, 1)
		if okb {
			out = append(out, pdfua.ShadingStop{Offset: s.Offset, Color: color(before)})
		}
		if oka {
			out = append(out, pdfua.ShadingStop{Offset: s.Offset, Color: color(after)})
		}
	}
	return out, alpha
}
