package conformance

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	folio "github.com/seed28491532/folio"
	"github.com/seed28491532/folio/templates"
)

// benchDoc reads one of the benchmark documents bench/docs/NAME.html
// (written by bench/gen-docs.sh, shared with bench/compare.sh).
func benchDoc(b *testing.B, name string) []byte {
	b.Helper()
	src, err := os.ReadFile(filepath.Join("..", "bench", "docs", name+".html"))
	if err != nil {
		b.Fatal(err)
	}
	return src
}

// BenchmarkConvert converts the small (1 page), medium (12 pages, a
// 370-row table) and large (about 200 pages) benchmark documents. Chromium
// prints them on 1, 12 and 198 pages.
func BenchmarkConvert(b *testing.B) {
	for _, tc := range []struct {
		name  string
		pages int
	}{{"small", 1}, {"medium", 12}, {"large", 200}} {
		b.Run(tc.name, func(b *testing.B) {
			src := benchDoc(b, tc.name)
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			var res *folio.Result
			for b.Loop() {
				var err error
				res, err = folio.Convert(context.Background(), bytes.NewReader(src), folio.Options{})
				if err != nil {
					b.Fatal(err)
				}
			}
			if lo, hi := tc.pages*9/10, tc.pages*11/10+1; res.Pages < lo || res.Pages > hi {
				b.Errorf("%s.html: %d pages, want about %d (bench/gen-docs.sh and this table disagree)", tc.name, res.Pages, tc.pages)
			}
			b.ReportMetric(float64(res.Pages), "pages")
		})
	}
}

// BenchmarkAuditHTML runs the WCAG audit of the medium document.
func BenchmarkAuditHTML(b *testing.B) {
	src := benchDoc(b, "medium")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := folio.AuditHTML(context.Background(), bytes.NewReader(src), folio.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAuditPDF runs the PDF/UA audit of the medium document's PDF.
func BenchmarkAuditPDF(b *testing.B) {
	res, err := folio.Convert(context.Background(), bytes.NewReader(benchDoc(b, "medium")), folio.Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(res.PDF)))
	b.ReportAllocs()
	for b.Loop() {
		rep, err := folio.AuditPDF(context.Background(), res.PDF)
		if err != nil {
			b.Fatal(err)
		}
		if len(rep.Errors) > 0 {
			b.Fatalf("PDF/UA audit of folio output: %s", rep.Summary)
		}
	}
}

// BenchmarkTemplate renders each built-in template's sample data to HTML
// and converts it, as render-template does.
func BenchmarkTemplate(b *testing.B) {
	for _, id := range templates.IDs() {
		b.Run(id, func(b *testing.B) {
			data, err := templates.Sample(id)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				html, err := templates.Render(context.Background(), id, data)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := folio.Convert(context.Background(), bytes.NewReader(html), folio.Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
