package render

import (
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
