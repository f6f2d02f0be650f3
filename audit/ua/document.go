package ua

import (
	"bytes"
	"regexp"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

var (
	headerPattern = regexp.MustCompile(`^%PDF-1\.[0-7]$`)
	langPattern   = regexp.MustCompile(`^[a-zA-Z]{1,8}(-[a-zA-Z0-9]{1,8})*$`)
	// xfaDynamic matches the XFA configuration element that requires
	// dynamic rendering, with or without a namespace prefix and
	// attributes.
	xfaDynamic = regexp.MustCompile(`<(?:[\w.-]+:)?dynamicRender\b[^>]*>\s*required\s*<`)
)

// maxXFA bounds the XFA packets joined to look for dynamic rendering.
const maxXFA = 64 << 20

// checkDocument runs the file- and catalog-level rules.
func (c *checker) checkDocument() {
	f, cat := c.f, c.catalog
	catLoc := loc{obj: objNum(f.Trailer()["Root"])}
	hdr := f.Header()
	c.check("pdfua-6.1-1", headerPattern.MatchString(hdr), loc{}, "the file header is %q; PDF/UA-1 needs %%PDF-1.0 to %%PDF-1.7", clipStr(hdr))

	mi, _ := f.Resolve(cat["MarkInfo"]).(pdfobj.Dict)
	marked, _ := f.Resolve(mi["Marked"]).(pdfobj.Bool)
	c.check("pdfua-6.2-1", bool(marked), catLoc, "the catalog's /MarkInfo has no /Marked true")
	suspects, _ := f.Resolve(mi["Suspects"]).(pdfobj.Bool)
	c.check("pdfua-7.1-4", !bool(suspects), catLoc, "/MarkInfo /Suspects is true: the tagging is marked as unreliable")

	c.check("pdfua-7.1-11", f.Resolve(cat["StructTreeRoot"]) != nil, catLoc, "the document is not tagged: the catalog has no /StructTreeRoot")

	vp, _ := f.Resolve(cat["ViewerPreferences"]).(pdfobj.Dict)
	ddt, _ := f.Resolve(vp["DisplayDocTitle"]).(pdfobj.Bool)
	msg := "the catalog's /ViewerPreferences has no /DisplayDocTitle"
	if vp["DisplayDocTitle"] != nil {
		msg = "/ViewerPreferences /DisplayDocTitle is not true: viewers show the file name instead of the title"
	}
	c.check("pdfua-7.1-10", bool(ddt), catLoc, "%s", msg)

	switch l := f.Resolve(cat["Lang"]).(type) {
	case pdfobj.String, pdfobj.HexString:
		c.catalogLang = true
		lang := pdfobj.Text(l)
		c.info.Lang = lang
		c.checkLang(lang, catLoc, "the catalog")
	}

	// 7.2-2: outline entries need the catalog language.
	if outlines, ok := f.Resolve(cat["Outlines"]).(pdfobj.Dict); ok && outlines["First"] != nil {
		if n := c.countOutlines(outlines["First"]); n > 0 {
			c.check("pdfua-7.2-2", c.catalogLang, loc{}, "%d outline entries have no determinable language: the catalog has no /Lang", n)
			rc := c.count("pdfua-7.2-2")
			rc.checked += n - 1
			if !c.catalogLang {
				rc.failed += n - 1
			}
		}
	}

	// 7.10: optional content configurations.
	if ocp, ok := f.Resolve(cat["OCProperties"]).(pdfobj.Dict); ok {
		var configs []pdfobj.Object
		if d := ocp["D"]; d != nil {
			configs = append(configs, d)
		}
		if a, ok := f.Resolve(ocp["Configs"]).(pdfobj.Array); ok {
			configs = append(configs, a...)
		}
		for _, co := range configs {
			d, ok := f.Resolve(co).(pdfobj.Dict)
			if !ok {
				continue
			}
			l := loc{obj: objNum(co)}
			c.check("pdfua-7.10-1", pdfobj.Text(f.Resolve(d["Name"])) != "", l, "an optional content configuration has no /Name")
			c.check("pdfua-7.10-2", d["AS"] == nil, l, "an optional content configuration has an /AS entry")
		}
	}

	// 7.11: embedded files.
	if names, ok := f.Resolve(cat["Names"]).(pdfobj.Dict); ok && names["EmbeddedFiles"] != nil {
		for _, fs := range f.NameTree(names["EmbeddedFiles"]) {
			if c.tick() {
				return
			}
			c.checkFileSpec(fs, 0)
		}
	}

	// 7.15: dynamic XFA.
	if af, ok := f.Resolve(cat["AcroForm"]).(pdfobj.Dict); ok && af["XFA"] != nil {
		var streams []pdfobj.Object
		switch x := f.Resolve(af["XFA"]).(type) {
		case *pdfobj.Stream:
			streams = append(streams, x)
		case pdfobj.Array:
			for i := 1; i < len(x); i += 2 {
				streams = append(streams, x[i])
			}
		}
		// The packets are one XML document cut anywhere: join them
		// before looking for the element.
		var xdp []byte
		for _, so := range streams {
			if s, ok := f.Resolve(so).(*pdfobj.Stream); ok {
				if data, err := c.decode(s); err == nil && len(xdp)+len(data) <= maxXFA {
					xdp = append(xdp, data...)
				}
			}
		}
		dynamic := bytes.Contains(xdp, []byte("dynamicRender")) && xfaDynamic.Match(xdp)
		c.check("pdfua-7.15-1", !dynamic, loc{}, "the XFA form requires dynamic rendering")
	}

	c.checkEncryption()

	// A catalog /Version newer than the header wins (ISO 32000-1 7.2.2).
	if v, ok := f.Resolve(cat["Version"]).(pdfobj.Name); ok && string(v) > c.info.PDFVersion {
		c.info.PDFVersion = string(v)
	}
	if info := f.Info(); info != nil {
		c.info.Title = pdfobj.Text(f.Resolve(info["Title"]))
	}
}

// checkEncryption applies 7.16-1: encryption must permit text extraction
// for accessibility.
func (c *checker) checkEncryption() {
	f := c.f
	if enc, ok := f.Resolve(f.Trailer()["Encrypt"]).(pdfobj.Dict); ok {
		p, hasP := f.Resolve(enc["P"]).(pdfobj.Int)
		c.check("pdfua-7.16-1", hasP && int64(p)&512 != 0, loc{obj: objNum(f.Trailer()["Encrypt"])},
			"the encryption dictionary does not permit text extraction for accessibility (/P bit 10)")
	}
}

// checkLang applies 7.2-29 to one /Lang value.
func (c *checker) checkLang(lang string, l loc, where string) {
	c.check("pdfua-7.2-29", langPattern.MatchString(lang), l, "%s has /Lang %q, which is not a valid language tag", where, clipStr(lang))
}

func (c *checker) countOutlines(first pdfobj.Object) int {
	n := 0
	seen := map[int]bool{}
	var walk func(o pdfobj.Object, depth int)
	walk = func(o pdfobj.Object, depth int) {
		for hops := 0; o != nil && hops < 100000 && depth < 64 && !c.tick(); hops++ {
			if r, ok := o.(pdfobj.Ref); ok {
				if seen[r.Num] {
					return
				}
				seen[r.Num] = true
			}
			d, ok := c.f.Resolve(o).(pdfobj.Dict)
			if !ok {
				return
			}
			n++
			if d["First"] != nil {
				walk(d["First"], depth+1)
			}
			o = d["Next"]
		}
	}
	walk(first, 0)
	return n
}

// checkFileSpec applies 7.11-1 to a file specification.
func (c *checker) checkFileSpec(o pdfobj.Object, page int) {
	d, ok := c.f.Resolve(o).(pdfobj.Dict)
	if !ok || d["EF"] == nil {
		return
	}
	fOK := pdfobj.Text(c.f.Resolve(d["F"])) != ""
	ufOK := pdfobj.Text(c.f.Resolve(d["UF"])) != ""
	c.check("pdfua-7.11-1", fOK && ufOK, loc{page: page, obj: objNum(o)}, "an embedded file specification lacks a non-empty /F or /UF")
}

func clipStr(s string) string {
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}
