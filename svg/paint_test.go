package svg

import (
	"strconv"
	"strings"
	"testing"
)

// TestHrefInheritance checks that gradients take attributes and stops
// through their href chains (href or xlink:href), that a cycle ends the
// chain where it closes, that a chain longer than maxHrefChain is cut
// there, and that a pattern takes its tile and content from the pattern
// it references.
func TestHrefInheritance(t *testing.T) {
	var long strings.Builder
	long.WriteString(`<linearGradient id="g0" x2="0" y2="1"><stop stop-color="#f00"/><stop offset="1" stop-color="#00f"/></linearGradient>`)
	for i := 1; i <= 40; i++ {
		long.WriteString(`<linearGradient id="g` + strconv.Itoa(i) + `" href="#g` + strconv.Itoa(i-1) + `"/>`)
	}
	defs := `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100"><defs>
	<linearGradient id="base" x1="0.25" gradientUnits="userSpaceOnUse"><stop stop-color="#f00"/><stop offset="1" stop-color="#00f"/></linearGradient>
	<radialGradient id="child" xlink:href="#base" r="7"/>
	<linearGradient id="a" href="#b"><stop stop-color="#0f0"/><stop offset="1" stop-color="#00f"/></linearGradient>
	<linearGradient id="b" href="#a" y2="1"/>
	<pattern id="p" width="10" height="20" patternUnits="userSpaceOnUse"><rect width="5" height="5" fill="#0f0"/></pattern>
	<pattern id="q" href="#p" x="3"/>` + long.String() + `</defs>`
	fill := func(id string) *Paint {
		shapes := render(t, mustDoc(t, defs+`<rect width="10" height="10" fill="url(#`+id+`)"/></svg>`), 100, 100)
		if len(shapes) != 1 {
			return nil
		}
		return shapes[0].Fill
	}
	if f := fill("child"); f == nil || f.Gradient == nil || !f.Gradient.Radial || f.Gradient.R != 7 || len(f.Gradient.Stops) != 2 || f.Gradient.bbox {
		t.Errorf("child: %+v, want a radial gradient of r 7 with base's stops and user space units", f)
	}
	if f := fill("b"); f == nil || f.Gradient == nil || f.Gradient.Y2 != 1 || f.Gradient.X2 != 1 || f.Gradient.Stops[0].Color.G != 255 {
		t.Errorf("b (cycle with a): %+v, want y2 1 from b and a's green stops", f)
	}
	if f := fill("g15"); f == nil || f.Gradient == nil || f.Gradient.Y2 != 1 {
		t.Errorf("g15, 15 links from g0: %+v, want g0's attributes and stops", f)
	}
	if f := fill("g16"); f != nil {
		t.Errorf("g16, cut by maxHrefChain before it reaches g0's stops: %+v, want no fill", f)
	}
	// q's tiles: p's 10×20 tile, from x 3: columns at -7, 3, 13 and 23,
	// rows at 0 and 20
	tiles := 0
	for _, s := range render(t, mustDoc(t, defs+`<rect width="30" height="40" fill="url(#q)"/></svg>`), 100, 100) {
		if s.Fill != nil && s.Fill.Color.G == 255 {
			tiles++
			if x, _ := s.M.Apply(0, 0); int(x+7)%10 != 0 {
				t.Errorf("a tile at x %g, want columns 10 apart from 3", x)
			}
		}
	}
	if tiles != 4*2 {
		t.Errorf("%d tiles of q, want p's content in 10×20 tiles from x 3", tiles)
	}
}

// TestMiterDiffers checks which corners a miter limit of 4 (SVG's
// default) decides otherwise than one of 10 (PDF's): those whose miter
// ratio lies between, not right angles, smooth curves or spikes sharper
// than both.
func TestMiterDiffers(t *testing.T) {
	tests := []struct {
		d    string
		want bool
	}{
		{"M0 0 L10 2 L0 4", true},            // ratio 5.1
		{"M0 0 L10 1 L0 2", false},           // ratio 10.05: beveled under both
		{"M0 0 L10 0 L10 10 L0 10 Z", false}, // right angles: ratio 1.41
		{"M0 0 l3 -4 l3 4", false},           // ratio 1.67
		{"M0 2 L10 0 L10 4 Z", true},         // the closing join at the tip, ratio 5.1
		{"M0 0 L10 0 L20 0", false},          // straight on
	}
	for _, tt := range tests {
		p, _ := parsePath(tt.d, 100)
		if got := p.MiterDiffers(4, 10); got != tt.want {
			t.Errorf("%s: MiterDiffers %v, want %v", tt.d, got, tt.want)
		}
	}
	if circle := ellipsePath(5, 5, 5, 5); circle.MiterDiffers(4, 10) {
		t.Error("a circle's smooth joins differ by miter limit")
	}
}

// TestPathRect checks which paths are recognised as rectangles.
func TestPathRect(t *testing.T) {
	tests := []struct {
		d    string
		want bool
	}{
		{"M1 2 L4 2 L4 6 L1 6 Z", true},
		{"M1 2 L4 2 L4 6 L1 6", false},   // open
		{"M1 2 L1 6 L4 6 L4 2 Z", false}, // drawn downwards first
		{"M1 2 L4 2 L5 6 L1 6 Z", false}, // not a rectangle
	}
	for _, tt := range tests {
		p, _ := parsePath(tt.d, 100)
		x, y, w, h, ok := p.Rect()
		if ok != tt.want || ok && [4]float64{x, y, w, h} != [4]float64{1, 2, 3, 4} {
			t.Errorf("%s: Rect %g %g %g %g %v, want %v", tt.d, x, y, w, h, ok, tt.want)
		}
	}
	if _, _, _, _, ok := rectPath(1, 2, 3, 4).Rect(); !ok {
		t.Error("rectPath is not a Rect")
	}
}
