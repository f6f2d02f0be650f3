package folio_test

import (
	"strings"
	"testing"
)

// perspectivePage is a 300×300 pt page whose container gives its
// children a perspective of 200pt about its centre (150, 150), holding a
// red 150×150 pt box at (75, 75) with the given declarations and text.
func perspectivePage(decls, text string) string {
	return `<!DOCTYPE html><html lang="en"><title>t</title><style>@page{size:300pt 300pt;margin:0} body{margin:0}
		.s{perspective:200pt;width:300pt;height:300pt;position:relative}
		.b{position:absolute;left:75pt;top:75pt;width:150pt;height:150pt;background:red;font-size:10pt;` + decls + `}</style>
		<body><h1 style="font-size:1pt;margin:0;position:absolute">T</h1><div class=s><div class=b>` + text + `</div></div>`
}

// TestConvertPerspectivePixels rasterises boxes seen through
// perspective and checks where their colour lands, as Chromium paints
// them: rotateY(45deg) makes a trapezoid whose near (left) side is
// taller than the box and whose far side is shorter (an affine map
// cannot), translateZ toward the viewer magnifies, and
// backface-visibility: hidden hides a box turned around.
func TestConvertPerspectivePixels(t *testing.T) {
	tests := []struct {
		name, css string
		inner     string
		at        [][2]float64 // points (x, y) on the page
		want      [][3]int
	}{
		// near side at x ≈ 78 spans y 48…252; far side at x ≈ 192
		// spans y 91…209
		{"rotateY trapezoid", "transform:rotateY(45deg)", "",
			[][2]float64{{85, 55}, {85, 245}, {185, 80}, {185, 220}, {185, 100}, {70, 150}, {150, 150}, {200, 150}},
			[][3]int{red, red, white, white, red, white, red, white}},
		// far (top) side at y ≈ 108 spans x 91…209, near (bottom) side
		// at y ≈ 222 spans x 48…252
		{"rotateX trapezoid", "transform:rotateX(45deg)", "",
			[][2]float64{{85, 115}, {215, 115}, {55, 215}, {245, 215}, {150, 100}, {150, 120}, {150, 230}},
			[][3]int{white, white, red, red, white, red, white}},
		{"translateZ magnifies", "transform:translateZ(100pt)", "",
			[][2]float64{{10, 10}, {290, 290}}, [][3]int{red, red}},
		{"translateZ away shrinks", "transform:translateZ(-200pt)", "",
			[][2]float64{{100, 100}, {150, 150}, {200, 200}}, [][3]int{white, red, white}},
		{"back face shown", "transform:rotateY(180deg)", "", [][2]float64{{150, 150}}, [][3]int{red}},
		{"back face hidden", "transform:rotateY(180deg);backface-visibility:hidden", "", [][2]float64{{150, 150}}, [][3]int{white}},
		{"front face kept", "transform:rotateY(30deg);backface-visibility:hidden", "", [][2]float64{{150, 150}}, [][3]int{red}},
		{"mirror is no back face", "transform:scaleX(-1);backface-visibility:hidden", "", [][2]float64{{150, 150}}, [][3]int{red}},
		{"edge on paints nothing", "transform:rotateY(90deg)", "", [][2]float64{{150, 150}, {140, 150}}, [][3]int{white, white}},
		{"back face hidden keeps a stacking context child", "transform:rotateY(180deg);backface-visibility:hidden",
			`<div style="isolation:isolate;background:blue;height:50pt"></div>`,
			[][2]float64{{150, 100}, {150, 150}}, [][3]int{{0, 0, 255}, white}},
		{"translucent: composited once", "transform:rotateY(45deg);opacity:.5", "",
			[][2]float64{{100, 150}, {130, 150}, {150, 150}, {170, 150}}, [][3]int{{255, 128, 128}, {255, 128, 128}, {255, 128, 128}, {255, 128, 128}}},
		{"perspective function", "transform:perspective(200pt) rotateY(45deg)", "",
			[][2]float64{{85, 55}, {185, 80}}, [][3]int{red, white}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			img := rasterPage(t, convertAudited(t, perspectivePage(tt.css, tt.inner)))
			for i, p := range tt.at {
				if got := rgbAt(img, px(p[0]), px(p[1])); !near(got, tt.want[i], 40) {
					t.Errorf("at %gpt,%gpt: colour %v, want %v", p[0], p[1], got, tt.want[i])
				}
			}
		})
	}
}

// TestConvertPerspectiveKeepsText checks that a box painted once per
// perspective strip keeps its text and tags as without the transform:
// extracted once, tagged once, the copies artifacts that are not read.
func TestConvertPerspectiveKeepsText(t *testing.T) {
	flat := convertAudited(t, perspectivePage("", "Seen through perspective"))
	deep := convertAudited(t, perspectivePage("transform:rotateY(40deg)", "Seen through perspective"))
	for name, pdf := range map[string][]byte{"flat": flat, "perspective": deep} {
		if n := strings.Count(pdftotextRaw(t, pdf), "perspective"); n != 1 {
			t.Errorf("%s: the text is extracted %d times, want once", name, n)
		}
	}
	if a, b := structText(t, flat), structText(t, deep); a != b {
		t.Errorf("structure tree changed by the transform:\n%s\nwant\n%s", b, a)
	}
	content := contentStreams(t, deep)
	if n := strings.Count(content, "/ActualText ()"); n < 2 {
		t.Errorf("%d unread copies of the text, want one per strip after the first", n)
	}
}

// TestConvertPerspectiveAbsoluteChild checks that the perspective of a
// static parent reaches its absolutely positioned child, which is laid
// out in another containing block: translateZ(100pt) through a
// perspective of 200pt about the parent's top left doubles its size.
func TestConvertPerspectiveAbsoluteChild(t *testing.T) {
	pdf := convertAudited(t, `<!DOCTYPE html><html lang="en"><title>t</title><style>@page{size:300pt 300pt;margin:0} body{margin:0}
		.s{perspective:200pt;perspective-origin:top left}
		.b{position:absolute;left:0;top:0;width:100pt;height:100pt;background:red;transform:translateZ(100pt);transform-origin:0 0}</style>
		<body><h1 style="font-size:1pt;margin:0;position:absolute">T</h1><div class=s><div class=b></div></div>`)
	img := rasterPage(t, pdf)
	for _, p := range [][2]float64{{150, 150}, {190, 190}} {
		if got := rgbAt(img, px(p[0]), px(p[1])); !near(got, red, 40) {
			t.Errorf("at %gpt,%gpt: colour %v, want red (the box doubled)", p[0], p[1], got)
		}
	}
	if got := rgbAt(img, px(250), px(250)); !near(got, white, 40) {
		t.Errorf("at 250pt,250pt: colour %v, want white", got)
	}
}
