package style

import (
	"testing"
	"unsafe"
)

// TestLengthSize guards the memory of computed styles: a Length must stay
// 16 bytes (Style holds about thirty of them per element).
func TestLengthSize(t *testing.T) {
	if n := unsafe.Sizeof(Length{}); n != 16 {
		t.Errorf("Length is %d bytes, want 16", n)
	}
	t.Logf("Style is %d bytes", unsafe.Sizeof(Style{}))
}
