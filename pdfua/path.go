package pdfua

import (
	"math"
	"slices"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// Path is a vector path built with MoveTo, LineTo, CurveTo, Rect,
// RoundedRect and Close, then painted with Page.DrawPath or used with
// Page.Clip. The zero value is an empty path.
type Path struct {
	ops    []byte
	bounds box // of all points, control points included
}

func (pa *Path) pts(vals ...float64) {
	for _, v := range vals {
		pa.ops = pdfobj.AppendReal(pa.ops, v)
		pa.ops = append(pa.ops, ' ')
	}
}

// MoveTo starts a new subpath at (x, y).
func (pa *Path) MoveTo(x, y float64) *Path {
	pa.bounds.add(x, y)
	pa.pts(x, y)
	pa.ops = append(pa.ops, "m\n"...)
	return pa
}

// LineTo adds a straight segment to (x, y).
func (pa *Path) LineTo(x, y float64) *Path {
	pa.bounds.add(x, y)
	pa.pts(x, y)
	pa.ops = append(pa.ops, "l\n"...)
	return pa
}

// CurveTo adds a cubic Bézier segment with control points (x1, y1) and
// (x2, y2) ending at (x3, y3).
func (pa *Path) CurveTo(x1, y1, x2, y2, x3, y3 float64) *Path {
	pa.bounds.add(x1, y1)
	pa.bounds.add(x2, y2)
	pa.bounds.add(x3, y3)
	pa.pts(x1, y1, x2, y2, x3, y3)
	pa.ops = append(pa.ops, "c\n"...)
	return pa
}

// Close closes the current subpath.
func (pa *Path) Close() *Path {
	pa.ops = append(pa.ops, "h\n"...)
	return pa
}

// Rect adds a closed rectangle subpath.
func (pa *Path) Rect(r Rect) *Path {
	pa.bounds.add(r.X, r.Y)
	pa.bounds.add(r.X+r.W, r.Y+r.H)
	pa.pts(r.X, r.Y, r.W, r.H)
	pa.ops = append(pa.ops, "re\n"...)
	return pa
}

// kappa is the control-point distance for a quarter circle of radius 1.
const kappa = 0.5522847498

// RoundedRect adds a closed rectangle with elliptical corners. Radii are
// given per corner as (rx, ry) pairs in the order top-left, top-right,
// bottom-right, bottom-left (CSS border-radius order, with "top" meaning
// the larger y). Radii are scaled down as CSS does when they overlap.
func (pa *Path) RoundedRect(r Rect, radii [4][2]float64) *Path {
	if r.W < 0 {
		r.X, r.W = r.X+r.W, -r.W
	}
	if r.H < 0 {
		r.Y, r.H = r.Y+r.H, -r.H
	}
	for i := range radii {
		radii[i][0] = math.Max(0, radii[i][0])
		radii[i][1] = math.Max(0, radii[i][1])
	}
	// CSS Backgrounds 3 §5.5: scale all radii by the smallest ratio.
	f := 1.0
	ratio := func(side, a, b float64) {
		if s := a + b; s > 0 && side/s < f {
			f = side / s
		}
	}
	ratio(r.W, radii[0][0], radii[1][0])
	ratio(r.W, radii[3][0], radii[2][0])
	ratio(r.H, radii[0][1], radii[3][1])
	ratio(r.H, radii[1][1], radii[2][1])
	for i := range radii {
		radii[i][0] *= f
		radii[i][1] *= f
	}
	x0, y0, x1, y1 := r.X, r.Y, r.X+r.W, r.Y+r.H
	tl, tr, br, bl := radii[0], radii[1], radii[2], radii[3]
	pa.MoveTo(x0+tl[0], y1)
	pa.LineTo(x1-tr[0], y1)
	if tr[0] > 0 || tr[1] > 0 {
		pa.CurveTo(x1-tr[0]*(1-kappa), y1, x1, y1-tr[1]*(1-kappa), x1, y1-tr[1])
	}
	pa.LineTo(x1, y0+br[1])
	if br[0] > 0 || br[1] > 0 {
		pa.CurveTo(x1, y0+br[1]*(1-kappa), x1-br[0]*(1-kappa), y0, x1-br[0], y0)
	}
	pa.LineTo(x0+bl[0], y0)
	if bl[0] > 0 || bl[1] > 0 {
		pa.CurveTo(x0+bl[0]*(1-kappa), y0, x0, y0+bl[1]*(1-kappa), x0, y0+bl[1])
	}
	pa.LineTo(x0, y1-tl[1])
	if tl[0] > 0 || tl[1] > 0 {
		pa.CurveTo(x0, y1-tl[1]*(1-kappa), x0+tl[0]*(1-kappa), y1, x0+tl[0], y1)
	}
	return pa.Close()
}

// Reset empties the path and keeps its memory, so one Path can build
// many shapes in turn (DrawPath and Clip copy what they paint).
func (pa *Path) Reset() {
	pa.ops = pa.ops[:0]
	pa.bounds = box{}
}

// Empty reports whether the path has no segments.
func (pa *Path) Empty() bool { return pa == nil || len(pa.ops) == 0 }

// LineCap is a stroke's line cap style.
type LineCap uint8

// Line caps.
const (
	CapButt LineCap = iota
	CapRound
	CapSquare
)

// LineJoin is a stroke's line join style.
type LineJoin uint8

// Line joins.
const (
	JoinMiter LineJoin = iota
	JoinRound
	JoinBevel
)

// Stroke describes how a path is stroked.
type Stroke struct {
	Color Color
	Width float64
	// Dash is the dash array in points (empty: solid), DashPhase its offset.
	Dash      []float64
	DashPhase float64
	Cap       LineCap
	Join      LineJoin
	// MiterLimit, when positive, sets the miter limit (M); otherwise the
	// graphics state's (10 by default) applies.
	MiterLimit float64
}

// PathStyle says how DrawPath paints a path: filled, stroked or both.
type PathStyle struct {
	// Fill paints the interior with FillColor; EvenOdd selects the even-odd
	// rule instead of non-zero winding.
	Fill      bool
	FillColor Color
	EvenOdd   bool
	// Stroke, when non-nil, strokes the path.
	Stroke *Stroke
}

// DrawPath fills and/or strokes pa. It must be inside marked content.
func (p *Page) DrawPath(pa *Path, s PathStyle) {
	if pa.Empty() || (!s.Fill && s.Stroke == nil) {
		return
	}
	if !p.painting("path") {
		return
	}
	if s.Fill {
		p.setFill(s.FillColor)
	}
	if st := s.Stroke; st != nil {
		p.setStroke(st)
	}
	p.setContent(append(p.content, pa.ops...))
	grow := 0.0
	if s.Stroke != nil {
		grow = math.Max(0, s.Stroke.Width) / 2
	}
	b := pa.bounds
	p.painted(b.x0-grow, b.y0-grow, b.x1+grow, b.y1+grow)
	switch {
	case s.Fill && s.Stroke != nil && s.EvenOdd:
		p.op("B*")
	case s.Fill && s.Stroke != nil:
		p.op("B")
	case s.Fill && s.EvenOdd:
		p.op("f*")
	case s.Fill:
		p.op("f")
	default:
		p.op("S")
	}
}

// setStroke writes the parts of stroke st's colour and line style that
// the graphics state does not hold already (all of them when it is not
// known), and records them as current: a chart's strokes that differ
// in colour only write their colour.
func (p *Page) setStroke(st *Stroke) {
	cur := strokeState{color: Color{clamp01(st.Color.R), clamp01(st.Color.G), clamp01(st.Color.B)},
		width: math.Max(0, st.Width), cap: st.Cap % 3, join: st.Join % 3, miter: p.ts.stroke.miter,
		solid: len(st.Dash) == 0 && st.DashPhase == 0}
	if st.MiterLimit >= 1 {
		cur.miter = st.MiterLimit
	}
	old, known := p.ts.stroke, p.ts.strokeKnown
	if !known || old.color != cur.color {
		p.color(cur.color, "RG")
	}
	if !known || old.width != cur.width {
		p.num(cur.width)
		p.op("w")
	}
	if !known || !old.solid || !cur.solid {
		p.setContent(append(p.content, '['))
		for i, v := range st.Dash {
			if i > 0 {
				p.setContent(append(p.content, ' '))
			}
			p.setContent(pdfobj.AppendReal(p.content, math.Max(0, v)))
		}
		p.setContent(append(p.content, "] "...))
		p.num(st.DashPhase)
		p.op("d")
	}
	if !known || old.cap != cur.cap || old.join != cur.join {
		p.setContent(append(p.content, byte('0'+cur.cap), ' ', 'J', ' ', byte('0'+cur.join), ' ', 'j', '\n'))
	}
	if st.MiterLimit >= 1 && (!known || old.miter != cur.miter) {
		p.num(st.MiterLimit)
		p.op("M")
	}
	p.ts.stroke, p.ts.strokeKnown = cur, true
}

// Clip intersects the clipping region with pa (W n). Clipping paints
// nothing, so it needs no marked content; wrap it in Save/Restore to undo
// it.
func (p *Page) Clip(pa *Path, evenOdd bool) {
	if p.doc.err != nil || pa.Empty() || !p.open("Clip") {
		return
	}
	p.setContent(append(p.content, pa.ops...))
	if evenOdd {
		p.op("W* n")
	} else {
		p.op("W n")
	}
}

// alphaKey identifies a shared ExtGState.
type alphaKey struct{ fill, stroke float64 }

// SetAlpha sets the constant fill and stroke opacity (0 transparent, 1
// opaque) through an ExtGState that is shared by every page using the same
// pair. It stays in effect until the enclosing Restore.
func (p *Page) SetAlpha(fill, stroke float64) {
	if p.doc.err != nil || !p.open("SetAlpha") {
		return
	}
	k := alphaKey{math.Round(clamp01(fill)*1000) / 1000, math.Round(clamp01(stroke)*1000) / 1000}
	d := p.doc
	i, ok := d.gsIdx[k]
	if !ok {
		i = len(d.gstates)
		d.gstates = append(d.gstates, k)
		d.gsIdx[k] = i
	}
	if !slices.Contains(p.gstates, i) {
		p.gstates = append(p.gstates, i)
	}
	p.setContent(pdfobj.AppendName(p.content, gsName(i)))
	p.op(" gs")
}

func gsName(i int) pdfobj.Name { return pdfobj.Name("GS" + itoa(i+1)) }
