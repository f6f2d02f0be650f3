package folio_test

import (
	"context"
	"strings"
	"testing"

	folio "github.com/seed28491532/folio"
)

// TestConvertConicGradient checks where the colours of conic gradients
// land: quadrants of hard stops turning clockwise from the top, the
// start angle and centre moved by from and at, a repeating one, and a
// smooth one half way between its stops; and that it is vector fills,
// not an image.
func TestConvertConicGradient(t *testing.T) {
	green := [3]int{0, 128, 0}
	yellow := [3]int{255, 255, 0}
	purple := [3]int{128, 0, 128}
	quads := "red 0 25%, blue 0 50%, green 0 75%, yellow 0"
	tests := []struct {
		name, bg string
		at       [][2]float64
		want     [][3]int
	}{
		{"quadrants", "conic-gradient(" + quads + ")",
			[][2]float64{{150, 90}, {150, 150}, {90, 150}, {90, 90}}, [][3]int{red, blue, green, yellow}},
		{"from 90deg", "conic-gradient(from 90deg, " + quads + ")",
			[][2]float64{{150, 90}, {150, 150}, {90, 150}, {90, 90}}, [][3]int{yellow, red, blue, green}},
		{"at a corner", "conic-gradient(at 0 0, " + quads + ")",
			[][2]float64{{170, 170}}, [][3]int{blue}},
		{"repeating", "repeating-conic-gradient(red 0 45deg, blue 0 90deg)",
			[][2]float64{{130, 70}, {170, 110}, {170, 130}, {130, 170}}, [][3]int{red, blue, red, blue}},
		{"smooth", "conic-gradient(red 0 45deg, blue 135deg 360deg)",
			[][2]float64{{175, 120}, {130, 70}}, [][3]int{purple, red}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			img := rasterPage(t, convertAudited(t, effectPage("height:120pt;background:"+tt.bg, "")))
			for i, p := range tt.at {
				if got := rgbAt(img, px(p[0]), px(p[1])); !near(got, tt.want[i], 40) {
					t.Errorf("at %gpt,%gpt: colour %v, want %v", p[0], p[1], got, tt.want[i])
				}
			}
		})
	}
	res, err := folio.Convert(context.Background(), strings.NewReader(effectPage("height:120pt;background:conic-gradient(red, blue, red)", "")), folio.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(uncompressed(t, res.PDF), "/Subtype /Image") {
		t.Error("the conic gradient is an image")
	}
}
