package pdfua

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"runtime"
	"strings"
	"testing"
	"time"
	"weak"

	"github.com/seed28491532/folio/audit/ua"
	"github.com/seed28491532/folio/pdfinfo"
)

// chapterDoc builds a document of chapters two pages long, each a Sect
// with a heading, a paragraph running over the page break, a list, a
// table whose cells name their headers by ID, a note, a link to the
// chapter before and one to a URI. With stream, StreamTo starts once
// streamAt pages are added (output to out) and each chapter is sealed
// when its pages are finished. rows adds table rows to every page (to
// weigh the structure).
func chapterDoc(t testing.TB, s shaper, chapters, rows int, stream bool, streamAt int, out io.Writer) *Document {
	t.Helper()
	d := New(Info{Title: "Streamed structure", Lang: "en", Now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC),
		DocumentID: []byte("streamed-struct!")})
	root := d.Root()
	addPage := func() *Page {
		p := d.AddPage(300, 400)
		if stream && len(d.pages) == streamAt+1 {
			if err := d.StreamTo(out); err != nil {
				t.Fatal(err)
			}
		}
		return p
	}
	text := func(p *Page, e *StructElem, line string, y float64) {
		p.BeginTagged(e)
		s.line(p, line, sans, 9, 20, y)
		p.End()
	}
	for c := range chapters {
		p1 := addPage()
		sect := root.Add("Sect")
		h := sect.Add(map[bool]string{true: "H1", false: "H2"}[c == 0])
		text(p1, h, fmt.Sprintf("Chapter %d", c+1), 370)
		d.AddDestination(fmt.Sprintf("ch%d", c), p1, 0, 400)
		tbl := sect.Add("Table")
		head := tbl.Add("THead").Add("TR")
		th := head.Add("TH")
		th.Attrs().ID = fmt.Sprintf("c%d-site", c)
		th.Table = &TableAttrs{Scope: ScopeColumn}
		text(p1, th, "Site", 350)
		body := tbl.Add("TBody")
		for r := range rows {
			td := body.Add("TR").Add("TD")
			td.Table = &TableAttrs{Headers: []string{th.Attrs().ID}}
			text(p1, td, fmt.Sprintf("S-%d", r), 340-float64(r%30)*10)
		}
		para := sect.Add("P")
		text(p1, para, "A paragraph that starts here", 30)
		link := para.Add("Link")
		text(p1, link, "the chapter before", 20)
		target := fmt.Sprintf("ch%d", max(c-1, 0))
		p1.AddLink(Link{Elem: link, Rects: []Rect{{20, 18, 80, 10}}, Dest: target, Contents: "Previous chapter"})
		p1.Finish()

		p2 := addPage()
		text(p2, para, "and ends on the next page.", 370)
		l := sect.Add("L")
		li := l.Add("LI")
		text(p2, li.Add("Lbl"), "1.", 350)
		lb := li.Add("LBody")
		text(p2, lb, "An item", 340)
		uri := lb.Add("Link")
		text(p2, uri, "example.org", 330)
		p2.AddLink(Link{Elem: uri, Rects: []Rect{{20, 328, 60, 10}}, URI: "https://example.org/", Contents: "Example"})
		note := sect.Add("Note")
		note.Attrs().ID = fmt.Sprintf("note%d", c)
		text(p2, note, "A note.", 40)
		fig := sect.Add("Figure")
		fig.Attrs().Alt = "A square"
		p2.BeginTagged(fig)
		p2.DrawPath(new(Path).Rect(Rect{200, 200, 40, 40}), PathStyle{Fill: true, FillColor: RGB8(0x20, 0x60, 0xA0)})
		p2.End()
		p2.Finish()
		if stream {
			sect.Seal()
		}
	}
	return d
}

// structureJSON returns the structure tree of a PDF as pdfinfo reads
// it: types, attributes, text, pages and MCIDs of every element.
func structureJSON(t *testing.T, data []byte) string {
	t.Helper()
	info, err := pdfinfo.Read(data)
	if err != nil {
		t.Fatal(err)
	}
	js, err := json.Marshal(info.Structure)
	if err != nil {
		t.Fatal(err)
	}
	return string(js)
}

// TestStreamedStructure writes the same document at once and streamed
// (StreamTo from page 1, from page 3 and never reached): the streamed
// files pass qpdf --check and folio's PDF/UA audit and hold the same
// structure tree, text and links, in fewer bytes of memory.
func TestStreamedStructure(t *testing.T) {
	s := newShaper()
	want, err := chapterDoc(t, s, 4, 3, false, 0, nil).Bytes()
	if err != nil {
		t.Fatal(err)
	}
	wantTree := structureJSON(t, want)
	for _, at := range []int{0, 2, 100} {
		t.Run(fmt.Sprintf("from page %d", at+1), func(t *testing.T) {
			var buf bytes.Buffer
			d := chapterDoc(t, s, 4, 3, true, at, &buf)
			if at < len(d.pages) {
				kept := 0
				for range d.elems.all() {
					kept++
				}
				// the sealed chapters but the last went out, their
				// elements let go
				if n := d.elems.len(); d.st.written < 3*n/4 || kept > n/4 {
					t.Errorf("%d elements written, %d kept, of %d", d.st.written, kept, n)
				}
			}
			if err := d.Write(&buf); err != nil {
				t.Fatal(err)
			}
			got := buf.Bytes()
			if at >= len(d.pages) {
				if !bytes.Equal(got, want) {
					t.Fatal("a document that never starts streaming writes other bytes than Write")
				}
				return
			}
			if bytes.Equal(got, want) {
				t.Fatal("streamed file is the same as the one written at once: nothing streamed")
			}
			if tree := structureJSON(t, got); tree != wantTree {
				t.Errorf("structure differs:\n got %s\nwant %s", tree, wantTree)
			}
			path := writeTemp(t, got)
			if out := tool(t, "qpdf", "--check", path); !strings.Contains(out, "No syntax or stream encoding errors found") ||
				strings.Contains(strings.ToLower(out), "warning") {
				t.Errorf("qpdf --check:\n%s", out)
			}
			for i := 1; i <= len(d.pages); i += 3 {
				n := fmt.Sprint(i)
				if a, b := tool(t, "pdftotext", "-f", n, "-l", n, path, "-"), tool(t, "pdftotext", "-f", n, "-l", n, writeTemp(t, want), "-"); a != b {
					t.Errorf("page %d text %q, want %q", i, a, b)
				}
			}
			rep, err := ua.Audit(context.Background(), got, ua.Options{})
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range append(rep.Errors, rep.Warnings...) {
				t.Errorf("%s (%s): %s at %+v", f.Rule, f.Severity, f.Message, f.Location)
			}
			if !rep.Passed {
				t.Error("PDF/UA audit failed")
			}
		})
	}
}

// TestStreamedHeapPerPage bounds what a streaming document keeps of
// each page it has finished and each chapter it has sealed: the growth
// of the live heap between a short and a long document, per page. A
// page here holds about 50 structure elements (table rows), which a
// document written at once keeps until Write.
func TestStreamedHeapPerPage(t *testing.T) {
	s := newShaper()
	heap := func(chapters int, stream bool) uint64 {
		runtime.GC()
		var before runtime.MemStats
		runtime.ReadMemStats(&before)
		d := chapterDoc(t, s, chapters, 40, stream, 0, io.Discard)
		d.early.Wait()
		runtime.GC()
		var after runtime.MemStats
		runtime.ReadMemStats(&after)
		runtime.KeepAlive(d)
		return after.HeapAlloc - min(after.HeapAlloc, before.HeapAlloc)
	}
	const short, long = 10, 60
	perPage := func(stream bool) float64 {
		heap(long, stream) // warm up: fonts, caches
		least := math.Inf(1)
		for range 3 { // the least of three: caches other tests left may grow
			a, b := heap(short, stream), heap(long, stream)
			least = min(least, (float64(b)-float64(a))/float64(2*(long-short)))
		}
		return least
	}
	atOnce, streamed := perPage(false), perPage(true)
	t.Logf("heap per page: %.0f bytes written at once, %.0f streamed", atOnce, streamed)
	// what stays: the page's number, size and objects, its
	// annotations and the writer's offsets (about a byte an object);
	// about 8 to 11 KB a page written at once, 0.8 to 0.9 KB streamed
	// (this measure across documents is noisy: TestLongStreamHeapPerPage
	// measures within one)
	const limit = 5000
	if streamed > limit {
		t.Errorf("a streaming document keeps %.0f bytes a page, more than %d (%.0f written at once)", streamed, limit, atOnce)
	}
}

// TestSealLetsGoOfElements checks that nothing keeps the elements of a
// written subtree: once the block they were allocated from holds no
// element in use, the collector frees it.
func TestSealLetsGoOfElements(t *testing.T) {
	s := newShaper()
	d := New(Info{Title: "Sealed", Lang: "en"})
	if err := d.StreamTo(io.Discard); err != nil {
		t.Fatal(err)
	}
	var first weak.Pointer[StructElem]
	for c := range 3 {
		p := d.AddPage(300, 400)
		sect := d.Root().Add("Sect")
		for i := range 40 {
			e := sect.Add("P")
			if c == 0 && i == 0 {
				first = weak.Make(e)
			}
			p.BeginTagged(e)
			s.line(p, "Text", sans, 9, 20, 380-float64(i)*9)
			p.End()
		}
		p.Finish()
		if c < 2 {
			sect.Seal()
		}
	}
	if err := d.Err(); err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	if first.Value() != nil {
		t.Error("an element of the first sealed section is still reachable")
	}
	if err := d.Write(io.Discard); err != nil {
		t.Fatal(err)
	}
}

// TestSealOutOfOrderHeadings seals sections while one before them is
// kept in memory: the heading levels are still checked in document
// order, across written and kept subtrees.
func TestSealOutOfOrderHeadings(t *testing.T) {
	s := newShaper()
	for _, tc := range []struct {
		name   string
		levels []string // one section each; the first is kept
		err    string
	}{
		{"deepens by one after the kept section", []string{"H1", "H2", "H3", "H2"}, ""},
		{"skips a level after the kept section", []string{"H1", "H3"}, "heading level 3 follows level 1"},
		{"skips a level after a written section", []string{"H1", "H2", "H4"}, "heading level 4 follows level 2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := New(Info{Title: "Headings", Lang: "en"})
			if err := d.StreamTo(io.Discard); err != nil {
				t.Fatal(err)
			}
			for i, lv := range tc.levels {
				p := d.AddPage(300, 400)
				sect := d.Root().Add("Sect")
				h := sect.Add(lv)
				p.BeginTagged(h)
				s.line(p, "Heading "+lv, sans, 9, 20, 380)
				p.End()
				p.Finish()
				if i > 0 {
					sect.Seal()
				}
			}
			err := d.Write(io.Discard)
			if tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
				t.Errorf("Write: %v, want %q", err, tc.err)
			}
		})
	}
}
