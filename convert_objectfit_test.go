package folio_test

import (
	"context"
	"encoding/base64"
	"errors"
	"image/color"
	"strings"
	"testing"

	"github.com/seed28491532/folio"
)

// TestConvertObjectFit: object-fit places a 2:1 image in a square box as
// CSS Images 3 §5.5 says, for raster and SVG images alike (pixels of a
// 300×300 pt page at 30 dpi: 125×125 px, 2.4 pt a pixel).
func TestConvertObjectFit(t *testing.T) {
	red, white := [3]int{255, 0, 0}, [3]int{255, 255, 255}
	png := solidPNG(t, 40, 20, color.NRGBA{R: 255, A: 255})
	svg := "data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString([]byte(
		`<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" viewBox="0 0 40 20" preserveAspectRatio="none"><rect width="40" height="20" fill="red"/></svg>`))
	type probe struct {
		x, y int
		want [3]int
	}
	cases := []struct {
		fit, size string
		probes    []probe
	}{
		// stretched over the whole box
		{"fill", "300pt", []probe{{62, 10, red}, {62, 62, red}}},
		// 300×150 pt, centred: rows 31–94 px
		{"contain", "300pt", []probe{{62, 10, white}, {62, 62, red}, {62, 115, white}}},
		// a 150 pt box at the top left: cover scales the image to
		// 300×150 pt, centred (x −75…225 pt) and clipped to the box
		{"cover", "150pt", []probe{{31, 31, red}, {83, 31, white}, {31, 83, white}}},
		// its own 30×15 pt, centred at 150 pt: rows 59–65 px
		{"none", "300pt", []probe{{62, 62, red}, {62, 50, white}, {40, 62, white}}},
		{"scale-down", "300pt", []probe{{62, 62, red}, {62, 50, white}}},
		// object-position moves it: to the top (rows 0–62 px) …
		{"contain;object-position:top", "300pt", []probe{{62, 10, red}, {62, 100, white}}},
		// … or 30×15 pt at the bottom left corner (x 0–12, y 119–125 px)
		{"none;object-position:left bottom", "300pt", []probe{{4, 122, red}, {62, 62, white}, {20, 122, white}}},
	}
	for _, src := range []struct{ name, url string }{{"png", png}, {"svg", svg}} {
		for _, tc := range cases {
			t.Run(src.name+"/"+tc.fit, func(t *testing.T) {
				html := `<!DOCTYPE html><html lang="en"><title>t</title><style>@page{size:300pt 300pt;margin:0} body{margin:0}
img{display:block;width:` + tc.size + `;height:` + tc.size + `;object-fit:` + tc.fit + `}</style><body><img alt="red" src="` + src.url + `">`
				res, err := folio.Convert(context.Background(), strings.NewReader(html), folio.Options{})
				if err != nil {
					t.Fatal(err)
				}
				img := rasterPage(t, res.PDF)
				for _, p := range tc.probes {
					if got := rgbAt(img, p.x, p.y); !near(got, p.want, 40) {
						t.Errorf("pixel (%d, %d) = %v, want %v", p.x, p.y, got, p.want)
					}
				}
			})
		}
	}
}

// TestConvertXHTML: an XHTML document (named .xht, or declared XML with
// the XHTML namespace) is parsed as XML: <div/> closes itself, so the two
// divs are siblings and ".a + .b" paints the second red (the HTML parser
// nests the second in the first, and nothing is red); entities are
// decoded without a DTD; ill-formed XML is an error with its line.
func TestConvertXHTML(t *testing.T) {
	src := `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" lang="en"><head><title>x</title><style type="text/css"><![CDATA[
div { width: 300pt; height: 100pt } .a + .b { background: red }
@page { size: 300pt 300pt; margin: 0 } body { margin: 0 }
]]></style></head><body><div class="a"/><div class="b"/><p>Caf&eacute;&nbsp;au lait</p></body></html>`
	// without the XML declaration a .html file is HTML
	htmlSrc := strings.TrimPrefix(src, `<?xml version="1.0" encoding="UTF-8"?>`+"\n")
	for _, tc := range []struct {
		name, src string
		red       bool
	}{{"page.xht", htmlSrc, true}, {"", src, true}, {"page.html", htmlSrc, false}} {
		res, err := folio.ConvertAll(context.Background(), []folio.Source{{HTML: strings.NewReader(tc.src), Name: tc.name}}, folio.Options{})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		got := near(rgbAt(rasterPage(t, res.PDF), 62, 60), [3]int{255, 0, 0}, 40)
		if got != tc.red {
			t.Errorf("%q: the second div painted red: %v, want %v", tc.name, got, tc.red)
		}
	}
	res, err := folio.ConvertAll(context.Background(), []folio.Source{{HTML: strings.NewReader(src), Name: "page.xht"}}, folio.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if text := pdftotext(t, res.PDF); !strings.Contains(text, "Café\u00a0au lait") && !strings.Contains(text, "Café au lait") {
		t.Errorf("text %q lacks the entities decoded", text)
	}
	_, err = folio.ConvertAll(context.Background(), []folio.Source{{HTML: strings.NewReader("<html>\n<p>unclosed</html>"), Name: "bad.xhtml"}}, folio.Options{})
	if !errors.Is(err, folio.ErrXML) || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("ill-formed XHTML: err = %v, want ErrXML naming line 2", err)
	}
}
