package folio_test

import (
	"strings"
	"testing"
)

// TestConvertClipPathURL checks clip-path: url(#id) on HTML boxes
// referencing clipPath elements of an inline svg later in the document
// (CSS Masking 1 §6.1): userSpaceOnUse content in the border box's
// coordinates (CSS pixels from its top-left corner), objectBoundingBox
// content in fractions of it, the clipPath's transform, an empty
// clipPath hiding the box and an unknown id clipping nothing; the text
// of a clipped box stays extractable.
func TestConvertClipPathURL(t *testing.T) {
	src := `<!doctype html><html lang="en"><head><title>Clip url</title>
<style>@page{size:400px 600px;margin:0} body{margin:0} div{width:200px;height:100px;margin-bottom:20px;background:#f00;color:#fff;font-size:20px}</style></head><body>
<div style="clip-path:url(#half)">Clipped text</div>
<div style="clip-path:url('#disc')"></div>
<div style="clip-path:url(#nothere)"></div>
<div style="clip-path:url(#empty)"></div>
<div style="clip-path:url(#moved)"></div>
<svg width="0" height="0" aria-hidden="true"><defs>
<clipPath id="half"><rect width="100" height="100"/></clipPath>
<clipPath id="disc" clipPathUnits="objectBoundingBox"><circle cx="0.5" cy="0.5" r="0.25"/></clipPath>
<clipPath id="empty"></clipPath>
<clipPath id="moved" transform="translate(150 0)"><rect width="50" height="50"/></clipPath>
</defs></svg></body></html>`
	pdf := convertAudited(t, src)
	if text := pdftotext(t, pdf); !strings.Contains(text, "Clipped text") {
		t.Errorf("pdftotext does not find the clipped box's text:\n%s", text)
	}
	img := rasterAt(t, pdf, 96)
	red, white := [3]int{255, 0, 0}, [3]int{255, 255, 255}
	tests := []struct {
		name string
		x, y int
		want [3]int
	}{
		{"userSpaceOnUse inside", 50, 60, red},
		{"userSpaceOnUse outside", 150, 50, white},
		{"objectBoundingBox centre", 100, 170, red},
		{"objectBoundingBox corner", 20, 130, white},
		{"objectBoundingBox edge", 100, 135, white},
		{"unknown id clips nothing", 190, 330, red},
		{"empty clipPath", 100, 410, white},
		{"transform inside", 175, 385 + 100, red},
		{"transform outside", 100, 500, white},
	}
	for _, tc := range tests {
		if got := rgbAt(img, tc.x, tc.y); !near(got, tc.want, 40) {
			t.Errorf("%s: pixel (%d, %d) = %v, want %v", tc.name, tc.x, tc.y, got, tc.want)
		}
	}
}
