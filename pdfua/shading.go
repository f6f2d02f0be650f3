package pdfua

import (
	"math"
	"slices"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// ShadingStop is one colour stop of a Shading: Offset from 0 (the start)
// to 1 (the end).
type ShadingStop struct {
	Offset float64
	Color  Color
}

// Shading is a smooth shading in DeviceRGB (ISO 32000-1 §8.7.4.5): axial
// from (X0, Y0) to (X1, Y1), or radial from the circle at (X0, Y0) of
// radius R0 to the one at (X1, Y1) of radius R1. The colours before the
// first stop and after the last extend. Stops must be in order of offset.
//
// Alpha, when set, holds the opacity (0 to 1) of each stop: the shading
// is then painted through a soft mask, the same shading of the alphas as
// luminosity (ISO 32000-1 §11.6.5.2).
type Shading struct {
	Radial                 bool
	X0, Y0, R0, X1, Y1, R1 float64
	Stops                  []ShadingStop
	Alpha                  []float64
}

// MaxShadingStops bounds the stops of one Shading.
const MaxShadingStops = 4096

// dict returns the shading dictionary (in DeviceGray of the stops' red
// component when gray).
func (s Shading) dict(gray bool) pdfobj.Dict {
	r := func(v float64) pdfobj.Object { return pdfobj.Real(math.Round(v*1000) / 1000) }
	d := pdfobj.Dict{"ColorSpace": pdfobj.Name("DeviceRGB"), "Extend": pdfobj.Array{pdfobj.Bool(true), pdfobj.Bool(true)}}
	if gray {
		d["ColorSpace"] = pdfobj.Name("DeviceGray")
	}
	if s.Radial {
		d["ShadingType"] = pdfobj.Int(3)
		d["Coords"] = pdfobj.Array{r(s.X0), r(s.Y0), r(s.R0), r(s.X1), r(s.Y1), r(s.R1)}
	} else {
		d["ShadingType"] = pdfobj.Int(2)
		d["Coords"] = pdfobj.Array{r(s.X0), r(s.Y0), r(s.X1), r(s.Y1)}
	}
	d["Function"] = stopsFunction(s.Stops, gray)
	return d
}

// stopsFunction returns the function from [0 1] to RGB of the stops: an
// exponential interpolation between two, a stitching of those for more.
func stopsFunction(stops []ShadingStop, gray bool) pdfobj.Object {
	rgb := func(c Color) pdfobj.Array {
		if gray {
			return pdfobj.Array{pdfobj.Real(clamp01(c.R))}
		}
		return pdfobj.Array{pdfobj.Real(clamp01(c.R)), pdfobj.Real(clamp01(c.G)), pdfobj.Real(clamp01(c.B))}
	}
	seg := func(a, b Color) pdfobj.Dict {
		return pdfobj.Dict{"FunctionType": pdfobj.Int(2), "Domain": pdfobj.Array{pdfobj.Int(0), pdfobj.Int(1)},
			"C0": rgb(a), "C1": rgb(b), "N": pdfobj.Int(1)}
	}
	if len(stops) == 2 && stops[0].Offset == 0 && stops[1].Offset == 1 {
		return seg(stops[0].Color, stops[1].Color)
	}
	// stitch [0 1] from the segments between consecutive stops at
	// different offsets (a hard stop jumps at the bound); before the
	// first stop and after the last the colour holds
	pts := stops
	if pts[0].Offset > 0 {
		pts = append([]ShadingStop{{0, pts[0].Color}}, pts...)
	}
	if last := pts[len(pts)-1]; last.Offset < 1 {
		pts = append(pts[:len(pts):len(pts)], ShadingStop{1, last.Color})
	}
	var fns, bounds, encode pdfobj.Array
	for i := 1; i < len(pts); i++ {
		a, b := pts[i-1], pts[i]
		if b.Offset <= a.Offset {
			continue
		}
		if len(fns) > 0 {
			bounds = append(bounds, pdfobj.Real(a.Offset))
		}
		fns = append(fns, seg(a.Color, b.Color))
		encode = append(encode, pdfobj.Int(0), pdfobj.Int(1))
	}
	switch len(fns) {
	case 0:
		c := stops[len(stops)-1].Color
		return seg(c, c)
	case 1:
		return fns[0]
	}
	return pdfobj.Dict{"FunctionType": pdfobj.Int(3), "Domain": pdfobj.Array{pdfobj.Int(0), pdfobj.Int(1)},
		"Functions": fns, "Bounds": bounds, "Encode": encode}
}

// shadingName is the resource name of shading i.
func shadingName(i int) pdfobj.Name { return pdfobj.Name("Sh" + itoa(i+1)) }

// DrawShading paints s over the current clipping path (sh), in the
// current user space; bbox is the area it is meant to cover, for the
// layout bounding box of tagged content. Like other painting it must be
// inside marked content. Shadings alike in every respect are written
// once per document.
func (p *Page) DrawShading(s Shading, bbox Rect) {
	if !p.painting("shading") {
		return
	}
	i, ok := p.shadingIndex(s)
	if !ok {
		return
	}
	p.painted(bbox.X, bbox.Y, bbox.X+bbox.W, bbox.Y+bbox.H)
	p.setContent(p.doc.shadingOps(p.content, i))
	p.op("")
}

// shadingIndex checks s and returns its index in the document's
// shadings, adding it there if need be; it records the page's use of it
// (a shading painted only inside a pattern is listed in the page's
// resources too, which is harmless).
func (p *Page) shadingIndex(s Shading) (int, bool) {
	if len(s.Stops) == 0 || len(s.Stops) > MaxShadingStops {
		p.doc.failf("page %d: shading with %d stops (1 to %d allowed)", p.index+1, len(s.Stops), MaxShadingStops)
		return 0, false
	}
	for i := 1; i < len(s.Stops); i++ {
		if s.Stops[i].Offset < s.Stops[i-1].Offset {
			p.doc.failf("page %d: shading stops out of order", p.index+1)
			return 0, false
		}
	}
	if s.Alpha != nil && len(s.Alpha) != len(s.Stops) {
		p.doc.failf("page %d: shading with %d stops and %d alphas", p.index+1, len(s.Stops), len(s.Alpha))
		return 0, false
	}
	i := p.addShading(s.dict(false))
	if s.Alpha != nil {
		mask := s
		mask.Stops = make([]ShadingStop, len(s.Stops))
		for k, st := range s.Stops {
			a := clamp01(s.Alpha[k])
			mask.Stops[k] = ShadingStop{Offset: st.Offset, Color: Color{a, a, a}}
		}
		m := p.addShading(mask.dict(true))
		d := p.doc
		if d.shadingMask == nil {
			d.shadingMask = map[int]int{}
		}
		d.shadingMask[i] = m
	}
	return i, true
}

// addShading returns the index of the shading dictionary obj in the
// document's shadings, adding it if need be, and lists it on the page.
func (p *Page) addShading(obj pdfobj.Dict) int {
	d := p.doc
	key := string(pdfobj.AppendObject(nil, obj))
	i, ok := d.shadingIdx[key]
	if !ok {
		if d.shadingIdx == nil {
			d.shadingIdx = map[string]int{}
		}
		i = len(d.shadings)
		d.shadings = append(d.shadings, obj)
		d.shadingIdx[key] = i
	}
	if !slices.Contains(p.shadings, i) {
		p.shadings = append(p.shadings, i)
	}
	return i
}

// maskName is the name of the ExtGState that masks shading i by its
// alpha shading.
func maskName(i int) pdfobj.Name { return pdfobj.Name("SM" + itoa(i+1)) }

// shadingOps appends the operators painting shading i: through its soft
// mask, inside q/Q, when it has one.
func (d *Document) shadingOps(buf []byte, i int) []byte {
	if _, ok := d.shadingMask[i]; ok {
		buf = pdfobj.AppendName(append(buf, "q "...), maskName(i))
		buf = pdfobj.AppendName(append(buf, " gs "...), shadingName(i))
		return append(buf, " sh Q"...)
	}
	return append(pdfobj.AppendName(buf, shadingName(i)), " sh"...)
}

// maskObjects writes the soft-mask graphics state of each masked shading
// (a luminosity mask drawing its alpha shading in a transparency group),
// given the shadings' references.
func (d *Document) maskObjects(w *pdfobj.Writer, shRefs []pdfobj.Ref) map[int]pdfobj.Ref {
	out := make(map[int]pdfobj.Ref, len(d.shadingMask))
	for i := range d.shadings {
		m, ok := d.shadingMask[i]
		if !ok {
			continue
		}
		const big = 1e5 // the mask covers whatever the shading paints
		form := &pdfobj.Stream{Dict: pdfobj.Dict{
			"Type": pdfobj.Name("XObject"), "Subtype": pdfobj.Name("Form"),
			"BBox":      pdfobj.Array{pdfobj.Int(-big), pdfobj.Int(-big), pdfobj.Int(big), pdfobj.Int(big)},
			"Group":     pdfobj.Dict{"S": pdfobj.Name("Transparency"), "CS": pdfobj.Name("DeviceGray")},
			"Resources": pdfobj.Dict{"Shading": pdfobj.Dict{shadingName(m): shRefs[m]}},
		}, Data: append(pdfobj.AppendName(nil, shadingName(m)), " sh"...)}
		out[i] = w.Add(pdfobj.Dict{"Type": pdfobj.Name("ExtGState"),
			"SMask": pdfobj.Dict{"Type": pdfobj.Name("Mask"), "S": pdfobj.Name("Luminosity"), "G": w.Add(form)}})
	}
	return out
}
