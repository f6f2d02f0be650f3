package pdfua

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"runtime"
	"strings"
	"testing"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// longStreamed builds a streamed document of n pages (StreamTo from the
// first), each a Sect of elemsPerPage paragraphs with one MCID each,
// finished and sealed as render does, keeping the pages as render keeps
// them (with keep, a paragraph a page is kept until Write, as render
// keeps a note), and returns the live heap once page from and page n
// are done, and once every page is reopened for a late stream
// (NewStream), as late margin boxes are, and the bytes Write allocates
// (what the end adds to the peak). Measured in one document, the
// caches of compressors and fonts are the same each time.
func longStreamed(t testing.TB, from, n, elemsPerPage int, keep, links, flat bool) (heapFrom, heapLast, heapLate, writeAlloc uint64) {
	t.Helper()
	font := &fakeFont{name: "Fake"}
	d := newTestDoc()
	if err := d.StreamTo(io.Discard); err != nil {
		t.Fatal(err)
	}
	pages := make([]*Page, 0, n)
	gl := glyphs(10, 11, 12)
	live := func() uint64 {
		d.early.Wait()
		runtime.GC()
		runtime.GC() // sync.Pool's victims (the compressor's) too
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	text := func(p *Page, y float64) {
		p.ShowText(TextRun{Font: font, Size: 4, X: 10, Y: y, Text: "abc", Glyphs: gl})
		p.End()
	}
	for i := range n {
		p := d.AddPage(300, 400)
		sect := d.Root() // flat: paragraphs under the Document
		if !flat {
			sect = sect.Add("Sect")
		}
		for j := range elemsPerPage {
			if flat { // paragraphs under the Document, each sealed
				e := d.Root().Add("P")
				p.BeginTagged(e)
				text(p, 390-4*float64(j))
				e.Seal()
				continue
			}
			p.BeginTagged(sect.Add("P"))
			text(p, 390-4*float64(j))
		}
		if keep {
			p.BeginTagged(d.Root().Add("P"))
			text(p, 10)
		}
		if links {
			for k := range 2 {
				l := sect.Add("Link")
				p.BeginTagged(l)
				text(p, 20+4*float64(k))
				p.AddLink(Link{Elem: l, Rects: []Rect{{10, 20 + 4*float64(k), 10, 4}}, URI: "https://example.org/"})
			}
		}
		p.Finish()
		if !flat {
			sect.Seal()
		}
		pages = append(pages, p)
		switch i + 1 {
		case from:
			heapFrom = live()
		case n:
			heapLast = live()
		}
	}
	for _, p := range pages {
		p.NewStream()
		p.BeginArtifact(Artifact{Type: ArtifactPagination})
		text(p, 5)
		p.Finish()
	}
	heapLate = live()
	if err := d.Err(); err != nil {
		t.Fatal(err)
	}
	runtime.KeepAlive(pages)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if err := d.Write(io.Discard); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	return heapFrom, heapLast, heapLate, after.TotalAlloc - before.TotalAlloc
}

// TestLongStreamHeapPerPage bounds what a streaming document keeps of
// each finished page of a long document (issue 24): the live heap grows
// by less than maxPerPage bytes a page from the 300th to the 1,200th
// page of 95 elements, each with one MCID. What stays is the page's
// number, size and content object, its offsets in the xref table
// (about 100 objects, packed to about a byte each) and its Sect's entry
// among the Document's kids; before, the writer's 8-byte offsets, the
// page's drawing state and resource lists, a number for each MCID and a
// pointer for each element kept about 3.1 KB a page (measured so). With
// an element kept until Write on every page (a note, say), that element
// only: its block of 256 elements stayed with it, 12.3 KB a page. A
// late stream on every page (late margin boxes) adds less than maxLate
// bytes a page: it is written at once, not kept with its page's drawing
// state until Write (about 700 bytes a page before), and the page keeps
// its object number in 4 bytes (17 bytes a page as a pdfobj.Ref; with
// the Page's 64-bit fields and its own size 48 bytes more a page). Write allocates
// less than maxWrite bytes a page: it writes a streaming document's
// page dictionaries one by one (about 590 bytes a page, held together,
// when they were built in one buffer). A flat document (paragraphs
// under the Document, each sealed) keeps two or three bytes for each
// (1,922 bytes a page when each was a kid of 16 bytes), and its
// Document, written at the end, lists them all.
func TestLongStreamHeapPerPage(t *testing.T) {
	if testing.Short() {
		t.Skip("builds 12,000 pages")
	}
	const from, n, elems = 300, 1200, 95
	for _, tc := range []struct {
		name                string
		keep, links, flat   bool
		maxPerPage, maxLate float64 // measured: 314, 510, 648 and 554; 1 to 3
		maxWrite            float64 // measured: 77, 195, 297 and 1,581
	}{
		{"all sealed", false, false, false, 450, 12, 250},
		{"an element kept a page", true, false, false, 700, 12, 700},
		{"two links a page", false, true, false, 850, 12, 600},
		{"a flat document", false, false, true, 750, 12, 2000},
	} {
		t.Run(tc.name, func(t *testing.T) {
			perPage, late, write := math.Inf(1), math.Inf(1), math.Inf(1)
			for range 2 {
				a, b, c, w := longStreamed(t, from, n, elems, tc.keep, tc.links, tc.flat)
				perPage = min(perPage, (float64(b)-float64(a))/float64(n-from))
				late = min(late, (float64(c)-float64(b))/float64(n))
				// Write's fixed costs (fonts, compressors) apart
				_, _, _, w0 := longStreamed(t, from, from, elems, tc.keep, tc.links, tc.flat)
				write = min(write, (float64(w)-float64(w0))/float64(n-from))
			}
			t.Logf("live heap %.0f bytes a page, %.0f more with a late stream; Write allocates %.0f bytes a page", perPage, late, write)
			if write > tc.maxWrite && !raceEnabled {
				t.Errorf("Write allocates %.0f bytes a page, more than %.0f", write, tc.maxWrite)
			}
			if perPage > tc.maxPerPage {
				t.Errorf("a streaming document keeps %.0f bytes a page, more than %.0f", perPage, tc.maxPerPage)
			}
			if late > tc.maxLate {
				t.Errorf("a late stream keeps %.0f bytes a page, more than %.0f", late, tc.maxLate)
			}
		})
	}
}

// TestSealedKids checks what a kept element knows of the subtrees
// written under it: their type for its checks (one H child), their last
// heading for the levels after them, their number for its /K, also when
// a subtree holding written ones is sealed in turn; and that the
// elements' table lets go of the chunks whose elements all went.
func TestSealedKids(t *testing.T) {
	font := &fakeFont{name: "Fake"}
	for _, tc := range []struct {
		name  string
		build func(d *Document, p *Page, tag func(*StructElem))
		err   string
	}{
		{"two H written under the Document", func(d *Document, p *Page, tag func(*StructElem)) {
			for range 2 {
				h := d.Root().Add("H")
				tag(h)
				h.Seal()
			}
		}, "more than one H child"},
		{"a level skipped after a written heading", func(d *Document, p *Page, tag func(*StructElem)) {
			s := d.Root().Add("Sect")
			tag(s.Add("H1"))
			s.Seal()
			tag(d.Root().Add("H3"))
		}, "heading level 3 follows level 1"},
		{"a level skipped after a run of written subtrees", func(d *Document, p *Page, tag func(*StructElem)) {
			for _, typ := range []string{"H1", "P", "H2", "P", "P"} {
				e := d.Root().Add(typ)
				tag(e)
				e.Seal()
			}
			tag(d.Root().Add("H4"))
		}, "heading level 4 follows level 2"},
		{"two H in one run", func(d *Document, p *Page, tag func(*StructElem)) {
			for _, typ := range []string{"P", "H", "P", "H"} {
				e := d.Root().Add(typ)
				tag(e)
				e.Seal()
			}
		}, "more than one H child"},
		{"a Part sealed after its sections", func(d *Document, p *Page, tag func(*StructElem)) {
			part := d.Root().Add("Part")
			for i := range 3 {
				s := part.Add("Sect")
				tag(s.Add(map[bool]string{true: "H1", false: "H2"}[i == 0]))
				tag(s.Add("P"))
				s.Seal()
			}
			part.Seal()
			tag(d.Root().Add("P"))
		}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			d := newTestDoc()
			if err := d.StreamTo(&buf); err != nil {
				t.Fatal(err)
			}
			p := d.AddPage(300, 400)
			y := 390.0
			tag := func(e *StructElem) {
				p.BeginTagged(e)
				p.ShowText(TextRun{Font: font, Size: 4, X: 10, Y: y, Text: "ab", Glyphs: glyphs(10, 11)})
				p.End()
				y -= 5
			}
			tc.build(d, p, tag)
			p.Finish()
			err := d.Write(&buf)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("Write: %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got := structureJSON(t, buf.Bytes())
			for _, want := range []string{`"Part"`, `"H1"`, `"H2"`} {
				if !strings.Contains(got, want) {
					t.Errorf("structure %s has no %s", got, want)
				}
			}
			if out := tool(t, "qpdf", "--check", writeTemp(t, buf.Bytes())); !strings.Contains(out, "No syntax or stream encoding errors found") {
				t.Errorf("qpdf --check:\n%s", out)
			}
		})
	}
	t.Run("runs hold the structure", func(t *testing.T) {
		// paragraphs under the Document, sealed but for some: the
		// written ones in runs between the kept ones
		build := func(out io.Writer) []byte {
			var buf bytes.Buffer
			d := newTestDoc()
			if out != nil {
				if err := d.StreamTo(&buf); err != nil {
					t.Fatal(err)
				}
			}
			for pg := range 3 {
				p := d.AddPage(300, 400)
				for i := range 20 {
					e := d.Root().Add(map[bool]string{true: "H1", false: "P"}[pg == 0 && i == 0])
					p.BeginTagged(e)
					p.ShowText(TextRun{Font: font, Size: 4, X: 10, Y: 390 - 5*float64(i), Text: "ab", Glyphs: glyphs(10, 11)})
					p.End()
					if i%7 != 3 {
						e.Seal()
					}
				}
				p.Finish()
			}
			if out == nil {
				b, err := d.Bytes()
				if err != nil {
					t.Fatal(err)
				}
				return b
			}
			if len(d.st.runs) == 0 || len(d.Root().kids) > 20 {
				t.Errorf("the Document holds %d kids for 60 paragraphs, in %d runs", len(d.Root().kids), len(d.st.runs))
			}
			if err := d.Write(&buf); err != nil {
				t.Fatal(err)
			}
			return buf.Bytes()
		}
		want, got := build(nil), build(io.Discard)
		if a, b := structureJSON(t, got), structureJSON(t, want); a != b {
			t.Errorf("structure streamed:\n%s\nwritten at once:\n%s", a, b)
		}
		if out := tool(t, "qpdf", "--check", writeTemp(t, got)); !strings.Contains(out, "No syntax or stream encoding errors found") {
			t.Errorf("qpdf --check:\n%s", out)
		}
	})
	t.Run("chunks let go", func(t *testing.T) {
		d := newTestDoc()
		if err := d.StreamTo(io.Discard); err != nil {
			t.Fatal(err)
		}
		for range 20 {
			p := d.AddPage(300, 400)
			s := d.Root().Add("Sect")
			for i := range 95 {
				e := s.Add("P")
				p.BeginTagged(e)
				p.ShowText(TextRun{Font: font, Size: 4, X: 10, Y: 390 - 4*float64(i), Text: "ab", Glyphs: glyphs(10, 11)})
				p.End()
			}
			p.Finish()
			s.Seal()
		}
		held := 0
		for _, ch := range d.elems.chunks {
			if ch != nil {
				held++
			}
		}
		// the root's chunk and the one elements are added to
		if held > 2 || len(d.elems.chunks) < 7 {
			t.Errorf("%d chunks of %d hold elements after 20 sealed pages", held, len(d.elems.chunks))
		}
		if err := d.Write(io.Discard); err != nil {
			t.Fatal(err)
		}
	})
}

// TestReopenedPageTagged checks that a page reopened (NewStream) after
// a streaming document wrote its ParentTree array refuses tagged
// content with an error saying so, and takes artifacts; a document not
// streaming takes both.
func TestReopenedPageTagged(t *testing.T) {
	font := &fakeFont{name: "Fake"}
	for _, tc := range []struct {
		stream, tagged bool
		err            string
	}{
		{false, false, ""},
		{false, true, ""},
		{true, false, ""},
		{true, true, "reopened after its ParentTree entries were written"},
	} {
		t.Run(fmt.Sprintf("stream %v tagged %v", tc.stream, tc.tagged), func(t *testing.T) {
			var buf bytes.Buffer
			d := newTestDoc()
			if tc.stream {
				if err := d.StreamTo(&buf); err != nil {
					t.Fatal(err)
				}
			}
			p := d.AddPage(200, 200)
			p.BeginTagged(d.Root().Add("P"))
			p.ShowText(TextRun{Font: font, Size: 10, X: 10, Y: 180, Text: "ab", Glyphs: glyphs(10, 11)})
			p.End()
			p.Finish()
			p.NewStream()
			if tc.tagged {
				p.BeginTagged(d.Root().Add("P"))
			} else {
				p.BeginArtifact(Artifact{Type: ArtifactPagination})
			}
			p.ShowText(TextRun{Font: font, Size: 8, X: 10, Y: 10, Text: "1", Glyphs: glyphs(12)})
			p.End()
			p.Finish()
			err := d.Write(&buf)
			if tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
				t.Fatalf("Write: %v, want %q", err, tc.err)
			}
		})
	}
}

// TestKeptPageResources checks what a streaming document keeps of a
// finished page: pages using the same resources share them, a page
// reopened (NewStream) adds to its own only, and drawing-state calls on
// a finished page whose content went out are errors naming them.
func TestKeptPageResources(t *testing.T) {
	a, b := &fakeFont{name: "FontA"}, &fakeFont{name: "FontB"}
	build := func(t *testing.T, out io.Writer) (*Document, []*Page) {
		d := newTestDoc()
		if err := d.StreamTo(out); err != nil {
			t.Fatal(err)
		}
		var pages []*Page
		for i := range 4 {
			p := d.AddPage(200, 200)
			p.BeginTagged(d.Root().Add("P"))
			p.ShowText(TextRun{Font: a, Size: 10, X: 10, Y: 180, Text: "ab", Glyphs: glyphs(10, 11)})
			p.End()
			p.Finish()
			pages = append(pages, p)
			if i == 3 {
				d.AddPage(200, 200).Finish() // page 4's content goes out
			}
		}
		return d, pages
	}
	t.Run("shared and copied", func(t *testing.T) {
		var buf bytes.Buffer
		d, pages := build(t, &buf)
		if pages[0].pageDraw != nil || pages[0].pageRes != pages[2].pageRes {
			t.Fatal("finished pages written keep their drawing state or resources of their own")
		}
		pages[1].NewStream()
		pages[1].BeginArtifact(Artifact{Type: ArtifactPagination})
		pages[1].ShowText(TextRun{Font: b, Size: 8, X: 10, Y: 10, Text: "1", Glyphs: glyphs(12)})
		pages[1].End()
		pages[1].Finish()
		if pages[1].pageDraw != nil || len(pages[1].written) != 2 {
			t.Fatal("a reopened page's late stream is kept until Write, not written")
		}
		if err := d.Write(&buf); err != nil {
			t.Fatal(err)
		}
		if out := tool(t, "qpdf", "--check", writeTemp(t, buf.Bytes())); !strings.Contains(out, "No syntax or stream encoding errors found") {
			t.Errorf("qpdf --check:\n%s", out)
		}
		f, err := pdfobj.Open(buf.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		got, err := f.Pages()
		if err != nil {
			t.Fatal(err)
		}
		for i, pg := range got[:4] {
			res, _ := f.Resolve(pg.Dict["Resources"]).(pdfobj.Dict)
			fonts, _ := f.Resolve(res["Font"]).(pdfobj.Dict)
			if want := map[bool]int{true: 2, false: 1}[i == 1]; len(fonts) != want {
				t.Errorf("page %d has %d fonts, want %d: %v", i+1, len(fonts), want, fonts)
			}
			contents, _ := f.Resolve(pg.Dict["Contents"]).(pdfobj.Array)
			if want := map[bool]int{true: 2, false: 0}[i == 1]; len(contents) != want {
				t.Errorf("page %d has /Contents %v, want an array of %d streams", i+1, pg.Dict["Contents"], want)
			}
		}
	})
	for name, call := range map[string]func(p *Page){
		"Save":      func(p *Page) { p.Save() },
		"Transform": func(p *Page) { p.Transform(Identity) },
		"Clip":      func(p *Page) { p.Clip(new(Path).Rect(Rect{0, 0, 10, 10}), false) },
		"SetAlpha":  func(p *Page) { p.SetAlpha(0.5, 0.5) },
		"End":       func(p *Page) { p.End() },
		"EndGroup":  func(p *Page) { p.EndGroup(1, Mask{}) },
	} {
		t.Run(name, func(t *testing.T) {
			d, pages := build(t, io.Discard)
			call(pages[0])
			if err := d.Err(); err == nil || !strings.Contains(err.Error(), name+" after Finish") {
				t.Errorf("%s on a finished page: error %v", name, err)
			}
		})
	}
}

// TestAnnotationSyntax checks that a link annotation written as syntax
// (appendAnnotation) has the bytes of the equivalent pdfobj.Dict, with
// and without quadrilaterals, for URI and destination links.
func TestAnnotationSyntax(t *testing.T) {
	d := newTestDoc()
	p := d.AddPage(100, 100)
	d.AddDestination("här", p, 0, 100)
	link := d.Root().Add("P").Add("Link")
	quad := [4][2]float64{{1, 2.5}, {3, 4}, {5.25, 6}, {7, 8}}
	b := &builder{d: d, pageRefs: []pdfobj.Ref{{Num: 7}}}
	for _, a := range []*annotation{
		{page: p, elem: link, rect: Rect{1, 2, 30, 4.5}, uri: "https://example.org/ä b", contents: "Exämple", key: 3},
		{page: p, elem: link, rect: Rect{1, 2, 30, 4.5}, quad: &quad, dest: "här", contents: "Back", key: 12},
	} {
		want := pdfobj.Dict{
			"Type": pdfobj.Name("Annot"), "Subtype": pdfobj.Name("Link"), "Rect": a.rect.array(),
			"Border": pdfobj.Array{pdfobj.Int(0), pdfobj.Int(0), pdfobj.Int(0)}, "F": pdfobj.Int(4),
			"Contents": pdfobj.TextString(a.contents), "StructParent": pdfobj.Int(a.key), "P": pdfobj.Ref{Num: 7},
		}
		if a.quad != nil {
			q := pdfobj.Array{}
			for _, pt := range a.quad {
				q = append(q, pdfobj.Real(pt[0]), pdfobj.Real(pt[1]))
			}
			want["QuadPoints"] = q
		}
		if a.uri != "" {
			want["A"] = pdfobj.Dict{"S": pdfobj.Name("URI"), "URI": pdfobj.String(uriASCII(a.uri))}
		} else {
			want["A"] = pdfobj.Dict{"S": pdfobj.Name("GoTo"), "D": pdfobj.TextString(a.dest)}
		}
		got, err := b.appendAnnotation(nil, a)
		if err != nil {
			t.Fatal(err)
		}
		if w := pdfobj.Format(want); string(got) != w {
			t.Errorf("annotation\n got %s\nwant %s", got, w)
		}
	}
	if _, err := b.appendAnnotation(nil, &annotation{page: p, elem: link, dest: "nowhere"}); err == nil || !strings.Contains(err.Error(), `unknown destination "nowhere"`) {
		t.Errorf("a link to an unknown destination: error %v", err)
	}
}
