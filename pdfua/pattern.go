package pdfua

import (
	"fmt"
	"slices"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// Tiling is a coloured tiling pattern (ISO 32000-1 §8.7.3.1) repeating
// one image or one shading: a page of tiles is then one small object and
// one fill, however many tiles it shows.
type Tiling struct {
	// W, H is the size of one tile and XStep, YStep the distance between
	// the origins of neighbouring tiles (at least W and H).
	W, H, XStep, YStep float64
	// X, Y is the lower-left corner of one tile in the page's default
	// user space (the pattern ignores the current transform).
	X, Y float64
	// Image is drawn over the tile; when it is nil, Shading is painted in
	// the tile's space (origin at its lower-left corner, y up) through
	// ShadingMatrix (the zero Matrix means the identity), clipped to the
	// tile.
	Image         *Image
	Shading       *Shading
	ShadingMatrix Matrix
}

// pattern is a Tiling with its shading's index in doc.shadings (-1 for
// an image).
type pattern struct {
	Tiling
	shading int
}

// minTileStep bounds the step of a tiling pattern from below, in points:
// finer tiles would cost a viewer millions of cells a page.
const minTileStep = 0.05

func patternName(i int) pdfobj.Name { return pdfobj.Name("P" + itoa(i+1)) }

// FillTiled fills area (in the current user space) with the tiling t.
// Like other painting it must be inside marked content. Tilings alike in
// every respect are written once per document.
func (p *Page) FillTiled(t Tiling, area Rect) {
	if !p.painting("tiling pattern") {
		return
	}
	if t.W <= 0 || t.H <= 0 || t.XStep < minTileStep || t.YStep < minTileStep || t.XStep < t.W || t.YStep < t.H {
		p.doc.failf("page %d: tiling of %gx%g pt tiles every %gx%g pt (steps at least the tile and %g pt)", p.index+1, t.W, t.H, t.XStep, t.YStep, minTileStep)
		return
	}
	d := p.doc
	pt := pattern{Tiling: t, shading: -1}
	switch {
	case t.Image != nil:
		if t.Image.index >= len(d.images) || d.images[t.Image.index] != t.Image {
			d.failf("page %d: image %s belongs to another document", p.index+1, t.Image.name)
			return
		}
		t.Image.used = true
		pt.Shading = nil
	case t.Shading != nil:
		i, ok := p.shadingIndex(*t.Shading)
		if !ok {
			return
		}
		pt.shading = i
		pt.Shading = nil
	default:
		d.failf("page %d: tiling of neither an image nor a shading", p.index+1)
		return
	}
	key := fmt.Sprintf("%v|%p", pt, pt.Image)
	i, ok := d.patternIdx[key]
	if !ok {
		if d.patternIdx == nil {
			d.patternIdx = map[string]int{}
		}
		i = len(d.patterns)
		d.patterns = append(d.patterns, pt)
		d.patternIdx[key] = i
	}
	if !slices.Contains(p.patterns, i) {
		p.patterns = append(p.patterns, i)
	}
	p.Save()
	p.painted(area.X, area.Y, area.X+area.W, area.Y+area.H)
	p.op("/Pattern cs")
	p.setContent(pdfobj.AppendName(p.content, patternName(i)))
	p.op(" scn")
	p.setContent(append(p.content, new(Path).Rect(area).ops...))
	p.op("f")
	p.Restore()
}

// patternObject returns the pattern stream of pt, given the references
// of images, shadings and shading masks.
func (d *Document) patternObject(pt pattern, imageRefs, shRefs []pdfobj.Ref, maskRefs map[int]pdfobj.Ref) *pdfobj.Stream {
	r := func(v float64) pdfobj.Object { return pdfobj.Real(v) }
	res := pdfobj.Dict{}
	var content []byte
	if pt.Image != nil {
		res["XObject"] = pdfobj.Dict{imageName(pt.Image): imageRefs[pt.Image.index]}
		content = fmt.Appendf(nil, "q %s 0 0 %s 0 0 cm /%s Do Q", fmtNum(pt.W), fmtNum(pt.H), imageName(pt.Image))
	} else {
		res["Shading"] = pdfobj.Dict{shadingName(pt.shading): shRefs[pt.shading]}
		if m := pt.ShadingMatrix; m != (Matrix{}) {
			content = fmt.Appendf(nil, "%s %s %s %s %s %s cm ", fmtNum(m[0]), fmtNum(m[1]), fmtNum(m[2]), fmtNum(m[3]), fmtNum(m[4]), fmtNum(m[5]))
		}
		if ref, ok := maskRefs[pt.shading]; ok {
			res["ExtGState"] = pdfobj.Dict{maskName(pt.shading): ref}
		}
		content = d.shadingOps(content, pt.shading)
	}
	return &pdfobj.Stream{Dict: pdfobj.Dict{
		"Type": pdfobj.Name("Pattern"), "PatternType": pdfobj.Int(1), "PaintType": pdfobj.Int(1), "TilingType": pdfobj.Int(1),
		"BBox":  pdfobj.Array{pdfobj.Int(0), pdfobj.Int(0), r(pt.W), r(pt.H)},
		"XStep": r(pt.XStep), "YStep": r(pt.YStep),
		"Matrix":    pdfobj.Array{pdfobj.Int(1), pdfobj.Int(0), pdfobj.Int(0), pdfobj.Int(1), r(pt.X), r(pt.Y)},
		"Resources": res,
	}, Data: content}
}

func fmtNum(f float64) string { return string(pdfobj.AppendReal(nil, f)) }
