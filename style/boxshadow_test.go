package style

import (
	"fmt"
	"strings"
	"testing"
)

// fmtBoxShadows formats a computed box-shadow as "[inset] x y blur spread
// color" layers, the colour as the element's own color resolves it.
func fmtBoxShadows(s *Style) string {
	if s.BoxShadow == nil {
		return "none"
	}
	var parts []string
	for _, sh := range s.BoxShadow {
		p := fmt.Sprintf("%s %s %s %s %s", num(sh.X), num(sh.Y), num(sh.Blur), num(sh.Spread), fmtColor(sh.ShadowColor(s.Color)))
		if sh.Inset {
			p = "inset " + p
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, ", ")
}

// TestBoxShadow checks the computed box-shadow: lengths in points, inset
// and the colour anywhere around the lengths, currentcolor by default,
// invalid values ignored, and no inheritance.
func TestBoxShadow(t *testing.T) {
	tests := []struct {
		name, css, want string
	}{
		{"none", "box-shadow:none", "none"},
		{"initial", "color:red", "none"},
		{"px, blur, spread", "box-shadow:4px -8px 2px 4px #00f", "3 -6 1.5 3 #0000ff"},
		{"negative spread", "box-shadow:1pt 1pt 0 -2pt red", "1 1 0 -2 #ff0000"},
		{"inset first", "box-shadow:inset 1pt 2pt green", "inset 1 2 0 0 #008000"},
		{"inset last", "box-shadow:green 1pt 2pt inset", "inset 1 2 0 0 #008000"},
		{"current color", "color:red;box-shadow:1pt 1pt", "1 1 0 0 #ff0000"},
		{"em", "font-size:20pt;box-shadow:0 0 .1em black", "0 0 2 0 #000000"},
		{"two layers", "box-shadow:1pt 1pt red, inset 0 0 3pt rgba(0,0,0,.5)", "1 1 0 0 #ff0000, inset 0 0 3 0 #00000080"},
		{"negative blur invalid", "box-shadow:1pt 1pt 2pt red;box-shadow:1pt 1pt -1pt red", "1 1 2 0 #ff0000"},
		{"one length invalid", "box-shadow:1pt red", "none"},
		{"five lengths invalid", "box-shadow:1pt 1pt 1pt 1pt 1pt", "none"},
		{"split lengths invalid", "box-shadow:1pt red 1pt", "none"},
		{"two colors invalid", "box-shadow:red 1pt 1pt blue", "none"},
		{"two insets invalid", "box-shadow:inset 1pt 1pt inset", "none"},
		{"percentage invalid", "box-shadow:10% 1pt", "none"},
		{"empty layer invalid", "box-shadow:1pt 1pt,", "none"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, doc := compute(t, `<p id=x style="`+tt.css+`">t</p>`, Options{})
			if got := fmtBoxShadows(st.Of(find(doc, "x"), 0)); got != tt.want {
				t.Errorf("box-shadow %q, want %q", got, tt.want)
			}
		})
	}
}

// TestBoxShadowNotInherited checks that box-shadow does not inherit, and
// that too many layers are refused.
func TestBoxShadowNotInherited(t *testing.T) {
	st, doc := compute(t, `<div style="box-shadow:1pt 1pt red"><p id=x>t</p></div>`, Options{})
	if got := fmtBoxShadows(st.Of(find(doc, "x"), 0)); got != "none" {
		t.Errorf("child box-shadow %q, want none", got)
	}
	many := strings.Repeat("1pt 1pt red,", maxShadows) + "1pt 1pt red"
	st, doc = compute(t, `<p id=x style="box-shadow:`+many+`">t</p>`, Options{})
	if got := fmtBoxShadows(st.Of(find(doc, "x"), 0)); got != "none" {
		t.Errorf("%d layers: box-shadow %q, want none", maxShadows+1, got)
	}
}
