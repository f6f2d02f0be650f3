package pdfa

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/seed28491532/folio/audit"
	"github.com/seed28491532/folio/fonts"
	"github.com/seed28491532/folio/pdfua"
	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// writerPDF builds a one-page tagged document with text and a link
// through folio's writer, in the given conformance, with attachments.
func writerPDF(t testing.TB, p pdfua.PDFA, atts ...pdfua.Attachment) []byte {
	t.Helper()
	reg := fonts.NewRegistry(fonts.Options{})
	d := pdfua.New(pdfua.Info{Title: "Archive", Author: "Folio", Subject: "Test", Keywords: "a, b", Creator: "test",
		Producer: "folio", Lang: "en", PDFA: p, Now: time.Date(2026, 1, 2, 3, 4, 5, 0, time.FixedZone("", 3600)),
		DocumentID: []byte("0123456789abcdef")})
	pg := d.AddPage(300, 300)
	para := d.Root().Add("P")
	pg.BeginTagged(para)
	runs, _ := reg.Shape("Archived text", fonts.Query{Families: []string{"Liberation Sans"}, Weight: 400}, 12, fonts.ShapeOptions{})
	for _, r := range runs {
		pg.ShowText(pdfua.TextRun{Font: r.Face, Size: 12, X: 20, Y: 250, Text: r.Text, Glyphs: r.Glyphs})
	}
	pg.End()
	link := para.Add("Link")
	pg.BeginTagged(link)
	pg.End()
	pg.AddLink(pdfua.Link{Elem: link, Rects: []pdfua.Rect{{X: 20, Y: 240, W: 60, H: 15}}, URI: "https://example.org/"})
	for _, a := range atts {
		d.Attach(a)
	}
	out, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func failed(rep audit.Report) map[string]string {
	out := map[string]string{}
	for _, f := range rep.Errors {
		out[f.Rule] = f.Message
	}
	return out
}

func run(t *testing.T, data []byte, part int) audit.Report {
	t.Helper()
	rep, err := Audit(context.Background(), data, Options{Part: part})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func TestWriterOutputPasses(t *testing.T) {
	xml := pdfua.Attachment{Name: "data.xml", Description: "Data", MIME: "text/xml", Relationship: "Data", Data: []byte("<a/>")}
	for _, tc := range []struct {
		p    pdfua.PDFA
		atts []pdfua.Attachment
	}{{pdfua.PDFA2B, nil}, {pdfua.PDFA2U, nil}, {pdfua.PDFA2A, nil}, {pdfua.PDFA3A, []pdfua.Attachment{xml}}, {pdfua.PDFA3U, []pdfua.Attachment{xml}}} {
		t.Run(string(tc.p), func(t *testing.T) {
			rep := run(t, writerPDF(t, tc.p, tc.atts...), 0)
			if len(rep.Errors) > 0 {
				t.Errorf("errors: %v", failed(rep))
			}
			checked := map[string]int{}
			for _, r := range rep.CheckedRules {
				checked[r.Rule] = r.Checked
			}
			want := []string{"pdfa-6.1.2-1", "pdfa-6.1.3-1", "pdfa-6.2.2-1", "pdfa-6.2.2-2", "pdfa-6.2.11.4-1", "pdfa-6.3.2-1",
				"pdfa-6.6.2.3-1", "pdfa-6.6.3-1", "pdfa-6.6.4-1"}
			if len(tc.atts) > 0 {
				want = append(want, "pdfa-6.8-2", "pdfa-6.8-3")
			}
			if tc.p.Level() != "B" {
				want = append(want, "pdfa-6.2.11.7-1")
			}
			for _, id := range want {
				if checked[id] == 0 {
					t.Errorf("rule %s checked nothing", id)
				}
			}
		})
	}
}

// TestPlainPDFFails: a PDF/UA file that claims no PDF/A fails the rules
// it breaks, by name.
func TestPlainPDFFails(t *testing.T) {
	rep := run(t, writerPDF(t, ""), 2)
	got := failed(rep)
	for _, id := range []string{"pdfa-6.2.2-1", "pdfa-6.6.4-1", "pdfa-6.6.2.3-1"} {
		if _, ok := got[id]; !ok {
			t.Errorf("%s not reported; errors: %v", id, got)
		}
	}
	if !strings.Contains(got["pdfa-6.6.2.3-1"], "http://www.aiim.org/pdfua/ns/id/") {
		t.Errorf("the undeclared schema is not named: %q", got["pdfa-6.6.2.3-1"])
	}
}

// TestPartMismatch: a PDF/A-3 file with a non-PDF attachment fails as
// PDF/A-2.
func TestPartMismatch(t *testing.T) {
	data := writerPDF(t, pdfua.PDFA3B, pdfua.Attachment{Name: "a.csv", Description: "A", Data: []byte("1,2")})
	got := failed(run(t, data, 2))
	for _, id := range []string{"pdfa-6.6.4-2", "pdfa-6.8-1"} {
		if _, ok := got[id]; !ok {
			t.Errorf("%s not reported; errors: %v", id, got)
		}
	}
}

// hostilePDF writes a small file breaking one rule per object.
func hostilePDF() []byte {
	w := pdfobj.NewWriter()
	w.Compress = false
	catalog, pages, page := w.Alloc(), w.Alloc(), w.Alloc()
	xmp := `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d" bytes="1"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
		`<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/" xmlns:dc="http://purl.org/dc/elements/1.1/">` +
		`<pdfaid:part>2</pdfaid:part><pdfaid:conformance>U</pdfaid:conformance><dc:title><rdf:Alt><rdf:li xml:lang="x-default">Other</rdf:li></rdf:Alt></dc:title>` +
		`</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`
	meta := w.Add(&pdfobj.Stream{Dict: pdfobj.Dict{"Type": pdfobj.Name("Metadata"), "Subtype": pdfobj.Name("XML")}, Data: []byte(xmp)})
	js := w.Add(pdfobj.Dict{"Type": pdfobj.Name("Action"), "S": pdfobj.Name("JavaScript"), "JS": pdfobj.String("app.alert(1)")})
	annot := w.Add(pdfobj.Dict{"Type": pdfobj.Name("Annot"), "Subtype": pdfobj.Name("Link"), "Rect": pdfobj.Array{pdfobj.Int(0), pdfobj.Int(0), pdfobj.Int(10), pdfobj.Int(10)},
		"F": pdfobj.Int(0), "A": js})
	sq := w.Add(pdfobj.Dict{"Type": pdfobj.Name("Annot"), "Subtype": pdfobj.Name("Square"), "F": pdfobj.Int(4),
		"Rect": pdfobj.Array{pdfobj.Int(0), pdfobj.Int(0), pdfobj.Int(10), pdfobj.Int(10)}})
	font := w.Add(pdfobj.Dict{"Type": pdfobj.Name("Font"), "Subtype": pdfobj.Name("Type1"), "BaseFont": pdfobj.Name("Helvetica")})
	img := w.Add(&pdfobj.Stream{Dict: pdfobj.Dict{"Type": pdfobj.Name("XObject"), "Subtype": pdfobj.Name("Image"), "Width": pdfobj.Int(1), "Height": pdfobj.Int(1),
		"ColorSpace": pdfobj.Name("DeviceCMYK"), "BitsPerComponent": pdfobj.Int(8), "Interpolate": pdfobj.Bool(true)}, Data: []byte{0, 0, 0, 0}})
	gs := w.Add(pdfobj.Dict{"Type": pdfobj.Name("ExtGState"), "TR": pdfobj.Name("Identity"), "BM": pdfobj.Name("Funky")})
	lzw := w.Add(&pdfobj.Stream{Dict: pdfobj.Dict{"Filter": pdfobj.Name("LZWDecode")}, Data: []byte{0x80, 0x0b, 0x60, 0x50, 0x22, 0x0c, 0x0c, 0x85, 0x01}})
	plain := w.Add(&pdfobj.Stream{Dict: pdfobj.Dict{}, Data: []byte("BT /F2 12 Tf [<00410000>] TJ ET 0 0 0 1 k 0 0 5 5 re f")})
	content := pdfobj.Array{lzw, plain}
	cid := w.Add(pdfobj.Dict{"Type": pdfobj.Name("Font"), "Subtype": pdfobj.Name("Type0"), "BaseFont": pdfobj.Name("X"),
		"Encoding": pdfobj.Name("Identity-H"), "ToUnicode": pdfobj.Name("Identity-H")})
	w.Set(page, pdfobj.Dict{"Type": pdfobj.Name("Page"), "Parent": pages, "MediaBox": pdfobj.Array{pdfobj.Int(0), pdfobj.Int(0), pdfobj.Int(100), pdfobj.Int(100)},
		"Annots": pdfobj.Array{annot, sq}, "Contents": content, "AA": pdfobj.Dict{},
		"Resources": pdfobj.Dict{"Font": pdfobj.Dict{"F1": font, "F2": cid}, "XObject": pdfobj.Dict{"I": img}, "ExtGState": pdfobj.Dict{"G": gs}}})
	w.Set(pages, pdfobj.Dict{"Type": pdfobj.Name("Pages"), "Kids": pdfobj.Array{page}, "Count": pdfobj.Int(1)})
	w.Set(catalog, pdfobj.Dict{"Type": pdfobj.Name("Catalog"), "Pages": pages, "Metadata": meta, "Requirements": pdfobj.Array{}})
	info := w.Add(pdfobj.Dict{"Title": pdfobj.String("Hostile")})
	out, _ := w.AppendFile(nil, pdfobj.Trailer{Root: catalog, Info: info})
	return append(out, "garbage"...)
}

func TestHostileRulesNamed(t *testing.T) {
	rep := run(t, hostilePDF(), 0)
	got := failed(rep)
	content := false
	for _, f := range rep.Errors {
		content = content || f.Message == `content paints in DeviceCMYK (k), but the output intent is ""`
	}
	if !content {
		t.Error("the k operator in the content is not reported")
	}
	for _, id := range []string{
		"pdfa-6.1.3-3",    // data after %%EOF
		"pdfa-6.1.7-2",    // LZW
		"pdfa-6.2.2-1",    // no output intent
		"pdfa-6.2.4.3-1",  // DeviceCMYK image and k without a CMYK intent
		"pdfa-6.2.5-1",    // TR
		"pdfa-6.2.5-2",    // blend mode
		"pdfa-6.2.8-1",    // Interpolate
		"pdfa-6.2.11.4-1", // Helvetica not embedded
		"pdfa-6.2.11.7-1", // level U without ToUnicode
		"pdfa-6.2.11.8-1", // <0000> through Identity-H
		"pdfa-6.3.2-1",    // flags 0
		"pdfa-6.3.3-1",    // Square without appearance
		"pdfa-6.5.1-1",    // JavaScript action
		"pdfa-6.5.2-1",    // page /AA
		"pdfa-6.6.1-1",    // /JS
		"pdfa-6.6.2.1-2",  // bytes attribute
		"pdfa-6.6.3-1",    // Title differs
		"pdfa-6.11-1",     // Requirements
	} {
		if _, ok := got[id]; !ok {
			t.Errorf("%s not reported", id)
		}
	}
	for id := range got {
		if _, ok := rules[id]; !ok {
			t.Errorf("reported rule %s is not in the rules table", id)
		}
	}
}

func TestNotPDF(t *testing.T) {
	if _, err := Audit(context.Background(), []byte("hello"), Options{}); err == nil || !strings.Contains(err.Error(), "not a PDF") {
		t.Errorf("error = %v", err)
	}
	if _, err := Audit(context.Background(), []byte("%PDF-1.7"), Options{Part: 4}); err == nil {
		t.Error("part 4 accepted")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Audit(ctx, hostilePDF(), Options{}); err == nil {
		t.Error("a cancelled context did not stop the audit")
	}
}

func TestPDFDate(t *testing.T) {
	for _, s := range []string{"D:20260102030405+01'00'", "D:20260102020405Z", "D:20260102020405"} {
		got, err := pdfDate(s)
		if err != nil || !got.Equal(time.Date(2026, 1, 2, 2, 4, 5, 0, time.UTC)) {
			t.Errorf("pdfDate(%q) = %v, %v", s, got, err)
		}
	}
}
