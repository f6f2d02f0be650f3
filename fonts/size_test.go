package fonts

import (
	"testing"
	"unsafe"
)

// TestGlyphSize keeps Glyph at 32 bytes: a document holds about one a
// character (shaped runs and the lines made of them), so each byte more
// is a byte more per character allocated by every conversion.
func TestGlyphSize(t *testing.T) {
	if got := unsafe.Sizeof(Glyph{}); got > 32 {
		t.Errorf("fonts.Glyph is %d bytes, want at most 32 (keep Cluster an int32 next to ID)", got)
	}
}
