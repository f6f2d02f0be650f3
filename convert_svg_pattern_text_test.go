package folio_test

import (
	"image"
	"strings"
	"testing"
)

// redShare returns the share of the pixels of img inside r (CSS pixels
// at 96 dpi) that are pure red, within tolerance.
func redShare(img image.Image, r image.Rectangle) float64 {
	red := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if near(rgbAt(img, x, y), [3]int{255, 0, 0}, 40) {
				red++
			}
		}
	}
	return float64(red) / float64(r.Dx()*r.Dy())
}

// TestConvertSVGPatternText checks text filled with a pattern (SVG 1.1
// §13.3): the tiles show through the glyphs only (the run's box is
// partly red, partly white), with the anchor moving the run and its
// pattern alike, and the text stays extractable and tagged in the one
// Figure.
func TestConvertSVGPatternText(t *testing.T) {
	tests := []struct {
		name, text, want string
		// box is where the run's glyphs are, in CSS pixels
		box image.Rectangle
	}{
		{"start", `<text x="10" y="90" font-size="80" font-weight="bold" fill="url(#p)">HIH</text>`, "HIH", image.Rect(10, 30, 165, 92)},
		{"middle", `<text x="200" y="90" text-anchor="middle" font-size="80" font-weight="bold" fill="url(#p)">HIH</text>`, "HIH", image.Rect(125, 30, 275, 92)},
		{"tspan", `<text x="10" y="90" font-size="80" font-weight="bold">H<tspan fill="url(#p)">IH</tspan></text>`, "HIH", image.Rect(68, 30, 165, 92)},
		// a shaped run each direction: the second run clips the tiles
		// too (its box is the Hebrew word's)
		{"two runs", `<text x="10" y="90" font-size="60" font-weight="bold" fill="url(#p)">Ab שלום</text>`, "Ab", image.Rect(100, 45, 215, 92)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := `<!doctype html><html lang="en"><head><title>Pattern text</title>
<style>@page{size:400px 200px;margin:0} body{margin:0} svg{display:block}</style></head><body>
<svg role="img" aria-label="Pattern label" width="400" height="120" viewBox="0 0 400 120">
<defs><pattern id="p" width="8" height="8" patternUnits="userSpaceOnUse"><rect width="8" height="8" fill="#f00"/></pattern></defs>
` + tc.text + `</svg></body></html>`
			pdf := convertAudited(t, src)
			if text := pdftotext(t, pdf); !strings.Contains(strings.ReplaceAll(text, " ", ""), tc.want) {
				t.Errorf("pdftotext does not find the pattern text:\n%s", text)
			}
			if st := structText(t, pdf); strings.Count(st, "Figure") != 1 {
				t.Errorf("want one Figure:\n%s", st)
			}
			if raw := uncompressed(t, pdf); !strings.Contains(raw, "7 Tr") {
				t.Error("the glyphs do not clip (no text rendering mode 7)")
			}
			img := rasterAt(t, pdf, 96)
			// the glyphs cover part of their box: the pattern shows in
			// them and is clipped off around them
			if s := redShare(img, tc.box); s < 0.2 || s > 0.8 {
				t.Errorf("red share of the run's box %v = %.2f, want the glyphs red and the gaps between them white", tc.box, s)
			}
			// nothing red outside the runs
			if s := redShare(img, image.Rect(0, 125, 400, 200)); s != 0 {
				t.Errorf("red share under the drawing = %.2f, want 0", s)
			}
			if s := redShare(img, image.Rect(tc.box.Max.X+20, 0, 400, 120)); s != 0 {
				t.Errorf("red share right of the text = %.2f, want 0", s)
			}
		})
	}
}
