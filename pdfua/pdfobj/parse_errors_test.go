package pdfobj

import (
	"errors"
	"strings"
	"testing"
)

// TestSyntaxErrorsNamePlace checks that syntax errors say where the
// problem is.
func TestSyntaxErrorsNamePlace(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"unclosed array", "  [1 2 (x)", "array opened at offset 2 is not closed"},
		{"end of data", "<< /A ", "unexpected end of data at offset 6"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := newParser([]byte(tt.src), 0, 32).object()
			if !errors.Is(err, errSyntax) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want a syntax error containing %q", err, tt.want)
			}
		})
	}
	_, err := ParseContent([]byte("BI /W 1 ID xyz"))
	if !errors.Is(err, errSyntax) || !strings.Contains(err.Error(), "inline image data at offset 11 has no EI") {
		t.Errorf("inline image: %v", err)
	}
}
