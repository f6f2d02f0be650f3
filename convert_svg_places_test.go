package folio_test

import (
	"context"
	"encoding/base64"
	"strings"
	"testing"

	"github.com/seed28491532/folio"
)

// TestConvertSVGPlaces checks that an SVG image draws wherever an image
// may be used: <img>, <object>, inline <svg>, background-image and
// content: url(). The SVG is a red square; each page places it in a
// 100pt box at the top left.
func TestConvertSVGPlaces(t *testing.T) {
	redSVG := `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 10 10"><rect width="10" height="10" fill="#ff0000"/></svg>`
	uri := "data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString([]byte(redSVG))
	const style = `@page{size:300pt 300pt;margin:0} body{margin:0} .box{width:100pt;height:100pt}`
	tests := []struct{ name, css, body string }{
		{"img", ``, `<img class="box" alt="red" src="` + uri + `">`},
		{"object", `object{display:block}`, `<object class="box" data="` + uri + `" aria-label="red">fallback</object>`},
		{"inline svg", `svg{display:block}`, `<svg class="box" role="img" aria-label="red" viewBox="0 0 10 10"><rect width="10" height="10" fill="#ff0000"/></svg>`},
		{"inline svg styled by the page", `svg{display:block} .box rect{fill:#ff0000}`, `<svg class="box" role="img" aria-label="red" viewBox="0 0 10 10"><rect width="10" height="10" fill="#0000ff"/></svg>`},
		{"background", `.box{background:url(` + uri + `) 0 0/100% 100%}`, `<div class="box"></div>`},
		{"content url", `.box::before{content:url(` + uri + `);display:block;width:100pt;height:100pt}`, `<div class="box"></div>`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := `<!doctype html><html lang="en"><head><title>t</title><style>` + style + tt.css + `</style></head><body>` + tt.body + `</body></html>`
			res, err := folio.Convert(context.Background(), strings.NewReader(src), folio.Options{})
			if err != nil {
				t.Fatal(err)
			}
			img := rasterPage(t, res.PDF) // 30 dpi: 125×125 px
			if c := rgbAt(img, 8, 8); !near(c, red, 16) {
				t.Errorf("pixel 8,8 is %v, want red", c)
			}
			if c := rgbAt(img, 100, 100); !near(c, white, 16) {
				t.Errorf("pixel 100,100 is %v, want white", c)
			}
		})
	}
}
