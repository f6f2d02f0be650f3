package render

import (
	"context"
	"testing"

	"github.com/seed28491532/folio/fonts"
	"github.com/seed28491532/folio/internal/benchdoc"
)

// pagedHTML is layout's BenchmarkPagedConvert document (benchdoc's, 9
// paragraphs a page).
func pagedHTML(margins bool) string { return string(benchdoc.HundredPages(margins, 9)) }

// BenchmarkPagedRender isolates this package's part of issue 6's
// comparison (layout's BenchmarkPagedConvert): display lists, painting,
// tags and PDF writing of the same laid-out 100-page document with and
// without margin boxes (the margin boxes are Pagination artifacts).
func BenchmarkPagedRender(b *testing.B) {
	for _, margins := range []bool{false, true} {
		name := "plain"
		if margins {
			name = "margin-boxes"
		}
		b.Run(name, func(b *testing.B) {
			tree, ld := layoutHTML(b, fonts.NewRegistry(fonts.Options{}), pagedHTML(margins))
			b.ReportAllocs()
			c0 := cpuTime()
			for b.Loop() {
				if _, err := Render(context.Background(), tree, ld, displayLists(b, ld), Options{Title: "t", Lang: "en"}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64((cpuTime()-c0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
		})
	}
}
