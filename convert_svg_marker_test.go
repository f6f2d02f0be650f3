package folio_test

import (
	"context"
	"encoding/base64"
	"image"
	"strings"
	"testing"

	"github.com/seed28491532/folio"
)

// TestConvertListStyleImage checks that list-style-image draws its
// image (an SVG, or a PNG) as the outside marker of each item, left of
// the item's content box (at 100pt, 41px at 30 dpi) and on its line.
func TestConvertListStyleImage(t *testing.T) {
	redSVG := `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10"><rect width="10" height="10" fill="#ff0000"/></svg>`
	tests := []struct{ name, uri string }{
		{"svg", "data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString([]byte(redSVG))},
		{"png", pngData(10, 10)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := `<!doctype html><html lang="en"><head><title>t</title><style>@page{size:300pt 300pt;margin:50pt} body{margin:0;font-size:20pt}` +
				`ul{list-style-image:url("` + tt.uri + `");margin:0 0 0 50pt;padding:0}</style></head><body><ul><li>One</li><li>Two</li></ul></body></html>`
			img := rasterPage(t, convertAudited(t, src))
			// rows holding marker pixels, left of the content box
			var rows []int
			for y := 0; y < img.Bounds().Dy(); y++ {
				if markerPixel(img, y) {
					rows = append(rows, y)
				}
			}
			if len(rows) == 0 {
				t.Fatal("no marker image drawn")
			}
			if bands := 1 + countGaps(rows); bands != 2 {
				t.Errorf("marker pixels in %d bands of rows %v, want one an item", bands, rows)
			}
		})
	}
}

// markerPixel reports whether row y holds a painted (not white) pixel
// left of the list's content box (41px): nothing but markers is there.
func markerPixel(img image.Image, y int) bool {
	for x := 0; x < 41; x++ {
		if c := rgbAt(img, x, y); c[0] < 200 || c[1] < 200 || c[2] < 200 {
			return true
		}
	}
	return false
}

// countGaps counts the breaks in a sorted list of rows.
func countGaps(rows []int) int {
	n := 0
	for i := 1; i < len(rows); i++ {
		if rows[i] > rows[i-1]+1 {
			n++
		}
	}
	return n
}

// TestConvertPageBackgroundImage checks @page background images: an SVG
// or PNG layer placed in the page box's padding box (inside the 50pt
// margins), a gradient layer, and an image that does not load reported
// once however many pages name it.
func TestConvertPageBackgroundImage(t *testing.T) {
	redSVG := `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10"><rect width="10" height="10" fill="#ff0000"/></svg>`
	tests := []struct{ name, layer string }{
		{"svg", `url(data:image/svg+xml;base64,` + base64.StdEncoding.EncodeToString([]byte(redSVG)) + `) 0 0/100pt 100pt no-repeat`},
		{"gradient", `linear-gradient(#ff0000, #ff0000) 0 0/100pt 100pt no-repeat`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := `<!doctype html><html lang="en"><head><title>t</title><style>@page{size:300pt 300pt;margin:50pt;background:` + tt.layer +
				`} body{margin:0}</style></head><body><p style="margin-left:150pt">Text</p></body></html>`
			img := rasterPage(t, convertAudited(t, src)) // 30 dpi: 125 px a page
			if c := rgbAt(img, 25, 25); !near(c, red, 40) {
				t.Errorf("pixel at 60pt, 60pt is %v, want the red background layer", c)
			}
			if c := rgbAt(img, 8, 8); !near(c, white, 16) {
				t.Errorf("pixel at 20pt, 20pt (the page margin) is %v, want white: the layer starts inside the margins", c)
			}
		})
	}
	src := `<!doctype html><html lang="en"><head><title>t</title><style>@page{background:url(missing.svg)} p{break-after:page}</style></head>` +
		`<body><p>One</p><p>Two</p></body></html>`
	res, err := folio.Convert(context.Background(), strings.NewReader(src), folio.Options{})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, d := range res.Diagnostics {
		if strings.Contains(d.Message, `page background image "missing.svg" not loaded`) {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d diagnostics for the missing page image, want 1: %+v", n, res.Diagnostics)
	}
}
