package wcag

import (
	"strings"
	"testing"
)

// TestCollapse checks collapse against its definition (fields joined by
// one space), including the inputs its fast path must hand over.
func TestCollapse(t *testing.T) {
	for _, s := range []string{
		"", " ", "a", "a b", " a", "a ", "a  b", "a\tb", "a\nb", "a\r\nb", "a\vb", "a\fb",
		"read more", "Chart 3 of readings", "a\u00a0b", "\u00a0a", "é", "a\u2003b", "a \u0085", "x y z ",
	} {
		want := strings.Join(strings.Fields(s), " ")
		if got := collapse(s); got != want {
			t.Errorf("collapse(%q) = %q, want %q", s, got, want)
		}
	}
}

func FuzzCollapse(f *testing.F) {
	f.Add("a  b")
	f.Add(" \u00a0x")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := collapse(s), strings.Join(strings.Fields(s), " "); got != want {
			t.Errorf("collapse(%q) = %q, want %q", s, got, want)
		}
	})
}
