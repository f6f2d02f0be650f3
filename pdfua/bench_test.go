package pdfua

import (
	"fmt"
	"testing"
	"time"

	"github.com/seed28491532/folio/fonts"
)

// BenchmarkWrite100Pages writes a 100-page text document: 50 shaped lines
// a page in one font (Liberation Sans), each line a P element, with font
// subsetting, compression and the structure tree. Shaping happens once
// outside the timed loop; it is the fonts package's benchmark.
func BenchmarkWrite100Pages(b *testing.B) {
	reg := fonts.NewRegistry(fonts.Options{})
	q := fonts.Query{Families: []string{"Liberation Sans"}, Weight: 400}
	var lines [][]fonts.Run
	for i := 0; i < 50; i++ {
		text := fmt.Sprintf("Line %d: the quick brown fox jumps over the lazy dog, %d times.", i+1, i*7+3)
		runs, _ := reg.Shape(text, q, 10, fonts.ShapeOptions{})
		lines = append(lines, runs)
	}
	b.ReportAllocs()
	var size int
	cpu0 := processCPU()
	for b.Loop() {
		d := New(Info{Title: "Benchmark", Lang: "en", Now: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)})
		root := d.Root()
		for pg := 0; pg < 100; pg++ {
			p := d.AddPage(595, 842)
			for i, runs := range lines {
				para := root.Add("P")
				p.BeginTagged(para)
				x, y := 50.0, 800-float64(i)*15
				for _, r := range runs {
					p.ShowText(TextRun{Font: r.Face, Size: r.Size, X: x, Y: y, Text: r.Text, Glyphs: r.Glyphs})
					x += r.Advance
				}
				p.End()
			}
		}
		data, err := d.Bytes()
		if err != nil {
			b.Fatal(err)
		}
		size = len(data)
	}
	b.ReportMetric(float64(processCPU()-cpu0)/1e6/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64(size)/1024, "KiB/doc")
}

// BenchmarkShowText measures emitting one shaped 62-glyph line.
func BenchmarkShowText(b *testing.B) {
	reg := fonts.NewRegistry(fonts.Options{})
	runs, _ := reg.Shape("Line 1: the quick brown fox jumps over the lazy dog, 3 times.",
		fonts.Query{Families: []string{"Liberation Sans"}, Weight: 400}, 10, fonts.ShapeOptions{})
	r := runs[0]
	d := New(Info{Title: "Benchmark", Lang: "en"})
	p := d.AddPage(595, 842)
	p.BeginTagged(d.Root().Add("P"))
	b.ReportAllocs()
	cpu0 := processCPU()
	for b.Loop() {
		p.content = p.content[:0]
		p.ShowText(TextRun{Font: r.Face, Size: r.Size, X: 50, Y: 700, Text: r.Text, Glyphs: r.Glyphs})
	}
	b.ReportMetric(float64(processCPU()-cpu0)/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(len(r.Glyphs)), "glyphs/op")
}

// BenchmarkShowTextShort measures emitting the short runs of table cells
// (six glyphs), where the per-run work outweighs the per-glyph work.
func BenchmarkShowTextShort(b *testing.B) {
	reg := fonts.NewRegistry(fonts.Options{})
	runs, _ := reg.Shape("sample", fonts.Query{Families: []string{"Liberation Sans"}, Weight: 400}, 10, fonts.ShapeOptions{})
	r := runs[0]
	d := New(Info{Title: "Benchmark", Lang: "en"})
	p := d.AddPage(595, 842)
	p.BeginTagged(d.Root().Add("P"))
	b.ReportAllocs()
	cpu0 := processCPU()
	for b.Loop() {
		p.content = p.content[:0]
		p.ShowText(TextRun{Font: r.Face, Size: r.Size, X: 50, Y: 700, Text: r.Text, Glyphs: r.Glyphs})
	}
	b.ReportMetric(float64(processCPU()-cpu0)/float64(b.N), "cpu-ns/op")
}
