package folio

import (
	"bytes"
	"strings"
	"testing"
)

// TestPackSource: a long source kept for the tagging fallback is kept
// compressed and comes back byte for byte; a short one is kept as it is
// (compressing it cost more than it saves).
func TestPackSource(t *testing.T) {
	for _, tc := range []struct {
		name   string
		src    []byte
		packed bool
	}{
		{"short", []byte("<p>short document</p>"), false},
		{"just under the threshold", bytes.Repeat([]byte("x"), packMin-1), false},
		{"long", []byte(strings.Repeat("<p>a paragraph of a long document</p>\n", packMin/30)), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := &input{src: bytes.Clone(tc.src)}
			if err := in.packSource(); err != nil {
				t.Fatal(err)
			}
			if got := in.packed != nil; got != tc.packed {
				t.Errorf("packed %v, want %v", got, tc.packed)
			}
			if tc.packed && len(in.packed) >= len(tc.src)/4 {
				t.Errorf("packed to %d bytes of %d", len(in.packed), len(tc.src))
			}
			back, err := in.source()
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(back, tc.src) {
				t.Errorf("source() gives %d bytes, not the %d kept", len(back), len(tc.src))
			}
		})
	}
}
