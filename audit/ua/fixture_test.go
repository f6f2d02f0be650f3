package ua

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strings"
	"testing"

	"github.com/go-fonts/liberation/liberationsansregular"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// breakage selects what a fixture gets wrong; the zero value builds a
// conforming PDF/UA-1 file.
type breakage struct {
	noLang            bool
	untaggedText      bool
	figureNoAlt       bool
	thNoScope         bool
	linkNoContents    bool
	noToUnicode       bool
	noPDFUAID         bool
	displayTitleFalse bool
	headingSkip       bool
	untaggedRect      bool
	artifactInTagged  bool
	fontNotEmbedded   bool
	wrongWidths       bool
	noTabs            bool
	linkNotTagged     bool
	badLang           bool
	noStructTree      bool
	header20          bool
	roleMapStandard   bool
	listBroken        bool
	irregularTable    bool
	pages             int      // default 1
	extraGlyphs       []uint16 // glyph ids shown raw inside the first paragraph
	toUnicodeZero     bool     // map the first used glyph to U+0000
	textRenderMode3   bool     // show the extra glyphs invisibly
	cidSet            int      // 1: CIDSet of the used CIDs, 2: empty CIDSet, 3: used CIDs plus CID 65000
}

// ttfFont is the part of a TrueType font the fixture needs.
type ttfFont struct {
	data       []byte
	unitsPerEm int
	advances   []uint16
	cmap       map[rune]uint16
}

func loadTTF(t testing.TB) *ttfFont {
	t.Helper()
	data := liberationsansregular.TTF
	tables := map[string][]byte{}
	n := int(binary.BigEndian.Uint16(data[4:]))
	for i := 0; i < n; i++ {
		rec := data[12+16*i:]
		off, l := binary.BigEndian.Uint32(rec[8:]), binary.BigEndian.Uint32(rec[12:])
		tables[string(rec[:4])] = data[off : off+l]
	}
	f := &ttfFont{data: data, unitsPerEm: int(binary.BigEndian.Uint16(tables["head"][18:])), cmap: map[rune]uint16{}}
	nh := int(binary.BigEndian.Uint16(tables["hhea"][34:]))
	for i := 0; i < nh; i++ {
		f.advances = append(f.advances, binary.BigEndian.Uint16(tables["hmtx"][4*i:]))
	}
	cm := tables["cmap"]
	for i := 0; i < int(binary.BigEndian.Uint16(cm[2:])); i++ {
		rec := cm[4+8*i:]
		if binary.BigEndian.Uint16(rec) != 3 || binary.BigEndian.Uint16(rec[2:]) != 1 {
			continue
		}
		sub := cm[binary.BigEndian.Uint32(rec[4:]):]
		if binary.BigEndian.Uint16(sub) != 4 {
			continue
		}
		segs := int(binary.BigEndian.Uint16(sub[6:])) / 2
		ends, starts := sub[14:], sub[16+2*segs:]
		deltas, offs := sub[16+4*segs:], sub[16+6*segs:]
		for s := 0; s < segs; s++ {
			end, start := binary.BigEndian.Uint16(ends[2*s:]), binary.BigEndian.Uint16(starts[2*s:])
			delta, ro := binary.BigEndian.Uint16(deltas[2*s:]), binary.BigEndian.Uint16(offs[2*s:])
			for c := uint32(start); c <= uint32(end) && c < 0xFFFF; c++ {
				var g uint16
				if ro == 0 {
					g = uint16(c) + delta
				} else {
					p := 2*s + int(ro) + 2*int(c-uint32(start))
					g = binary.BigEndian.Uint16(offs[p:])
					if g != 0 {
						g += delta
					}
				}
				if g != 0 {
					f.cmap[rune(c)] = g
				}
			}
		}
	}
	return f
}

func (f *ttfFont) advance(g uint16) int {
	i := int(g)
	if i >= len(f.advances) {
		i = len(f.advances) - 1
	}
	return int(f.advances[i]) * 1000 / f.unitsPerEm
}

// builder assembles the fixture.
type builder struct {
	t    testing.TB
	w    *pdfobj.Writer
	b    breakage
	font *ttfFont
	used map[uint16]rune
	root pdfobj.Ref // StructTreeRoot
}

// glyphs encodes s as 2-byte glyph ids (Identity-H) and records them.
func (bd *builder) glyphs(s string) pdfobj.HexString {
	var out []byte
	for _, r := range s {
		g := bd.font.cmap[r]
		if g == 0 {
			bd.t.Fatalf("Liberation Sans has no glyph for %q", r)
		}
		bd.used[g] = r
		out = append(out, byte(g>>8), byte(g))
	}
	return out
}

type se struct {
	ref  pdfobj.Ref
	dict pdfobj.Dict
}

func (bd *builder) elem(parent pdfobj.Ref, typ string, extra pdfobj.Dict) se {
	d := pdfobj.Dict{"Type": pdfobj.Name("StructElem"), "S": pdfobj.Name(typ), "P": parent, "K": pdfobj.Array{}}
	for k, v := range extra {
		d[k] = v
	}
	return se{ref: bd.w.Alloc(), dict: d}
}

func (e se) add(kid pdfobj.Object) { e.dict["K"] = append(e.dict["K"].(pdfobj.Array), kid) }

// build writes the fixture and returns its bytes.
func build(t testing.TB, b breakage) []byte {
	t.Helper()
	if b.pages == 0 {
		b.pages = 1
	}
	w := pdfobj.NewWriter()
	w.Compress = false
	bd := &builder{t: t, w: w, b: b, font: loadTTF(t), used: map[uint16]rune{}}
	catalog := w.Alloc()
	pagesRef := w.Alloc()
	bd.root = w.Alloc()
	type0 := w.Alloc()
	doc := bd.elem(bd.root, "Document", nil)
	elems := []se{doc}
	var pageRefs pdfobj.Array
	parentTree := pdfobj.Array{}
	sp := 0
	for pn := 0; pn < b.pages; pn++ {
		pageRef := w.Alloc()
		pageRefs = append(pageRefs, pageRef)
		var mcids pdfobj.Array // ParentTree entry: MCID → element
		var content bytes.Buffer
		tagged := func(e se, tag string, body string) {
			mcid := len(mcids)
			mcids = append(mcids, e.ref)
			e.add(pdfobj.Dict{"Type": pdfobj.Name("MCR"), "Pg": pageRef, "MCID": pdfobj.Int(mcid)})
			fmt.Fprintf(&content, "/%s <</MCID %d>> BDC\n%s\nEMC\n", tag, mcid, body)
		}
		text := func(x, y int, s string) string {
			return fmt.Sprintf("BT /F1 12 Tf %d %d Td %s Tj ET", x, y, pdfobj.Format(bd.glyphs(s)))
		}
		// Background as an artifact (or untagged when broken).
		if b.untaggedRect {
			content.WriteString("1 1 1 rg 0 0 595 842 re f\n")
		} else {
			content.WriteString("/Artifact <</Type /Pagination>> BDC 1 1 1 rg 0 0 595 842 re f EMC\n")
		}
		h1 := bd.elem(doc.ref, "H1", nil)
		doc.add(h1.ref)
		elems = append(elems, h1)
		tagged(h1, "H1", "0 g "+text(72, 780, fmt.Sprintf("Report page %d", pn+1)))

		p := bd.elem(doc.ref, "P", nil)
		doc.add(p.ref)
		elems = append(elems, p)
		body := text(72, 740, "Hello, accessible world.")
		if len(b.extraGlyphs) > 0 {
			var raw []byte
			for _, g := range b.extraGlyphs {
				raw = append(raw, byte(g>>8), byte(g))
			}
			mode := 0
			if b.textRenderMode3 {
				mode = 3
			}
			body += fmt.Sprintf("\nBT /F1 12 Tf %d Tr 72 730 Td %s Tj ET", mode, pdfobj.Format(pdfobj.HexString(raw)))
		}
		if b.artifactInTagged {
			body += "\n/Artifact BMC 0 0 1 RG 72 735 m 300 735 l S EMC"
		}
		tagged(p, "P", body)
		if b.untaggedText {
			content.WriteString(text(72, 720, "Stray text") + "\n")
		}
		// A link inside the paragraph: text MCID plus the annotation OBJR.
		link := bd.elem(p.ref, "Link", nil)
		p.add(link.ref)
		elems = append(elems, link)
		tagged(link, "Link", text(72, 700, "Read the spec"))
		annot := w.Alloc()
		link.add(pdfobj.Dict{"Type": pdfobj.Name("OBJR"), "Obj": annot, "Pg": pageRef})
		annotSP := 1000 + pn
		ad := pdfobj.Dict{"Type": pdfobj.Name("Annot"), "Subtype": pdfobj.Name("Link"), "Rect": pdfobj.Array{pdfobj.Int(72), pdfobj.Int(695), pdfobj.Int(180), pdfobj.Int(712)},
			"Border": pdfobj.Array{pdfobj.Int(0), pdfobj.Int(0), pdfobj.Int(0)}, "F": pdfobj.Int(4),
			"A":            pdfobj.Dict{"S": pdfobj.Name("URI"), "URI": pdfobj.String("https://example.com/spec")},
			"StructParent": pdfobj.Int(annotSP), "Contents": pdfobj.TextString("Read the specification")}
		if b.linkNoContents {
			delete(ad, "Contents")
		}
		if b.linkNotTagged {
			delete(ad, "StructParent")
		}
		w.Set(annot, ad)

		// A figure drawn as a path.
		figAttrs := pdfobj.Dict{"Alt": pdfobj.TextString("A blue square")}
		if b.figureNoAlt {
			figAttrs = nil
		}
		fig := bd.elem(doc.ref, "Figure", figAttrs)
		doc.add(fig.ref)
		elems = append(elems, fig)
		tagged(fig, "Figure", "0 0 1 rg 72 600 60 60 re f")

		// Heading level two (or three when skipping).
		hn := "H2"
		if b.headingSkip {
			hn = "H3"
		}
		h2 := bd.elem(doc.ref, hn, nil)
		doc.add(h2.ref)
		elems = append(elems, h2)
		tagged(h2, hn, text(72, 570, "Figures and tables"))

		// Table: header row with scoped TH, one data row.
		table := bd.elem(doc.ref, "Table", nil)
		doc.add(table.ref)
		elems = append(elems, table)
		rows := [][]string{{"Name", "Value"}, {"alpha", "1"}}
		for ri, row := range rows {
			tr := bd.elem(table.ref, "TR", nil)
			table.add(tr.ref)
			elems = append(elems, tr)
			cells := row
			if b.irregularTable && ri == 1 {
				cells = row[:1]
			}
			for ci, txt := range cells {
				typ := "TD"
				var attrs pdfobj.Dict
				if ri == 0 {
					typ = "TH"
					if !b.thNoScope {
						attrs = pdfobj.Dict{"A": pdfobj.Dict{"O": pdfobj.Name("Table"), "Scope": pdfobj.Name("Column")}}
					}
				}
				cell := bd.elem(tr.ref, typ, attrs)
				tr.add(cell.ref)
				elems = append(elems, cell)
				tagged(cell, typ, text(72+100*ci, 540-20*ri, txt))
			}
		}
		// Table grid lines are artifacts.
		content.WriteString("/Artifact BMC 0.5 w 72 515 m 272 515 l S EMC\n")

		// List: L > LI > Lbl + LBody.
		list := bd.elem(doc.ref, "L", nil)
		doc.add(list.ref)
		elems = append(elems, list)
		li := bd.elem(list.ref, "LI", nil)
		list.add(li.ref)
		elems = append(elems, li)
		if b.listBroken {
			// LI content directly in a P instead of Lbl/LBody.
			pp := bd.elem(li.ref, "P", nil)
			li.add(pp.ref)
			elems = append(elems, pp)
			tagged(pp, "P", text(72, 480, "- first item"))
		} else {
			lbl := bd.elem(li.ref, "Lbl", nil)
			li.add(lbl.ref)
			elems = append(elems, lbl)
			tagged(lbl, "Lbl", text(72, 480, "1."))
			lb := bd.elem(li.ref, "LBody", nil)
			li.add(lb.ref)
			elems = append(elems, lb)
			tagged(lb, "LBody", text(90, 480, "First item"))
		}
		// Running footer as an artifact.
		fmt.Fprintf(&content, "/Artifact <</Type /Pagination /Subtype /Footer>> BDC %s EMC\n", text(280, 30, fmt.Sprintf("%d", pn+1)))

		pd := pdfobj.Dict{"Type": pdfobj.Name("Page"), "Parent": pagesRef, "MediaBox": pdfobj.Array{pdfobj.Int(0), pdfobj.Int(0), pdfobj.Int(595), pdfobj.Int(842)},
			"Resources":     pdfobj.Dict{"Font": pdfobj.Dict{"F1": type0}},
			"Contents":      w.Add(&pdfobj.Stream{Dict: pdfobj.Dict{}, Data: content.Bytes()}),
			"StructParents": pdfobj.Int(sp), "Tabs": pdfobj.Name("S"), "Annots": pdfobj.Array{annot}}
		if b.noTabs {
			delete(pd, "Tabs")
		}
		w.Set(pageRef, pd)
		parentTree = append(parentTree, pdfobj.Int(sp), mcids)
		sp++
		parentTree = append(parentTree, pdfobj.Int(annotSP), link.ref)
	}
	// Sort ParentTree keys: page keys 0..n-1 come first, then 1000+.
	var pageKeys, annotKeys pdfobj.Array
	for i := 0; i < len(parentTree); i += 2 {
		if parentTree[i].(pdfobj.Int) >= 1000 {
			annotKeys = append(annotKeys, parentTree[i], parentTree[i+1])
		} else {
			pageKeys = append(pageKeys, parentTree[i], parentTree[i+1])
		}
	}
	for _, e := range elems {
		w.Set(e.ref, e.dict)
	}
	w.Set(pagesRef, pdfobj.Dict{"Type": pdfobj.Name("Pages"), "Kids": pageRefs, "Count": pdfobj.Int(len(pageRefs))})
	str := pdfobj.Dict{"Type": pdfobj.Name("StructTreeRoot"), "K": doc.ref,
		"ParentTree":        w.Add(pdfobj.Dict{"Nums": append(pageKeys, annotKeys...)}),
		"ParentTreeNextKey": pdfobj.Int(1000 + b.pages)}
	if b.roleMapStandard {
		str["RoleMap"] = pdfobj.Dict{"P": pdfobj.Name("Span")}
	}
	w.Set(bd.root, str)

	bd.writeFont(type0)

	title := "Fixture report"
	xmp := xmpPacket(title, !b.noPDFUAID)
	meta := w.Add(&pdfobj.Stream{Dict: pdfobj.Dict{"Type": pdfobj.Name("Metadata"), "Subtype": pdfobj.Name("XML")}, Data: []byte(xmp)})
	cat := pdfobj.Dict{"Type": pdfobj.Name("Catalog"), "Pages": pagesRef, "Lang": pdfobj.String("en-US"),
		"MarkInfo":          pdfobj.Dict{"Marked": pdfobj.Bool(true)},
		"ViewerPreferences": pdfobj.Dict{"DisplayDocTitle": pdfobj.Bool(!b.displayTitleFalse)},
		"StructTreeRoot":    bd.root, "Metadata": meta}
	if b.noLang {
		delete(cat, "Lang")
	}
	if b.badLang {
		cat["Lang"] = pdfobj.String("en_US")
	}
	if b.noStructTree {
		delete(cat, "StructTreeRoot")
	}
	w.Set(catalog, cat)
	info := w.Add(pdfobj.Dict{"Title": pdfobj.TextString(title), "Producer": pdfobj.String("folio tests")})
	var out bytes.Buffer
	if _, err := w.WriteTo(&out, pdfobj.Trailer{Root: catalog, Info: info, ID: []byte("fixture-id-00001")}); err != nil {
		t.Fatal(err)
	}
	data := out.Bytes()
	if b.header20 {
		data = bytes.Replace(data, []byte("%PDF-1.7"), []byte("%PDF-2.0"), 1)
	}
	return data
}

// writeFont writes the Type0/CIDFontType2 font with the whole Liberation
// Sans program, /W from its hmtx and a ToUnicode CMap for the used glyphs.
func (bd *builder) writeFont(type0 pdfobj.Ref) {
	w, b := bd.w, bd.b
	gids := make([]int, 0, len(bd.used))
	for g := range bd.used {
		gids = append(gids, int(g))
	}
	sortInts(gids)
	var wArr pdfobj.Array
	for _, g := range gids {
		adv := bd.font.advance(uint16(g))
		if b.wrongWidths {
			adv += 50
		}
		wArr = append(wArr, pdfobj.Int(g), pdfobj.Array{pdfobj.Int(adv)})
	}
	fd := pdfobj.Dict{"Type": pdfobj.Name("FontDescriptor"), "FontName": pdfobj.Name("LiberationSans"), "Flags": pdfobj.Int(32),
		"FontBBox": pdfobj.Array{pdfobj.Int(-203), pdfobj.Int(-303), pdfobj.Int(1050), pdfobj.Int(910)}, "ItalicAngle": pdfobj.Int(0),
		"Ascent": pdfobj.Int(905), "Descent": pdfobj.Int(-212), "CapHeight": pdfobj.Int(688), "StemV": pdfobj.Int(80)}
	if b.cidSet != 0 {
		set := make([]byte, 8192)
		if b.cidSet != 2 {
			for _, g := range gids {
				set[g/8] |= 0x80 >> (g % 8)
			}
		}
		if b.cidSet == 3 {
			set[65000/8] |= 0x80 >> (65000 % 8)
		}
		fd["CIDSet"] = w.Add(&pdfobj.Stream{Dict: pdfobj.Dict{}, Data: set})
	}
	if !b.fontNotEmbedded {
		fd["FontFile2"] = w.Add(&pdfobj.Stream{Dict: pdfobj.Dict{"Length1": pdfobj.Int(len(bd.font.data))}, Data: bd.font.data})
	}
	baseFont := pdfobj.Name("LiberationSans")
	if b.cidSet != 0 {
		baseFont = "ABCDEF+LiberationSans"
	}
	cid := w.Add(pdfobj.Dict{"Type": pdfobj.Name("Font"), "Subtype": pdfobj.Name("CIDFontType2"), "BaseFont": baseFont,
		"CIDSystemInfo":  pdfobj.Dict{"Registry": pdfobj.String("Adobe"), "Ordering": pdfobj.String("Identity"), "Supplement": pdfobj.Int(0)},
		"FontDescriptor": w.Add(fd), "CIDToGIDMap": pdfobj.Name("Identity"), "DW": pdfobj.Int(1000), "W": wArr})
	font := pdfobj.Dict{"Type": pdfobj.Name("Font"), "Subtype": pdfobj.Name("Type0"), "BaseFont": pdfobj.Name("LiberationSans"),
		"Encoding": pdfobj.Name("Identity-H"), "DescendantFonts": pdfobj.Array{cid}}
	if !b.noToUnicode {
		var cm strings.Builder
		cm.WriteString("/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n")
		fmt.Fprintf(&cm, "%d beginbfchar\n", len(gids))
		for i, g := range gids {
			u := bd.used[uint16(g)]
			if b.toUnicodeZero && i == 0 {
				u = 0
			}
			fmt.Fprintf(&cm, "<%04X> <%04X>\n", g, u)
		}
		cm.WriteString("endbfchar\nendcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n")
		font["ToUnicode"] = w.Add(&pdfobj.Stream{Dict: pdfobj.Dict{}, Data: []byte(cm.String())})
	}
	w.Set(type0, font)
}

func xmpPacket(title string, pdfuaid bool) string {
	var s strings.Builder
	s.WriteString("<?xpacket begin=\"\xEF\xBB\xBF\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\n<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n")
	s.WriteString("<rdf:Description rdf:about=\"\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\" xmlns:pdfuaid=\"http://www.aiim.org/pdfua/ns/id/\">\n")
	fmt.Fprintf(&s, "<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">%s</rdf:li></rdf:Alt></dc:title>\n", title)
	if pdfuaid {
		s.WriteString("<pdfuaid:part>1</pdfuaid:part>\n")
	}
	s.WriteString("</rdf:Description>\n</rdf:RDF>\n</x:xmpmeta>\n<?xpacket end=\"w\"?>")
	return s.String()
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}
