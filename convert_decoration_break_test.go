package folio_test

import (
	"testing"
)

// TestConvertBoxDecorationBreak converts a bordered box split across two
// pages and checks the pixels where a page break cuts it: with
// box-decoration-break: clone both fragments have the whole border (blue
// at the bottom of page 1 and the top of page 2); with slice, the
// default, the border stops at the break (the background shows there).
func TestConvertBoxDecorationBreak(t *testing.T) {
	tests := []struct {
		value string
		blue  bool
	}{
		{"clone", true},
		{"slice", false},
	}
	for _, tc := range tests {
		t.Run(tc.value, func(t *testing.T) {
			pdf := convertAudited(t, `<!doctype html><html lang="en"><head><title>Decoration break</title><style>
@page { size: 200pt 200pt; margin: 20pt }
body { margin: 0; font: 10pt/20pt sans-serif }
div { border: 5pt solid blue; padding: 5pt; background: #cfc; orphans: 1; widows: 1; box-decoration-break: `+tc.value+` }
</style></head><body><div>1<br>2<br>3<br>4<br>5<br>6<br>7<br>8<br>9<br>10</div></body></html>`)
			// at 96 dpi a point is 4/3 px: the page area ends at 180pt,
			// page 2's starts at 20pt; the bottom and top borders are the
			// 5pt next to those
			for _, at := range []struct {
				page int
				y    float64
			}{{1, 177.5}, {2, 22.5}} {
				img := rasterPageN(t, pdf, at.page)
				r, g, b, _ := img.At(133, int(at.y*4/3)).RGBA()
				isBlue := b>>8 > 150 && r>>8 < 100 && g>>8 < 100
				if isBlue != tc.blue {
					t.Errorf("page %d at y %gpt: colour %d,%d,%d, blue border %v, want %v", at.page, at.y, r>>8, g>>8, b>>8, isBlue, tc.blue)
				}
			}
		})
	}
}
