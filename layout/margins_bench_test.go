package layout

import (
	"context"
	"strings"
	"testing"

	"github.com/seed28491532/folio/fonts"
	"github.com/seed28491532/folio/internal/benchdoc"
)

// BenchmarkMarginBoxes lays out the margin boxes of a 100-page document
// (a running chapter title, a fixed title, "Page N of M" and a roman page
// number on every page but the first) with the bundled fonts: the part of
// a conversion that margin boxes and page counters add. The body is laid
// out once, outside the timer; each iteration lays the margin boxes out
// with a fresh layouter, as a conversion does.
func BenchmarkMarginBoxes(b *testing.B) {
	ctx := context.Background()
	tree, st := boxTree(b, string(benchdoc.HundredPages(true, 1)))
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
	// (in painting order: clockwise from the top-left corner)
	if got := marginTexts(d.Pages[4]); strings.Join(got, "|") != "Chapter 5|Bench report|v|Page 5 of 100" {
		b.Errorf("page 5 margins %q", got)
	}
}
