package box

import (
	"strings"
	"testing"

	"github.com/seed28491532/folio/style"
)

// collapseSpacesRef is the plain rune-by-rune statement of phase I for
// white-space: normal, the oracle collapseSpaces's fast paths are checked
// against.
func collapseSpacesRef(text string, lastSpace bool) (string, bool) {
	text = strings.ReplaceAll(text, "\r\n", "\n")
	text = strings.ReplaceAll(text, "\r", "\n")
	var b strings.Builder
	for _, r := range text {
		if r == ' ' || r == '\t' || r == '\n' || r == '\f' {
			if !lastSpace {
				b.WriteByte(' ')
				lastSpace = true
			}
			continue
		}
		b.WriteRune(r)
		lastSpace = false
	}
	return b.String(), lastSpace
}

func TestCollapseSpaces(t *testing.T) {
	for _, tt := range []struct {
		in        string
		last      bool
		want      string
		wantSpace bool
	}{
		{"plain words", false, "plain words", false},
		{" lead", true, "lead", false},
		{" lead", false, " lead", false},
		{"trail ", false, "trail ", true},
		{"a \r\n\t b", false, "a b", false},
		{"a\rb", false, "a b", false},
		{"caf\xc3\xa9  ok", false, "café ok", false},
		{"bad\xffbyte", false, "bad\uFFFDbyte", false},
		{"", true, "", true},
	} {
		got, sp := processWhiteSpace(tt.in, style.WhiteSpaceNormal, 8, tt.last)
		if got != tt.want || sp != tt.wantSpace {
			t.Errorf("processWhiteSpace(%q, last %v) = %q, %v; want %q, %v", tt.in, tt.last, got, sp, tt.want, tt.wantSpace)
		}
	}
}

// FuzzCollapseSpaces checks collapseSpaces against the rune-by-rune
// reference on any input, valid UTF-8 or not.
func FuzzCollapseSpaces(f *testing.F) {
	f.Add("a  b", false)
	f.Add(" \r\n x\xe2\x82", true)
	f.Add("\xf0\x9f\x98\x80\t\f", false)
	f.Fuzz(func(t *testing.T, s string, last bool) {
		got, gotSpace := collapseSpaces(s, last)
		want, wantSpace := collapseSpacesRef(s, last)
		if got != want || gotSpace != wantSpace {
			t.Fatalf("collapseSpaces(%q, %v) = %q, %v; reference %q, %v", s, last, got, gotSpace, want, wantSpace)
		}
	})
}
