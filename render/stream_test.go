package render

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/seed28491532/folio/fonts"
	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/layout/display"
)

// longDoc is a document of n pages (a section a page) of paragraphs and
// a table, under a running title and "Page N of M".
func longDoc(n int) string {
	var sb strings.Builder
	sb.WriteString(`<!doctype html><html lang=en><title>Long</title><style>
	@page { size: A5; margin: 2cm; @top-left { content: string(chapter) }
	  @bottom-center { content: "Page " counter(page) " of " counter(pages) } }
	h2 { string-set: chapter content() } section { break-before: page }
	td { border: 1px solid black }</style>`)
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&sb, "<section><h2>Chapter %d</h2>", i)
		for range 3 {
			fmt.Fprintf(&sb, "<p>Survey team %d measured soil depth, water flow and station records along the river basin; each reading was checked twice.</p>", i)
		}
		sb.WriteString("<table>")
		for r := range 6 {
			fmt.Fprintf(&sb, "<tr><td>S-%d</td><td>2026-%02d-%02d</td><td>%d.%d</td></tr>", i*7+r, r+1, i%28+1, i%100, r)
		}
		sb.WriteString("</table></section>")
	}
	return sb.String()
}

// heapSink paints each page and, unless paintOnly, writes it; it records
// the live heap once page from is handed on, and once the last is.
type heapSink struct {
	w          *Writer
	tree       *box.Tree
	pt         *display.Painter
	paintOnly  bool
	pages      int
	from, last int
	heapFrom   uint64
	heapLast   uint64
	// measure, if set, is what is recorded rather than the live heap.
	measure func() uint64
}

func liveHeap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

func (s *heapSink) Start(tot layout.Totals) error {
	s.pt = display.NewPainter(context.Background(), nil, tot.RootHeight)
	return s.w.BeginPart(s.tree, "")
}

// Dropping makes the structure of the boxes layout is about to let go
// (layout.DropSink), as the facade's sink does.
func (s *heapSink) Dropping(below int) error {
	if s.paintOnly {
		return nil
	}
	return s.w.Reach(below)
}

// lateHeapSink is a heapSink taking the margin boxes showing the page
// count after the last page (layout.LateSink).
type lateHeapSink struct{ *heapSink }

func (s lateHeapSink) Margins(p *layout.Page) error {
	ls, err := s.pt.Page(p)
	for _, l := range ls {
		if err == nil && !s.paintOnly {
			err = s.w.Margins(l)
		}
	}
	return err
}

func (s *heapSink) Page(p *layout.Page) error {
	s.pages++
	ls, err := s.pt.Page(p)
	for _, l := range ls {
		if err == nil && !s.paintOnly {
			err = s.w.Page(l)
		}
	}
	measure := liveHeap
	if s.measure != nil {
		measure = s.measure
	}
	switch s.pages {
	case s.from:
		s.heapFrom = measure()
	case s.last:
		s.heapLast = measure()
	}
	return err
}

// TestStreamingHeapBounded checks issue 24's bounded memory: laying out
// and painting pages one by one keeps about nothing of a page once it is
// handed on (before, every page's fragments, lines and glyphs were kept,
// about 150 KB a page of this document), and writing them keeps their
// compressed content and structure elements only. The bounds, on the
// heap added per page between the 100th and the 400th page, are above
// what is measured (about 1 and 8 KB) and below what keeping the pages
// takes, or keeping the boxes of the pages handed on (4.4–5.8 and 11.3–
// 11.7 KB before layout let them go).
func TestStreamingHeapBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("lays out 800 pages")
	}
	reg := fonts.NewRegistry(fonts.Options{})
	for _, tc := range []struct {
		name      string
		paintOnly bool
		late      bool
		maxKB     float64
	}{
		{"layout and paint", true, false, 3},
		{"layout, paint and write", false, false, 10},
		{"layout and paint, margin boxes late", true, true, 3},
		{"layout, paint and write, margin boxes late", false, true, 10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			const n = 400
			tree, st := buildTree(t, longDoc(n))
			w, err := NewWriter(context.Background(), Options{Title: "t", Lang: "en"}, 1)
			if err != nil {
				t.Fatal(err)
			}
			s := &heapSink{w: w, tree: tree, paintOnly: tc.paintOnly, from: 100, last: n}
			var sink layout.Sink = s
			if tc.late {
				sink = lateHeapSink{s}
			}
			sum, err := layout.PaginateEach(context.Background(), tree, layout.Options{Shaper: layout.FontShaper{Registry: reg}, Pages: st, MaxPages: 5000}, sink)
			if err != nil {
				t.Fatal(err)
			}
			if !tc.paintOnly {
				if err := w.EndPart(); err != nil {
					t.Fatal(err)
				}
				if _, err := w.Close(); err != nil {
					t.Fatal(err)
				}
			}
			if sum.Pages != n || s.pages != n {
				t.Fatalf("%d sections gave %d pages, %d handed on", n, sum.Pages, s.pages)
			}
			perPage := (float64(s.heapLast) - float64(s.heapFrom)) / float64(n-s.from) / 1024
			t.Logf("live heap %.1f MB at page %d, %.1f MB at page %d: %.1f KB a page", float64(s.heapFrom)/1e6, s.from, float64(s.heapLast)/1e6, n, perPage)
			if perPage > tc.maxKB {
				t.Errorf("the heap grows by %.1f KB a page, more than %.0f KB: pages are kept after they are handed on", perPage, tc.maxKB)
			}
		})
	}
}
