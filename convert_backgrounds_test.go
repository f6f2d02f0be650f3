package folio_test

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// solidPNG returns a data: URI of a w×h PNG of one colour.
func solidPNG(t *testing.T, w, h int, c color.NRGBA) string {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.SetNRGBA(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
}

// bgPage is a 300×300 pt page (125×125 px at 30 dpi) filled by one div
// with the given background declarations.
func bgPage(decls string) string {
	return `<!DOCTYPE html><html lang="en"><title>t</title><style>@page{size:300pt 300pt;margin:0} body{margin:0}
		div{width:300pt;height:300pt;` + decls + `}</style><body><div></div>`
}

// rgbAt returns the 8-bit colour of img at x, y.
func rgbAt(img image.Image, x, y int) [3]int {
	r, g, b, _ := img.At(x, y).RGBA()
	return [3]int{int(r >> 8), int(g >> 8), int(b >> 8)}
}

// near reports whether c is within tol of want on every channel.
func near(c, want [3]int, tol int) bool {
	for i := range c {
		if d := c[i] - want[i]; d > tol || d < -tol {
			return false
		}
	}
	return true
}

var (
	white = [3]int{255, 255, 255}
	red   = [3]int{255, 0, 0}
	blue  = [3]int{0, 0, 255}
)

// TestConvertBackgroundPixels rasterises pages whose backgrounds use
// position, size and repeat, and gradients, and checks pixels where the
// result is unambiguous.
func TestConvertBackgroundPixels(t *testing.T) {
	redImg := solidPNG(t, 40, 20, color.NRGBA{255, 0, 0, 255})
	type px struct {
		x, y int
		want [3]int
		tol  int
	}
	tests := []struct {
		name, decls string
		pixels      []px
	}{
		{"no-repeat at center", "background: url(" + redImg + ") no-repeat center",
			[]px{{62, 62, red, 8}, {2, 2, white, 8}, {122, 122, white, 8}, {2, 122, white, 8}, {62, 20, white, 8}}},
		{"contain leaves the bottom half", "background: url(" + redImg + ") no-repeat 0 0 / contain",
			[]px{{62, 30, red, 8}, {62, 95, white, 8}}},
		{"cover fills the box", "background: url(" + redImg + ") no-repeat 0 0 / cover",
			[]px{{62, 30, red, 8}, {62, 95, red, 8}, {122, 122, red, 8}}},
		{"repeat-y makes a column", "background: url(" + redImg + ") repeat-y right top",
			[]px{{122, 5, red, 8}, {122, 120, red, 8}, {5, 120, white, 8}}},
		{"linear red to blue", "background-image: linear-gradient(to right, red, blue)",
			[]px{{1, 62, red, 20}, {123, 62, blue, 20}, {62, 62, [3]int{128, 0, 128}, 24}}},
		{"linear with stop positions", "background: linear-gradient(red 50%, blue 50%)",
			[]px{{62, 55, red, 8}, {62, 70, blue, 8}}},
		{"radial red centre, blue corners", "background-image: radial-gradient(circle closest-side, red, blue)",
			[]px{{62, 62, red, 24}, {2, 2, blue, 8}, {122, 122, blue, 8}}},
		{"repeating stripes", "background-image: repeating-linear-gradient(to right, red 0 30pt, blue 30pt 60pt)",
			[]px{{6, 62, red, 8}, {19, 62, blue, 8}, {31, 62, red, 8}, {44, 62, blue, 8}}},
		{"gradient layer sized and not repeated", "background: linear-gradient(blue, blue) no-repeat 100% 100% / 50% 50%, white",
			[]px{{93, 93, blue, 8}, {31, 31, white, 8}, {93, 31, white, 8}}},
		{"many tiles: a pattern cut to the repeat-x band", "background: url(" + solidPNG(t, 2, 40, color.NRGBA{255, 0, 0, 255}) + ") repeat-x 0 50%",
			[]px{{62, 62, red, 8}, {3, 62, red, 8}, {121, 62, red, 8}, {62, 20, white, 8}, {62, 110, white, 8}}},
		{"many gradient tiles: a pattern", "background: linear-gradient(to right, red 50%, blue 50%) 0 0 / 24pt 2pt",
			[]px{{2, 62, red, 8}, {7, 62, blue, 8}, {112, 120, red, 8}, {117, 3, blue, 8}}},
		{"transparent stop fades over the colour below", "background: linear-gradient(to right, red, transparent), blue",
			[]px{{1, 62, red, 24}, {123, 62, blue, 24}, {62, 62, [3]int{128, 0, 128}, 30}}},
		{"half-transparent stops: constant opacity", "background: linear-gradient(rgba(255,0,0,.5), rgba(255,0,0,.5)), blue",
			[]px{{62, 62, [3]int{128, 0, 128}, 12}}},
		{"inherited currentcolor is the painting element's colour", "color: blue; background: inherit } body { color: red; background: linear-gradient(currentcolor, currentcolor)",
			[]px{{62, 62, blue, 8}}},
		{"layers: the first on top", "background: url(" + redImg + ") no-repeat center, linear-gradient(blue, blue)",
			[]px{{62, 62, red, 8}, {5, 5, blue, 8}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			img := rasterPage(t, convertAudited(t, bgPage(tt.decls)))
			for _, p := range tt.pixels {
				if got := rgbAt(img, p.x, p.y); !near(got, p.want, p.tol) {
					t.Errorf("pixel %d,%d is %v, want %v (±%d)", p.x, p.y, got, p.want, p.tol)
				}
			}
		})
	}
}

// TestConvertGradientIsAShading checks that gradients are not
// rasterised: a page of gradients holds no image, and one gradient
// repeated over many tiles is written once.
func TestConvertGradientIsAShading(t *testing.T) {
	pdf := convertAudited(t, bgPage("background: repeating-radial-gradient(red, blue 10pt) 0 0 / 20pt 20pt, linear-gradient(45deg, red, blue)"))
	if _, err := exec.LookPath("pdfimages"); err != nil {
		t.Fatalf("pdfimages is required (apt-get install poppler-utils): %v", err)
	}
	path := filepath.Join(t.TempDir(), "g.pdf")
	if err := os.WriteFile(path, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdfimages", "-list", path).CombinedOutput()
	if err != nil {
		t.Fatalf("pdfimages: %v\n%s", err, out)
	}
	if lines := strings.Count(strings.TrimSpace(string(out)), "\n"); lines > 1 {
		t.Errorf("the gradients were embedded as images:\n%s", out)
	}
	// 225 tiles of one radial gradient: far less than 225 shadings' bytes
	if len(pdf) > 40_000 {
		t.Errorf("%d bytes for a page of gradient tiles, want one shading object shared by the tiles", len(pdf))
	}
}

// TestConvertBackgroundHostile checks that extreme background values
// convert to a PDF that passes the audit and rasterises, instead of
// failing.
func TestConvertBackgroundHostile(t *testing.T) {
	img := solidPNG(t, 1, 1, color.NRGBA{255, 0, 0, 255})
	for _, decls := range []string{
		"background: url(" + img + ") 1e300px 1e300px",
		"background: url(" + img + ") -1e300px 0 / 1e-9px 1e-9px",
		"background: repeating-linear-gradient(red 0, blue 0.001px)",
		"background: repeating-radial-gradient(red -1e300px, blue 1e300px)",
		"background: url(" + img + ") round / 0.07pt, linear-gradient(red, blue) space / 0.06pt 0.06pt",
		"background: " + strings.Repeat("linear-gradient(red, blue) 0 0 / 1px 1px, ", 63) + "red",
	} {
		rasterPage(t, convertAudited(t, bgPage(decls)))
	}
}
