package folio_test

import "testing"

// TestConvertNegativeZIndexUnderText checks that a box with z-index: -1
// (a logo behind a headline) is painted under the text that follows it
// in the flow: the headline's dark pixels stay visible. Before z-index
// was honoured, the box covered the headline.
func TestConvertNegativeZIndexUnderText(t *testing.T) {
	const head = `<!DOCTYPE html><html lang="en"><title>t</title><style>@page { size: 300pt 200pt; margin: 10pt }</style>`
	const text = `<h1 style="margin:0">Headline</h1>`
	plain := darkPixels(rasterPage(t, convertAudited(t, head+`<div style="position:relative">`+text+`</div>`)))
	img := rasterPage(t, convertAudited(t, head+`<div style="position:relative">`+
		`<div style="position:absolute;top:0;left:0;width:280pt;height:60pt;background:#9cf;z-index:-1"></div>`+text+`</div>`))
	if got := darkPixels(img); plain == 0 || got < plain*9/10 {
		t.Errorf("%d dark (text) pixels, want about %d as without the box behind", got, plain)
	}
	// right of the headline, inside the box (30 dpi: 1 px = 2.4 pt)
	if r, g, b, _ := img.At(110, 20).RGBA(); r>>8 != 0x99 || g>>8 != 0xcc || b>>8 != 0xff {
		t.Errorf("pixel right of the headline is (%d,%d,%d), want the box's #9cf", r>>8, g>>8, b>>8)
	}
}
