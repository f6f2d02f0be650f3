package folio_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/seed28491532/folio"
)

// svgChart returns an inline SVG chart of n elements like those charting
// libraries export: bars, point markers, grid lines and every tenth
// element a text label.
func svgChart(n int) string {
	var sb strings.Builder
	sb.WriteString(`<svg role="img" aria-label="Chart" width="600" height="300" viewBox="0 0 600 300" font-family="sans-serif" font-size="8">`)
	for i := 0; i < n; i++ {
		x := float64(i%200) * 3
		switch {
		case i%10 == 9:
			fmt.Fprintf(&sb, `<text x="%g" y="295" text-anchor="middle">%d</text>`, x, i)
		case i%4 == 0:
			fmt.Fprintf(&sb, `<rect x="%g" y="%d" width="2.5" height="%d" fill="steelblue"/>`, x, 280-i%250, i%250)
		case i%4 == 1:
			fmt.Fprintf(&sb, `<circle cx="%g" cy="%d" r="2" fill="#ff7f0e" stroke="#fff" stroke-width=".5"/>`, x, 280-(i*7)%250)
		case i%4 == 2:
			fmt.Fprintf(&sb, `<line x1="0" x2="600" y1="%d.5" y2="%d.5" stroke="#eee"/>`, i%280, i%280)
		default:
			fmt.Fprintf(&sb, `<path d="M%g %dl3 -4l3 4" fill="none" stroke="#2ca02c"/>`, x, 280-(i*3)%250)
		}
	}
	sb.WriteString(`</svg>`)
	return sb.String()
}

// BenchmarkConvertSVGChart converts a page with and without an inline
// SVG chart of 2,000 elements: the difference is what the chart costs.
func BenchmarkConvertSVGChart(b *testing.B) {
	page := func(body string) string {
		return `<!doctype html><html lang="en"><head><title>Chart</title></head><body><h1>Report</h1><p>Text.</p>` + body + `</body></html>`
	}
	for _, c := range []struct{ name, src string }{
		{"without", page("")},
		{"with2000", page(svgChart(2000))},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			defer reportCPU(b)()
			for i := 0; i < b.N; i++ {
				if _, err := folio.Convert(context.Background(), strings.NewReader(c.src), folio.Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
