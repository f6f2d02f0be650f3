package layout

import (
	"strings"
	"testing"
)

func TestASCIIPrefix(t *testing.T) {
	long := strings.Repeat("abcdefgh", 3)
	for _, c := range []struct {
		s    string
		want int
	}{
		{"", 0},
		{"a", 1},
		{long, 24},
		{long + "é", 24},
		{"abcdefg\u05D0", 7},      // in the first word
		{long + "xyz\u05D0", 27},  // in the tail
		{"\u00ADabcdefghijk", 0},  // at the start
		{"abcdefghij\u3000k", 10}, // in the second word
	} {
		if got := asciiPrefix(c.s); got != c.want {
			t.Errorf("asciiPrefix(%q) = %d, want %d", c.s, got, c.want)
		}
	}
	// the scans built on it still see what follows a long ASCII prefix
	if !hasRTL(long + "\u05D0") {
		t.Error("hasRTL misses a Hebrew letter after 24 ASCII bytes")
	}
	if hasRTL(long + "é") {
		t.Error("hasRTL reports é")
	}
}
