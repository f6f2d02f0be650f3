package folio_test

import (
	"context"
	"image"
	"strings"
	"testing"

	"github.com/seed28491532/folio"
)

// TestConvertPageOutline: an @page outline is drawn around the page box's
// border box, outline-offset outside it, into the page margins (WPT
// css-page page-box-010: margin 50px, a 10px outline 40px out lies on the
// page's edge).
func TestConvertPageOutline(t *testing.T) {
	green := [3]int{0, 128, 0}
	tests := []struct {
		name, rule string
		on, off    [][2]int // points in CSS px on the outline, and off it
	}{
		{"offset to the page edge", "outline: 10px solid rgb(0,128,0); outline-offset: 40px",
			[][2]int{{5, 5}, {195, 100}, {100, 195}}, [][2]int{{15, 15}, {45, 45}, {100, 100}}},
		{"no offset: on the page area's edge", "outline: rgb(0,128,0) 10px dashed",
			[][2]int{{45, 45}, {155, 155}}, [][2]int{{5, 5}, {55, 100}}},
		{"outline-style none", "outline: 10px none rgb(0,128,0)",
			nil, [][2]int{{5, 5}, {45, 45}}},
		{"currentcolor", "color: rgb(0,128,0); outline: 10px solid",
			[][2]int{{45, 100}}, [][2]int{{5, 5}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := `<!DOCTYPE html><html lang="en"><title>t</title><style>@page { size: 200px 200px; margin: 50px; ` +
				tc.rule + ` } body { margin: 0 }</style><p></p>`
			img := outlinePage(t, src)
			checkOutline(t, img, tc.on, green)
			for _, p := range tc.off {
				if got := rgbAt(img, p[0], p[1]); !near(got, white, 24) {
					t.Errorf("(%d,%d) is %v, want white (no outline)", p[0], p[1], got)
				}
			}
		})
	}
}

// TestConvertElementOutline: an element's outline is drawn outline-offset
// outside its border box (inside with a negative offset), over its
// border, in outline-color or currentcolor.
func TestConvertElementOutline(t *testing.T) {
	green := [3]int{0, 128, 0}
	tests := []struct {
		name, decl string
		on, off    [][2]int
	}{
		{"outside the border box", "outline: 10px solid rgb(0,128,0); outline-offset: 10px",
			[][2]int{{45, 45}, {155, 100}}, [][2]int{{55, 55}, {35, 35}, {100, 100}}},
		{"negative offset: inside, over the border", "border: 10px solid black; outline: 10px solid rgb(0,128,0); outline-offset: -10px",
			[][2]int{{65, 65}, {135, 100}}, [][2]int{{55, 55}, {100, 100}}},
		{"currentcolor, dashed", "color: rgb(0,128,0); outline: 10px dashed",
			[][2]int{{55, 55}, {145, 145}}, [][2]int{{65, 65}}},
		{"none", "outline: 10px none rgb(0,128,0)", nil, [][2]int{{55, 55}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := `<!DOCTYPE html><html lang="en"><title>t</title><style>@page { size: 200px 200px; margin: 0 }
			body { margin: 0 } div { position: absolute; left: 60px; top: 60px; width: 80px; height: 80px; box-sizing: border-box; ` +
				tc.decl + ` }</style><div></div>`
			img := outlinePage(t, src)
			checkOutline(t, img, tc.on, green)
			for _, p := range tc.off {
				if got := rgbAt(img, p[0], p[1]); near(got, green, 24) {
					t.Errorf("(%d,%d) is the outline's green, want none there", p[0], p[1])
				}
			}
		})
	}
}

// outlinePage converts src and rasterises its first page.
func outlinePage(t *testing.T, src string) image.Image {
	t.Helper()
	res, err := folio.Convert(context.Background(), strings.NewReader(src), folio.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return rasterPageN(t, res.PDF, 1)
}

// checkOutline reports the points of on that are not of colour c.
func checkOutline(t *testing.T, img image.Image, on [][2]int, c [3]int) {
	t.Helper()
	for _, p := range on {
		if got := rgbAt(img, p[0], p[1]); !near(got, c, 24) {
			t.Errorf("(%d,%d) is %v, want the outline's colour %v", p[0], p[1], got, c)
		}
	}
}
