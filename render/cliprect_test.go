package render

import (
	"regexp"
	"strconv"
	"testing"

	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/layout/display"
)

// TestCutToClip checks the rectangle a solid fill paints under its
// item's clip: the intersection when the clip is a plain rectangle,
// nothing when they do not meet, the whole rectangle when either has
// rounded corners (the clip then does the cutting).
func TestCutToClip(t *testing.T) {
	clip := &layout.Rect{X: 10, Y: 10, W: 100, H: 50.4}
	radii := &[4][2]float64{{5, 5}, {5, 5}, {5, 5}, {5, 5}}
	r := layout.Rect{X: 0, Y: 40, W: 50, H: 100}
	for _, tt := range []struct {
		name string
		it   display.Item
		want layout.Rect
		ok   bool
	}{
		{"no clip", display.Item{}, r, true},
		{"plain clip", display.Item{Clip: clip}, layout.Rect{X: 10, Y: 40, W: 40, H: 20.4}, true},
		{"outside", display.Item{Clip: &layout.Rect{X: 60, Y: 0, W: 10, H: 10}}, layout.Rect{}, false},
		{"rounded clip", display.Item{Clip: clip, ClipRadii: radii}, r, true},
		{"rounded fill", display.Item{Clip: clip, Radii: radii}, r, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := cutToClip(&tt.it, r)
			if ok != tt.ok || got != tt.want {
				t.Errorf("cutToClip = %+v, %v; want %+v, %v", got, ok, tt.want, tt.ok)
			}
		})
	}
}

// TestClippedFillsCut checks, in the PDF, that a background, an outline
// and a box-shadow overflowing an overflow: hidden box at a fractional
// edge are painted as rectangles that end at the clip's edge, so that
// they are rasterised like a fill that ends there.
func TestClippedFillsCut(t *testing.T) {
	res := renderHTML(t, `<html lang=en><title>t</title><style>@page{size:200pt 200pt;margin:0}body{margin:0}
#c{margin-top:0.3pt;height:50.4pt;overflow:hidden}
#c div{width:20pt;height:20pt;margin:40pt 0 0 40pt;background:#00ff00;outline:10pt solid #00ff00;box-shadow:0 30pt 0 #00ff00}</style>
<div id=c><div></div></div>`)
	content := decompressed(t, res.PDF)
	// the clip's bottom edge, in PDF coordinates: 200 - 0.3 - 50.4
	const bottom = 149.3
	re := regexp.MustCompile(`(-?[\d.]+) (-?[\d.]+) ([\d.]+) ([\d.]+) re\nf`)
	n := 0
	for _, m := range re.FindAllStringSubmatch(content, -1) {
		y, _ := strconv.ParseFloat(m[2], 64)
		n++
		if y < bottom-0.001 {
			t.Errorf("a fill reaches y %v, below the clip's edge %v: %q", y, bottom, m[0])
		}
	}
	if n < 3 {
		t.Errorf("%d rectangle fills, want the background, outline sides and shadow", n)
	}
}
