package fonts

import (
	"reflect"
	"slices"
	"testing"
)

func TestLineBreaks(t *testing.T) {
	type bo = BreakOpportunity
	tests := []struct {
		name string
		text string
		want []BreakOpportunity
	}{
		{"empty", "", nil},
		{"one word", "hello", nil},
		{"after spaces", "the quick  fox", []bo{{4, false}, {11, false}}},
		{"newline is mandatory", "a\nb", []bo{{2, true}}},
		{"CRLF is one break", "a\r\nb", []bo{{3, true}}},
		{"trailing newline reported at end", "a b\n", []bo{{2, false}, {4, true}}},
		{"hyphen", "well-known", []bo{{5, false}}},
		{"no break before punctuation", "Hi, there!", []bo{{4, false}}},
		{"no break inside numbers", "$1,000.50", nil},
		{"no break at non-breaking space", "10\u00A0kg", nil},
		{"soft hyphen", "co\u00ADop", []bo{{4, false}}},
		{"zero width space", "a\u200Bb", []bo{{4, false}}},
		{"ideographs break between characters", "中文字", []bo{{3, false}, {6, false}}},
		{"line separator", "a\u2028b", []bo{{4, true}}},
		{"byte offsets with multibyte text", "Ωμέγα Привет", []bo{{11, false}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := LineBreaks(tc.text)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("LineBreaks(%q) = %v, want %v", tc.text, got, tc.want)
			}
		})
	}
}

func TestBidiLevels(t *testing.T) {
	rep := func(l uint8, n int) []uint8 {
		out := make([]uint8, n)
		for i := range out {
			out[i] = l
		}
		return out
	}
	cat := func(parts ...[]uint8) []uint8 {
		var out []uint8
		for _, p := range parts {
			out = append(out, p...)
		}
		return out
	}
	tests := []struct {
		name string
		text string
		base Direction
		want []uint8
	}{
		{"empty", "", LTR, []uint8{}},
		{"latin LTR", "abc", LTR, rep(0, 3)},
		{"latin in RTL paragraph", "abc", RTL, rep(2, 3)},
		// "a שלום b": Hebrew letters (2 bytes each) get level 1.
		{"hebrew in LTR", "a שלום b", LTR, cat(rep(0, 2), rep(1, 8), rep(0, 2))},
		{"hebrew in RTL", "שלום", RTL, rep(1, 8)},
		{"numbers in RTL text", "אב 12", RTL, cat(rep(1, 5), rep(2, 2))},
		{"paragraphs resolved separately", "a\nשלום", LTR, cat(rep(0, 2), rep(1, 8))},
		{"RLO override", "\u202Eab\u202C", LTR, cat(rep(0, 3), rep(1, 2), rep(0, 3))},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := BidiLevels(tc.text, tc.base)
			if len(got) != len(tc.text) {
				t.Fatalf("%d levels for %d bytes", len(got), len(tc.text))
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("BidiLevels(%q) = %v, want %v", tc.text, got, tc.want)
			}
		})
	}
}

// TestAppendLineBreaks checks that AppendLineBreaks appends exactly what
// LineBreaks returns and keeps what dst held, on the fast path, on text
// that leaves it part way (the breaks it found before are dropped) and
// on text without breaks.
func TestAppendLineBreaks(t *testing.T) {
	for _, text := range []string{
		"a few words of prose, and more",
		"prose first, then 漢字 and more words",
		"word",
		"",
		"line\nnext",
	} {
		want := LineBreaks(text)
		prefix := []BreakOpportunity{{Offset: 99}, {Offset: 100, Mandatory: true}}
		dst := make([]BreakOpportunity, len(prefix), 64)
		copy(dst, prefix)
		got := AppendLineBreaks(dst, text)
		if !slices.Equal(got[:len(prefix)], prefix) {
			t.Errorf("%q: dst's content changed to %v", text, got[:len(prefix)])
		}
		if !slices.Equal(got[len(prefix):], want) {
			t.Errorf("%q: appended %v, want %v", text, got[len(prefix):], want)
		}
	}
}
