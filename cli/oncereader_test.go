package cli

import (
	"io"
	"testing"
)

// TestOnceReader checks that an onceReader gives its bytes, its length
// and then EOF, holding nothing once read.
func TestOnceReader(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   string
		buf  int
	}{
		{"empty", "", 4},
		{"in one read", "<p>abc</p>", 64},
		{"in several", "<p>abcdefgh</p>", 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newOnceReader([]byte(tc.in))
			if r.Len() != len(tc.in) {
				t.Fatalf("Len %d, want %d", r.Len(), len(tc.in))
			}
			got, err := io.ReadAll(struct{ io.Reader }{r})
			if err != nil || string(got) != tc.in {
				t.Fatalf("read %q, %v; want %q", got, err, tc.in)
			}
			if r.b != nil || r.Len() != 0 {
				t.Errorf("still holds %d bytes after EOF", len(r.b))
			}
		})
	}
}
