package folio_test

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"
)

// maskPage is a 300×300 pt page with a 240×240 pt box at (30, 30)
// painted with the given background and mask declarations.
func maskPage(decls, text string) string {
	return `<!DOCTYPE html><html lang="en"><title>t</title><style>@page{size:300pt 300pt;margin:0} body{margin:0}
		.m{position:absolute;left:30pt;top:30pt;width:240pt;height:240pt;font-size:10pt;` + decls + `}</style>
		<body><h1 style="font-size:1pt;margin:0;position:absolute">T</h1><div class=m>` + text + `</div>`
}

// TestConvertMaskPixels rasterises masked boxes and checks how much of
// each shows, as Chromium paints them: gradients and images as alpha
// masks (the default), luminance masks, mask size, position and repeat
// as for backgrounds, the -webkit- forms, and opacity on top.
func TestConvertMaskPixels(t *testing.T) {
	circle := "data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString([]byte(
		`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5" fill="black"/></svg>`))
	pink := [3]int{255, 128, 128}
	tests := []struct {
		name, css string
		at        [][2]float64 // points (x, y) on the page
		want      [][3]int
	}{
		{"no mask", "background:red", [][2]float64{{40, 150}, {260, 150}}, [][3]int{red, red}},
		{"alpha gradient", "background:red;mask-image:linear-gradient(to right, black, transparent)",
			[][2]float64{{35, 150}, {150, 150}, {265, 150}}, [][3]int{red, pink, white}},
		{"luminance gradient", "background:red;mask:linear-gradient(white, black) luminance",
			[][2]float64{{150, 35}, {150, 150}, {150, 265}}, [][3]int{red, pink, white}},
		{"black is opaque in alpha mode", "background:red;mask-image:linear-gradient(black, black)",
			[][2]float64{{150, 150}}, [][3]int{red}},
		{"size position no-repeat", "background:red;-webkit-mask:linear-gradient(black, black) center / 60pt 60pt no-repeat",
			[][2]float64{{150, 150}, {100, 150}, {40, 40}}, [][3]int{red, white, white}},
		{"repeat", "background:red;mask-image:linear-gradient(black, black);mask-size:60pt 60pt;mask-repeat:space",
			[][2]float64{{40, 40}, {260, 260}}, [][3]int{red, red}},
		{"svg image alpha", "background:red;mask:url(" + circle + ") no-repeat;mask-size:100%",
			[][2]float64{{150, 150}, {40, 40}, {260, 40}}, [][3]int{red, white, white}},
		{"opaque png", "background:red;mask:url(" + solidPNG(t, 4, 4, color.NRGBA{0, 0, 0, 255}) + ") no-repeat;mask-size:120pt 240pt",
			[][2]float64{{60, 150}, {240, 150}}, [][3]int{red, white}},
		{"png alpha", "background:red;mask:url(" + halfPNG(t) + ") no-repeat;mask-size:100% 100%",
			[][2]float64{{60, 150}, {240, 150}}, [][3]int{red, white}},
		{"with opacity", "background:red;opacity:.5;mask-image:linear-gradient(to right, black 50%, transparent 50%)",
			[][2]float64{{60, 150}, {240, 150}}, [][3]int{pink, white}},
		{"image that fails hides the box", "background:red;mask-image:url(missing.png)",
			[][2]float64{{150, 150}}, [][3]int{white}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			img := rasterPage(t, convertAudited(t, maskPage(tt.css, "")))
			for i, p := range tt.at {
				if got := rgbAt(img, px(p[0]), px(p[1])); !near(got, tt.want[i], 40) {
					t.Errorf("at %gpt,%gpt: colour %v, want %v", p[0], p[1], got, tt.want[i])
				}
			}
		})
	}
}

// TestConvertMaskKeepsText checks that a masked box keeps its text and
// tags: extracted once, the structure as without the mask.
func TestConvertMaskKeepsText(t *testing.T) {
	plain := convertAudited(t, maskPage("background:red", "Masked words"))
	masked := convertAudited(t, maskPage("background:red;mask-image:linear-gradient(black, transparent)", "Masked words"))
	if n := strings.Count(pdftotextRaw(t, masked), "Masked words"); n != 1 {
		t.Errorf("the text is extracted %d times, want once", n)
	}
	if a, b := structText(t, plain), structText(t, masked); a != b {
		t.Errorf("structure tree changed by the mask:\n%s\nwant\n%s", b, a)
	}
	if !strings.Contains(string(masked), "/SMask") {
		t.Error("no soft mask in the PDF")
	}
}

// halfPNG returns a data: URI of a 2×1 PNG, its left pixel opaque black
// and its right one transparent.
func halfPNG(t *testing.T) string {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, 2, 1))
	img.SetNRGBA(0, 0, color.NRGBA{0, 0, 0, 255})
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
}
