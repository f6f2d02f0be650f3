package svg

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// BenchmarkRenderChartOnly renders a parsed chart of 2,000 elements (what
// an inline SVG costs once the HTML parser has read it).
func BenchmarkRenderChartOnly(b *testing.B) {
	var sb strings.Builder
	sb.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="300" viewBox="0 0 600 300">`)
	for i := 0; i < 2000; i++ {
		x := float64(i%200) * 3
		switch i % 4 {
		case 0:
			fmt.Fprintf(&sb, `<rect x="%g" y="%d" width="2.5" height="%d" fill="steelblue"/>`, x, 280-i%250, i%250)
		case 1:
			fmt.Fprintf(&sb, `<circle cx="%g" cy="%d" r="2" fill="#ff7f0e" stroke="#fff" stroke-width=".5"/>`, x, 280-(i*7)%250)
		case 2:
			fmt.Fprintf(&sb, `<line x1="0" x2="600" y1="%d.5" y2="%d.5" stroke="#eee"/>`, i%280, i%280)
		default:
			fmt.Fprintf(&sb, `<path d="M%g %dl3 -4l3 4" fill="none" stroke="#2ca02c"/>`, x, 280-(i*3)%250)
		}
	}
	sb.WriteString(`</svg>`)
	root, _ := Parse(strings.NewReader(sb.String()), Limits{})
	d, _ := New(root, Limits{}, nil)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := d.Render(context.Background(), RenderOptions{Width: 450, Height: 225}); err != nil {
			b.Fatal(err)
		}
	}
}
