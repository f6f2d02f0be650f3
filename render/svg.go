package render

import (
	"math"

	"github.com/seed28491532/folio/layout/display"
	"github.com/seed28491532/folio/pdfua"
	"github.com/seed28491532/folio/style"
	"github.com/seed28491532/folio/svg"
)

// pdfMiterLimit is the miter limit of PDF's initial graphics state
// (ISO 32000-1 §8.4.1).
const pdfMiterLimit = 10

// toPDF returns the transform from an SVG shape's user space (m maps
// it to page coordinates, y down) to PDF user space (y up).
func (r *renderer) toPDF(m svg.Matrix) pdfua.Matrix {
	f := m.Mul(svg.Matrix{1, 0, 0, -1, 0, r.h})
	return pdfua.Matrix(f)
}

// svgPath converts an SVG path to a PDF path; flip maps page
// coordinates (y down) to PDF ones.
func (r *renderer) svgPath(sp *svg.Path, flip bool) *pdfua.Path {
	pa := r.newPath()
	y := func(v float64) float64 {
		if flip {
			return r.h - v
		}
		return v
	}
	for _, s := range sp.Segs {
		switch s.Op {
		case svg.MoveTo:
			pa.MoveTo(s.Pts[0][0], y(s.Pts[0][1]))
		case svg.LineTo:
			pa.LineTo(s.Pts[0][0], y(s.Pts[0][1]))
		case svg.CubicTo:
			pa.CurveTo(s.Pts[0][0], y(s.Pts[0][1]), s.Pts[1][0], y(s.Pts[1][1]), s.Pts[2][0], y(s.Pts[2][1]))
		case svg.Close:
			pa.Close()
		}
	}
	return pa
}

// vectorClips clips to the item's clip and the shape's clip paths.
func (r *renderer) vectorClips(p *pdfua.Page, it *display.Item) {
	if it.Clip != nil {
		p.Clip(r.newPath().Rect(r.rect(*it.Clip)), false)
	}
	for _, c := range it.Vector.Clips {
		p.Clip(r.svgPath(c.Path, true), c.EvenOdd)
	}
}

// paintAlpha returns the opacity a paint is drawn with.
func paintAlpha(pt *svg.Paint) float64 {
	if pt.Gradient != nil {
		return pt.Opacity
	}
	return float64(pt.Color.A) / 255
}

// vector paints an SVG shape: its fill (a colour or a gradient as a
// shading clipped to the path) and its stroke, in the shape's user space.
func (r *renderer) vector(p *pdfua.Page, it *display.Item) {
	s := it.Vector
	if s != nil && s.Group != svg.NoGroup {
		r.svgGroup(p, s)
		return
	}
	if s == nil || s.Path == nil || len(s.Path.Segs) == 0 {
		return
	}
	op := it.Opacity * s.Opacity
	if op <= 0 {
		return
	}
	fill, stroke := s.Fill, s.Stroke
	// a shape under a uniform scale and translation is drawn in page
	// space, its lengths scaled: no transform, and without clips or
	// transparency no saved state either (most shapes of a chart)
	k := s.M[0]
	direct := s.M[1] == 0 && s.M[2] == 0 && s.M[3] == k && k > 0 && (fill == nil || fill.Gradient == nil)
	unclipped := it.Clip == nil && len(s.Clips) == 0
	opaque := op >= 1 && (fill == nil || fill.Color.A == 255) && (stroke == nil || stroke.Gradient == nil && stroke.Color.A == 255)
	// a miter limit is graphics state the writer does not reset: set
	// inside a saved state, and only for paths with a corner it decides
	// otherwise than PDF's default limit
	miter := stroke != nil && stroke.Join == 0 && len(s.Path.Segs) > 2 && s.Path.MiterDiffers(stroke.MiterLimit, pdfMiterLimit)
	if !direct || !unclipped || !opaque || miter {
		p.Save()
		defer p.Restore()
		r.vectorClips(p, it)
	}
	if !direct {
		p.Transform(r.toPDF(s.M))
		k = 1
	}
	if fill != nil && fill.Gradient != nil {
		r.svgGradient(p, s, fill, op)
		fill = nil
	}
	var ps pdfua.PathStyle
	fa, sa := 1.0, 1.0
	if fill != nil {
		ps.Fill, ps.FillColor, ps.EvenOdd = true, color(fill.Color), s.EvenOdd
		fa = paintAlpha(fill) * op
	}
	if stroke != nil {
		c := stroke.Color
		sa = paintAlpha(&stroke.Paint) * op
		if g := stroke.Gradient; g != nil {
			// a gradient stroke is drawn in its middle colour
			c = g.Stops[len(g.Stops)/2].Color
			sa *= float64(c.A) / 255
		}
		ps.Stroke = &pdfua.Stroke{Color: color(c), Width: stroke.Width * k, Dash: stroke.Dash, DashPhase: stroke.DashOffset * k,
			Cap: pdfua.LineCap(stroke.Cap), Join: pdfua.LineJoin(stroke.Join)}
		if miter {
			ps.Stroke.MiterLimit = stroke.MiterLimit
		}
		if k != 1 && len(stroke.Dash) > 0 {
			ps.Stroke.Dash = make([]float64, len(stroke.Dash))
			for i, d := range stroke.Dash {
				ps.Stroke.Dash[i] = d * k
			}
		}
	}
	if !ps.Fill && ps.Stroke == nil {
		return
	}
	if fa < 1 || sa < 1 {
		p.SetAlpha(fa, sa)
	}
	if direct {
		if x, y, w, h, ok := s.Path.Rect(); ok && (stroke == nil || len(stroke.Dash) == 0) {
			// a rect element: one re operator (a dash would start at
			// another corner)
			m := s.M
			p.DrawPath(r.newPath().RectMilli(pdfua.Rect{X: x*k + m[4], Y: r.h - ((y+h)*k + m[5]), W: w * k, H: h * k}), ps)
			return
		}
		p.DrawPath(r.mappedPath(s.Path, s.M), ps)
		return
	}
	p.DrawPath(r.svgPath(s.Path, false), ps)
}

// mappedPath converts an SVG path to a PDF path in page space: its
// points mapped by m (a scale and translation), then flipped, and
// rounded to 1/1000 pt by the path's Milli methods, the precision the
// SVG shapes drawn in page space are written with (a rect element's re
// operator too). That is 0.35 µm, 30 times finer than a pixel at 2400
// dpi, so no device shows it; the five decimals the writer keeps
// otherwise make a chart's content stream a fifth longer, to compress
// and checksum on every conversion.
func (r *renderer) mappedPath(sp *svg.Path, m svg.Matrix) *pdfua.Path {
	pa := r.newPath()
	x := func(v float64) float64 { return m[0]*v + m[4] }
	y := func(v float64) float64 { return r.h - (m[3]*v + m[5]) }
	for _, s := range sp.Segs {
		switch s.Op {
		case svg.MoveTo:
			pa.MoveToMilli(x(s.Pts[0][0]), y(s.Pts[0][1]))
		case svg.LineTo:
			pa.LineToMilli(x(s.Pts[0][0]), y(s.Pts[0][1]))
		case svg.CubicTo:
			pa.CurveToMilli(x(s.Pts[0][0]), y(s.Pts[0][1]), x(s.Pts[1][0]), y(s.Pts[1][1]), x(s.Pts[2][0]), y(s.Pts[2][1]))
		case svg.Close:
			pa.Close()
		}
	}
	return pa
}

// svgPathSize estimates the bytes of an SVG path in a content stream:
// numbers of about seven characters and a space (page coordinates to
// 1/1000 pt, mappedPath), six for a curve and two for a move or line, each
// segment followed by its operator.
func svgPathSize(p *svg.Path) int {
	n := 0
	for _, s := range p.Segs {
		switch s.Op {
		case svg.CubicTo:
			n += 6*8 + 2
		case svg.Close:
			n += 2
		default:
			n += 2*8 + 2
		}
	}
	return n
}

// svgGradient fills the shape's path with a gradient: the path clips a
// shading drawn in the gradient's space.
func (r *renderer) svgGradient(p *pdfua.Page, s *svg.Shape, fill *svg.Paint, op float64) {
	x0, y0, x1, y1, _ := s.Path.Bounds()
	p.Save()
	defer p.Restore()
	p.Clip(r.svgPath(s.Path, false), s.EvenOdd)
	r.shade(p, fill, op, x0, y0, x1, y1)
}

// shade paints the gradient of fill with opacity op over the box x0,
// y0, x1, y1 of the current user space (the shape's), inside the
// current clip.
func (r *renderer) shade(p *pdfua.Page, fill *svg.Paint, op, x0, y0, x1, y1 float64) {
	g := fill.Gradient.Padded(x0, y0, x1, y1)
	in := make([]display.Stop, len(g.Stops))
	for i, st := range g.Stops {
		in[i] = display.Stop{Offset: st.Offset, Color: st.Color}
	}
	stops, alphas, alpha := shadingStops(in)
	alpha *= op * fill.Opacity
	if alpha <= 0 {
		return
	}
	inv, ok := g.M.Invert()
	if !ok {
		return
	}
	p.Save()
	defer p.Restore()
	if alpha < 1 {
		p.SetAlpha(alpha, alpha)
	}
	p.Transform(pdfua.Matrix(g.M))
	sh := pdfua.Shading{X0: g.X1, Y0: g.Y1, X1: g.X2, Y1: g.Y2, Stops: stops, Alpha: alphas}
	if g.Radial {
		sh = pdfua.Shading{Radial: true, X0: g.FX, Y0: g.FY, X1: g.CX, Y1: g.CY, R1: g.R, Stops: stops, Alpha: alphas}
		if g.R <= 0 {
			last := stops[len(stops)-1]
			sh = pdfua.Shading{X1: 1, Stops: []pdfua.ShadingStop{{Color: last.Color}, {Offset: 1, Color: last.Color}}}
		}
	} else if g.X1 == g.X2 && g.Y1 == g.Y2 {
		last := stops[len(stops)-1]
		sh = pdfua.Shading{X1: 1, Stops: []pdfua.ShadingStop{{Color: last.Color}, {Offset: 1, Color: last.Color}}}
	}
	// the area to cover: the box in gradient space
	bx0, by0, bx1, by1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, c := range [4][2]float64{{x0, y0}, {x1, y0}, {x0, y1}, {x1, y1}} {
		x, y := inv.Apply(c[0], c[1])
		bx0, by0, bx1, by1 = math.Min(bx0, x), math.Min(by0, y), math.Max(bx1, x), math.Max(by1, y)
	}
	p.DrawShading(sh, pdfua.Rect{X: bx0, Y: by0, W: bx1 - bx0, H: by1 - by0})
}

// vectorText paints a run of SVG text in its shape's user space: glyphs
// upright (the text space's y axis flipped back up), on the run's
// baseline, so it stays real, extractable text.
func (r *renderer) vectorText(p *pdfua.Page, it *display.Item) {
	t, s := it.Text, it.Vector
	p.Save()
	defer p.Restore()
	r.vectorClips(p, it)
	flip := svg.Matrix{1, 0, 0, -1, 0, 0}
	p.Transform(r.toPDF(flip.Mul(s.M)))
	c := t.Color
	run := pdfua.TextRun{Font: t.Face, Size: t.Size, Color: color(style.Color{R: c.R, G: c.G, B: c.B, A: 255}), X: t.X, Y: -t.Baseline, Text: t.Text, Glyphs: t.Glyphs}
	if s.Fill != nil && s.Fill.Gradient != nil {
		// the glyphs clip the gradient, painted in the shape's space
		run.Clip = true
		r.showText(p, run)
		p.Transform(pdfua.Matrix(flip))
		r.shade(p, s.Fill, it.Opacity, t.X, t.Baseline-t.Size, t.X+t.Width, t.Baseline+t.Size/2)
		return
	}
	r.showText(p, run)
}

// vectorImage paints a raster image an SVG embeds into its rectangle of
// the shape's user space.
func (r *renderer) vectorImage(p *pdfua.Page, it *display.Item) {
	s := it.Vector
	pim := r.embed(it.Image)
	ir := s.ImageRect
	if pim == nil || ir == nil || ir[2] <= 0 || ir[3] <= 0 {
		return
	}
	p.Save()
	defer p.Restore()
	r.vectorClips(p, it)
	// the unit square of image space (y up) onto the rectangle (y down)
	p.Transform(r.toPDF(svg.Matrix{ir[2], 0, 0, -ir[3], ir[0], ir[1] + ir[3]}.Mul(s.M)))
	p.DrawImageRect(pim, pdfua.Rect{W: 1, H: 1})
}
