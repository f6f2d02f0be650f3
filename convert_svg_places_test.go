package folio_test

import (
	"context"
	"encoding/base64"
	"os"
	"os/exec"
	"path/filepath"
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
		{"symbol of another svg", `svg{display:block}`, `<svg style="display:none"><symbol id="sq" viewBox="0 0 10 10"><rect width="10" height="10" fill="#ff0000"/></symbol></svg>` +
			`<svg class="box" role="img" aria-label="red"><use href="#sq" width="100%" height="100%"/></svg>`},
		{"inline svg moved by the page's CSS transform", `svg{display:block} .box rect{transform:translateX(10px)}`, `<svg class="box" role="img" aria-label="red" viewBox="0 0 10 10"><rect x="-10" width="10" height="10" fill="#ff0000"/></svg>`},
		{"inline svg without viewBox in CSS pixels", `svg{display:block}`, `<svg class="box" role="img" aria-label="red"><rect width="134" height="134" fill="#ff0000"/></svg>`},
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

// TestConvertSVGHostile converts SVG with extreme numbers: the PDF
// passes the PDF/UA audit and rasterises without errors (no number out
// of the range readers handle).
func TestConvertSVGHostile(t *testing.T) {
	src := `<!doctype html><html lang="en"><head><title>t</title></head><body><h1>x</h1>
<svg role="img" aria-label="x" width="100" height="100"><rect width="1e308" height="1e308" transform="scale(1e300)"/>
<circle r="1e200" cx="-1e300"/><path d="M0 0 L1e308 1e308 A1e308 1e-308 45 1 1 -1e308 5" stroke="red" stroke-width="1e300"/>
<line x2="1000" stroke="red" stroke-dasharray="1e-6"/><g transform="scale(1e-300)"><rect width="1" height="1"/></g>
<text x="1e308" font-size="1e300">huge</text><text font-size="0.0000001">tiny</text>
<linearGradient id="g" gradientTransform="scale(0)"><stop/><stop offset="1"/></linearGradient><rect width="10" height="10" fill="url(#g)"/>
<clipPath id="c"><circle r="1e300"/></clipPath><rect width="10" height="10" clip-path="url(#c)"/></svg>
<svg width="100" height="100" viewBox="0 0 1e-300 1e-300"><rect width="1" height="1"/></svg></body></html>`
	pdf := convertAudited(t, src)
	path := filepath.Join(t.TempDir(), "h.pdf")
	if err := os.WriteFile(path, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftoppm", "-r", "10", "-png", path, filepath.Join(t.TempDir(), "p")).CombinedOutput()
	if err != nil || len(out) > 0 {
		t.Fatalf("pdftoppm: %v\n%s", err, out)
	}
}

// TestConvertSVGFile converts a page whose <img> and background name an
// SVG file beside it (loaded through the resource policy's base
// directory).
func TestConvertSVGFile(t *testing.T) {
	dir := t.TempDir()
	svgSrc := `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><title>Red square</title><rect width="100" height="100" fill="#ff0000"/></svg>`
	page := `<!doctype html><html lang="en"><head><title>t</title><style>@page{size:300pt 300pt;margin:0} body{margin:0}
img{display:block;width:100pt;height:100pt} div{width:100pt;height:100pt;background:url(red.svg) 0 0/100% 100%}</style></head>
<body><img src="red.svg"><div></div></body></html>`
	if err := os.WriteFile(filepath.Join(dir, "red.svg"), []byte(svgSrc), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "page.html"), []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	res := convertFile(t, filepath.Join(dir, "page.html"), folio.Options{})
	for _, d := range res.Diagnostics {
		if strings.Contains(d.Message, "svg") || strings.Contains(d.Message, "SVG") {
			t.Errorf("diagnostic: %s", d.Message)
		}
	}
	img := rasterPage(t, res.PDF)
	for _, y := range []int{8, 50} { // the img, then the div's background
		if c := rgbAt(img, 20, y); !near(c, red, 16) {
			t.Errorf("pixel 20,%d is %v, want red", y, c)
		}
	}
	if raw := uncompressed(t, res.PDF); !strings.Contains(raw, "/Alt (Red square)") {
		t.Error("the img without alt did not take the SVG's <title> as /Alt")
	}
}
