package render

import (
	"context"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/seed28491532/folio/layout"
)

// heldBy returns the bytes in use on the heap that functions of package
// pkg (a folio package: "render", "pdfua") allocated, the nearest folio
// function of an allocation's stack deciding, internal packages (slab)
// passed over; what a test function allocated (a test's DOM) is not
// counted. It needs runtime.MemProfileRate set to 1 when the
// allocations were made to count every byte.
func heldBy(pkg string) uint64 {
	const mod = "github.com/seed28491532/folio/"
	for range 3 { // the profile is up to two collections old
		runtime.GC()
	}
	var recs []runtime.MemProfileRecord
	for {
		n, _ := runtime.MemProfile(nil, true)
		recs = make([]runtime.MemProfileRecord, n+64)
		if n, ok := runtime.MemProfile(recs, true); ok {
			recs = recs[:n]
			break
		}
	}
	var sum uint64
	for i := range recs {
		frames := runtime.CallersFrames(recs[i].Stack())
		for {
			f, more := frames.Next()
			if rest, ok := strings.CutPrefix(f.Function, mod); ok && !strings.HasPrefix(rest, "internal/") {
				if strings.HasPrefix(rest, pkg+".") && !strings.HasSuffix(f.File, "_test.go") {
					sum += uint64(recs[i].InUseBytes())
				}
				break
			}
			if !more {
				break
			}
		}
	}
	return sum
}

// TestStructureHeldPerPage bounds what the Writer's own data (the
// structure nodes, their index, the top-level subtrees, the outline's
// headings, the pages' links) holds for each page of a long document
// whose body grows as layout asks and whose file streams (issue 24):
// every allocation is profiled, and the bytes still in use that render
// allocated are compared between the 150th and the last page. What
// stays is a heading's outline entry and title and a page's pointer,
// about 100 bytes a page (the slices' growth doubling some of it). It
// was 1.8 KB before the index of nodes let go of its done part (about
// 100 nodes a page), 0.3 KB before the headings kept their outline
// entries only, 0.14 KB before pages without links kept an entry for
// their links.
func TestStructureHeldPerPage(t *testing.T) {
	if testing.Short() {
		t.Skip("lays out 600 pages, every allocation profiled")
	}
	defer func(r int) { runtime.MemProfileRate = r }(runtime.MemProfileRate)
	runtime.MemProfileRate = 1
	const n, from = 600, 150
	tree, opts := buildOnDemand(t, n)
	w, err := NewWriter(context.Background(), Options{Title: "t", Lang: "en"}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.StreamTo(io.Discard); err != nil {
		t.Fatal(err)
	}
	s := &heapSink{w: w, tree: tree, from: from, last: n, measure: func() uint64 { return heldBy("render") }}
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
	perPage := (float64(s.heapLast) - float64(s.heapFrom)) / float64(n-from)
	t.Logf("render holds %.0f KB at page %d, %.0f KB at page %d: %.0f bytes a page", float64(s.heapFrom)/1024, from, float64(s.heapLast)/1024, n, perPage)
	if perPage > 300 {
		t.Errorf("render holds %.0f bytes more for each page written, more than 300: it keeps what it is done with", perPage)
	}
}
