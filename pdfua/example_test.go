package pdfua_test

import (
	"bytes"
	"fmt"
	"log"
	"time"

	"github.com/seed28491532/folio/fonts"
	"github.com/seed28491532/folio/pdfua"
)

// Example writes a one-page tagged PDF: a heading, a paragraph with a
// link, and a running footer as a pagination artifact.
func Example() {
	reg := fonts.NewRegistry(fonts.Options{})
	q := fonts.Query{Families: []string{"sans-serif"}, Weight: 400}
	// draw shapes text and paints it at (x, y), returning the end x.
	draw := func(p *pdfua.Page, text string, size, x, y float64) float64 {
		runs, _ := reg.Shape(text, q, size, fonts.ShapeOptions{})
		for _, r := range runs {
			p.ShowText(pdfua.TextRun{Font: r.Face, Size: size, X: x, Y: y, Text: r.Text, Glyphs: r.Glyphs})
			x += r.Advance
		}
		return x
	}

	doc := pdfua.New(pdfua.Info{
		Title: "Hello", Lang: "en", Producer: "folio",
		Now: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC),
	})
	page := doc.AddPage(595, 842)

	h1 := doc.Root().Add("H1")
	page.BeginTagged(h1)
	draw(page, "Hello, world", 24, 72, 760)
	page.End()
	doc.AddOutline("Hello, world", 1, page, 790)

	p := doc.Root().Add("P")
	page.BeginTagged(p)
	x := draw(page, "Read the ", 12, 72, 730)
	page.End()
	link := p.Add("Link")
	page.BeginTagged(link)
	end := draw(page, "specification", 12, x, 730)
	page.End()
	page.AddLink(pdfua.Link{Elem: link, Rects: []pdfua.Rect{{X: x, Y: 726, W: end - x, H: 14}},
		URI: "https://www.iso.org/standard/64599.html", Contents: "PDF/UA-1 specification"})

	page.BeginArtifact(pdfua.Artifact{Type: pdfua.ArtifactPagination, Subtype: pdfua.SubtypeFooter})
	draw(page, "Page 1", 9, 72, 40)
	page.End()

	data, err := doc.Bytes()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s\n", bytes.SplitN(data, []byte("\n"), 2)[0])
	// Output: %PDF-1.7
}

// ExampleFontCache writes letters as a server does, sharing one font
// registry and one FontCache: a letter that uses exactly the glyphs of an
// earlier one reuses its subset font program and ToUnicode CMap.
func ExampleFontCache() {
	reg := fonts.NewRegistry(fonts.Options{})
	cache := pdfua.NewFontCache(0)
	letter := func(name string) ([]byte, error) {
		doc := pdfua.New(pdfua.Info{Title: "Letter", Lang: "en"})
		doc.SetFontCache(cache)
		page := doc.AddPage(595, 842)
		p := doc.Root().Add("P")
		page.BeginTagged(p)
		runs, _ := reg.Shape("Dear "+name+",", fonts.Query{Families: []string{"serif"}, Weight: 400}, 12, fonts.ShapeOptions{})
		x := 72.0
		for _, r := range runs {
			page.ShowText(pdfua.TextRun{Font: r.Face, Size: 12, X: x, Y: 760, Text: r.Text, Glyphs: r.Glyphs})
			x += r.Advance
		}
		page.End()
		return doc.Bytes()
	}
	for _, name := range []string{"Ann", "Bob", "Ann"} {
		if _, err := letter(name); err != nil {
			log.Fatal(err)
		}
	}
	// The letters to Ann and Bob build a program and a CMap each; the
	// second letter to Ann finds both.
	s := cache.Stats()
	fmt.Println("hits:", s.Hits, "misses:", s.Misses, "entries:", s.Entries)
	// Output: hits: 2 misses: 4 entries: 4
}
