package box

import "testing"

func TestPredefinedCounterStyles(t *testing.T) {
	tests := []struct {
		style string
		v     int
		want  string
	}{
		{"arabic-indic", 105, "١٠٥"},
		{"devanagari", 0, "०"},
		{"thai", -12, "-๑๒"},
		{"cjk-decimal", 2026, "二〇二六"},
		{"hiragana", 1, "あ"},
		{"katakana", 49, "アア"}, // past the 48 letters: two letters
		{"katakana", 48, "ン"},
		{"cjk-earthly-branch", 13, "子子"},
		{"cjk-heavenly-stem", 0, "0"}, // outside the alphabetic range: decimal
		{"lower-roman", 14, "xiv"},
		{"unknown-style", 7, "7"},
	}
	for _, tc := range tests {
		if got := FormatCounter(tc.v, tc.style); got != tc.want {
			t.Errorf("FormatCounter(%d, %s) = %q, want %q", tc.v, tc.style, got, tc.want)
		}
	}
	if got := markerText("cjk-decimal", 3); got != "三、" {
		t.Errorf("cjk-decimal marker %q, want 三、", got)
	}
	if got := markerText("thai", 3); got != "๓. " {
		t.Errorf("thai marker %q, want ๓. ", got)
	}
}
