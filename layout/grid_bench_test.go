package layout_test

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/seed28491532/folio"
)

// catalogue50 is a 50-page catalogue of 300 cards, six a page in two
// rows of three, laid out with a grid (grid true) or with floats.
func catalogue50(grid bool) []byte {
	var sb strings.Builder
	layout := `.cards { display: grid; grid-template-columns: repeat(3, 1fr); gap: 12pt }
.card { height: 380pt }`
	if !grid {
		layout = `.cards { display: flow-root }
.card { float: left; width: calc((100% - 24pt) / 3); height: 380pt; margin: 0 12pt 12pt 0 }
.card:nth-child(3n) { margin-right: 0 } .card:nth-child(3n+1) { clear: left }`
	}
	sb.WriteString(`<!doctype html><html lang="en"><head><title>Catalogue</title><style>
@page { size: 600pt 800pt; margin: 0 }
body { margin: 0; font: 9pt sans-serif }
.card { box-sizing: border-box; border: 1pt solid #888; padding: 6pt; background: #f7f7fa }
.card h2 { font-size: 12pt; margin: 0 0 4pt } .card p { margin: 0 0 4pt }
` + layout + `</style></head><body><div class="cards">`)
	for i := range 300 {
		fmt.Fprintf(&sb, `<div class="card"><h2>Item %d</h2><p><b>%d.50 EUR</b></p>`, i+1, 10+i%90)
		for range 3 {
			sb.WriteString(`<p>A sturdy product with a description of a few lines that wraps in the card's narrow column of text.</p>`)
		}
		sb.WriteString(`</div>`)
	}
	sb.WriteString(`</div></body></html>`)
	return []byte(sb.String())
}

// BenchmarkGridCatalogue converts the 50-page catalogue laid out with a
// grid and with floats; "ratio" converts the two in turn and reports the
// median of the grid's time over the floats' (CPU and wall), which
// issue 20 wants within 2.
func BenchmarkGridCatalogue(b *testing.B) {
	docs := map[string][]byte{"grid": catalogue50(true), "floats": catalogue50(false)}
	for _, name := range []string{"grid", "floats"} {
		b.Run(name, func(b *testing.B) {
			if res := convert(b, docs[name], folio.Options{}); res.Pages != 50 {
				b.Fatalf("%d pages, want 50", res.Pages)
			}
			runtime.GC()
			b.ResetTimer()
			c0 := cpuTime()
			for range b.N {
				convert(b, docs[name], folio.Options{})
			}
			b.ReportMetric(float64((cpuTime()-c0).Milliseconds())/float64(b.N), "cpu-ms/op")
		})
	}
	b.Run("ratio", func(b *testing.B) {
		var wall, cpu []float64
		for i := range b.N {
			var w, c [2]time.Duration
			for k := range 2 {
				doc := (i + k) % 2 // 0: floats, 1: grid
				src := docs["floats"]
				if doc == 1 {
					src = docs["grid"]
				}
				runtime.GC()
				t0, c0 := time.Now(), cpuTime()
				convert(b, src, folio.Options{})
				w[doc], c[doc] = time.Since(t0), cpuTime()-c0
			}
			wall = append(wall, float64(w[1])/float64(w[0]))
			cpu = append(cpu, float64(c[1])/float64(c[0]))
		}
		slices.Sort(wall)
		slices.Sort(cpu)
		b.ReportMetric(wall[len(wall)/2], "grid/floats-wall")
		b.ReportMetric(cpu[len(cpu)/2], "grid/floats-cpu")
	})
}
