package render

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/fonts"
	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/layout/display"
	"github.com/seed28491532/folio/style"
)

// pagedHTML is layout's BenchmarkPagedConvert document: 100 A5 pages,
// one chapter each; with margins, every page but the first has a
// running chapter title, the document title and "Page N of M".
func pagedHTML(margins bool) string {
	var sb strings.Builder
	sb.WriteString(`<!doctype html><html lang=en><title>Bench</title><style>@page { size: A5; margin: 2cm }
	h1 { break-before: page; string-set: chapter content() } p { margin: 0 0 6pt }`)
	if margins {
		sb.WriteString(`@page { @top-left { content: string(chapter) } @top-right { content: "Bench report" }
		@bottom-center { content: "Page " counter(page) " of " counter(pages) } @bottom-right { content: counter(page, lower-roman) } }
		@page :first { @top-left { content: none } }`)
	}
	sb.WriteString(`</style>`)
	for i := 1; i <= 100; i++ {
		fmt.Fprintf(&sb, "<h1>Chapter %d</h1>", i)
		for range 9 {
			sb.WriteString("<p>Survey teams measured soil depth, water flow and station records along the river basin; each reading was checked twice.</p>")
		}
	}
	return sb.String()
}

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
