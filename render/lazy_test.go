package render

import (
	"bytes"
	"context"
	"runtime"
	"strings"
	"testing"

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
			return 0, len(w.r.s.nodes)
		}
		return h - base, len(w.r.s.nodes)
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
