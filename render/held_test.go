package render

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"image"
	"image/png"
	"io"
	"math"
	"runtime"
	"strings"
	"testing"
	"weak"

	"github.com/seed28491532/folio/internal/benchdoc"
	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/layout/box"
)

// heldBy returns the bytes in use on the heap that functions of package
// pkg (a folio package: "render", "pdfua") allocated, the nearest folio
// function of an allocation's stack deciding, internal packages (slab)
// passed over; what a test function allocated (a test's DOM) is not
// counted. The profile's samples are scaled by runtime.MemProfileRate,
// which must be what it was when the allocations were made.
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
					sum += sampled(&recs[i])
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

// sampled estimates the bytes in use that profile record r stands
// for: an allocation of size bytes is sampled with the chance
// 1-exp(-size/runtime.MemProfileRate), as pprof scales.
func sampled(r *runtime.MemProfileRecord) uint64 {
	if r.AllocObjects == 0 || r.InUseBytes() <= 0 {
		return 0
	}
	size := float64(r.AllocBytes) / float64(r.AllocObjects)
	p := 1 - math.Exp(-size/float64(runtime.MemProfileRate))
	return uint64(float64(r.InUseBytes()) / p)
}

// TestStructureHeldPerPage bounds what the Writer's own data (the
// structure nodes, their index, the top-level subtrees, the outline's
// headings, the pages' links, the places of ids) holds for each page of
// a long document whose body grows as layout asks and whose file
// streams (issue 24): allocations are profiled (a sample every 256
// bytes, scaled as pprof does: the per-page figures are those of every
// allocation profiled within a few percent), and the bytes still in use
// that render allocated are compared between the 150th and the last
// page. Of sections let go of once written, what stays is a
// heading's outline entry and title, a page's pointer and an id's
// place, about 150 to 190 bytes a page (the slices' and maps' growth
// doubling some of it): it was 1.8 KB before the index of nodes let go
// of its done part (about 100 nodes a page), 0.3 KB before the headings
// kept their outline entries only. A section kept to the end of the
// part (one in ten, its link waiting for a later target) keeps its
// nodes, about 2 KB a page in all: 7.6 KB while the nodes' blocks
// were shared between sections (a kept section kept a 64 KB block). The
// texts ReadTexts records go once their element's node is made: those
// of elements without a node (an anchor, a region) inside a box layout
// let go of were kept, with their DOM elements, to the end.
func TestStructureHeldPerPage(t *testing.T) {
	if testing.Short() {
		t.Skip("lays out 1,200 pages, allocations profiled")
	}
	defer func(r int) { runtime.MemProfileRate = r }(runtime.MemProfileRate)
	runtime.MemProfileRate = 256
	withIDs := func(i int) string {
		return strings.Replace(benchdoc.LongSection(i), "<h2>", fmt.Sprintf("<h2 id=c%d>", i), 1)
	}
	for _, tc := range []struct {
		name    string
		section func(i int) string
		max     float64
	}{
		{"sections", benchdoc.LongSection, 300},
		{"sections with ids", withIDs, 300},
		{"a forward link every 10 sections", func(i int) string {
			if i%10 != 0 {
				return withIDs(i)
			}
			return strings.Replace(withIDs(i), "</section>", fmt.Sprintf(`<p>See <a href="#c%d">chapter %d</a>.</p></section>`, i+5, i+5), 1)
		}, 2500},
		{"regions and anchors", func(i int) string {
			sect := strings.Replace(benchdoc.LongSection(i), "<p>", fmt.Sprintf(`<div role="region"><p><a name=a%d>Note</a> `, i), 1)
			return strings.Replace(sect, "</section>", "</div></section>", 1)
		}, 300},
	} {
		t.Run(tc.name, func(t *testing.T) {
			perPage, texts := heldPerPage(t, tc.section)
			if perPage > tc.max {
				t.Errorf("render holds %.0f bytes more for each page written, more than %.0f: it keeps what it is done with", perPage, tc.max)
			}
			if texts > 10 {
				t.Errorf("the texts of %d elements are held at page 150: want those of the pages being written only", texts)
			}
		})
	}
}

// heldPerPage writes a document of 400 sections section(i), its body
// grown as layout asks, and returns the bytes render allocated and
// holds for each page from the 150th to the last (past the 100 before
// the file streams), and the number of elements whose text (ReadTexts)
// the structure holds at the 150th.
func heldPerPage(t *testing.T, section func(i int) string) (float64, int) {
	const n, from = 400, 150
	tree, opts := buildOnDemandOf(t, n, section)
	w, err := NewWriter(context.Background(), Options{Title: "t", Lang: "en"}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.StreamTo(io.Discard); err != nil {
		t.Fatal(err)
	}
	var s *heapSink
	texts := -1
	measure := func() uint64 {
		if s.pages == from {
			texts = len(w.r.s.texts)
		}
		return heldBy("render")
	}
	s = &heapSink{w: w, tree: tree, from: from, last: n, measure: measure}
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
	return perPage, texts
}

// TestPaintedImagesLetGo checks that the Writer does not keep the
// images it embedded (their boxes' encoded bytes) once their pages are
// written: the PDF keeps what it embeds, and the images of the boxes
// layout let go of are freed while the document goes on. The images of
// the first sections, seen at page 20, are looked for at the last page
// of 300: while the Writer referred to the images it embedded, all 17
// were kept (their boxes were freed).
func TestPaintedImagesLetGo(t *testing.T) {
	if testing.Short() {
		t.Skip("lays out 300 pages")
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, 4, 4))); err != nil {
		t.Fatal(err)
	}
	src := "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
	const n, at = 300, 20
	tree, opts := buildOnDemandOf(t, n, func(i int) string {
		return strings.Replace(benchdoc.LongSection(i), "</h2>", fmt.Sprintf(`</h2><p><img alt="Map %d" src="%s"></p>`, i, src), 1)
	})
	w, err := NewWriter(context.Background(), Options{Title: "t", Lang: "en"}, 1)
	if err != nil {
		t.Fatal(err)
	}
	var seen []weak.Pointer[box.Image]
	live := -1
	var s *heapSink
	s = &heapSink{w: w, tree: tree, from: at, last: n, measure: func() uint64 {
		if s.pages == at { // the images of the sections written
			tree.Root.Walk(func(b *box.Box) bool {
				k := 0
				if b.Image != nil {
					fmt.Sscanf(b.Image.Alt, "Map %d", &k)
				}
				if k > 0 && k < at-2 {
					seen = append(seen, weak.Make(b.Image))
				}
				return true
			})
			return 0
		}
		runtime.GC()
		live = 0
		for _, p := range seen {
			if p.Value() != nil {
				live++
			}
		}
		return 0
	}}
	sum, err := layout.PaginateEach(context.Background(), tree, opts, lateHeapSink{s})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.EndPart(); err != nil {
		t.Fatal(err)
	}
	res, err := w.Close()
	if err != nil {
		t.Fatal(err)
	}
	if sum.Pages != n || len(seen) == 0 {
		t.Fatalf("%d pages, %d images of the sections written seen at page %d: want %d pages and some images", sum.Pages, len(seen), at, n)
	}
	if live != 0 {
		t.Errorf("%d of the %d images of the sections written by page %d are kept at page %d", live, len(seen), at, n)
	}
	if k := bytes.Count(res.PDF, []byte("/Subtype /Image")); k != 1 {
		t.Errorf("%d image objects, want 1 (the same bytes embedded once)", k)
	}
}
