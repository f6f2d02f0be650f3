package svg

import (
	"context"
	"strings"
	"testing"
)

// BenchmarkRenderChartOnly renders a parsed chart of 2,000 elements (what
// an inline SVG costs once the HTML parser has read it).
func BenchmarkRenderChartOnly(b *testing.B) {
	root, err := Parse(strings.NewReader(chartSVG("", `fill="steelblue"`)), Limits{})
	if err != nil {
		b.Fatal(err)
	}
	d, err := New(root, Limits{}, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := d.Render(context.Background(), RenderOptions{Width: 450, Height: 225}); err != nil {
			b.Fatal(err)
		}
	}
}
