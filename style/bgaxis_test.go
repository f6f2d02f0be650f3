package style

import (
	"fmt"
	"strings"
	"testing"
)

// TestBackgroundPositionAxes checks background-position-x and -y: edge
// keywords with offsets, lists paired layer by layer, the cascade order
// against the background-position and background shorthands, and
// invalid values ignored; and background-attachment.
func TestBackgroundPositionAxes(t *testing.T) {
	tests := []struct{ decl, want, fixed string }{
		{"background-position-x: right 10px", "end-7.5pt 0%", "[]"},
		{"background-position-y: bottom", "0% 100%", "[]"},
		{"background-position-y: y-end 5%", "0% end-5%", "[]"},
		{"background-position: 10px 20px; background-position-x: 5px", "3.75pt 15pt", "[]"},
		{"background-position-x: 5px; background-position: 10px 20px", "7.5pt 15pt", "[]"},
		{"background-position-x: 5px; background: red", "0% 0%", "[]"},
		{"background-position-x: left, right 1pt; background-position-y: center", "0% 50%, end-1pt 50%", "[]"},
		{"background-position-x: 1pt, 2pt; background-position-y: 3pt, 4pt, 5pt", "1pt 3pt, 2pt 4pt, 1pt 5pt, 2pt 3pt, 1pt 4pt, 2pt 5pt", "[]"},
		{"background-position-x: 1pt; background-position-x: top", "1pt 0%", "[]"},
		{"background-position-y: 1pt; background-position-y: left", "0% 1pt", "[]"},
		{"background-position-x: 1pt; background-position-x: center 1pt", "1pt 0%", "[]"},
		{"background: url(a.png) fixed", "0% 0%", "[true]"},
		{"background-attachment: scroll, fixed", "0% 0%", "[false true]"},
		{"background-attachment: local", "0% 0%", "[]"},
	}
	for _, tt := range tests {
		t.Run(tt.decl, func(t *testing.T) {
			st, doc := compute(t, `<style>div{`+tt.decl+`}</style><div></div>`, Options{})
			s := st.Of(find(doc, "div"), PseudoNone)
			var got []string
			for _, p := range s.BackgroundPosition {
				got = append(got, fmtAxis(p.X)+" "+fmtAxis(p.Y))
			}
			if len(got) == 0 {
				got = []string{"0% 0%"}
			}
			if g := strings.Join(got, ", "); g != tt.want {
				t.Errorf("positions %q, want %q", g, tt.want)
			}
			if f := fmt.Sprint(s.BackgroundFixed); f != tt.fixed {
				t.Errorf("fixed %s, want %s", f, tt.fixed)
			}
		})
	}
}
