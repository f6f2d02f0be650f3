package pdfa

import (
	"context"
	"testing"
	"time"

	"github.com/seed28491532/folio/fonts"
	"github.com/seed28491532/folio/pdfua"
)

// BenchmarkAudit100Pages audits a 100-page PDF/A-2u document of 40 text
// lines a page.
func BenchmarkAudit100Pages(b *testing.B) {
	reg := fonts.NewRegistry(fonts.Options{})
	d := pdfua.New(pdfua.Info{Title: "Long", Lang: "en", PDFA: pdfua.PDFA2U, Now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)})
	runs, _ := reg.Shape("The quick brown fox jumps over the lazy dog again and again.", fonts.Query{Families: []string{"Liberation Sans"}, Weight: 400}, 10, fonts.ShapeOptions{})
	for p := 0; p < 100; p++ {
		pg := d.AddPage(595, 842)
		for l := 0; l < 40; l++ {
			pg.BeginTagged(d.Root().Add("P"))
			for _, r := range runs {
				pg.ShowText(pdfua.TextRun{Font: r.Face, Size: 10, X: 40, Y: 800 - float64(l)*18, Text: r.Text, Glyphs: r.Glyphs})
			}
			pg.End()
		}
	}
	data, err := d.Bytes()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		rep, err := Audit(context.Background(), data, Options{})
		if err != nil || len(rep.Errors) > 0 {
			b.Fatal(err, rep.Errors)
		}
	}
	b.ReportMetric(float64(len(data)), "bytes")
}
