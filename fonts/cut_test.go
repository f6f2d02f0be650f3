package fonts

import (
	"strings"
	"testing"
)

// TestShapingCutGraphemes checks that a long word is cut between grapheme
// clusters: not inside an emoji ZWJ sequence, a flag (a pair of regional
// indicators) or a Hangul syllable of conjoining jamo, in both directions.
func TestShapingCutGraphemes(t *testing.T) {
	family := "\U0001F468\u200D\U0001F469\u200D\U0001F467" // 18 bytes
	flags := "\U0001F1EB\U0001F1F7\U0001F1E9\U0001F1EA"    // FR DE, 4 bytes an indicator
	jamo := "\u1100\u1161\u11A8"                           // one syllable, 9 bytes
	for _, c := range []struct {
		name, text       string
		limit, cut, from int // ShapingCut(text, 0, limit), chunkStart(text, limit, len)
	}{
		{"inside an emoji sequence", "a" + family + "b", 8, 1, 19},
		{"inside a flag", flags, 12, 8, 8},
		{"between flags", flags, 8, 8, 8},
		{"inside a syllable", "x" + jamo + "y", 4, 1, 10},
		{"plain letters", "abcdef", 3, 3, 3},
	} {
		if got := ShapingCut(c.text, 0, c.limit); got != c.cut {
			t.Errorf("%s: ShapingCut(limit %d) = %d, want %d", c.name, c.limit, got, c.cut)
		}
		if got := chunkStart(c.text, c.limit, len(c.text)); got != c.from {
			t.Errorf("%s: chunkStart(limit %d) = %d, want %d", c.name, c.limit, got, c.from)
		}
	}
}

// TestShapingCutLongCluster cuts inside clusters longer than the stretch
// ShapingCut segments: a base with a thousand marks is still not cut from
// its marks' base where a character boundary allows, and a cut always
// lands on a character boundary after start.
func TestShapingCutLongCluster(t *testing.T) {
	text := "ab" + strings.Repeat("\u0301", 1000) + "c"
	if got := ShapingCut(text, 0, 1500); got != 1 {
		t.Errorf("ShapingCut in a long cluster = %d, want 1 (before b)", got)
	}
	if got := ShapingCut(text, 1, 1501); got != 1502 {
		t.Errorf("ShapingCut in a long cluster from b = %d, want the next character boundary 1502", got)
	}
	flags := strings.Repeat("\U0001F1EB\U0001F1F7", 200)
	for limit := 1000; limit < 1010; limit++ {
		if got := ShapingCut(flags, 0, limit); got <= 0 || got > limit || got%4 != 0 {
			t.Errorf("ShapingCut(flags, limit %d) = %d: not a character boundary at or before the limit", limit, got)
		}
	}
}
