package pdfua

import (
	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// A transparency group (ISO 32000-1 §11.6.6) paints a stretch of content
// as one picture composited with the page once, at a constant opacity:
// what overlaps inside it does not show through itself, as with CSS
// opacity on an element. It is written as a form XObject with a /Group
// dictionary, drawn by the page with "q /GSn gs /Fmn Do Q".
//
// Tagged content inside keeps its tags: the form has its own MCIDs, a
// /StructParents key of its own in the ParentTree, and its structure
// elements refer to them by marked-content references naming the form
// (/Stm, ISO 32000-1 §14.7.4.3).

// form is the form XObject of one transparency group.
type form struct {
	page    *Page
	content []byte
	bbox    Rect
	mcids   []*StructElem
}

// groupFrame is what BeginGroup saves of the page, for EndGroup.
type groupFrame struct {
	form    int
	alpha   float64
	content []byte
	mcids   []*StructElem
	boxes   []box
	depth   int
	ts      textState
	ctm     Matrix
}

// MaxGroupDepth bounds the nesting of transparency groups.
const MaxGroupDepth = 256

// formName is the resource name of form i.
func formName(i int) pdfobj.Name { return pdfobj.Name("Fm" + itoa(i+1)) }

// BeginGroup starts a transparency group of opacity alpha (0 to 1) whose
// content lies in bbox (in the current user space); EndGroup ends it.
// Groups nest, inside any Save and Restore of theirs; marked content
// must not be open across either call.
func (p *Page) BeginGroup(bbox Rect, alpha float64) {
	if p.doc.err != nil {
		return
	}
	switch {
	case p.mark != markNone:
		p.doc.failf("page %d: transparency group begun inside a marked-content sequence", p.index+1)
		return
	case len(p.groups) >= MaxGroupDepth:
		p.doc.failf("page %d: transparency groups nested more than %d deep", p.index+1, MaxGroupDepth)
		return
	}
	d := p.doc
	d.forms = append(d.forms, &form{page: p, bbox: bbox})
	p.groups = append(p.groups, groupFrame{form: len(d.forms) - 1, alpha: alpha, content: p.content,
		mcids: p.mcids, boxes: p.boxes, depth: p.depth, ts: p.ts, ctm: p.ctm})
	p.content, p.mcids, p.boxes = make([]byte, 0, 1024), nil, nil
}

// EndGroup ends the group BeginGroup began and draws it on the page.
func (p *Page) EndGroup() {
	if p.doc.err != nil {
		return
	}
	switch {
	case len(p.groups) == 0:
		p.doc.failf("page %d: EndGroup without BeginGroup", p.index+1)
		return
	case p.mark != markNone:
		p.doc.failf("page %d: transparency group ended inside a marked-content sequence", p.index+1)
		return
	}
	g := p.groups[len(p.groups)-1]
	if p.depth != g.depth {
		p.doc.failf("page %d: transparency group ended with %d Save without Restore", p.index+1, p.depth-g.depth)
		return
	}
	p.groups = p.groups[:len(p.groups)-1]
	f := p.doc.forms[g.form]
	f.content, f.mcids = p.content, p.mcids
	p.content, p.mcids, p.boxes, p.ts, p.ctm = g.content, g.mcids, g.boxes, g.ts, g.ctm
	p.forms = append(p.forms, g.form)
	p.op("q")
	p.SetAlpha(g.alpha, g.alpha)
	p.setContent(pdfobj.AppendName(p.content, formName(g.form)))
	p.op(" Do Q")
}

// formKid is the kid for MCID mcid of the open group's form, or of the
// page when no group is open.
func (p *Page) formKid(mcid int) kid {
	k := kid{page: int32(p.index), mcid: int32(mcid)}
	if n := len(p.groups); n > 0 {
		k.form = int32(p.groups[n-1].form + 1)
	}
	return k
}

// formObjects writes the form XObjects of the transparency groups into
// refs, their resources those of their page (resources returns the
// page's resource dictionary), their StructParents keys from key on.
func (b *builder) formObjects(refs []pdfobj.Ref, key int, resources func(*Page) []byte) {
	for i, f := range b.d.forms {
		b.w.Set(refs[i], &pdfobj.Stream{Dict: pdfobj.Dict{
			"Type": pdfobj.Name("XObject"), "Subtype": pdfobj.Name("Form"), "Filter": pdfobj.Name("FlateDecode"),
			"BBox":          f.bbox.array(),
			"Group":         pdfobj.Dict{"S": pdfobj.Name("Transparency"), "CS": pdfobj.Name("DeviceRGB")},
			"Resources":     pdfobj.Raw(resources(f.page)),
			"StructParents": pdfobj.Int(key + i),
		}, Data: b.compress(f.content)})
	}
}
