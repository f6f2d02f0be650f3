package folio_test

import (
	"image"
	"strings"
	"testing"
)

// shadowPage is a 300×300 pt page (125×125 px at 30 dpi: 1 px = 2.4 pt)
// holding a heading (for the audit) and one 120×120 pt div at 60, 60 pt
// with the given declarations.
func shadowPage(decls string) string {
	return `<!DOCTYPE html><html lang="en"><title>t</title><style>@page{size:300pt 300pt;margin:0} body{margin:0}
		h1{font-size:1pt;margin:0;height:60pt} div{margin-left:60pt;width:120pt;height:120pt;` + decls + `}</style>
		<body><h1>T</h1><div></div>`
}

// px converts points to pixels at 30 dpi.
func px(pt float64) int { return int(pt / 2.4) }

// TestConvertBoxShadow checks box-shadow pixels: outer shadows at their
// offset outside the box but never under it (not even under a
// transparent box), following border-radius and spread; inset shadows
// inside the padding box above the background; a blurred edge fading.
func TestConvertBoxShadow(t *testing.T) {
	pink := [3]int{255, 128, 128}
	tests := []struct {
		name, css string
		at        [][2]float64 // points (x, y) on the page
		want      [][3]int
		tol       int
	}{
		{"outer, transparent box", "box-shadow:24pt 24pt red",
			[][2]float64{{190, 200}, {120, 120}, {70, 70}, {50, 200}},
			[][3]int{red, white, white, white}, 20},
		{"outer under a background", "background:blue;box-shadow:24pt 24pt red",
			[][2]float64{{190, 200}, {120, 120}, {176, 176}},
			[][3]int{red, blue, blue}, 20},
		{"spread follows the radius", "border-radius:50%;box-shadow:0 0 0 12pt red",
			// the circle's rim outside the box; a corner the square would fill
			[][2]float64{{120, 54}, {52, 52}, {120, 120}},
			[][3]int{red, white, white}, 20},
		{"inset above the background", "background:blue;border:6pt solid black;box-shadow:inset 24pt 24pt red",
			[][2]float64{{80, 150}, {150, 80}, {150, 150}, {40, 40}},
			[][3]int{red, red, blue, white}, 20},
		{"blurred edge", "box-shadow:0 0 24pt red",
			[][2]float64{{180 + 1, 120}, {180 + 30, 120}, {120, 120}},
			[][3]int{pink, white, white}, 70},
		{"none", "box-shadow:none;background:blue",
			[][2]float64{{190, 200}}, [][3]int{white}, 20},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			img := rasterPage(t, convertAudited(t, shadowPage(tt.css)))
			for i, p := range tt.at {
				if got := rgbAt(img, px(p[0]), px(p[1])); !near(got, tt.want[i], tt.tol) {
					t.Errorf("at %gpt,%gpt: colour %v, want %v", p[0], p[1], got, tt.want[i])
				}
			}
		})
	}
}

// inkCentre returns the centre of the pixels of img that match keep.
func inkCentre(img image.Image, keep func(c [3]int) bool) (x, y float64, n int) {
	b := img.Bounds()
	for py := b.Min.Y; py < b.Max.Y; py++ {
		for px := b.Min.X; px < b.Max.X; px++ {
			if keep(rgbAt(img, px, py)) {
				x, y, n = x+float64(px), y+float64(py), n+1
			}
		}
	}
	if n > 0 {
		x, y = x/float64(n), y/float64(n)
	}
	return x, y, n
}

// TestConvertTextShadow checks that a text-shadow paints the text again
// in the shadow colour at its offset under the text (blurred: a soft
// edge of pinks around a red core, as Chromium paints 60pt bold glyphs
// blurred by 6pt), and that the copies are artifacts: text extraction and the
// structure tree read the text once, and the PDF/UA audit stays clean.
func TestConvertTextShadow(t *testing.T) {
	const head = `<!DOCTYPE html><html lang="en"><title>t</title><style>@page{size:300pt 150pt;margin:0} body{margin:0}
		h1{font:bold 60pt sans-serif;margin:20pt;color:black;text-shadow:`
	isBlack := func(c [3]int) bool { return near(c, [3]int{0, 0, 0}, 60) }
	isRed := func(c [3]int) bool { return near(c, red, 60) }
	isPink := func(c [3]int) bool { return c[0] > 200 && c[1] > 60 && c[1] < 230 && c[2] > c[1]-20 && c[2] < c[1]+20 }
	for _, tt := range []struct {
		name, shadow string
		blurred      bool
	}{
		{"sharp", "12pt 7.2pt red", false},
		{"blurred", "12pt 7.2pt 6pt red", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			pdf := convertAudited(t, head+tt.shadow+`}</style><h1>Shade</h1>`)
			img := rasterPage(t, pdf)
			bx, by, nb := inkCentre(img, isBlack)
			rx, ry, nr := inkCentre(img, isRed)
			_, _, np := inkCentre(img, isPink)
			switch {
			case nb == 0:
				t.Fatal("no black text pixels")
			case tt.blurred && (np < nr || nr == 0):
				t.Errorf("%d red and %d pink pixels, want a soft shadow: more pink than red", nr, np)
			case !tt.blurred && nr == 0:
				t.Errorf("no red shadow pixels")
			}
			// 12 pt = 5 px right, 7.2 pt = 3 px down (the red the text
			// covers shifts the red centre further: allow 1.5 px)
			if dx, dy := rx-bx, ry-by; !tt.blurred && (dx < 4 || dx > 7.5 || dy < 2 || dy > 5) {
				t.Errorf("shadow centre offset by %.1f, %.1f px from the text, want about 5, 3", dx, dy)
			}
			if n := strings.Count(pdftotext(t, pdf), "Shade"); n != 1 {
				t.Errorf("pdftotext reads the text %d times, want once", n)
			}
			if n := strings.Count(structText(t, pdf), "Shade"); n != 1 {
				t.Errorf("the structure tree holds the text %d times, want once", n)
			}
		})
	}
}
