package box

import (
	"context"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestSVGRasterBudget checks that the raster images an SVG embeds are
// held to the image limits: one past MaxImageBytes is refused, reported,
// and left out of the drawing.
func TestSVGRasterBudget(t *testing.T) {
	large := dataURI(hugePNG(400, 400)) // about 3.8 MB to decode
	src := `<svg width="10" height="10"><image href="` + large + `" width="5" height="5"/></svg>`
	doc, err := html.Parse(strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	tr, err := Build(context.Background(), doc, nil, Options{MaxImageBytes: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	var img *Image
	var walk func(b *Box)
	walk = func(b *Box) {
		if b.Image != nil && b.Image.SVG != nil {
			img = b.Image
		}
		for _, c := range b.Children {
			walk(c)
		}
	}
	walk(tr.Root)
	if img == nil {
		t.Fatal("no SVG image box")
	}
	ims := img.SVG.Images()
	if len(ims) != 1 || ims[0].Err == nil || !strings.Contains(ims[0].Err.Error(), "budget") {
		t.Fatalf("embedded images %+v: want the PNG refused by the memory budget", ims)
	}
	found := false
	for _, d := range tr.Diagnostics {
		found = found || strings.Contains(d.Message, "image 1 of an SVG not drawn")
	}
	if !found {
		t.Errorf("no diagnostic for the refused image: %+v", tr.Diagnostics)
	}
}

// TestImageObject checks which <object>s are loaded as images.
func TestImageObject(t *testing.T) {
	for _, tc := range []struct {
		data, typ string
		want      bool
	}{
		{"chart.svg", "", true},
		{"https://x.test/logo.PNG?v=2", "", true},
		{"data:image/svg+xml,<svg/>", "", true},
		{"movie.swf", "", false},
		{"report.pdf", "", false},
		{"data:text/html,<p>", "", false},
		{"chart", "image/svg+xml", true},
		{"chart.svg", "application/pdf", false},
	} {
		if got := imageObject(tc.data, tc.typ); got != tc.want {
			t.Errorf("imageObject(%q, %q) = %v, want %v", tc.data, tc.typ, got, tc.want)
		}
	}
}
