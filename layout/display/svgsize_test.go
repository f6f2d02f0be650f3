package display

import (
	"fmt"
	"strings"
	"testing"

	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/style"
	"github.com/seed28491532/folio/svg"
)

// TestSVGBackgroundSize checks the size of SVG background tiles by the
// default sizing algorithm (CSS Images 3 §5.3) in a 192×576 pt area, for
// drawings with and without a width, a height and a viewBox (1 px = 0.75
// pt).
func TestSVGBackgroundSize(t *testing.T) {
	auto := style.Length{Unit: style.Auto}
	pt := func(v float64) style.Length { return style.Length{Value: v} }
	explicit := func(w, h style.Length) style.BackgroundSize { return style.BackgroundSize{W: w, H: h} }
	area := layout.Rect{W: 192, H: 576}
	tests := []struct {
		name, attrs string
		size        style.BackgroundSize
		want        string
	}{
		{"both dimensions", `width="8" height="32"`, explicit(auto, auto), "6x24"},
		{"width and viewBox", `width="8" viewBox="0 0 1 2"`, explicit(auto, auto), "6x12"},
		{"height and viewBox", `height="8" viewBox="0 0 2 1"`, explicit(auto, auto), "12x6"},
		{"viewBox only: contain", `viewBox="0 0 1 2"`, explicit(auto, auto), "192x384"},
		{"width only", `width="8"`, explicit(auto, auto), "6x576"},
		{"percent width, height", `width="50%" height="8"`, explicit(auto, auto), "192x6"},
		{"nothing: the area", ``, explicit(auto, auto), "192x576"},
		{"given width, ratio", `width="8" height="32"`, explicit(pt(12), auto), "12x48"},
		{"given width, height only", `height="32"`, explicit(pt(12), auto), "12x24"},
		{"given height, no ratio", `width="8"`, explicit(auto, pt(30)), "6x30"},
		{"contain", `width="8" height="32"`, style.BackgroundSize{Mode: style.SizeContain}, "144x576"},
		{"cover", `width="8" height="32"`, style.BackgroundSize{Mode: style.SizeCover}, "192x768"},
		{"cover without ratio", `width="8"`, style.BackgroundSize{Mode: style.SizeCover}, "192x576"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root, err := svg.Parse(strings.NewReader(`<svg xmlns="http://www.w3.org/2000/svg" `+tt.attrs+`><rect width="1" height="1"/></svg>`), svg.Limits{})
			if err != nil {
				t.Fatal(err)
			}
			d, err := svg.New(root, svg.Limits{}, nil)
			if err != nil {
				t.Fatal(err)
			}
			w, h := svgSize(d, tt.size, area)
			if got := fmt.Sprintf("%gx%g", w, h); got != tt.want {
				t.Errorf("tile %s, want %s", got, tt.want)
			}
		})
	}
}

// TestBackgroundUnderBorder checks that background layers paint under
// the border, like the background colour.
func TestBackgroundUnderBorder(t *testing.T) {
	l := styledList(t, `<div style="height:20pt;border:2pt solid;background:red linear-gradient(red, blue) no-repeat"></div>`)
	var order []string
	for _, it := range l.Items {
		switch it.Op {
		case OpFill:
			order = append(order, "fill")
		case OpGradient:
			order = append(order, "gradient")
		case OpBorder:
			order = append(order, "border")
		}
	}
	if got := strings.Join(order, " "); got != "fill gradient border border border border" {
		t.Errorf("painted %q, want the gradient between the colour and the borders", got)
	}
}
