package pdfua

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/seed28491532/folio/fonts"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata")

// shaper shapes test text with the bundled fonts.
type shaper struct{ reg *fonts.Registry }

func newShaper() shaper { return shaper{fonts.NewRegistry(fonts.Options{})} }

// line draws text shaped with family at size starting at (x, y) and
// returns the x after it. It must be called inside marked content.
func (s shaper) line(p *Page, text, family string, size, x, y float64) float64 {
	runs, _ := s.reg.Shape(text, fonts.Query{Families: []string{family}, Weight: 400}, size, fonts.ShapeOptions{})
	for _, r := range runs {
		p.ShowText(TextRun{Font: r.Face, Size: size, X: x, Y: y, Text: r.Text, Glyphs: r.Glyphs})
		x += r.Advance
	}
	return x
}

const sans = "Liberation Sans"

// pageFurniture draws the running header and footer as pagination
// artifacts.
func pageFurniture(s shaper, p *Page, n int) {
	p.BeginArtifact(Artifact{Type: ArtifactPagination, Subtype: SubtypeHeader})
	s.line(p, "Folio writer test", sans, 9, 40, 470)
	p.End()
	p.BeginArtifact(Artifact{Type: ArtifactPagination, Subtype: SubtypeFooter, BBox: &Rect{40, 20, 320, 12}})
	s.line(p, "Page "+string(rune('0'+n))+" of 3", sans, 9, 40, 24)
	p.End()
}

// buildTestDocument builds the three-page document of issue 2.
func buildTestDocument(t testing.TB) *Document {
	t.Helper()
	png, err := os.ReadFile("../conformance/testdata/corpus/dot.png")
	if err != nil {
		t.Fatalf("the test image is missing (expected conformance/testdata/corpus/dot.png): %v", err)
	}
	s := newShaper()
	d := New(Info{
		Title: "Folio writer test", Author: "Folio authors", Subject: "A tagged PDF/UA test document",
		Keywords: "pdf, accessibility", Creator: "folio test", Producer: "folio",
		Lang: "en-US", Now: time.Date(2025, 3, 4, 5, 6, 7, 0, time.UTC), DocumentID: []byte("0123456789abcdef"),
	})
	root := d.Root()
	dot, err := d.AddPNG("dot.png", png)
	if err != nil {
		t.Fatal(err)
	}

	// Page 1: heading and the start of a paragraph.
	p1 := d.AddPage(400, 500)
	pageFurniture(s, p1, 1)
	p1.BeginArtifact(Artifact{Type: ArtifactBackground, BBox: &Rect{0, 0, 400, 500}})
	p1.DrawPath(new(Path).Rect(Rect{30, 380, 340, 50}), PathStyle{Fill: true, FillColor: RGB8(0xEE, 0xEE, 0xFF)})
	p1.End()
	h1 := root.Add("H1")
	p1.BeginTagged(h1)
	s.line(p1, "Tagged PDF test", sans, 24, 40, 400)
	p1.End()
	d.AddDestination("top", p1, 0, 500)
	d.AddOutline("Tagged PDF test", 1, p1, 430)
	para := root.Add("P")
	p1.BeginTagged(para)
	s.line(p1, "This paragraph starts on page one", sans, 12, 40, 100)
	p1.End()

	// Page 2: the paragraph continues; a list and a table.
	p2 := d.AddPage(400, 500)
	pageFurniture(s, p2, 2)
	p2.BeginTagged(para)
	s.line(p2, "and ends on page two.", sans, 12, 40, 440)
	p2.End()
	d.AddOutline("Lists and tables", 2, p2, 420)
	list := root.Add("L")
	list.Attrs().ListNumbering = "Decimal"
	for i, item := range []string{"First item", "Second item"} {
		y := 400 - float64(i)*18
		li := list.Add("LI")
		lbl := li.Add("Lbl")
		p2.BeginTagged(lbl)
		s.line(p2, string(rune('1'+i))+".", sans, 12, 40, y)
		p2.End()
		body := li.Add("LBody")
		p2.BeginTagged(body)
		s.line(p2, item, sans, 12, 60, y)
		p2.End()
	}
	table := root.Add("Table")
	table.Attrs().BBox = &Rect{40, 250, 200, 80}
	caption := table.Add("Caption")
	p2.BeginTagged(caption)
	s.line(p2, "Fruit prices", sans, 12, 40, 320)
	p2.End()
	cells := [][]string{{"Fruit", "Price"}, {"Apple", "1.20"}}
	for r, row := range cells {
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
				cell.Table = &TableAttrs{Scope: ScopeColumn}
			}
			x := 40 + float64(c)*100
			p2.BeginArtifact(Artifact{Type: ArtifactLayout})
			p2.DrawPath(new(Path).Rect(Rect{x - 2, y - 5, 100, 20}), PathStyle{Stroke: &Stroke{Color: RGB8(0x88, 0x88, 0x88), Width: 0.5, Dash: []float64{2, 1}}})
			p2.End()
			p2.BeginTagged(cell)
			s.line(p2, text, sans, 12, x, y)
			p2.End()
		}
	}

	// Page 3: figure, decorative image, links, Greek, ligature, symbols.
	p3 := d.AddPage(400, 500)
	pageFurniture(s, p3, 3)
	fig := root.Add("Figure")
	fig.Attrs().Alt = "A red dot"
	fig.Attrs().BBox = &Rect{40, 380, 64, 64}
	p3.BeginTagged(fig)
	p3.DrawImageRect(dot, Rect{40, 380, 64, 64})
	p3.End()
	p3.BeginArtifact(Artifact{})
	p3.Save()
	p3.SetAlpha(0.5, 0.5)
	p3.Clip(new(Path).RoundedRect(Rect{300, 380, 64, 64}, [4][2]float64{{8, 8}, {8, 8}, {8, 8}, {8, 8}}), false)
	p3.DrawImageRect(dot, Rect{300, 380, 64, 64})
	p3.Restore()
	p3.End()

	links := root.Add("P")
	p3.BeginTagged(links)
	x := s.line(p3, "Visit ", sans, 12, 40, 340)
	p3.End()
	ext := links.Add("Link")
	p3.BeginTagged(ext)
	x2 := s.line(p3, "example.org", sans, 12, x, 340)
	p3.End()
	p3.AddLink(Link{Elem: ext, Rects: []Rect{{x, 336, x2 - x, 14}}, URI: "https://example.org/", Contents: "Example website"})
	p3.BeginTagged(links)
	x = s.line(p3, " or go back to ", sans, 12, x2, 340)
	p3.End()
	in := links.Add("Link")
	p3.BeginTagged(in)
	x2 = s.line(p3, "the top", sans, 12, x, 340)
	p3.End()
	p3.AddLink(Link{Elem: in, Rects: []Rect{{x, 336, x2 - x, 14}}, Dest: "top", Contents: "Back to the top of the document"})
	p3.BeginTagged(links)
	s.line(p3, ".", sans, 12, x2, 340)
	p3.End()

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
	if err := d.Err(); err != nil {
		t.Fatal(err)
	}
	return d
}

// writeTemp writes data to a file in a test temp dir.
func writeTemp(t *testing.T, data []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "test.pdf")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// tool runs an installed command and fails the test when it is missing.
func tool(t *testing.T, name string, args ...string) string {
	t.Helper()
	if _, err := exec.LookPath(name); err != nil {
		t.Fatalf("%s is not installed (poppler-utils / qpdf are required for this test): %v", name, err)
	}
	out, err := exec.Command(name, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return string(out)
}

func TestThreePageDocument(t *testing.T) {
	d := buildTestDocument(t)
	data, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	path := writeTemp(t, data)

	t.Run("qpdf check", func(t *testing.T) {
		out := tool(t, "qpdf", "--check", path)
		if !strings.Contains(out, "No syntax or stream encoding errors found") || strings.Contains(strings.ToLower(out), "warning") {
			t.Errorf("qpdf --check:\n%s", out)
		}
	})

	t.Run("text per page", func(t *testing.T) {
		want := []string{
			"Folio writer test\n\nTagged PDF test\n\nThis paragraph starts on page one\n\nPage 1 of 3\n\n\f",
			"Folio writer test\n\nand ends on page two.\n1. First item\n2. Second item\n\nFruit prices\nFruit\n\nPrice\n\nApple\n\n1.20\n\nPage 2 of 3\n\n\f",
			"Folio writer test\n\nVisit example.org or go back to the top.\nΚαλημέρα κόσμε\nAn efficient office\nI ♥ PDF → ✓\n\nPage 3 of 3\n\n\f",
		}
		for i, w := range want {
			n := string(rune('1' + i))
			got := tool(t, "pdftotext", "-f", n, "-l", n, path, "-")
			if got != w {
				t.Errorf("page %s text:\n got %q\nwant %q", n, got, w)
			}
		}
	})

	t.Run("structure tree", func(t *testing.T) {
		got := tool(t, "pdfinfo", "-struct-text", path)
		golden := filepath.Join("testdata", "three-page.struct.golden")
		if *update {
			if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (run go test -update to create it)", err)
		}
		if got != string(want) {
			t.Errorf("pdfinfo -struct-text differs from %s:\n%s", golden, got)
		}
	})

	t.Run("catalog and metadata", func(t *testing.T) {
		out := tool(t, "pdfinfo", "-meta", path)
		for _, w := range []string{
			"<pdfuaid:part>1</pdfuaid:part>", `xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/"`,
			`<rdf:li xml:lang="x-default">Folio writer test</rdf:li>`, "<xmp:CreateDate>2025-03-04T05:06:07Z</xmp:CreateDate>",
			"<dc:creator><rdf:Seq><rdf:li>Folio authors</rdf:li></rdf:Seq></dc:creator>",
		} {
			if !strings.Contains(out, w) {
				t.Errorf("XMP lacks %s", w)
			}
		}
		info := tool(t, "pdfinfo", path)
		for _, re := range []string{`(?m)^Title:\s+Folio writer test$`, `(?m)^Tagged:\s+yes$`, `(?m)^Pages:\s+3$`,
			`(?m)^PDF version:\s+1.7$`, `(?m)^Author:\s+Folio authors$`} {
			if !regexp.MustCompile(re).MatchString(info) {
				t.Errorf("pdfinfo lacks %s:\n%s", re, info)
			}
		}
		for _, w := range []string{"/Lang (en-US)", "/Marked true", "/DisplayDocTitle true",
			"/PageMode /UseOutlines", "/Tabs /S", "/StructParents 2", "/ParentTreeNextKey 5",
			"/Subtype /Link", "/F 4", "/S /URI", "/S /GoTo", "/Scope /Column", "/ListNumbering /Decimal",
			"/SMask", "/Type /Pagination", "/Subtype /Header", "/CIDToGIDMap /Identity", "/Encoding /Identity-H",
			"> <006600660069>\n", // the ffi ligature glyph maps to three characters
			"/Lang (el)"} {
			if !bytes.Contains(qdfText(t, path), []byte(w)) {
				t.Errorf("file lacks %s", w)
			}
		}
	})

	t.Run("image written once", func(t *testing.T) {
		q := qdfText(t, path)
		// dot.png is drawn twice but is one image XObject plus its SMask.
		if n := bytes.Count(q, []byte("/Subtype /Image")); n != 2 {
			t.Errorf("found %d image XObjects, want 2 (image and its soft mask)", n)
		}
	})

	t.Run("deterministic", func(t *testing.T) {
		again, err := buildTestDocument(t).Bytes()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(data, again) {
			t.Error("two runs gave different bytes")
		}
		third, err := d.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(data, third) {
			t.Error("writing the same document twice gave different bytes")
		}
	})
}

// qdfText returns the file uncompressed with qpdf --qdf, for searching.
func qdfText(t *testing.T, path string) []byte {
	t.Helper()
	out := filepath.Join(t.TempDir(), "qdf.pdf")
	tool(t, "qpdf", "--qdf", "--object-streams=disable", path, out)
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestConcurrentDocuments writes documents from several goroutines (they
// share the compressor pools and font faces) and expects identical bytes.
func TestConcurrentDocuments(t *testing.T) {
	s := newShaper()
	build := func() ([]byte, error) {
		d := New(Info{Title: "Concurrent", Lang: "en", DocumentID: []byte("fixed")})
		for i := 0; i < 5; i++ {
			p := d.AddPage(200, 200)
			p.BeginTagged(d.Root().Add("P"))
			s.line(p, "Concurrent writing, page "+string(rune('1'+i)), sans, 10, 10, 100)
			p.End()
		}
		return d.Bytes()
	}
	want, err := build()
	if err != nil {
		t.Fatal(err)
	}
	errs := make(chan error, 8)
	for i := 0; i < 8; i++ {
		go func() {
			got, err := build()
			if err == nil && !bytes.Equal(got, want) {
				err = errors.New("a concurrent run gave different bytes")
			}
			errs <- err
		}()
	}
	for i := 0; i < 8; i++ {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}
