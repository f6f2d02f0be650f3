package folio_test

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/seed28491532/folio"
)

// rasterPage renders page 1 of pdf at 30 dpi with pdftoppm.
func rasterPage(t *testing.T, pdf []byte) image.Image {
	t.Helper()
	if _, err := exec.LookPath("pdftoppm"); err != nil {
		t.Fatalf("pdftoppm is required (apt-get install poppler-utils): %v", err)
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "in.pdf")
	if err := os.WriteFile(in, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftoppm", "-r", "30", "-f", "1", "-l", "1", "-singlefile", "-png", in, filepath.Join(dir, "p")).CombinedOutput()
	if err != nil {
		t.Fatalf("pdftoppm: %v\n%s", err, out)
	}
	data, err := os.ReadFile(filepath.Join(dir, "p.png"))
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// darkPixels counts the pixels of img darker than mid-grey: text.
func darkPixels(img image.Image) int {
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if r+g+bl < 3*0x8000 {
				n++
			}
		}
	}
	return n
}

// TestConvertPageBackgroundUnderContent checks that an @page background
// is painted under the page's content: the text stays visible, and the
// page corner (a margin) shows the background colour. The background
// was once painted last, over everything, and blanked the page.
func TestConvertPageBackgroundUnderContent(t *testing.T) {
	const body = `<h1>Certificate of completion</h1><p>Awarded to a reader for reading this test.</p>`
	plain := rasterPage(t, convertAudited(t, `<!DOCTYPE html><html lang="en"><title>t</title><body>`+body))
	for _, bg := range []string{"#ffd8e8", "rgb(200, 230, 255)"} {
		t.Run(bg, func(t *testing.T) {
			img := rasterPage(t, convertAudited(t, `<!DOCTYPE html><html lang="en"><title>t</title><style>@page { background: `+bg+`; border: 2pt solid #c0c0c0 }</style><body>`+body))
			want := darkPixels(plain)
			if got := darkPixels(img); want == 0 || got < want*9/10 {
				t.Errorf("%d dark (text) pixels on the page, want about %d as without a page background", got, want)
			}
			if r, g, b, _ := img.At(1, 1).RGBA(); r>>8 > 250 && g>>8 > 250 && b>>8 > 250 {
				t.Errorf("page corner is white (%d,%d,%d), want the page background", r>>8, g>>8, b>>8)
			}
		})
	}
}

// rasterPageN renders page n of pdf at 96 dpi (one pixel per CSS px).
func rasterPageN(t *testing.T, pdf []byte, n int) image.Image {
	t.Helper()
	dir := t.TempDir()
	in := filepath.Join(dir, "in.pdf")
	if err := os.WriteFile(in, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	page := strconv.Itoa(n)
	out, err := exec.Command("pdftoppm", "-r", "96", "-f", page, "-l", page, "-singlefile", "-png", in, filepath.Join(dir, "p")).CombinedOutput()
	if err != nil {
		t.Fatalf("pdftoppm: %v\n%s", err, out)
	}
	data, err := os.ReadFile(filepath.Join(dir, "p.png"))
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// TestConvertCanvasImageAcrossPages: the body's background image,
// propagated to the canvas, is positioned in the root element's whole
// box and so continues from page to page (an image 1.6 pages tall shows
// its top on page 1, its rest on page 2, nothing on page 3), as browsers
// print it; it does not start again on every page.
func TestConvertCanvasImageAcrossPages(t *testing.T) {
	src := `<!DOCTYPE html><html lang="en"><title>t</title><style>@page { size: 300px 50px; margin: 0 }
	body { margin: 0 0 0 100px; background: url(` + pngData(40, 80) + `) no-repeat }</style>
	<h1 style="font-size:10px;margin:0">One</h1><p style="break-before:page;margin:0">Two</p><p style="break-before:page;margin:0">Three</p>`
	res, err := folio.Convert(context.Background(), strings.NewReader(src), folio.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Pages != 3 {
		t.Fatalf("%d pages, want 3", res.Pages)
	}
	for n, want := range map[int]bool{1: true, 2: true, 3: false} {
		img := rasterPageN(t, res.PDF, n)
		r, g, b, _ := img.At(10, 20).RGBA()
		painted := g>>8 > 60 && g>>8 < 120 && !(r>>8 > 240 && b>>8 > 240)
		if painted != want {
			t.Errorf("page %d at (10,20): colour (%d,%d,%d), want the image %v", n, r>>8, g>>8, b>>8, want)
		}
	}
}
