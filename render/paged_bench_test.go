package render

import (
	"context"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/fonts"
	"github.com/seed28491532/folio/internal/benchdoc"
	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/layout/display"
	"github.com/seed28491532/folio/style"
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
			tree, ld := layoutHTML(b, pagedHTML(margins))
			b.ReportAllocs()
			c0 := cpuTime()
			for b.Loop() {
				if _, err := Render(context.Background(), tree, ld, display.Build(ld), Options{Title: "t", Lang: "en"}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64((cpuTime()-c0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
		})
	}
}

// layoutHTML parses, styles, builds and lays out src.
func layoutHTML(b *testing.B, src string) (*box.Tree, *layout.Document) {
	b.Helper()
	ctx := context.Background()
	doc, err := html.Parse(strings.NewReader(src))
	if err != nil {
		b.Fatal(err)
	}
	st, err := style.Compute(ctx, doc, style.Options{})
	if err != nil {
		b.Fatal(err)
	}
	tree, err := box.Build(ctx, doc, st, box.Options{})
	if err != nil {
		b.Fatal(err)
	}
	reg := fonts.NewRegistry(fonts.Options{})
	ld, err := layout.Paginate(ctx, tree, layout.Options{Shaper: layout.FontShaper{Registry: reg}, Pages: st, MaxPages: 5000})
	if err != nil {
		b.Fatal(err)
	}
	return tree, ld
}
