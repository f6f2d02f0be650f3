package pdfua

import (
	"math"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// A group (BeginGroup) is a stretch of content written as a form
// XObject of its own: ended with EndGroup it is a transparency group
// (ISO 32000-1 §11.6.6), composited on its own first and then onto the
// page at once, at an opacity and through a soft mask (CSS or SVG group
// opacity: what overlaps inside does not show through itself); ended
// with EndMask it is not painted but becomes a luminosity soft mask for
// a later group. The page draws a group with "q [/GS gs] /Fmn Do Q".
//
// A group relates to marked content in one of two ways, set by where it
// begins:
//
//   - begun outside marked content, it ends outside marked content, and
//     what it paints opens marked content of its own. Tagged content
//     keeps its tags: the form has its own MCIDs, a /StructParents key of
//     its own in the ParentTree, and its structure elements refer to
//     them by marked-content references naming the form (/Stm, ISO
//     32000-1 §14.7.4.3). A box with CSS opacity is drawn so.
//   - begun inside a marked-content sequence, it ends inside the same
//     sequence, which cannot end or begin another meanwhile: the form's
//     content belongs to that sequence as a whole (an SVG drawing, one
//     Figure, with groups in it is drawn so).
//
// Forms are the document's (their MCRs name them); their resources are
// their page's.

// MaxGroupDepth bounds how deeply groups (BeginGroup) nest on a page:
// CSS groups (64 deep at most) holding an SVG drawing's (33) stay below.
const MaxGroupDepth = 128

// bigBox bounds a form begun without a bounding box: it covers whatever
// its content paints on any page.
const bigBox = 100000

// form is the form XObject of one group or soft mask.
type form struct {
	page *Page
	// content is the form's content stream until Finish compresses it
	// into packed.
	content []byte
	packed  []byte
	bbox    *Rect // nil: unbounded
	mask    bool
	// for a group: the opacity it is painted with and its soft mask
	// (index + 1 into the document's forms, 0 for none)
	alpha    float64
	maskForm int
	// mcids are the elements owning the form's MCIDs, boxes their boxes
	// on the page (as Page.mcids and Page.boxes).
	mcids []*StructElem
	boxes []box
	// ref is the form's object number in a streaming document.
	ref pdfobj.Ref
}

// groupFrame is an open group: its form, whether it began inside marked
// content, what it set aside of the content it began in, and the q/Q
// depth it must end at.
type groupFrame struct {
	form   int
	inMark bool
	// content is the content the group began in, its length before
	// the group's q
	content []byte
	qAt     int
	mcids   []*StructElem
	boxes   []box
	depth   int
	// mcidBase is the page's (Page.mcidBase): a form numbers from 0
	mcidBase int32
}

// Mask is a luminosity soft mask made by EndMask, for EndGroup; the zero
// Mask is no mask.
type Mask struct {
	page *Page
	form int // index + 1 into the document's forms
}

func formName(i int) pdfobj.Name   { return pdfobj.Name("Fm" + itoa(i+1)) }
func formGSName(i int) pdfobj.Name { return pdfobj.Name("GF" + itoa(i+1)) }

// BeginGroup starts a group, ended by EndGroup (a transparency group) or
// EndMask (a soft mask), whose content lies in bbox (in the current user
// space; nil for no bound but the page's clip). It saves the graphics
// state, restored when the group ends. Begun inside a marked-content
// sequence, the group must end inside it, the sequence left open;
// begun outside marked content, it must end outside, and its content
// opens marked content of its own. Groups nest up to MaxGroupDepth.
func (p *Page) BeginGroup(bbox *Rect) {
	d := p.doc
	switch {
	case d.err != nil:
		return
	case p.sealed:
		d.failf("page %d: BeginGroup after Finish", p.index+1)
		return
	case len(p.groups) >= MaxGroupDepth:
		d.failf("page %d: groups nested deeper than %d (MaxGroupDepth)", p.index+1, MaxGroupDepth)
		return
	}
	qAt := len(p.content)
	p.Save()
	f := &form{page: p}
	if bbox != nil {
		b := *bbox
		f.bbox = &b
	}
	if d.st != nil {
		f.ref = d.st.w.Alloc()
	}
	d.forms = append(d.forms, f)
	p.groups = append(p.groups, groupFrame{form: len(d.forms) - 1, inMark: p.mark != markNone,
		content: p.content, qAt: qAt, mcids: p.mcids, boxes: p.boxes, depth: p.depth, mcidBase: p.mcidBase})
	p.content, p.mcids, p.boxes, p.mcidBase = make([]byte, 0, 1024), nil, nil, 0
	// the form sets its own text state and colours rather than rely on
	// the state it is drawn in
	p.ts = textState{}
}

// endFrame closes the innermost group, giving its content to its form,
// and returns the form's index and the length of the content before the
// group's q, or -1 (an error recorded) when the group cannot end here.
func (p *Page) endFrame(what string) (int, int) {
	d := p.doc
	if d.err != nil || !p.open(what) {
		return -1, 0
	}
	if len(p.groups) == 0 {
		d.failf("page %d: %s without BeginGroup", p.index+1, what)
		return -1, 0
	}
	g := p.groups[len(p.groups)-1]
	switch {
	case !g.inMark && p.mark != markNone:
		d.failf("page %d: group begun outside marked content ended inside a marked-content sequence (%s)", p.index+1, what)
		return -1, 0
	case p.depth != g.depth:
		d.failf("page %d: group ended (%s) with %d Save without Restore", p.index+1, what, p.depth-g.depth)
		return -1, 0
	}
	p.groups = p.groups[:len(p.groups)-1]
	f := d.forms[g.form]
	f.content, f.mcids, f.boxes = p.content, p.mcids, p.boxes
	p.content, p.mcids, p.boxes, p.mcidBase = g.content, g.mcids, g.boxes, g.mcidBase
	p.forms = append(p.forms, g.form)
	return g.form, g.qAt
}

// EndMask ends the innermost group as a luminosity soft mask (ISO
// 32000-1 §11.6.5.2) instead of painting it: where the group painted
// white the masked content shows, where black or nothing it does not.
// The mask keeps the user space the group began in. A mask holds no
// tagged content, since it is never seen.
func (p *Page) EndMask() Mask {
	i, qAt := p.endFrame("EndMask")
	if i < 0 {
		return Mask{}
	}
	f := p.doc.forms[i]
	if len(f.mcids) > 0 {
		p.doc.failf("page %d: tagged content (%s) inside a soft mask, which is not painted", p.index+1, f.mcids[0].typ)
		return Mask{}
	}
	f.mask = true
	p.Restore()
	// nothing is drawn where the mask began: its q and Q go
	p.content = p.content[:qAt]
	return Mask{page: p, form: i + 1}
}

// EndGroup ends the innermost group and paints it at opacity alpha (0
// to 1) through mask, unless it is the zero Mask; mask must come from
// EndMask on the same page.
func (p *Page) EndGroup(alpha float64, mask Mask) {
	d := p.doc
	if d.err != nil {
		return
	}
	if mask.form != 0 && (mask.page != p || mask.form < 0 || mask.form > len(d.forms) || !d.forms[mask.form-1].mask) {
		d.failf("page %d: EndGroup with a mask not made by EndMask on this page", p.index+1)
		return
	}
	i, _ := p.endFrame("EndGroup")
	if i < 0 {
		return
	}
	f := d.forms[i]
	f.alpha, f.maskForm = math.Round(clamp01(alpha)*1000)/1000, mask.form
	switch {
	case f.maskForm > 0:
		p.setContent(pdfobj.AppendName(p.content, formGSName(i)))
		p.op(" gs")
	case f.alpha < 1:
		p.SetAlpha(f.alpha, f.alpha)
	}
	p.setContent(pdfobj.AppendName(p.content, formName(i)))
	p.op(" Do")
	p.Restore()
}

// formKid is the kid for MCID mcid of the innermost open group's form,
// or of the page when no group is open.
func (p *Page) formKid(mcid int) kid {
	k := kid{page: int32(p.index), mcid: int32(mcid)}
	if n := len(p.groups); n > 0 {
		k.form = int32(p.groups[n-1].form + 1)
	}
	return k
}

// unpackedForms returns the forms of page p whose content is not
// compressed yet (Finish compresses it).
func (p *Page) unpackedForms() []*form {
	var out []*form
	for _, i := range p.forms {
		if f := p.doc.forms[i]; f.packed == nil {
			out = append(out, f)
		}
	}
	return out
}

// formKeys gives the forms holding MCIDs their StructParents keys, from
// key on, and returns the next key; the others get -1.
func (b *builder) formKeys(key int) int {
	b.formKey = make([]int, len(b.d.forms))
	for i, f := range b.d.forms {
		b.formKey[i] = -1
		if len(f.mcids) > 0 {
			b.formKey[i] = key
			key++
		}
	}
	return key
}

// pageForms writes the forms of page p, their resources res (the page's
// resource dictionary, which names the forms too: a group may draw a
// group), and returns the graphics states of its masked groups, for the
// page's resources.
func (b *builder) pageForms(p *Page, res pdfobj.Ref) (gstates []resourceEntry) {
	w := b.w
	for _, i := range p.forms {
		f := b.d.forms[i]
		bbox := pdfobj.Array{pdfobj.Int(-bigBox), pdfobj.Int(-bigBox), pdfobj.Int(bigBox), pdfobj.Int(bigBox)}
		if f.bbox != nil {
			bbox = f.bbox.array()
		}
		data := f.packed
		if data == nil {
			data = deflateContent(f.content)
		}
		dict := pdfobj.Dict{"Type": pdfobj.Name("XObject"), "Subtype": pdfobj.Name("Form"), "Filter": pdfobj.Name("FlateDecode"),
			"BBox":      bbox,
			"Group":     pdfobj.Dict{"S": pdfobj.Name("Transparency"), "CS": pdfobj.Name("DeviceRGB")},
			"Resources": res,
		}
		if k := b.formKey[i]; k >= 0 {
			dict["StructParents"] = pdfobj.Int(k)
		}
		w.Set(b.formRefs[i], &pdfobj.Stream{Dict: dict, Data: data})
		if f.maskForm > 0 {
			gs := pdfobj.Dict{"Type": pdfobj.Name("ExtGState"), "ca": pdfobj.Real(f.alpha), "CA": pdfobj.Real(f.alpha),
				"SMask": pdfobj.Dict{"Type": pdfobj.Name("Mask"), "S": pdfobj.Name("Luminosity"), "G": b.formRefs[f.maskForm-1]}}
			gstates = append(gstates, resourceEntry{formGSName(i), w.Add(gs)})
		}
	}
	return gstates
}
