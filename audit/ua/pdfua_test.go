package ua

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/seed28491532/folio/fonts"
	"github.com/seed28491532/folio/pdfua"
)

// writerShaper shapes text with the bundled fonts for pdfua documents.
type writerShaper struct{ reg *fonts.Registry }

func (s writerShaper) line(p *pdfua.Page, text, family string, size, x, y float64) float64 {
	runs, _ := s.reg.Shape(text, fonts.Query{Families: []string{family}, Weight: 400}, size, fonts.ShapeOptions{})
	for _, r := range runs {
		p.ShowText(pdfua.TextRun{Font: r.Face, Size: size, X: x, Y: y, Text: r.Text, Glyphs: r.Glyphs})
		x += r.Advance
	}
	return x
}

// writerDocument builds a document through folio's own writer: headings,
// a paragraph over two pages, a list, a table with scoped headers, a
// figure with a PNG, a decorative image, links, outlines, Greek text,
// a ligature and symbols, running headers and footers as artifacts.
func writerDocument(t testing.TB) []byte {
	t.Helper()
	png, err := os.ReadFile("../../conformance/testdata/corpus/dot.png")
	if err != nil {
		t.Fatalf("the test image is missing: %v", err)
	}
	s := writerShaper{fonts.NewRegistry(fonts.Options{})}
	const sans = "Liberation Sans"
	d := pdfua.New(pdfua.Info{Title: "Writer output", Lang: "en-US", Producer: "folio",
		Now: time.Date(2025, 3, 4, 5, 6, 7, 0, time.UTC), DocumentID: []byte("0123456789abcdef")})
	root := d.Root()
	dot, err := d.AddPNG("dot.png", png)
	if err != nil {
		t.Fatal(err)
	}
	furniture := func(p *pdfua.Page, n int) {
		p.BeginArtifact(pdfua.Artifact{Type: pdfua.ArtifactPagination, Subtype: pdfua.SubtypeFooter})
		s.line(p, fmt.Sprintf("Page %d", n), sans, 9, 40, 24)
		p.End()
	}
	p1 := d.AddPage(400, 500)
	furniture(p1, 1)
	p1.BeginArtifact(pdfua.Artifact{Type: pdfua.ArtifactBackground})
	p1.DrawPath(new(pdfua.Path).Rect(pdfua.Rect{X: 0, Y: 0, W: 400, H: 500}), pdfua.PathStyle{Fill: true, FillColor: pdfua.RGB8(0xEE, 0xEE, 0xFF)})
	p1.End()
	h1 := root.Add("H1")
	p1.BeginTagged(h1)
	s.line(p1, "Writer output", sans, 24, 40, 400)
	p1.End()
	d.AddDestination("top", p1, 0, 500)
	d.AddOutline("Writer output", 1, p1, 430)
	para := root.Add("P")
	p1.BeginTagged(para)
	s.line(p1, "This paragraph starts on page one", sans, 12, 40, 100)
	p1.End()

	p2 := d.AddPage(400, 500)
	furniture(p2, 2)
	p2.BeginTagged(para)
	s.line(p2, "and ends on page two.", sans, 12, 40, 440)
	p2.End()
	h2 := root.Add("H2")
	p2.BeginTagged(h2)
	s.line(p2, "Lists and tables", sans, 16, 40, 420)
	p2.End()
	list := root.Add("L")
	for i, item := range []string{"First item", "Second item"} {
		y := 400 - float64(i)*18
		li := list.Add("LI")
		lbl := li.Add("Lbl")
		p2.BeginTagged(lbl)
		s.line(p2, fmt.Sprintf("%d.", i+1), sans, 12, 40, y)
		p2.End()
		body := li.Add("LBody")
		p2.BeginTagged(body)
		s.line(p2, item, sans, 12, 60, y)
		p2.End()
	}
	table := root.Add("Table")
	caption := table.Add("Caption")
	p2.BeginTagged(caption)
	s.line(p2, "Fruit prices", sans, 12, 40, 320)
	p2.End()
	for r, row := range [][]string{{"Fruit", "Price"}, {"Apple", "1.20"}} {
		group := table.Add(map[bool]string{true: "THead", false: "TBody"}[r == 0])
		tr := group.Add("TR")
		y := 300 - float64(r)*20
		for c, text := range row {
			typ := "TD"
			if r == 0 {
				typ = "TH"
			}
			cell := tr.Add(typ)
			if r == 0 {
				cell.Table = &pdfua.TableAttrs{Scope: pdfua.ScopeColumn}
			}
			p2.BeginTagged(cell)
			s.line(p2, text, sans, 12, 40+float64(c)*100, y)
			p2.End()
		}
	}

	p3 := d.AddPage(400, 500)
	furniture(p3, 3)
	fig := root.Add("Figure")
	fig.Attrs().Alt = "A red dot"
	p3.BeginTagged(fig)
	p3.DrawImageRect(dot, pdfua.Rect{X: 40, Y: 380, W: 64, H: 64})
	p3.End()
	p3.BeginArtifact(pdfua.Artifact{})
	p3.DrawImageRect(dot, pdfua.Rect{X: 300, Y: 380, W: 64, H: 64})
	p3.End()
	links := root.Add("P")
	p3.BeginTagged(links)
	x := s.line(p3, "Visit ", sans, 12, 40, 340)
	p3.End()
	ext := links.Add("Link")
	p3.BeginTagged(ext)
	x2 := s.line(p3, "example.org", sans, 12, x, 340)
	p3.End()
	p3.AddLink(pdfua.Link{Elem: ext, Rects: []pdfua.Rect{{X: x, Y: 336, W: x2 - x, H: 14}}, URI: "https://example.org/", Contents: "Example website"})
	in := links.Add("Link")
	p3.BeginTagged(in)
	x3 := s.line(p3, " back to the top", sans, 12, x2, 340)
	p3.End()
	p3.AddLink(pdfua.Link{Elem: in, Rects: []pdfua.Rect{{X: x2, Y: 336, W: x3 - x2, H: 14}}, Dest: "top", Contents: "Back to the top"})
	greek := root.Add("P")
	greek.Attrs().Lang = "el"
	p3.BeginTagged(greek)
	s.line(p3, "Καλημέρα κόσμε", sans, 12, 40, 310)
	p3.End()
	lig := root.Add("P")
	p3.BeginTagged(lig)
	s.line(p3, "An efficient office", "DejaVu Sans", 12, 40, 280)
	p3.End()
	sym := root.Add("P")
	p3.BeginTagged(sym)
	s.line(p3, "I ♥ PDF → ✓", sans, 12, 40, 250)
	p3.End()
	data, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestWriterOutputPasses audits a document produced by folio's pdfua
// writer: it must conform with zero findings.
func TestWriterOutputPasses(t *testing.T) {
	rep := auditBytes(t, writerDocument(t))
	if len(rep.Errors) != 0 || len(rep.Warnings) != 0 {
		t.Fatalf("pdfua output has findings:%s", describe(rep))
	}
	if rep.Document.Pages != 3 || !rep.Document.Tagged || rep.Document.PDFUAPart != 1 || rep.Document.Title != "Writer output" {
		t.Errorf("document info = %+v", rep.Document)
	}
	checked := map[string]int{}
	for _, r := range rep.CheckedRules {
		checked[r.Rule] = r.Checked
	}
	for _, id := range []string{"pdfua-7.1-3", "pdfua-7.21.5-1", "pdfua-7.21.7-1", "pdfua-7.18.5-1", "pdfua-7.3-1", "pdfua-7.5-1"} {
		if id == "pdfua-7.5-1" {
			continue // every TH has a Scope: no header search needed
		}
		if checked[id] == 0 {
			t.Errorf("rule %s checked nothing on the writer's output", id)
		}
	}
}

// hundredPages builds a 100-page tagged document with 50 lines a page
// through the pdfua writer.
func hundredPages(t testing.TB) []byte {
	t.Helper()
	s := writerShaper{fonts.NewRegistry(fonts.Options{})}
	d := pdfua.New(pdfua.Info{Title: "Hundred pages", Lang: "en", Now: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC), DocumentID: []byte("0123456789abcdef")})
	root := d.Root()
	for pn := 0; pn < 100; pn++ {
		p := d.AddPage(595, 842)
		p.BeginArtifact(pdfua.Artifact{Type: pdfua.ArtifactPagination, Subtype: pdfua.SubtypeFooter})
		s.line(p, fmt.Sprintf("Page %d", pn+1), "Liberation Sans", 9, 280, 20)
		p.End()
		h := root.Add(map[bool]string{true: "H1", false: "H2"}[pn == 0])
		p.BeginTagged(h)
		s.line(p, fmt.Sprintf("Section %d", pn+1), "Liberation Sans", 16, 50, 800)
		p.End()
		for l := 0; l < 50; l++ {
			para := root.Add("P")
			p.BeginTagged(para)
			s.line(p, "The quick brown fox jumps over the lazy dog, again and again.", "Liberation Sans", 10, 50, 780-float64(l)*15)
			p.End()
		}
	}
	data, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestHundredPagesPass(t *testing.T) {
	rep := auditBytes(t, hundredPages(t))
	if len(rep.Errors) != 0 {
		t.Fatalf("100-page document has findings:%s", describe(rep))
	}
	if rep.Document.Pages != 100 {
		t.Errorf("pages = %d", rep.Document.Pages)
	}
}

// BenchmarkAudit100Pages measures the PDF audit of a 100-page tagged PDF
// (50 lines a page) written by pdfua. Target: under 100 ms.
func BenchmarkAudit100Pages(b *testing.B) {
	data := hundredPages(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	start := cpuTime()
	for b.Loop() {
		auditBytes(b, data)
	}
	// CPU time per audit (all threads, GC included) is reported next to
	// wall time because the wall time of a shared machine is noisy.
	b.ReportMetric(float64(cpuTime()-start)/1e6/float64(b.N), "cpu-ms/op")
}

// BenchmarkAudit100PagesSpecRules measures the same audit with the
// service's rules and the visibility check on, as folio validate runs it.
func BenchmarkAudit100PagesSpecRules(b *testing.B) {
	data := hundredPages(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	start := cpuTime()
	for b.Loop() {
		if _, err := Audit(context.Background(), data, Options{SpecRules: true}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(cpuTime()-start)/1e6/float64(b.N), "cpu-ms/op")
}
