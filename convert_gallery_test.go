package folio_test

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/seed28491532/folio"
)

// galleryDir holds the paint gallery of issue #17 and its images.
const galleryDir = "testdata/gallery"

// hexRGB parses "#rrggbb" (test tables only).
func hexRGB(s string) [3]int {
	var c [3]uint8
	for i := range c {
		var v uint8
		for _, ch := range s[1+2*i : 3+2*i] {
			v <<= 4
			switch {
			case ch >= '0' && ch <= '9':
				v |= uint8(ch - '0')
			default:
				v |= uint8(ch-'a') + 10
			}
		}
		c[i] = v
	}
	return [3]int{int(c[0]), int(c[1]), int(c[2])}
}

// galleryPDF converts testdata/gallery/paint.html with its audit.
func galleryPDF(t *testing.T) *folio.Result {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(galleryDir, "paint.html"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := folio.Convert(context.Background(), bytes.NewReader(src), folio.Options{BaseDir: galleryDir, Audit: true})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestConvertGalleryPixels renders the paint gallery (one tile per
// feature of issue #17) at one pixel per CSS px and checks chosen points
// of several tiles against the colours Chromium prints there. A tile's
// box is at x = 40 + 173·column, y = 80 + 104·row on page 1 (under the
// heading), y = 56 + 104·row on page 2.
func TestConvertGalleryPixels(t *testing.T) {
	res := galleryPDF(t)
	if res.Pages != 2 {
		t.Fatalf("%d pages, want 2", res.Pages)
	}
	pages := map[int]image.Image{1: rasterPageN(t, res.PDF, 1), 2: rasterPageN(t, res.PDF, 2)}
	box := func(page, row, col int) (int, int) {
		y := 80
		if page == 2 {
			y = 56
		}
		return 40 + 173*col, y + 104*row
	}
	tests := []struct {
		name           string
		page, row, col int
		dx, dy         int
		want           string
		tol            int // 24 when 0
	}{
		{"page background in the margin", 1, 0, 0, -35, -75, "#e8efff", 0},
		{"top-center margin box background", 1, 0, 2, -60, -60, "#ffe9a8", 0},
		{"1 contain: letterbox shows the colour", 1, 0, 0, 10, 40, "#dddddd", 0},
		{"1 contain: red quadrant", 1, 0, 0, 55, 20, "#dc1e1e", 0},
		{"1 contain: yellow quadrant", 1, 0, 0, 95, 60, "#f0c814", 0},
		{"2 cover: red quadrant at the top left", 1, 0, 1, 20, 20, "#dc1e1e", 0},
		{"2 cover: yellow quadrant at the bottom right", 1, 0, 1, 130, 60, "#f0c814", 0},
		{"7 dashed border: 2w dashes, a gap after the first", 1, 1, 2, 14, 3, "#dddddd", 0},
		{"7 dashed border: a dash ends the side", 1, 1, 2, 147, 3, "#555555", 0},
		{"8 clip content-box: colour in the content box", 1, 1, 3, 75, 40, "#33aa77", 0},
		{"8 clip content-box: none in the padding", 1, 1, 3, 10, 40, "#e8efff", 0},
		{"11 ::after background image (dot)", 1, 2, 2, 95, 15, "#1e3cc8", 0},
		{"11 ::after background colour between dots", 1, 2, 2, 91, 11, "#ffcc66", 0},
		{"11 ::before gradient top", 1, 2, 2, 35, 11, "#3366cc", 0},
		{"15 linear: red before 20%", 1, 3, 2, 10, 40, "#dd0000", 0},
		{"15 linear: blue after 80%", 1, 3, 2, 140, 40, "#0000dd", 0},
		{"15 linear: the hint at 35% bends the transition (Chromium: 148,0,73)", 1, 3, 2, 40, 40, "#940049", 8},
		{"26 box-shadow outset", 1, 6, 1, 116, 64, "#333333", 0},
		{"33 clip-path circle: centre", 2, 0, 0, 75, 40, "#3366cc", 0},
		{"33 clip-path circle: corner clipped", 2, 0, 0, 5, 5, "#e8efff", 0},
		{"36 opacity .5 over a white stripe", 2, 0, 3, 55, 40, "#e69999", 0},
		{"37 z-index -1 box under the text", 2, 1, 0, 45, 25, "#ffcc66", 0},
	}
	for _, tc := range tests {
		x, y := box(tc.page, tc.row, tc.col)
		got := rgbAt(pages[tc.page], x+tc.dx, y+tc.dy)
		tol := tc.tol
		if tol == 0 {
			tol = 24
		}
		if !near(got, hexRGB(tc.want), tol) {
			t.Errorf("%s: pixel (%d,%d) of page %d is %v, want %s",
				tc.name, x+tc.dx, y+tc.dy, tc.page, got, tc.want)
		}
	}
}

// TestConvertGalleryText checks that every tile's label extracts, in the
// order of the tiles, and that the gallery passes the audit.
func TestConvertGalleryText(t *testing.T) {
	res := galleryPDF(t)
	src, err := os.ReadFile(filepath.Join(galleryDir, "paint.html"))
	if err != nil {
		t.Fatal(err)
	}
	labels := regexp.MustCompile(`<p>([^<]+)</p>`).FindAllStringSubmatch(string(src), -1)
	if len(labels) != 40 {
		t.Fatalf("%d labels in the gallery, want 40", len(labels))
	}
	text := strings.Join(strings.Fields(pdftotextRaw(t, res.PDF)), " ")
	at := 0
	for _, l := range labels {
		i := strings.Index(text[at:], l[1])
		if i < 0 {
			t.Errorf("label %q not found after offset %d of the text", l[1], at)
			continue
		}
		at += i + len(l[1])
	}
	// tile 25: the link's annotation follows the rotated box
	if !bytes.Contains(res.PDF, []byte("/QuadPoints")) {
		t.Error("no /QuadPoints: the rotated link's annotation is not the rotated box")
	}
	if res.Report == nil {
		t.Fatal("no audit report")
	}
	for _, f := range res.Report.Errors {
		t.Errorf("audit: %s: %s", f.Rule, f.Message)
	}
	uaClean(t, res.PDF)
}

// TestConvertPseudoBackgroundImage: a ::before or ::after box paints its
// background image, not only its background colour.
func TestConvertPseudoBackgroundImage(t *testing.T) {
	for _, pseudo := range []string{"before", "after"} {
		t.Run(pseudo, func(t *testing.T) {
			src := `<!DOCTYPE html><html lang="en"><title>t</title><style>@page { size: 200px 100px; margin: 0 }
			body { margin: 0 } div { position: relative; height: 100px }
			div::` + pseudo + ` { content: ""; position: absolute; left: 20px; top: 20px; width: 60px; height: 60px;
			background: url(` + solidPNG(t, 4, 4, color.NRGBA{0, 0, 255, 255}) + `) #f00 }</style><div></div>`
			res, err := folio.Convert(context.Background(), strings.NewReader(src), folio.Options{})
			if err != nil {
				t.Fatal(err)
			}
			img := rasterPageN(t, res.PDF, 1)
			if got := rgbAt(img, 50, 50); !near(got, blue, 16) {
				t.Errorf("::%s at (50,50) is %v, want the image's blue %v", pseudo, got, blue)
			}
		})
	}
}
