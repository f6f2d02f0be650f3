package render

import (
	"bytes"
	"context"
	"math"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/seed28491532/folio/fonts"
	"github.com/seed28491532/folio/layout"
)

// TestBeginPartHeapPerPage bounds what the Writer holds of a long
// document when its part begins (issue 24): the structure is made as
// layout reaches the boxes, not whole, so beginning a part of 400 pages
// holds no more than one of 100. It measures the live heap BeginPart
// adds per page of longDoc between the two, so fixed costs cancel out:
// about 0 KB; building the whole structure then held 3.7 KB a page
// (31 structure nodes a page and the owners' slots of every box), which
// the bound fails.
func TestBeginPartHeapPerPage(t *testing.T) {
	if testing.Short() {
		t.Skip("builds 500 pages")
	}
	const small, large = 100, 400
	held := func(n int) (uint64, int) {
		tree, _ := buildTree(t, longDoc(n))
		w, err := NewWriter(context.Background(), Options{Title: "t", Lang: "en"}, 1)
		if err != nil {
			t.Fatal(err)
		}
		liveHeap() // twice: the first GC leaves pools' victims
		base := liveHeap()
		if err := w.BeginPart(tree, ""); err != nil {
			t.Fatal(err)
		}
		h := liveHeap()
		runtime.KeepAlive(tree)
		if h < base {
			return 0, w.r.s.made()
		}
		return h - base, w.r.s.made()
	}
	a, na := held(small)
	b, nb := held(large)
	perPage := (float64(b) - float64(a)) / float64(large-small) / 1024
	t.Logf("BeginPart holds %.1f KB for %d pages (%d nodes), %.1f KB for %d (%d nodes): %.2f KB a page", float64(a)/1024, small, na, float64(b)/1024, large, nb, perPage)
	if perPage > 1 {
		t.Errorf("beginning a part holds %.1f KB a page, more than 1 KB: the structure is built whole", perPage)
	}
	if nb != na {
		t.Errorf("beginning a part made %d structure nodes for %d pages, %d for %d: want as many", na, small, nb, large)
	}
}

// TestStructureBeforeDrop checks that the structure made as layout goes
// is the one made from the whole tree: a file written from pages laid
// out with PaginateEach, which lets go of finished boxes (after telling
// the sink, which reaches them: heapSink.Dropping), is the file written from Paginate's,
// which keeps them. The document has elements without content between
// its sections (an empty paragraph, an empty figure): layout finishes
// them on a page that paints nothing of them, and lets them go before
// the next page is painted.
func TestStructureBeforeDrop(t *testing.T) {
	const n = 110
	src := strings.ReplaceAll(longDoc(n), "</section>", `</section><p></p><figure aria-label="empty"></figure><div><p></p></div>`)
	reg := fonts.NewRegistry(fonts.Options{})
	opts := Options{Title: "t", Lang: "en"}
	tree, ld := layoutHTML(t, reg, src)
	want, err := Render(context.Background(), tree, ld, displayLists(t, ld), opts)
	if err != nil {
		t.Fatal(err)
	}
	tree, st := buildTree(t, src)
	w, err := NewWriter(context.Background(), opts, 1)
	if err != nil {
		t.Fatal(err)
	}
	s := &heapSink{w: w, tree: tree, last: -1}
	if _, err := layout.PaginateEach(context.Background(), tree, layout.Options{Shaper: layout.FontShaper{Registry: reg}, Pages: st, MaxPages: 5000}, s); err != nil {
		t.Fatal(err)
	}
	if err := w.EndPart(); err != nil {
		t.Fatal(err)
	}
	got, err := w.Close()
	if err != nil {
		t.Fatal(err)
	}
	if s.pages != n {
		t.Fatalf("%d pages, want %d", s.pages, n)
	}
	if !bytes.Equal(got.PDF, want.PDF) {
		t.Errorf("the file written as layout lets boxes go (%d bytes) differs from the one written from the whole tree (%d bytes)", len(got.PDF), len(want.PDF))
	}
}

// TestStructureAsLayoutGoes checks that making the structure as the
// pages come (Writer.Page reaching their boxes) gives the file made from
// the structure built whole when the part begins (Reach of every box at
// once), on content whose nodes are made away from its place in the
// flow or with no content painted: footnotes, floats, positioned and
// fixed boxes, running headers, list items, links around blocks, table
// rows padded, empty elements, a main holding most of the document. (The
// tree is built without the HTML defaults: most boxes are anonymous, and
// much of the content goes to the fallback paragraph, made last.)
func TestStructureAsLayoutGoes(t *testing.T) {
	reg := fonts.NewRegistry(fonts.Options{})
	para := `<p>Survey team measured soil depth, water flow and station records along the river basin.</p>`
	for _, tc := range []struct{ name, body string }{
		{"footnotes", strings.Repeat(`<p>Text<span style="float:footnote">A note</span> after.</p>`+para, 30)},
		{"floats and positioned", strings.Repeat(`<div style="float:left;width:40%">Float</div>`+para+`<div style="position:absolute;top:0">Abs</div><p></p>`, 30)},
		{"fixed and running", `<div style="position:fixed;bottom:0">Fixed at the end</div>` + strings.Repeat(para, 60) + `<div style="position:running(hdr)">Running</div>`},
		{"lists and links", strings.Repeat(`<ul><li>One<li><a href="#x">Two</a></ul><a href="https://example.org"><div>Block link</div></a>`+para, 25) + `<h2 id=x>Target</h2>`},
		{"tables padded", strings.Repeat(`<table><tr><th id=h1>H</th><th>I</th></tr><tr><td headers=h1>a</td></tr></table>`+para, 25)},
		{"main and empties", `<header><h1>Title</h1></header><main>` + strings.Repeat(`<section><h2>S</h2>`+para+`<figure><img alt="Chart"></figure><p></p></section>`, 30) + `</main><footer>End</footer>`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := `<!doctype html><html lang=en><title>t</title><style>@page { size: A6; @top-center { content: element(hdr) } }</style><body>` + tc.body
			write := func(whole bool) []byte {
				tree, ld := layoutHTML(t, reg, src)
				w, err := NewWriter(context.Background(), Options{Title: "t", Lang: "en", Now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), DocumentID: []byte("0123456789abcdef")}, 1)
				if err != nil {
					t.Fatal(err)
				}
				if err := w.BeginPart(tree, ""); err != nil {
					t.Fatal(err)
				}
				if whole {
					if err := w.Reach(math.MaxInt); err != nil {
						t.Fatal(err)
					}
				}
				for _, l := range displayLists(t, ld) {
					if err := w.Page(l); err != nil {
						t.Fatal(err)
					}
				}
				if err := w.EndPart(); err != nil {
					t.Fatal(err)
				}
				res, err := w.Close()
				if err != nil {
					t.Fatal(err)
				}
				return res.PDF
			}
			whole, lazy := write(true), write(false)
			if !bytes.Equal(whole, lazy) {
				t.Errorf("the structure made as the pages come gives another file (%d bytes) than the one built whole (%d bytes)", len(lazy), len(whole))
			}
		})
	}
}
