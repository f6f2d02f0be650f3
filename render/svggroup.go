package render

import (
	"github.com/seed28491532/folio/layout/display"
	"github.com/seed28491532/folio/pdfua"
	"github.com/seed28491532/folio/svg"
)

// svgGroups is the state of the SVG groups and masks open on the
// current page.
type svgGroups struct {
	// depth counts the open groups and masks; masks holds the masks
	// ended and not yet applied to their group.
	depth int
	masks []pdfua.Mask
}

// svgGroup opens or closes an SVG group or mask (see svg.GroupOp).
// They begin and end inside the marked-content sequence of their
// drawing, which their content belongs to as a whole.
func (r *renderer) svgGroup(p *pdfua.Page, s *svg.Shape) {
	g := &r.svgGroups
	switch s.Group {
	case svg.TextClipEnd:
		g.depth--
		p.Restore()
	case svg.GroupBegin, svg.MaskBegin:
		g.depth++
		p.BeginGroup(nil) // no bound but the clip
	case svg.MaskEnd:
		g.depth--
		g.masks = append(g.masks, p.EndMask())
	case svg.GroupEnd:
		g.depth--
		var m pdfua.Mask
		if s.Masked && len(g.masks) > 0 {
			m = g.masks[len(g.masks)-1]
			g.masks = g.masks[:len(g.masks)-1]
		}
		p.EndGroup(s.Opacity, m)
	}
}

// textClip reports whether it is a run of SVG text that clips what
// follows up to its TextClipEnd (a pattern fill of text).
func textClip(it *display.Item) bool {
	return it.Op == display.OpText && it.Vector != nil && it.Vector.Group == svg.TextClipBegin
}

// svgTextClip opens the clip of an SVG text run (svg.TextClipBegin): in
// a saved state closed by its TextClipEnd, the run's clips and glyphs
// (text rendering mode 7: real text, painting nothing) clip the shapes
// that follow, which are drawn from page space again.
func (r *renderer) svgTextClip(p *pdfua.Page, it *display.Item) {
	t, s := it.Text, it.Vector
	r.svgGroups.depth++
	p.Save()
	r.vectorClips(p, it)
	flip := svg.Matrix{1, 0, 0, -1, 0, 0}
	m := r.toPDF(flip.Mul(s.M))
	inv, ok := svg.Matrix(m).Invert()
	if t.Face == nil || len(t.Glyphs) == 0 || !ok {
		p.Clip(r.newPath().Rect(pdfua.Rect{}), false) // nothing shows
		return
	}
	p.Transform(m)
	r.showText(p, pdfua.TextRun{Font: t.Face, Size: t.Size, X: t.X, Y: -t.Baseline, Text: t.Text, Glyphs: t.Glyphs, Clip: true})
	p.Transform(pdfua.Matrix(inv))
}
