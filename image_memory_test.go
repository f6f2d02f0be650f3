package folio_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"github.com/seed28491532/folio/internal/testimg"
	"image"
	"image/png"
	"runtime"
	"strings"
	"testing"

	"github.com/seed28491532/folio"
)

// pngOfHeaders returns a PNG whose IHDR says w×h 16-bit RGBA and whose
// pixel data is a zlib header and nothing more: a decoder allocates the
// whole image before it finds out.
func pngOfHeaders(w, h int) []byte {
	return testimg.PNGHeaders(w, h, 16, 6, 0, []byte{0x78, 0x9c, 0x01, 0x02})
}

// TestConvertImageMemoryBudget converts documents with an image whose
// decoding the image memory budget cannot hold: it is refused from its
// headers, with a diagnostic naming the budget, before anything decodes
// it (converting a 4000×4000 16-bit PNG of junk once allocated its 128 MB
// of pixels). Options.MaxImageMemory sets the budget.
func TestConvertImageMemoryBudget(t *testing.T) {
	small := image.NewNRGBA64(image.Rect(0, 0, 64, 64)) // about 96 KiB to decode and embed
	var smallPNG bytes.Buffer
	if err := png.Encode(&smallPNG, small); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		png     []byte
		budget  int64
		refused bool
	}{
		{"4000x4000 headers, default budget", pngOfHeaders(4000, 4000), 0, true},
		{"64x64, default budget", smallPNG.Bytes(), 0, false},
		{"64x64, 50 000 byte budget", smallPNG.Bytes(), 50000, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := `<!doctype html><html lang=en><title>t</title><p><img alt="a chart" src="data:image/png;base64,` +
				base64.StdEncoding.EncodeToString(tc.png) + `">`
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			res, err := folio.Convert(context.Background(), strings.NewReader(src), folio.Options{MaxImageMemory: tc.budget})
			runtime.ReadMemStats(&after)
			if err != nil {
				t.Fatal(err)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 32<<20 {
				t.Errorf("converting allocated %d MB: the image was decoded", alloc>>20)
			}
			refused := false
			for _, d := range res.Diagnostics {
				if d.Stage == "resource" && strings.Contains(d.Message, "image memory budget exceeded") &&
					strings.Contains(d.Message, "the document's images may take") {
					refused = true
				} else if strings.Contains(d.Message, "image") {
					t.Errorf("diagnostic %+v", d)
				}
			}
			if refused != tc.refused {
				t.Errorf("refused %v, want %v: %+v", refused, tc.refused, res.Diagnostics)
			}
			if len(res.PDF) == 0 {
				t.Error("no PDF")
			}
		})
	}
}
