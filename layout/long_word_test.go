package layout

import (
	"context"
	"runtime"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/seed28491532/folio/fonts"
)

// TestLongWordMemory lays out one word of 64 KiB and of 256 KiB (no
// break opportunity) with the real shaper: the bytes layout allocates per
// character stay a small constant, the same at both sizes, and the word's
// whole text is laid out, on one overflowing line or, with overflow-wrap:
// anywhere, across lines. (Layout once allocated about 410 bytes a
// character here: its glyph array grew piece by piece and its unit array
// was rounded up to a power of two.)
func TestLongWordMemory(t *testing.T) {
	reg := fonts.NewRegistry(fonts.Options{})
	for _, tc := range []struct {
		name, unit string
		wrap       bool
		sizes      [2]int
	}{
		{"latin", "abcdefghij", false, [2]int{64 << 10, 256 << 10}},
		{"cyrillic", "абвгдежзий", false, [2]int{64 << 10, 256 << 10}},
		{"latin anywhere", "abcdefghij", true, [2]int{64 << 10, 256 << 10}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var perRune [2]float64
			for i, size := range tc.sizes {
				word := strings.Repeat(tc.unit, size/len(tc.unit))
				css := ""
				if tc.wrap {
					css = "<style>p{overflow-wrap:anywhere}</style>"
				}
				tree, st := boxTree(t, "<!doctype html>"+css+"<p>"+word+"</p>")
				var before, after runtime.MemStats
				runtime.ReadMemStats(&before)
				d, err := Paginate(context.Background(), tree, Options{Shaper: FontShaper{Registry: reg}, Pages: st})
				runtime.ReadMemStats(&after)
				if err != nil {
					t.Fatal(err)
				}
				runes := utf8.RuneCountInString(word)
				perRune[i] = float64(after.TotalAlloc-before.TotalAlloc) / float64(runes)
				var lines []string
				for _, ln := range lineTexts(d) {
					if ln != "|" {
						lines = append(lines, ln)
					}
				}
				if got := strings.Join(lines, ""); got != word {
					t.Errorf("%d bytes: the lines hold %d bytes of text, not the word", size, len(got))
				}
				if !tc.wrap && len(lines) != 1 {
					t.Errorf("%d bytes: %d lines, want the word on one overflowing line", size, len(lines))
				}
				if tc.wrap && len(lines) < 2 {
					t.Errorf("%d bytes: %d lines, want the word broken anywhere", size, len(lines))
				}
			}
			t.Logf("allocated per character: %.0f B (%d bytes), %.0f B (%d bytes)", perRune[0], tc.sizes[0], perRune[1], tc.sizes[1])
			if perRune[1] > 175 || perRune[1] > 1.25*perRune[0]+16 {
				t.Errorf("layout allocated %.0f B a character for %d bytes, %.0f B for %d: want under 175 B and no growth",
					perRune[0], tc.sizes[0], perRune[1], tc.sizes[1])
			}
		})
	}
}
