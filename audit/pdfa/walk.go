package pdfa

import (
	"bytes"
	"fmt"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// Implementation limits of ISO 19005-2 6.1.13.
const (
	maxString = 32767
	maxName   = 127
	maxInt    = 2147483647
	// maxDepth bounds the walk of one object's direct values.
	maxDepth = 64
)

// standardBlend are the blend modes of ISO 32000-1 11.3.5.
var standardBlend = map[pdfobj.Name]bool{
	"Normal": true, "Compatible": true, "Multiply": true, "Screen": true, "Overlay": true, "Darken": true,
	"Lighten": true, "ColorDodge": true, "ColorBurn": true, "HardLight": true, "SoftLight": true,
	"Difference": true, "Exclusion": true, "Hue": true, "Saturation": true, "Color": true, "Luminosity": true,
}

// allowedAnnots are the annotation types PDF/A-2 and -3 allow (ISO
// 32000-1's, without 3D, Sound, Screen and Movie).
var allowedAnnots = map[pdfobj.Name]bool{
	"Text": true, "Link": true, "FreeText": true, "Line": true, "Square": true, "Circle": true, "Polygon": true,
	"PolyLine": true, "Highlight": true, "Underline": true, "Squiggly": true, "StrikeOut": true, "Stamp": true,
	"Caret": true, "Ink": true, "Popup": true, "FileAttachment": true, "Widget": true, "PrinterMark": true,
	"TrapNet": true, "Watermark": true, "Redact": true,
}

// objects examines every object of the file.
func (c *checker) objects() {
	for i, num := range c.f.ObjectNumbers() {
		if i >= c.opts.MaxObjects {
			c.fail("pdfa-limit", 0, "the audit stopped after %d objects", c.opts.MaxObjects)
			return
		}
		if i%256 == 0 && c.stopped() {
			return
		}
		o, err := c.f.Get(pdfobj.Ref{Num: num})
		if err != nil {
			continue
		}
		c.limits(o, num, 0)
		switch v := o.(type) {
		case *pdfobj.Stream:
			c.stream(v, num)
		case pdfobj.Dict:
			c.dict(v, num)
		}
	}
}

// limits checks the implementation limits on the direct values of o.
func (c *checker) limits(o pdfobj.Object, obj, depth int) {
	if depth > maxDepth {
		return
	}
	switch v := o.(type) {
	case pdfobj.String:
		if len(v) > maxString {
			c.fail("pdfa-6.1.13-1", obj, "a string of %d bytes is longer than %d", len(v), maxString)
		}
	case pdfobj.HexString:
		if len(v) > maxString {
			c.fail("pdfa-6.1.13-1", obj, "a string of %d bytes is longer than %d", len(v), maxString)
		}
	case pdfobj.Name:
		if len(v) > maxName {
			c.fail("pdfa-6.1.13-1", obj, "a name of %d bytes is longer than %d", len(v), maxName)
		}
	case pdfobj.Int:
		if v > maxInt || v < -maxInt-1 {
			c.fail("pdfa-6.1.13-1", obj, "the integer %d is out of range", v)
		}
	case pdfobj.Array:
		for _, e := range v {
			c.limits(e, obj, depth+1)
		}
	case pdfobj.Dict:
		for k, e := range v {
			c.limits(k, obj, depth+1)
			c.limits(e, obj, depth+1)
		}
	case *pdfobj.Stream:
		c.limits(v.Dict, obj, depth+1)
	}
}

// stream checks a stream's dictionary by its type.
func (c *checker) stream(s *pdfobj.Stream, obj int) {
	d := s.Dict
	_, f := d["F"]
	_, ff := d["FFilter"]
	_, fp := d["FDecodeParms"]
	c.check("pdfa-6.1.7-1", !f && !ff && !fp, obj, "a stream refers to external data (/F, /FFilter or /FDecodeParms)")
	c.filters(d["Filter"], obj)
	switch c.f.Resolve(d["Subtype"]) {
	case pdfobj.Name("Image"):
		interp, _ := c.f.Resolve(d["Interpolate"]).(pdfobj.Bool)
		_, alt := d["Alternates"]
		_, opi := d["OPI"]
		c.check("pdfa-6.2.8-1", !bool(interp) && !alt && !opi, obj, "an image has /Interpolate true, /Alternates or /OPI")
		c.colorSpace(d["ColorSpace"], obj, "an image")
	case pdfobj.Name("Form"):
		_, opi := d["OPI"]
		_, ref := d["Ref"]
		ps := c.f.Resolve(d["Subtype2"]) == pdfobj.Name("PS")
		c.check("pdfa-6.2.9-1", !opi && !ref && !ps, obj, "a form XObject has /OPI, /Ref or /Subtype2 /PS")
		if g, ok := c.f.Resolve(d["Group"]).(pdfobj.Dict); ok {
			c.colorSpace(g["CS"], obj, "a transparency group")
		}
	case pdfobj.Name("PS"):
		c.fail("pdfa-6.2.9-1", obj, "a PostScript XObject")
	}
	if d["ShadingType"] != nil {
		c.colorSpace(d["ColorSpace"], obj, "a shading")
	}
}

// filters checks that a stream uses no LZW or Crypt filter.
func (c *checker) filters(f pdfobj.Object, obj int) {
	var names []pdfobj.Object
	switch v := c.f.Resolve(f).(type) {
	case pdfobj.Name:
		names = []pdfobj.Object{v}
	case pdfobj.Array:
		names = v
	default:
		return
	}
	for _, n := range names {
		name := c.f.Resolve(n)
		c.check("pdfa-6.1.7-2", name != pdfobj.Name("LZWDecode") && name != pdfobj.Name("Crypt"), obj, "a stream uses the %s filter", pdfobj.Text(name))
	}
}

// dict checks a dictionary by its type.
func (c *checker) dict(d pdfobj.Dict, obj int) {
	typ, _ := c.f.Resolve(d["Type"]).(pdfobj.Name)
	if s, ok := c.f.Resolve(d["S"]).(pdfobj.Name); ok && (typ == "Action" || typ == "") && (d["Next"] != nil || isAction(s)) {
		c.check("pdfa-6.5.1-1", !forbiddenActions[s], obj, "a %s action", s)
	}
	if _, js := d["JS"]; js {
		c.fail("pdfa-6.6.1-1", obj, "a dictionary carries JavaScript (/JS)")
	}
	switch {
	case typ == "Annot" || (d["Rect"] != nil && d["Subtype"] != nil && typ == ""):
		c.annotation(d, obj)
	case typ == "Page":
		_, aa := d["AA"]
		c.check("pdfa-6.5.2-1", !aa, obj, "a page has additional actions (/AA)")
		if g, ok := c.f.Resolve(d["Group"]).(pdfobj.Dict); ok {
			c.colorSpace(g["CS"], obj, "a page group")
		}
	case typ == "ExtGState":
		c.extGState(d, obj)
	case typ == "Font":
		c.font(d, obj)
	}
}

// isAction reports whether s names an action type of ISO 32000-1.
func isAction(s pdfobj.Name) bool {
	switch s {
	case "GoTo", "GoToR", "GoToE", "URI", "Named", "SubmitForm", "Thread":
		return true
	}
	return forbiddenActions[s]
}

// annotation checks an annotation's type, flags, appearance and actions.
func (c *checker) annotation(d pdfobj.Dict, obj int) {
	sub, _ := c.f.Resolve(d["Subtype"]).(pdfobj.Name)
	c.check("pdfa-6.3.1-1", allowedAnnots[sub], obj, "a %s annotation", sub)
	if sub != "Popup" {
		flags, _ := c.f.Resolve(d["F"]).(pdfobj.Int)
		const print, hidden, invisible, noView, toggle = 4, 2, 1, 32, 256
		c.check("pdfa-6.3.2-1", flags&print != 0 && flags&(hidden|invisible|noView|toggle) == 0, obj,
			"a %s annotation has flags /F %d: Print must be set, Hidden, Invisible, NoView and ToggleNoView clear", sub, flags)
	}
	_, aa := d["AA"]
	c.check("pdfa-6.5.2-1", !aa, obj, "an annotation has additional actions (/AA)")
	if sub == "Link" || sub == "Popup" {
		return
	}
	if r, ok := c.f.Rect(d["Rect"]); ok && (r[2]-r[0] == 0 || r[3]-r[1] == 0) {
		return // no area: no appearance needed
	}
	ap, _ := c.f.Resolve(d["AP"]).(pdfobj.Dict)
	_, n := ap["N"]
	c.check("pdfa-6.3.3-1", n && len(ap) == 1 || sub == "Widget" && n, obj, "a %s annotation has no normal appearance only (/AP <</N …>>)", sub)
}

// extGState checks transfer functions, halftones and blend modes.
func (c *checker) extGState(d pdfobj.Dict, obj int) {
	_, tr := d["TR"]
	tr2 := d["TR2"] != nil && c.f.Resolve(d["TR2"]) != pdfobj.Name("Default")
	_, htp := d["HTP"]
	c.check("pdfa-6.2.5-1", !tr && !tr2 && !htp, obj, "a graphics state has /TR, /TR2 or /HTP")
	bm := c.f.Resolve(d["BM"])
	var modes []pdfobj.Object
	switch v := bm.(type) {
	case pdfobj.Name:
		modes = []pdfobj.Object{v}
	case pdfobj.Array:
		modes = v
	}
	for _, m := range modes {
		n, _ := c.f.Resolve(m).(pdfobj.Name)
		c.check("pdfa-6.2.5-2", standardBlend[n], obj, "the blend mode %s is not standard", n)
	}
}

// font checks that a font is embedded and, at levels A and U, mapped to
// Unicode.
func (c *checker) font(d pdfobj.Dict, obj int) {
	sub, _ := c.f.Resolve(d["Subtype"]).(pdfobj.Name)
	switch sub {
	case "Type3":
		return
	case "Type0":
		if c.level == "A" || c.level == "U" {
			c.check("pdfa-6.2.11.7-1", d["ToUnicode"] != nil, obj, "the font %s has no /ToUnicode", pdfobj.Text(c.f.Resolve(d["BaseFont"])))
		}
		return // its descendant font is checked as an object of its own
	}
	fd, _ := c.f.Resolve(d["FontDescriptor"]).(pdfobj.Dict)
	embedded := fd["FontFile"] != nil || fd["FontFile2"] != nil || fd["FontFile3"] != nil
	c.check("pdfa-6.2.11.4-1", embedded, obj, "the font %s is not embedded", pdfobj.Text(c.f.Resolve(d["BaseFont"])))
	if (sub == "Type1" || sub == "TrueType" || sub == "MMType1") && (c.level == "A" || c.level == "U") {
		enc := c.f.Resolve(d["Encoding"])
		std := enc == pdfobj.Name("WinAnsiEncoding") || enc == pdfobj.Name("MacRomanEncoding") || enc == pdfobj.Name("StandardEncoding")
		c.check("pdfa-6.2.11.7-1", d["ToUnicode"] != nil || std, obj, "the font %s has no /ToUnicode", pdfobj.Text(c.f.Resolve(d["BaseFont"])))
	}
}

// embeddedFiles checks the embedded files: in PDF/A-2 only PDF files; in
// PDF/A-3 each with a MIME type and a modification date, its file
// specification with /F, /UF and /AFRelationship and listed in the
// catalog's /AF.
func (c *checker) embeddedFiles(root, names pdfobj.Dict) {
	tree := c.f.NameTree(names["EmbeddedFiles"])
	if len(tree) == 0 {
		return
	}
	af := map[int]bool{}
	afArr, _ := c.f.Resolve(root["AF"]).(pdfobj.Array)
	for _, o := range afArr {
		af[refNum(o)] = true
	}
	for name, o := range tree {
		spec, _ := c.f.Resolve(o).(pdfobj.Dict)
		obj := refNum(o)
		ef, _ := c.f.Resolve(spec["EF"]).(pdfobj.Dict)
		file, _ := c.f.Resolve(ef["F"]).(*pdfobj.Stream)
		if file == nil {
			file, _ = c.f.Resolve(ef["UF"]).(*pdfobj.Stream)
		}
		label := fmt.Sprintf("the embedded file %q", pdfobj.Text(pdfobj.String(name)))
		if c.part == 2 {
			var data []byte
			if file != nil {
				data, _ = c.f.DecodeStream(file)
			}
			c.check("pdfa-6.8-1", bytes.HasPrefix(data, []byte("%PDF-")) && bytes.Contains(data, []byte(nsPDFAID)), obj,
				"%s is not a PDF/A file, which PDF/A-2 requires of embedded files", label)
			continue
		}
		var mime, mod bool
		if file != nil {
			_, mime = c.f.Resolve(file.Dict["Subtype"]).(pdfobj.Name)
			params, _ := c.f.Resolve(file.Dict["Params"]).(pdfobj.Dict)
			mod = params["ModDate"] != nil
		}
		c.check("pdfa-6.8-2", mime && mod, obj, "%s lacks its MIME type (/Subtype) or /Params /ModDate", label)
		rel, _ := c.f.Resolve(spec["AFRelationship"]).(pdfobj.Name)
		validRel := rel == "Source" || rel == "Data" || rel == "Alternative" || rel == "Supplement" || rel == "Unspecified"
		c.check("pdfa-6.8-3", spec["F"] != nil && spec["UF"] != nil && validRel && obj != 0 && af[obj], obj,
			"%s: its file specification needs /F, /UF, a valid /AFRelationship (got %q) and a place in the catalog's /AF", label, rel)
	}
}
