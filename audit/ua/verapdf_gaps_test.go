package ua

import (
	"testing"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// xfaCatalog returns a catalog fragment with an AcroForm whose XFA is
// the given packets, each a stream.
func xfaCatalog(packets ...string) func(w *pdfobj.Writer) pdfobj.Dict {
	return func(w *pdfobj.Writer) pdfobj.Dict {
		var xfa pdfobj.Array
		for i, p := range packets {
			xfa = append(xfa, pdfobj.String(string(rune('a'+i))), w.Add(&pdfobj.Stream{Dict: pdfobj.Dict{}, Data: []byte(p)}))
		}
		return pdfobj.Dict{"AcroForm": pdfobj.Dict{"Fields": pdfobj.Array{}, "XFA": xfa}}
	}
}

// widgetIn returns annotations holding one widget in the Form element,
// its field given by parent (nil: the widget is the field, with /T).
func widgetIn(parent func(w *pdfobj.Writer) pdfobj.Object, extra pdfobj.Dict, formAttrs ...pdfobj.Object) func(w *pdfobj.Writer, page pdfobj.Ref, elems map[string]pdfobj.Ref, add func(int, pdfobj.Object)) pdfobj.Array {
	return func(w *pdfobj.Writer, page pdfobj.Ref, elems map[string]pdfobj.Ref, add func(int, pdfobj.Object)) pdfobj.Array {
		add(5, elems["Form1"])
		d := pdfobj.Dict{"StructParent": pdfobj.Int(5), "FT": pdfobj.Name("Btn")}
		if parent != nil {
			delete(d, "FT")
			d["Parent"] = parent(w)
		} else {
			d["T"] = pdfobj.String("f")
		}
		for k, v := range extra {
			d[k] = v
		}
		d["P"] = page
		wid := w.Add(annot("Widget", d))
		// the Form element holds the widget through an OBJR
		form := pdfobj.Dict{"Type": pdfobj.Name("StructElem"), "S": pdfobj.Name("Form"), "P": elems["Document1"], "Pg": page,
			"K": pdfobj.Array{pdfobj.Dict{"Type": pdfobj.Name("OBJR"), "Obj": wid}}}
		for i := 0; i+1 < len(formAttrs); i += 2 {
			form[formAttrs[i].(pdfobj.Name)] = formAttrs[i+1]
		}
		w.Set(elems["Form1"], form)
		return pdfobj.Array{wid}
	}
}

// radioGroup returns a radio group field (with /TU tu unless empty) under
// a top field that has a /TU.
func radioGroup(tu string) func(w *pdfobj.Writer) pdfobj.Object {
	return func(w *pdfobj.Writer) pdfobj.Object {
		top := w.Add(pdfobj.Dict{"T": pdfobj.String("top"), "TU": pdfobj.String("Survey")})
		g := pdfobj.Dict{"T": pdfobj.String("choice"), "FT": pdfobj.Name("Btn"), "Ff": pdfobj.Int(1 << 15), "Parent": top}
		if tu != "" {
			g["TU"] = pdfobj.String(tu)
		}
		return w.Add(g)
	}
}

// screen returns a Screen annotation in the Annot element (with alt on
// the element when altOnElem) playing a clip with the given /Alt.
func screen(contents string, clipAlt pdfobj.Array) func(w *pdfobj.Writer, page pdfobj.Ref, elems map[string]pdfobj.Ref, add func(int, pdfobj.Object)) pdfobj.Array {
	return func(w *pdfobj.Writer, page pdfobj.Ref, elems map[string]pdfobj.Ref, add func(int, pdfobj.Object)) pdfobj.Array {
		add(5, elems["Annot1"])
		clip := pdfobj.Dict{"S": pdfobj.Name("MCD"), "CT": pdfobj.String("video/mp4"), "Alt": clipAlt}
		act := pdfobj.Dict{"S": pdfobj.Name("Rendition"), "R": pdfobj.Dict{"S": pdfobj.Name("MR"), "C": clip}}
		d := pdfobj.Dict{"StructParent": pdfobj.Int(5), "A": act}
		if contents != "" {
			d["Contents"] = pdfobj.String(contents)
		}
		return pdfobj.Array{w.Add(annot("Screen", d))}
	}
}

// cidToGID36 is a CIDToGIDMap stream mapping CIDs 0–36 to themselves.
func cidToGID36() []byte {
	var b []byte
	for cid := 0; cid <= 36; cid++ {
		b = append(b, 0, byte(cid))
	}
	return b
}

// TestVeraPDFGaps checks the rules veraPDF applies that folio missed on
// the veraPDF PDF/UA-1 corpus (issue #22): each case's failing document
// and its repaired twin.
func TestVeraPDFGaps(t *testing.T) {
	lib := loadTTF(t)
	var widths pdfobj.Array
	for c := rune(72); c <= 105; c++ {
		widths = append(widths, pdfobj.Int(lib.advance(lib.cmap[c])))
	}
	text := "/Artifact BMC BT /F1 12 Tf 10 10 Td (Hi) Tj ET EMC\n"
	cmapBody := "/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /Custom def /WMode 0 def 1 begincodespacerange <0000> <FFFF> endcodespacerange 1 begincidrange <0000> <FFFF> 0 endcidrange endcmap end end"
	toUni := "1 beginbfrange <0000> <FFFF> <0041> endbfrange"
	cidMap := func(m pdfobj.Object) func(*pdfobj.Writer, pdfobj.Dict) {
		return func(_ *pdfobj.Writer, d pdfobj.Dict) { d["CIDToGIDMap"] = m }
	}
	cff := func(_ *pdfobj.Writer, d pdfobj.Dict) {
		d["Subtype"] = pdfobj.Name("CIDFontType0")
		delete(d, "CIDToGIDMap")
	}
	differences := func(names ...string) func(font, fd pdfobj.Dict) {
		return func(font, _ pdfobj.Dict) {
			diffs := pdfobj.Array{pdfobj.Int(72)}
			for _, n := range names {
				diffs = append(diffs, pdfobj.Name(n))
			}
			font["Encoding"] = pdfobj.Dict{"BaseEncoding": pdfobj.Name("WinAnsiEncoding"), "Differences": diffs}
		}
	}
	withCatalog := func(m mini, cat func(w *pdfobj.Writer) pdfobj.Dict) mini {
		m.catalogFn = cat
		return m
	}
	p := doc(leaf("P", nil))
	tests := []miniCase{
		// 7.15: dynamic XFA, also when the element is split across
		// packets or carries a namespace prefix.
		{"XFA dynamicRender required", withCatalog(mini{tree: p}, xfaCatalog(`<config><acrobat><acrobat7><dynamicRender>required</dynamicRender></acrobat7></acrobat></config>`)), []string{"pdfua-7.15-1"}},
		{"XFA element split across packets", withCatalog(mini{tree: p}, xfaCatalog(`<config><acrobat><acrobat7><dynamicRen`, `der>required</dynamicRender></acrobat7></acrobat></config>`)), []string{"pdfua-7.15-1"}},
		{"XFA element with a prefix", withCatalog(mini{tree: p}, xfaCatalog(`<c:config xmlns:c="x"><c:dynamicRender c:x="1">required</c:dynamicRender></c:config>`)), []string{"pdfua-7.15-1"}},
		{"static XFA passes", withCatalog(mini{tree: p}, xfaCatalog(`<config><acrobat><acrobat7><dynamicRender>forbidden</dynamicRender></acrobat7></acrobat></config>`)), nil},
		// 7.18.1-3: /TU is the widget's field's own, not inherited.
		{"radio group without TU", mini{tree: doc(leaf("P", nil), n("Form")), annots: widgetIn(radioGroup(""), nil)}, []string{"pdfua-7.18.1-3"}},
		{"radio group with TU", mini{tree: doc(leaf("P", nil), n("Form")), annots: widgetIn(radioGroup("Favourite colour"), nil)}, nil},
		{"widget that is its own field with TU", mini{tree: doc(leaf("P", nil), n("Form")), annots: widgetIn(nil, pdfobj.Dict{"TU": pdfobj.String("Agree")})}, nil},
		// 7.2-25: the Form element's /Lang gives the tooltip's language
		// when the catalog has none (7.2-33, the XMP title without a
		// language, fails in both).
		{"TU language unknown", mini{tree: doc(leaf("P", pdfobj.Dict{"Lang": pdfobj.String("en")}), n("Form")), noCatalogLang: true,
			annots: widgetIn(nil, pdfobj.Dict{"TU": pdfobj.String("Agree")})}, []string{"pdfua-7.2-25", "pdfua-7.2-33"}},
		{"TU language from the Form element", mini{tree: doc(leaf("P", pdfobj.Dict{"Lang": pdfobj.String("en")}), n("Form")), noCatalogLang: true,
			annots: widgetIn(nil, pdfobj.Dict{"TU": pdfobj.String("Agree")}, pdfobj.Name("Lang"), pdfobj.String("en"))}, []string{"pdfua-7.2-33"}},
		// 7.18.6.2-2: media clip /Alt descriptions must not be empty.
		{"media clip Alt of empty strings", mini{tree: doc(leaf("Annot", nil)), annots: screen("video", pdfobj.Array{pdfobj.String(""), pdfobj.String("")})}, []string{"pdfua-7.18.6.2-2"}},
		{"media clip Alt with unknown language", mini{tree: doc(leaf("Annot", nil)), annots: screen("video", pdfobj.Array{pdfobj.String(""), pdfobj.String("A video")})}, nil},
		// 7.18.1-2: a Screen annotation needs /Contents or /Alt.
		{"Screen annotation without description", mini{tree: doc(leaf("Annot", nil)), annots: screen("", pdfobj.Array{pdfobj.String("en"), pdfobj.String("A video")})}, []string{"pdfua-7.18.1-2"}},
		{"Screen annotation with Alt on its element", mini{tree: doc(leaf("Annot", pdfobj.Dict{"Alt": pdfobj.String("video")})), annots: screen("", pdfobj.Array{pdfobj.String("en"), pdfobj.String("A video")})}, nil},
		// 7.21.3.2-1: CIDToGIDMap is /Identity or a stream.
		{"CIDToGIDMap invalid name", mini{tree: p, content: "/Artifact BMC BT /F1 12 Tf 10 10 Td <0024> Tj ET EMC\n",
			resources: type0FontWith(cmapBody, 0, "Identity", toUni, cidMap(pdfobj.Name("Identity-H")))}, []string{"pdfua-7.21.3.2-1", "pdfua-7.21.4.1-2", "pdfua-7.21.8-1"}},
		{"CIDToGIDMap stream", mini{tree: p, content: "/Artifact BMC BT /F1 12 Tf 10 10 Td <0024> Tj ET EMC\n",
			resources: type0FontWith(cmapBody, 0, "Identity", toUni, func(w *pdfobj.Writer, d pdfobj.Dict) {
				d["CIDToGIDMap"] = w.Add(&pdfobj.Stream{Dict: pdfobj.Dict{}, Data: cidToGID36()})
			})}, nil},
		{"CIDToGIDMap missing", mini{tree: p, content: "/Artifact BMC BT /F1 12 Tf 10 10 Td <0024> Tj ET EMC\n",
			resources: type0FontWith(cmapBody, 0, "Identity", toUni, func(_ *pdfobj.Writer, d pdfobj.Dict) { delete(d, "CIDToGIDMap") })}, []string{"pdfua-7.21.3.2-1"}},
		// 7.21.8-1: CID 0 of a CFF CIDFont is .notdef (invisible text
		// too, so that the embedding rules stay out of it).
		{"CIDFontType0 shows CID 0", mini{tree: p, content: "/Artifact BMC BT 3 Tr /F1 12 Tf 10 10 Td <0000> Tj ET EMC\n",
			resources: type0FontWith(cmapBody, 0, "Identity", toUni, cff)}, []string{"pdfua-7.21.8-1"}},
		{"CIDFontType0 shows CID 36", mini{tree: p, content: "/Artifact BMC BT 3 Tr /F1 12 Tf 10 10 Td <0024> Tj ET EMC\n",
			resources: type0FontWith(cmapBody, 0, "Identity", toUni, cff)}, nil},
		// 7.21.6-2: /Differences of a non-symbolic TrueType font name
		// Adobe Glyph List glyphs only.
		{"Differences outside the AGL", mini{tree: p, content: text, resources: simpleFont(widths, false, 32, differences("H.alt", "i"))}, []string{"pdfua-7.21.6-2"}},
		{"Differences in the AGL", mini{tree: p, content: text, resources: simpleFont(widths, false, 32, differences("H", "i"))}, nil},
	}
	runMiniCases(t, tests)
}
