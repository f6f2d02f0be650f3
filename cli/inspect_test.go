package cli

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// taggedPDF builds a small tagged PDF with the pdfobj writer.
func taggedPDF(t *testing.T) []byte {
	t.Helper()
	w := pdfobj.NewWriter()
	catalog, pages, page := w.Alloc(), w.Alloc(), w.Alloc()
	str, doc := w.Alloc(), w.Alloc()
	font := w.Add(pdfobj.Dict{
		"Type": pdfobj.Name("Font"), "Subtype": pdfobj.Name("TrueType"), "BaseFont": pdfobj.Name("ABCDEF+LiberationSans"),
		"FontDescriptor": w.Add(pdfobj.Dict{"Type": pdfobj.Name("FontDescriptor"), "FontFile2": w.Add(&pdfobj.Stream{Dict: pdfobj.Dict{}, Data: []byte("glyphs")})}),
		"ToUnicode": w.Add(&pdfobj.Stream{Dict: pdfobj.Dict{}, Data: []byte("/CIDInit /ProcSet findresource begin 1 begincodespacerange <00> <FF> endcodespacerange\n" +
			"2 beginbfchar <48> <0048> <69> <0069> endbfchar endcmap")}),
	})
	bare := w.Add(pdfobj.Dict{"Type": pdfobj.Name("Font"), "Subtype": pdfobj.Name("Type1"), "BaseFont": pdfobj.Name("Helvetica")})
	content := w.Add(&pdfobj.Stream{Dict: pdfobj.Dict{}, Data: []byte("/H1 <</MCID 0>> BDC BT /F1 12 Tf (Hi) Tj ET EMC")})
	w.Set(page, pdfobj.Dict{
		"Type": pdfobj.Name("Page"), "Parent": pages, "MediaBox": pdfobj.Array{pdfobj.Int(0), pdfobj.Int(0), pdfobj.Real(595.28), pdfobj.Real(841.89)},
		"Resources": pdfobj.Dict{"Font": pdfobj.Dict{"F1": font, "F2": bare}}, "Contents": content, "StructParents": pdfobj.Int(0),
	})
	page2 := w.Add(pdfobj.Dict{"Type": pdfobj.Name("Page"), "Parent": pages, "MediaBox": pdfobj.Array{pdfobj.Int(0), pdfobj.Int(0), pdfobj.Int(792), pdfobj.Int(612)}})
	w.Set(pages, pdfobj.Dict{"Type": pdfobj.Name("Pages"), "Kids": pdfobj.Array{page, page2}, "Count": pdfobj.Int(2)})
	th := w.Add(pdfobj.Dict{"Type": pdfobj.Name("StructElem"), "S": pdfobj.Name("TH"), "P": doc, "Pg": page2,
		"A": pdfobj.Dict{"O": pdfobj.Name("Table"), "Scope": pdfobj.Name("Column")}, "K": pdfobj.Int(0)})
	tr := w.Add(pdfobj.Dict{"Type": pdfobj.Name("StructElem"), "S": pdfobj.Name("TR"), "P": doc, "K": pdfobj.Array{th}})
	table := w.Add(pdfobj.Dict{"Type": pdfobj.Name("StructElem"), "S": pdfobj.Name("Table"), "P": doc, "K": tr})
	h1 := w.Add(pdfobj.Dict{"Type": pdfobj.Name("StructElem"), "S": pdfobj.Name("Heading1"), "P": doc, "Pg": page, "K": pdfobj.Int(0)})
	fig := w.Add(pdfobj.Dict{"Type": pdfobj.Name("StructElem"), "S": pdfobj.Name("Figure"), "P": doc, "Pg": page,
		"Alt": pdfobj.TextString("A bar chart of sales"), "K": pdfobj.Array{pdfobj.Int(1), pdfobj.Dict{"Type": pdfobj.Name("MCR"), "MCID": pdfobj.Int(2)}}})
	w.Set(doc, pdfobj.Dict{"Type": pdfobj.Name("StructElem"), "S": pdfobj.Name("Document"), "P": str, "Lang": pdfobj.TextString("en-US"), "K": pdfobj.Array{h1, fig, table}})
	w.Set(str, pdfobj.Dict{"Type": pdfobj.Name("StructTreeRoot"), "K": doc, "RoleMap": pdfobj.Dict{"Heading1": pdfobj.Name("H1")}})
	xmp := `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
		`<rdf:Description xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/"><pdfuaid:part>1</pdfuaid:part></rdf:Description></rdf:RDF></x:xmpmeta>`
	meta := w.Add(&pdfobj.Stream{Dict: pdfobj.Dict{"Type": pdfobj.Name("Metadata"), "Subtype": pdfobj.Name("XML")}, Data: []byte(xmp)})
	w.Set(catalog, pdfobj.Dict{
		"Type": pdfobj.Name("Catalog"), "Pages": pages, "Lang": pdfobj.TextString("en-US"), "StructTreeRoot": str,
		"MarkInfo": pdfobj.Dict{"Marked": pdfobj.Bool(true)}, "ViewerPreferences": pdfobj.Dict{"DisplayDocTitle": pdfobj.Bool(true)},
		"Metadata": meta,
	})
	info := w.Add(pdfobj.Dict{"Title": pdfobj.TextString("Quarterly report"), "Author": pdfobj.TextString("Ann Author"), "Producer": pdfobj.TextString("folio test")})
	var buf bytes.Buffer
	if _, err := w.WriteTo(&buf, pdfobj.Trailer{Root: catalog, Info: info}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestInspectPDF(t *testing.T) {
	dir := t.TempDir()
	pdf := write(t, dir, "tagged.pdf", string(taggedPDF(t)))
	r := runCLI(t, newFake(), "", "inspect-pdf", pdf)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	for _, want := range []string{
		"PDF version:      1.7",
		"Title:            Quarterly report",
		"Author:           Ann Author",
		"Language:         en-US",
		"PDF/UA:           PDF/UA-1",
		"Tagged:           yes",
		"DisplayDocTitle:  true",
		"Pages:            2",
		"1: 595.28 × 841.89 pt (A4)",
		"2: 792 × 612 pt (Letter landscape)",
		"ABCDEF+LiberationSans (TrueType, embedded, subset, ToUnicode)",
		"Helvetica (Type1, NOT embedded, no ToUnicode)",
		"Role map: Heading1→H1",
		"Structure tree: 6 elements, 4 marked-content references",
		"\n  Document lang=en-US\n",
		"\n    Heading1 → H1 \"Hi\" [p.1, 1 mcid]\n",
		"\n    Figure alt=\"A bar chart of sales\" [p.1, 2 mcid]\n",
		"\n        TH scope=Column [p.2, 1 mcid]\n",
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, r.stdout)
		}
	}
	r = runCLI(t, newFake(), "", "inspect-pdf", "--json", pdf)
	var info PDFInfo
	if err := json.Unmarshal([]byte(r.stdout), &info); err != nil {
		t.Fatalf("json: %v", err)
	}
	if info.PDFUAPart != 1 || !info.Tagged || len(info.Pages) != 2 || info.Structure == nil || info.Structure.Children[0].Type != "Document" {
		t.Errorf("json %+v", info)
	}
}

func TestInspectPDFErrors(t *testing.T) {
	dir := t.TempDir()
	notPDF := write(t, dir, "x.pdf", "hello, not a pdf")
	untagged := write(t, dir, "untagged.pdf", "%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n")
	if r := runCLI(t, newFake(), "", "inspect-pdf", notPDF); r.code != 2 {
		t.Errorf("not a PDF: exit %d", r.code)
	}
	if r := runCLI(t, newFake(), "", "inspect-pdf", filepath.Join(dir, "missing.pdf")); r.code != 2 {
		t.Errorf("missing: exit %d", r.code)
	}
	if r := runCLI(t, newFake(), "", "inspect-pdf"); r.code != 2 {
		t.Errorf("no argument: exit %d", r.code)
	}
	r := runCLI(t, newFake(), "", "inspect-pdf", untagged)
	if r.code != 0 || !strings.Contains(r.stdout, "Tagged:           no") || !strings.Contains(r.stdout, "Structure tree: none") {
		t.Errorf("untagged: %d %s %s", r.code, r.stdout, r.stderr)
	}
}

// FuzzInspectPDF: no input panics or hangs the inspector.
func FuzzInspectPDF(f *testing.F) {
	f.Add([]byte("%PDF-1.7\n1 0 obj << /Type /Catalog /StructTreeRoot 2 0 R >> endobj 2 0 obj << /K [2 0 R 2 0 R] >> endobj trailer << /Root 1 0 R >>"))
	f.Add([]byte("%PDF-1.4\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		inspectPDF(data)
	})
}
