package folio_test

import (
	"math"
	"strconv"
	"strings"
	"testing"
)

// TestConvertBlurredShadowProfile checks the fall-off of a blurred box
// shadow against the Gaussian CSS specifies (deviation half the blur
// radius, as Chromium draws it): beside the box, at distance d from its
// edge, a black shadow's alpha is erfc(d / (σ√2)) / 2, within a pixel
// at 96 dpi.
func TestConvertBlurredShadowProfile(t *testing.T) {
	for _, blur := range []float64{6, 12, 24} {
		img := rasterPageN(t, convertAudited(t, shadowPage("box-shadow:0 0 "+strconv.FormatFloat(blur, 'g', -1, 64)+"pt black")), 1)
		sigma := blur / 2
		// the box's right edge is at 180pt, the left of pixel 240 at
		// 96 dpi (0.75pt a pixel)
		grey := func(d float64) int {
			return int(math.Round(255 * (1 - math.Erfc(d/(sigma*math.Sqrt2))/2)))
		}
		for k := 0; k < 40; k += 3 {
			d := 0.75*float64(k) + 0.375 // the pixel's centre
			// the Gaussian's value there, give or take a pixel's shift
			lo, hi := grey(d-0.75)-4, grey(d+0.75)+4
			got := rgbAt(img, 240+k, 160)
			if got[0] < lo || got[0] > hi || got[1] != got[0] || got[2] != got[0] {
				t.Errorf("blur %gpt, %.1fpt from the edge: grey %v, want %d (%d…%d)", blur, d, got, grey(d), lo, hi)
			}
		}
	}
}

// TestConvertBlurredShadowReused checks that a blurred shadow is one
// small image, embedded once however many boxes cast the same shadow.
func TestConvertBlurredShadowReused(t *testing.T) {
	page := func(n int) string {
		return `<!DOCTYPE html><html lang="en"><title>t</title><style>@page{size:300pt 600pt;margin:0}
			div{width:60pt;height:40pt;margin:40pt;box-shadow:4pt 4pt 10pt rgba(0,0,0,.5)}</style>
			<h1>T</h1>` + strings.Repeat("<div></div>", n)
	}
	one, five := convertAudited(t, page(1)), convertAudited(t, page(5))
	a, b := strings.Count(string(one), "/Subtype /Image"), strings.Count(string(five), "/Subtype /Image")
	if a == 0 || a != b {
		t.Errorf("%d image objects for one shadow, %d for five alike, want the same, more than none", a, b)
	}
	if len(five) > 40000 {
		t.Errorf("%d bytes for five blurred shadows, want under 40000", len(five))
	}
}

// TestConvertBlurredTextShadow checks that a blurred text-shadow is an
// image of the blurred glyphs, as Chromium paints it (a red core where
// the glyphs' strokes are wider than the blur, a soft edge), not copies
// of the text: the text is read once, no unread copy is drawn.
func TestConvertBlurredTextShadow(t *testing.T) {
	pdf := convertAudited(t, `<!DOCTYPE html><html lang="en"><title>t</title><style>@page{size:300pt 150pt;margin:0} body{margin:0}
		h1{font:bold 60pt sans-serif;margin:20pt;color:black;text-shadow:12pt 7.2pt 6pt red}</style><h1>Shade</h1>`)
	content := contentStreams(t, pdf)
	if strings.Contains(content, "/ActualText ()") {
		t.Error("the blurred shadow is drawn as unread copies of the text, want an image")
	}
	if !strings.Contains(string(pdf), "/Subtype /Image") {
		t.Error("no image for the blurred shadow")
	}
	img := rasterPageN(t, pdf, 1)
	red, pink := 0, 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := rgbAt(img, x, y)
			switch {
			case c[0] > 230 && c[1] < 40 && c[2] < 40:
				red++
			case c[0] > 230 && c[1] >= 40 && c[1] < 230 && c[2] > c[1]-20 && c[2] < c[1]+20:
				pink++
			}
		}
	}
	if red == 0 || pink < red/4 {
		t.Errorf("%d red and %d pink pixels, want a red core and a soft edge", red, pink)
	}
	if n := strings.Count(pdftotext(t, pdf), "Shade"); n != 1 {
		t.Errorf("pdftotext reads the text %d times, want once", n)
	}
}
