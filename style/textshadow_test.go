package style

import (
	"fmt"
	"strings"
	"testing"
)

// fmtShadows formats a computed text-shadow as "x y blur color" layers,
// the colour as the element's own color resolves it.
func fmtShadows(s *Style) string {
	if s.TextShadow == nil {
		return "none"
	}
	var parts []string
	for _, sh := range s.TextShadow {
		parts = append(parts, fmt.Sprintf("%s %s %s %s", num(sh.X), num(sh.Y), num(sh.Blur), fmtColor(sh.ShadowColor(s.Color))))
	}
	return strings.Join(parts, ", ")
}

// TestTextShadow checks the computed text-shadow: lengths in points, the
// colour before or after them or taken from color (also when inherited
// by an element of another color), invalid values ignored.
func TestTextShadow(t *testing.T) {
	tests := []struct {
		name, css, want string
	}{
		{"none", "text-shadow:none", "none"},
		{"initial", "color:red", "none"},
		{"px and blur", "text-shadow:4px -8px 2px #00f", "3 -6 1.5 #0000ff"},
		{"color first", "text-shadow:green 1pt 2pt", "1 2 0 #008000"},
		{"em against own size", "font-size:20pt;text-shadow:0 0 .1em black", "0 0 2 #000000"},
		{"current color", "color:red;text-shadow:1pt 1pt", "1 1 0 #ff0000"},
		{"two layers", "text-shadow:1pt 1pt red, 0 0 3pt rgba(0,0,0,.5)", "1 1 0 #ff0000, 0 0 3 #00000080"},
		{"negative blur invalid", "text-shadow:1pt 1pt 2pt red;text-shadow:1pt 1pt -1pt red", "1 1 2 #ff0000"},
		{"one length invalid", "text-shadow:1pt red", "none"},
		{"four lengths invalid", "text-shadow:1pt 1pt 1pt 1pt", "none"},
		{"split lengths invalid", "text-shadow:1pt red 1pt", "none"},
		{"two colors invalid", "text-shadow:red 1pt 1pt blue", "none"},
		{"percentage invalid", "text-shadow:10% 1pt", "none"},
		{"inset invalid", "text-shadow:inset 1pt 1pt", "none"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, doc := compute(t, `<p id=x style="`+tt.css+`">t</p>`, Options{})
			if got := fmtShadows(st.Of(find(doc, "x"), 0)); got != tt.want {
				t.Errorf("text-shadow %q, want %q", got, tt.want)
			}
		})
	}
}

// TestTextShadowInherits checks that text-shadow inherits, and that a
// layer without a colour takes the inheriting element's color.
func TestTextShadowInherits(t *testing.T) {
	st, doc := compute(t, `<div style="color:red;text-shadow:1pt 1pt, 0 0 2pt blue"><p id=x style="color:#0f0">t</p></div>`, Options{})
	if got, want := fmtShadows(st.Of(find(doc, "x"), 0)), "1 1 0 #00ff00, 0 0 2 #0000ff"; got != want {
		t.Errorf("inherited text-shadow %q, want %q", got, want)
	}
}
