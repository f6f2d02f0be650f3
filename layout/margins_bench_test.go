package layout

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/seed28491532/folio/fonts"
)

// BenchmarkMarginBoxes lays out the margin boxes of a 100-page document
// (a running chapter title, a fixed title, "Page N of M" and a roman page
// number on every page but the first) with the bundled fonts: the part of
// a conversion that margin boxes and page counters add. The body is laid
// out once, outside the timer; each iteration lays the margin boxes out
// with a fresh layouter, as a conversion does.
func BenchmarkMarginBoxes(b *testing.B) {
	var sb strings.Builder
	sb.WriteString(`<!doctype html><html lang=en><title>Bench</title><style>@page { size: A5; margin: 2cm }
	h1 { break-before: page; string-set: chapter content() } p { margin: 0 0 6pt }
	@page { @top-left { content: string(chapter) } @top-right { content: "Bench report" }
	@bottom-center { content: "Page " counter(page) " of " counter(pages) } @bottom-right { content: counter(page, lower-roman) } }
	@page :first { @top-left { content: none } }</style>`)
	for i := 1; i <= 100; i++ {
		fmt.Fprintf(&sb, "<h1>Chapter %d</h1><p>Survey teams measured soil depth, water flow and station records.</p>", i)
	}
	ctx := context.Background()
	tree, st := boxTree(b, sb.String())
	reg := fonts.NewRegistry(fonts.Options{})
	opts := Options{Shaper: FontShaper{Registry: reg}, Pages: st}
	l := newLayouter(ctx, opts)
	d, err := l.paginate(tree, opts)
	if err != nil {
		b.Fatal(err)
	}
	if len(d.Pages) != 100 {
		b.Fatalf("%d pages, want 100", len(d.Pages))
	}
	l.marginBoxes(d) // the fonts' shaping caches are warm, as after the body
	b.ReportAllocs()
	c0 := processCPU()
	for b.Loop() {
		l := newLayouter(ctx, opts)
		l.running = extractRunning(tree)
		l.marginBoxes(d)
	}
	b.ReportMetric(float64((processCPU()-c0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
	if got := marginTexts(d.Pages[4]); strings.Join(got, "|") != "Chapter 5|Bench report|Page 5 of 100|v" {
		b.Errorf("page 5 margins %q", got)
	}
}
