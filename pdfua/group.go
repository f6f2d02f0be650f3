package pdfua

import (
	"math"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// MaxGroupDepth bounds how deeply groups (BeginGroup) nest on a page.
const MaxGroupDepth = 64

// Mask is a luminosity soft mask made by EndMask, for EndGroup; the zero
// Mask is no mask.
type Mask struct{ form int } // form index + 1 on its page

// form is a form XObject of a page: the content of a transparency group
// or of a soft mask. Its resources are its page's.
type form struct {
	data []byte
	mask bool
	// for a group: the opacity it is painted with and its mask (index
	// + 1 of the mask form, 0 for none)
	alpha    float64
	maskForm int
}

// groupFrame is an open group: where its content starts and the q/Q
// depth, marked-content state and MCID count it must end with.
type groupFrame struct {
	start, depth, mcids int
	mark                markKind
	elem                *StructElem
}

func formName(i int) pdfobj.Name   { return pdfobj.Name("Fm" + itoa(i+1)) }
func formGSName(i int) pdfobj.Name { return pdfobj.Name("GF" + itoa(i+1)) }

// needsState says whether a group is painted through a graphics state
// of its own (for its opacity or mask).
func (f *form) needsState() bool { return f.alpha < 1 || f.maskForm > 0 }

// bigBox bounds a group's form: it covers whatever its content paints.
const bigBox = 100000

// BeginGroup starts a transparency group (ISO 32000-1 §11.6.6): what is
// painted until the matching EndGroup is composited on its own first,
// then onto the page at once (an SVG or CSS group opacity), or, ended
// with EndMask, becomes a soft mask. It saves the graphics state (the
// group ends with it restored) and must stay inside one marked-content
// sequence: content of a group is not split between structure elements.
func (p *Page) BeginGroup() {
	if p.doc.err != nil {
		return
	}
	if len(p.groups) >= MaxGroupDepth {
		p.doc.failf("page %d: groups nested deeper than %d (MaxGroupDepth)", p.index+1, MaxGroupDepth)
		return
	}
	p.Save()
	p.groups = append(p.groups, groupFrame{start: len(p.content), depth: p.depth, mcids: len(p.mcids), mark: p.mark, elem: p.markElem})
	p.packed, p.packedLen = nil, 0
}

// endFrame closes the innermost group, returning its content, or
// ok false (an error recorded) when it cannot end here.
func (p *Page) endFrame(what string) (data []byte, ok bool) {
	if p.doc.err != nil {
		return nil, false
	}
	if len(p.groups) == 0 {
		p.doc.failf("page %d: %s without BeginGroup", p.index+1, what)
		return nil, false
	}
	g := p.groups[len(p.groups)-1]
	if p.depth != g.depth || p.mark != g.mark || p.markElem != g.elem || len(p.mcids) != g.mcids {
		p.doc.failf("page %d: %s with a Save or marked-content sequence of the group left open or begun", p.index+1, what)
		return nil, false
	}
	p.groups = p.groups[:len(p.groups)-1]
	data = append([]byte(nil), p.content[g.start:]...)
	p.content = p.content[:g.start]
	return data, true
}

// EndMask ends the innermost group as a luminosity soft mask (ISO
// 32000-1 §11.6.5.2) instead of painting it: where the group painted
// white the masked content shows, where black or nothing it does not.
// The mask keeps the user space the group began in.
func (p *Page) EndMask() Mask {
	data, ok := p.endFrame("EndMask")
	if !ok {
		return Mask{}
	}
	p.forms = append(p.forms, form{data: data, mask: true})
	p.Restore()
	return Mask{form: len(p.forms)}
}

// EndGroup ends the innermost group and paints it with opacity (0 to
// 1), through mask unless it is the zero Mask; mask must come from
// EndMask on the same page.
func (p *Page) EndGroup(opacity float64, mask Mask) {
	data, ok := p.endFrame("EndGroup")
	if !ok {
		return
	}
	if mask.form < 0 || mask.form > len(p.forms) || mask.form > 0 && !p.forms[mask.form-1].mask {
		p.doc.failf("page %d: EndGroup with a mask of another page", p.index+1)
		return
	}
	p.forms = append(p.forms, form{data: data, alpha: math.Round(clamp01(opacity)*1000) / 1000, maskForm: mask.form})
	i := len(p.forms) - 1
	if p.forms[i].needsState() {
		p.setContent(pdfobj.AppendName(p.content, formGSName(i)))
		p.op(" gs")
	}
	p.setContent(pdfobj.AppendName(p.content, formName(i)))
	p.op(" Do")
	p.Restore()
}

// formObjects writes the forms of page p, returning the resources
// they add to the page (their names and graphics states) and the
// reference the forms' resource dictionary must be set at: the page's
// own, which names the forms too (a group may paint a group).
func (b *builder) formObjects(p *Page) (gstates, xobjects []resourceEntry, res pdfobj.Ref) {
	if len(p.forms) == 0 {
		return nil, nil, pdfobj.Ref{}
	}
	w := b.w
	refs := make([]pdfobj.Ref, len(p.forms))
	for i := range p.forms {
		refs[i] = w.Alloc()
	}
	res = w.Alloc()
	for i := range p.forms {
		f := &p.forms[i]
		group := pdfobj.Dict{"S": pdfobj.Name("Transparency")}
		if f.mask {
			group["CS"] = pdfobj.Name("DeviceRGB") // luminosity is of RGB
		}
		w.Set(refs[i], &pdfobj.Stream{Dict: pdfobj.Dict{"Type": pdfobj.Name("XObject"), "Subtype": pdfobj.Name("Form"),
			"BBox":  pdfobj.Array{pdfobj.Int(-bigBox), pdfobj.Int(-bigBox), pdfobj.Int(bigBox), pdfobj.Int(bigBox)},
			"Group": group, "Resources": res, "Filter": pdfobj.Name("FlateDecode")}, Data: b.compress(f.data)})
		if f.mask {
			continue
		}
		xobjects = append(xobjects, resourceEntry{formName(i), refs[i]})
		if f.needsState() {
			gs := pdfobj.Dict{"Type": pdfobj.Name("ExtGState"), "ca": pdfobj.Real(f.alpha), "CA": pdfobj.Real(f.alpha)}
			if f.maskForm > 0 {
				gs["SMask"] = pdfobj.Dict{"Type": pdfobj.Name("Mask"), "S": pdfobj.Name("Luminosity"), "G": refs[f.maskForm-1]}
			}
			gstates = append(gstates, resourceEntry{formGSName(i), w.Add(gs)})
		}
	}
	return gstates, xobjects, res
}
