package layout

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/fonts"
	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// BenchmarkInvoiceLayout builds the boxes of the one-page invoice of the
// built-in invoice template (the templates package's golden rendering of
// its samples/invoice.json, which its tests keep current) and lays it out: the
// layout share of what the server does per invoice. The font registry is
// shared across iterations, as a server shares it across requests; the
// parse and the cascade are outside the timer.
func BenchmarkInvoiceLayout(b *testing.B) {
	src, err := os.ReadFile(filepath.Join("..", "templates", "testdata", "golden", "invoice.html"))
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	doc, err := html.Parse(bytes.NewReader(src))
	if err != nil {
		b.Fatal(err)
	}
	st, err := style.Compute(ctx, doc, style.Options{})
	if err != nil {
		b.Fatal(err)
	}
	reg := fonts.NewRegistry(fonts.Options{})
	opts := Options{Shaper: FontShaper{Registry: reg}, Pages: st}
	pages := 0
	b.ReportAllocs()
	c0 := processCPU()
	for b.Loop() {
		tree, err := box.Build(ctx, doc, st, box.Options{})
		if err != nil {
			b.Fatal(err)
		}
		d, err := Paginate(ctx, tree, opts)
		if err != nil {
			b.Fatal(err)
		}
		pages = len(d.Pages)
	}
	b.ReportMetric(float64(pages), "pages")
	b.ReportMetric(float64((processCPU()-c0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
}
