package folio_test

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
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
