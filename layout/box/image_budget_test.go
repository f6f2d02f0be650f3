package box

import (
	"context"
	"encoding/base64"
	"errors"
	"github.com/seed28491532/folio/internal/testimg"
	"runtime"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// hugePNG returns the headers of a w×h 16-bit RGBA PNG with a few bytes of
// junk for pixels: decoding it would allocate 8 bytes a pixel before
// finding out.
func hugePNG(w, h int) []byte {
	return testimg.PNGHeaders(w, h, 16, 6, 0, []byte{0x78, 0x9c, 0x01, 0x02})
}

func dataURI(b []byte) string { return "data:image/png;base64," + base64.StdEncoding.EncodeToString(b) }

// TestImageMemoryBudget loads images whose decoding the budget can and
// cannot hold: the one past it is refused from its headers, with a
// diagnostic naming the budget, and nothing is decoded; an image used
// twice is counted once.
func TestImageMemoryBudget(t *testing.T) {
	small := dataURI(hugePNG(10, 10))     // 24 B a pixel: 2 400 bytes
	other := dataURI(hugePNG(10, 11))     // 2 640 bytes
	large := dataURI(hugePNG(4000, 4000)) // 384 MB; its pixels alone 128 MB
	for _, tc := range []struct {
		name    string
		imgs    []string
		budget  int64
		refused []bool
	}{
		{"within the budget", []string{small, other}, 6000, []bool{false, false}},
		{"past the budget", []string{small, other, small}, 4000, []bool{false, true, false}},
		{"over any budget", []string{large}, 0, []bool{true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var src strings.Builder
			for _, u := range tc.imgs {
				src.WriteString(`<img alt=x src="` + u + `">`)
			}
			doc, err := html.Parse(strings.NewReader(src.String()))
			if err != nil {
				t.Fatal(err)
			}
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			tr, err := Build(context.Background(), doc, nil, Options{MaxImageBytes: tc.budget})
			runtime.ReadMemStats(&after)
			if err != nil {
				t.Fatal(err)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<20 {
				t.Errorf("building allocated %d bytes: an image was decoded", alloc)
			}
			var imgs []*Image
			tr.Root.Walk(func(b *Box) bool {
				if b.Image != nil {
					imgs = append(imgs, b.Image)
				}
				return true
			})
			if len(imgs) != len(tc.imgs) {
				t.Fatalf("%d images, want %d", len(imgs), len(tc.imgs))
			}
			diags := 0
			for i, img := range imgs {
				refused := errors.Is(img.Err, ErrImageMemory)
				if refused != tc.refused[i] || refused && img.Data != nil {
					t.Errorf("image %d: err %v, data %d bytes; want refused %v", i, img.Err, len(img.Data), tc.refused[i])
				}
				if refused {
					diags++
				}
			}
			n := 0
			for _, d := range tr.Diagnostics {
				if strings.Contains(d.Message, "16-bit RGBA PNG: decoding it would take about") &&
					strings.Contains(d.Message, "the document's images may take: image memory budget exceeded") {
					n++
				}
			}
			if n != diags {
				t.Errorf("%d diagnostics name the budget, want %d: %+v", n, diags, tr.Diagnostics)
			}
		})
	}
}
