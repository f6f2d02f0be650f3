package render

import (
	"context"
	"io"
	"os"
	"strconv"
	"testing"

	"github.com/seed28491532/folio/fonts"
	"github.com/seed28491532/folio/internal/benchdoc"
	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/layout/box"
)

// buildOnDemand returns the box tree of benchdoc.LongDoc(n) with an empty body
// whose sections are parsed, styled and built one per call as layout
// asks, numbered on from the boxes before them: what the facade's
// streaming path does, with a parser per section rather than one
// parser stopping after each.
func buildOnDemand(t testing.TB, n int) (*box.Tree, layout.Options) {
	t.Helper()
	return buildOnDemandOf(t, n, benchdoc.LongSection)
}

// buildOnDemandOf is buildOnDemand with section i's HTML given by
// section.
func buildOnDemandOf(t testing.TB, n int, section func(i int) string) (*box.Tree, layout.Options) {
	t.Helper()
	head, tail := benchdoc.LongHead, benchdoc.LongTail
	tree, st := buildTree(t, head+tail)
	var body *box.Box
	for _, c := range tree.Root.Children {
		if c.Tag() == "body" {
			body = c
		}
	}
	next := boxCount(tree.Root)
	i := 0
	body.SetGrow(func() bool {
		if i >= n {
			return false
		}
		i++
		part, _ := buildTree(t, head+section(i)+tail)
		var sec *box.Box
		for _, c := range part.Root.Children {
			if c.Tag() == "body" && len(c.Children) > 0 {
				sec = c.Children[0]
			}
		}
		if sec == nil {
			t.Fatal("a section built no box")
			return false
		}
		off := next - sec.Index
		sec.Walk(func(b *box.Box) bool {
			b.Index += off
			return true
		})
		next = boxCount(sec)
		sec.Parent = body
		body.Children = append(body.Children, sec)
		ReadTextsFrom(tree, []*box.Box{sec})
		unlinkBelow(sec.Node)
		return true
	})
	reg := fonts.NewRegistry(fonts.Options{})
	return tree, layout.Options{Shaper: layout.FontShaper{Registry: reg}, Pages: st, MaxPages: 20000}
}

// growHeap lays out and writes benchdoc.LongDoc(n), built whole or on demand,
// and returns the live heap when page at is handed on.
func growHeap(t testing.TB, n, at int, onDemand bool) uint64 {
	h, _ := growHeaps(t, n, at, onDemand)
	return h
}

// growHeaps is growHeap, also returning the live heap when the last
// page is handed on.
func growHeaps(t testing.TB, n, at int, onDemand bool) (uint64, uint64) {
	t.Helper()
	var tree *box.Tree
	var opts layout.Options
	if onDemand {
		tree, opts = buildOnDemand(t, n)
	} else {
		var st layout.PageStyler
		tree, st = buildTree(t, benchdoc.LongDoc(n))
		ReadTexts(tree)
		opts = layout.Options{Shaper: layout.FontShaper{Registry: fonts.NewRegistry(fonts.Options{})}, Pages: st, MaxPages: 20000}
	}
	w, err := NewWriter(context.Background(), Options{Title: "t", Lang: "en"}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.StreamTo(io.Discard); err != nil { // (the file is not held)
		t.Fatal(err)
	}
	s := &heapSink{w: w, tree: tree, from: at, last: n}
	sum, err := layout.PaginateEach(context.Background(), tree, opts, lateHeapSink{s})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.EndPart(); err != nil {
		t.Fatal(err)
	}
	if _, err := w.CloseTo(io.Discard); err != nil {
		t.Fatal(err)
	}
	if sum.Pages != n {
		t.Fatalf("%d sections gave %d pages", n, sum.Pages)
	}
	return s.heapFrom, s.heapLast
}

// TestGrowHeapBounded checks what streaming the body saves: the live
// heap when the 150th page of a document is handed on does not grow
// with the document when its sections are built as layout asks (the
// DOM, styles and boxes of the pages to come do not exist), while it
// does when the tree is built whole. FOLIO_GROW_PAGES=N measures N
// pages (the heap at pages 50 and 150) and logs it.
func TestGrowHeapBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("lays out 1,000 pages")
	}
	if n, err := strconv.Atoi(os.Getenv("FOLIO_GROW_PAGES")); err == nil && n > 150 {
		for _, at := range []int{50, 150} {
			w, wl := growHeaps(t, n, at, false)
			d, dl := growHeaps(t, n, at, true)
			t.Logf("%d pages, live heap at page %d: built whole %.1f MB, on demand %.1f MB; at the last page %.1f and %.1f MB", n, at,
				float64(w)/1e6, float64(d)/1e6, float64(wl)/1e6, float64(dl)/1e6)
		}
		return
	}
	const at = 150
	small, large := growHeap(t, 200, at, true), growHeap(t, 600, at, true)
	whole := growHeap(t, 600, at, false)
	t.Logf("live heap at page %d: on demand %.1f MB of 200 pages, %.1f MB of 600; built whole %.1f MB of 600", at, float64(small)/1e6, float64(large)/1e6, float64(whole)/1e6)
	if perPage := (float64(large) - float64(small)) / 400 / 1024; perPage > 2 {
		t.Errorf("built on demand, the heap at page %d grows by %.1f KB for each page after it: the pages to come are built", at, perPage)
	}
	if whole < large+large/2 {
		t.Errorf("the heap at page %d holds %.1f MB built on demand, %.1f MB built whole: want far less on demand", at, float64(large)/1e6, float64(whole)/1e6)
	}
}
