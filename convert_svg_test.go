package folio_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/seed28491532/folio"
)

// svgKnownDiffs lists the corpus files folio still draws visibly unlike
// Chromium, with why; TestSVGCorpusPixels reports them without failing
// (and says when one starts to match, to drop it from the list).
var svgKnownDiffs = map[string]string{
	"10-stroke-width": "strokes of odd widths have edges on half pixels, which Chromium blends to 50% and poppler snaps to whole pixels",
}

// svgPixelTolerance is the share of pixels that may differ (by more than
// svgChannelTolerance on a channel) from the reference: anti-aliasing
// along edges and glyph rasterisation differ between Chromium and
// poppler.
const (
	svgPixelTolerance   = 0.03
	svgChannelTolerance = 64
)

var svgSizeRE = regexp.MustCompile(`<svg[^>]*? width="(\d+)"[^>]*? height="(\d+)"`)

// svgPage returns an HTML page of exactly the SVG's size showing it
// through an <img> of a data: URI.
func svgPage(data []byte, w, h int) string {
	return fmt.Sprintf(`<!DOCTYPE html><html lang="en"><title>svg</title><style>@page{size:%dpx %dpx;margin:0} body{margin:0} img{display:block}</style>`+
		`<body><img alt="corpus drawing" src="data:image/svg+xml;base64,%s"></body></html>`, w, h, base64.StdEncoding.EncodeToString(data))
}

// rasterAt renders page 1 of pdf at dpi with pdftoppm.
func rasterAt(t *testing.T, pdf []byte, dpi int) image.Image {
	t.Helper()
	if _, err := exec.LookPath("pdftoppm"); err != nil {
		t.Fatalf("pdftoppm is required (apt-get install poppler-utils): %v", err)
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "in.pdf")
	if err := os.WriteFile(in, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftoppm", "-r", strconv.Itoa(dpi), "-f", "1", "-l", "1", "-singlefile", "-png", in, filepath.Join(dir, "p")).CombinedOutput()
	if err != nil {
		t.Fatalf("pdftoppm: %v\n%s", err, out)
	}
	return decodePNGFile(t, filepath.Join(dir, "p.png"))
}

func decodePNGFile(t *testing.T, path string) image.Image {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return img
}

// pixelDiff returns the share of the pixels of want that got differs
// from by more than tol on some channel (pixels outside got count as
// different).
func pixelDiff(got, want image.Image, tol int) float64 {
	b := want.Bounds()
	differ := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if !(image.Point{X: x, Y: y}).In(got.Bounds()) || !near(rgbAt(got, x, y), rgbAt(want, x, y), tol) {
				differ++
			}
		}
	}
	return float64(differ) / float64(b.Dx()*b.Dy())
}

// TestSVGCorpusPixels converts each SVG of testdata/svg through an <img>
// on a page of the SVG's size, rasterises it at 96 dpi (one pixel a CSS
// pixel) and compares it with the PNG Chromium made of the SVG
// (testdata/svg/make-refs.sh).
func TestSVGCorpusPixels(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "svg", "*.svg"))
	if err != nil || len(files) < 40 {
		t.Fatalf("want at least 40 SVG files in testdata/svg, got %d (%v)", len(files), err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".svg")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			m := svgSizeRE.FindSubmatch(data)
			if m == nil {
				t.Fatal("the root svg has no width and height")
			}
			w, _ := strconv.Atoi(string(m[1]))
			h, _ := strconv.Atoi(string(m[2]))
			res, err := folio.Convert(context.Background(), strings.NewReader(svgPage(data, w, h)), folio.Options{})
			if err != nil {
				t.Fatalf("Convert: %v", err)
			}
			for _, d := range res.Diagnostics {
				if strings.Contains(d.Message, "SVG") {
					t.Errorf("diagnostic: %s", d.Message)
				}
			}
			got := rasterAt(t, res.PDF, 96)
			want := decodePNGFile(t, strings.TrimSuffix(f, ".svg")+".png")
			diff := pixelDiff(got, want, svgChannelTolerance)
			why, known := svgKnownDiffs[name]
			switch {
			case diff > svgPixelTolerance && !known:
				t.Errorf("%.1f%% of the pixels differ from Chromium's (tolerance %.1f%%)", 100*diff, 100*svgPixelTolerance)
			case diff > svgPixelTolerance:
				t.Logf("known difference (%s): %.1f%% of the pixels differ", why, 100*diff)
			case known:
				t.Logf("listed as differing (%s) but matches now (%.1f%%): drop it from svgKnownDiffs", why, 100*diff)
			default:
				t.Logf("%.2f%% of the pixels differ", 100*diff)
			}
		})
	}
}
