package ua

import (
	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// checkAnnots applies the annotation rules (7.18.x, 7.2-24, 7.11-1) and
// the tab-order rule to one page.
func (c *checker) checkAnnots(p pdfobj.Page, page int) {
	f := c.f
	annots, _ := f.Resolve(p.Dict["Annots"]).(pdfobj.Array)
	if len(annots) == 0 {
		return
	}
	tabs, _ := f.Resolve(p.Dict["Tabs"]).(pdfobj.Name)
	c.check("pdfua-7.18.3-1", tabs == "S", loc{page: page, obj: p.Ref.Num}, "page %d has annotations but no /Tabs /S (tab order following the structure)", page)
	for i, ao := range annots {
		if i >= 1<<16 || c.tick() {
			break
		}
		a, ok := f.Resolve(ao).(pdfobj.Dict)
		if !ok {
			continue
		}
		st, _ := f.Resolve(a["Subtype"]).(pdfobj.Name)
		l := loc{page: page, obj: objNum(ao)}
		flags, _ := f.Resolve(a["F"]).(pdfobj.Int)
		hidden := flags&2 != 0
		outside := false
		if r, ok := f.Rect(a["Rect"]); ok {
			cb := p.CropBox
			outside = r[2] < cb[0] || r[0] > cb[2] || r[3] < cb[1] || r[1] > cb[3]
		}
		if st == "Popup" {
			// Popups are presented through their parent annotation.
			continue
		}
		if st == "TrapNet" {
			c.check("pdfua-7.18.2-1", hidden || outside, l, "page %d has a visible TrapNet annotation", page)
			continue
		}
		if st == "Screen" {
			c.checkMediaClips(a, l)
		}
		if st == "FileAttachment" {
			c.checkFileSpec(a["FS"], page)
		}
		if hidden || outside {
			continue
		}
		c.checkAppearance(a, page)
		// The structure element the annotation belongs to.
		var el pdfobj.Object
		var elDict pdfobj.Dict
		var std string
		if sp, ok := f.Resolve(a["StructParent"]).(pdfobj.Int); ok {
			el = c.parentTreeEntry(int(sp))
			if d, ok := f.Resolve(el).(pdfobj.Dict); ok {
				elDict = d
				std = c.stdTypeOf(el)
			}
		}
		if e := c.elemOf(el); e != nil {
			l.path = e.path
		}
		contents, _ := c.text(a["Contents"])
		alt, _ := c.text(elDict["Alt"])
		if a["Contents"] != nil {
			langOK := c.catalogLang || elDict["Lang"] != nil
			c.check("pdfua-7.2-24", langOK, l, "the language of the %s annotation's /Contents cannot be determined", st)
		}
		switch st {
		case "Widget":
			c.check("pdfua-7.18.4-1", std == "Form", l, "a widget annotation on page %d is not in a Form structure element", page)
			tu := c.fieldTU(a)
			c.check("pdfua-7.18.1-3", tu != "" || alt != "", l, "a form field on page %d has no /TU tooltip and its Form element no /Alt", page)
			if tu != "" {
				c.check("pdfua-7.2-25", c.catalogLang || elDict["Lang"] != nil, l, "the language of the form field's /TU cannot be determined")
			}
			continue
		case "PrinterMark":
			c.check("pdfua-7.18.8-1", el == nil, l, "a PrinterMark annotation on page %d is part of the structure tree", page)
			continue
		case "Link":
			c.check("pdfua-7.18.5-1", std == "Link", l, "a link annotation on page %d is not in a Link structure element (found %s)", page, orNone(std))
			c.check("pdfua-7.18.5-2", contents != "", l, "a link annotation on page %d has no /Contents describing it", page)
		default:
			c.check("pdfua-7.18.1-1", std == "Annot", l, "a %s annotation on page %d is not in an Annot structure element (found %s)", st, page, orNone(std))
		}
		c.check("pdfua-7.18.1-2", contents != "" || alt != "", l, "a %s annotation on page %d has no /Contents and its structure element no /Alt", st, page)
	}
}

// fieldTU returns the /TU of the field a widget belongs to: the widget's
// own when it is a field itself (it has a /T), otherwise its parent
// field's. /TU is not inherited further up the field tree (ISO 32000-1
// 12.7.3.1 lists the inheritable entries), so a radio button whose
// group has no /TU has none, whatever the group's ancestors say (as
// veraPDF reads it).
func (c *checker) fieldTU(a pdfobj.Dict) string {
	field := a
	if a["T"] == nil {
		if p, ok := c.f.Resolve(a["Parent"]).(pdfobj.Dict); ok {
			field = p
		}
	}
	tu, _ := c.text(field["TU"])
	return tu
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// checkAppearance runs the font and glyph rules on the normal appearance
// streams of an annotation (they are exempt from the tagging rules).
func (c *checker) checkAppearance(a pdfobj.Dict, page int) {
	f := c.f
	ap, _ := f.Resolve(a["AP"]).(pdfobj.Dict)
	if ap == nil {
		return
	}
	var streams []pdfobj.Object
	switch n := f.Resolve(ap["N"]).(type) {
	case *pdfobj.Stream:
		streams = append(streams, ap["N"])
	case pdfobj.Dict:
		for _, v := range n {
			if len(streams) < 16 {
				streams = append(streams, v)
			}
		}
	}
	sc := &streamCtx{page: page, base: mcEntry{near: -1}, formChain: map[int]bool{}, exempt: true}
	for _, o := range streams {
		if s, ok := f.Resolve(o).(*pdfobj.Stream); ok {
			c.paintForm(o, s, sc.base, sc)
		}
	}
}

// checkMediaClips applies 7.18.6.2-1/2 to the media clip of a Screen
// annotation's rendition action.
func (c *checker) checkMediaClips(a pdfobj.Dict, l loc) {
	f := c.f
	act, _ := f.Resolve(a["A"]).(pdfobj.Dict)
	if act == nil || act["S"] != pdfobj.Name("Rendition") {
		return
	}
	r, _ := f.Resolve(act["R"]).(pdfobj.Dict)
	clip, _ := f.Resolve(r["C"]).(pdfobj.Dict)
	if clip == nil || clip["S"] != pdfobj.Name("MCD") {
		return
	}
	c.check("pdfua-7.18.6.2-1", clip["CT"] != nil, l, "a media clip has no /CT content type")
	// /Alt pairs a language (may be empty: unknown) with a description,
	// which must not be empty.
	alt, ok := f.Resolve(clip["Alt"]).(pdfobj.Array)
	ok = ok && len(alt)%2 == 0
	for i := 0; ok && i < len(alt); i++ {
		s, isText := c.text(alt[i])
		ok = isText && (i%2 == 0 || s != "")
	}
	c.check("pdfua-7.18.6.2-2", ok, l, "a media clip has no well-formed /Alt (pairs of a language and a non-empty description)")
}
