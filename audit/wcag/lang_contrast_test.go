package wcag

import (
	"math"
	"testing"

	"github.com/seed28491532/folio/style"
)

func TestValidLang(t *testing.T) {
	tests := []struct {
		tag  string
		want bool
	}{
		{"en", true}, {"en-US", true}, {"EN-us", true}, {"de-CH-1901", true}, {"zh-Hant-TW", true},
		{"sr-Latn", true}, {"x-klingon", true}, {"qaa", true}, {"i-klingon", true},
		{"en_US", false},   // underscore
		{"english", false}, // a word, not a subtag
		{"xx", false},      // well-formed, unknown language
		{"xx-invalid-tag-123456789", false},
		{"en-", false}, {"", false}, {"en US", false}, {"e", false},
	}
	for _, tt := range tests {
		if got := ValidLang(tt.tag); got != tt.want {
			t.Errorf("ValidLang(%q) = %t, want %t (%s)", tt.tag, got, tt.want, langProblem(tt.tag))
		}
	}
}

func TestContrastRatio(t *testing.T) {
	c := func(r, g, b uint8) style.Color { return style.Color{R: r, G: g, B: b, A: 255} }
	tests := []struct {
		a, b style.Color
		want float64
	}{
		{c(0, 0, 0), c(255, 255, 255), 21},
		{c(255, 255, 255), c(0, 0, 0), 21},
		{c(0x99, 0x99, 0x99), c(255, 255, 255), 2.85},
		{c(0x76, 0x76, 0x76), c(255, 255, 255), 4.54},
		{c(0x12, 0x34, 0x56), c(0x12, 0x34, 0x56), 1},
	}
	for _, tt := range tests {
		if got := ContrastRatio(tt.a, tt.b); math.Abs(got-tt.want) > 0.01 {
			t.Errorf("ContrastRatio(%v, %v) = %.3f, want %.2f", tt.a, tt.b, got, tt.want)
		}
	}
}
