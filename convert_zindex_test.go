package folio_test

import (
	"strings"
	"testing"
)

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

// TestConvertRoundedImage: an image with border-radius is trimmed to its
// rounded content edge — the corners of its box show the page, the
// middle the image — where it used to be drawn square.
func TestConvertRoundedImage(t *testing.T) {
	const head = `<!DOCTYPE html><html lang="en"><title>t</title><style>@page { size: 300px 200px; margin: 0 } body { margin: 0 }</style>`
	for _, tc := range []struct {
		name, css string
		corner    bool // the corner shows the image
	}{
		{"square", "", true},
		{"circle", "border-radius: 50%", false},
		{"radius inside a border", "border: 10px solid white; border-radius: 60px", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pdf := convertAudited(t, head+`<h1 style="font-size:1px;margin:0">T</h1><img alt="a photo" src="`+pngData(10, 10)+`" style="display:block;width:120px;height:120px;`+tc.css+`">`)
			img := rasterPageN(t, pdf, 1)
			off := 2
			if strings.Contains(tc.css, "border:") {
				off = 12
			}
			cr, cg, cb, _ := img.At(off, off+1).RGBA()
			mr, mg, mb, _ := img.At(60, 61).RGBA()
			if mr>>8 > 240 && mg>>8 > 240 && mb>>8 > 240 {
				t.Fatalf("middle of the image is white (%d,%d,%d)", mr>>8, mg>>8, mb>>8)
			}
			white := cr>>8 > 240 && cg>>8 > 240 && cb>>8 > 240
			if white == tc.corner {
				t.Errorf("corner (%d,%d,%d): image shown %v, want %v", cr>>8, cg>>8, cb>>8, !white, tc.corner)
			}
		})
	}
}

// TestConvertRoundedOverflowClip: overflow: hidden with border-radius
// clips the content to the rounded padding edge: a child filling the box
// shows in the middle, not in the corners.
func TestConvertRoundedOverflowClip(t *testing.T) {
	const head = `<!DOCTYPE html><html lang="en"><title>t</title><style>@page { size: 300px 400px; margin: 0 } body { margin: 0 }</style><h1 style="font-size:1px;margin:0">T</h1>`
	for _, tc := range []struct {
		name, css string
		corner    bool // the child shows in the corner
	}{
		{"square", "overflow: hidden", true},
		{"rounded", "overflow: hidden; border-radius: 60px", false},
		{"rounded but visible", "border-radius: 60px", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pdf := convertAudited(t, head+`<div style="width:120px;height:120px;`+tc.css+`"><div style="width:200px;height:200px;background:#36c"></div></div>`)
			img := rasterPageN(t, pdf, 1)
			cr, cg, cb, _ := img.At(3, 4).RGBA()
			if mr, mg, mb, _ := img.At(60, 61).RGBA(); mb>>8 < 150 || mr>>8 > 100 || mg>>8 > 150 {
				t.Fatalf("middle is (%d,%d,%d), want the child's blue", mr>>8, mg>>8, mb>>8)
			}
			white := cr>>8 > 240 && cg>>8 > 240 && cb>>8 > 240
			if white == tc.corner {
				t.Errorf("corner (%d,%d,%d): child shown %v, want %v", cr>>8, cg>>8, cb>>8, !white, tc.corner)
			}
		})
	}
}
