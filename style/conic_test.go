package style

import (
	"fmt"
	"strings"
	"testing"
)

// TestConicGradient checks the parsing of conic-gradient() and its
// repeating form: from and at, angular stop positions as fractions of a
// turn (percentages), and invalid values dropped.
func TestConicGradient(t *testing.T) {
	tests := []struct{ decl, want string }{
		{"conic-gradient(red, blue)", "conic from 0 at 50%,50%: auto auto"},
		{"conic-gradient(from 90deg at 10% 20%, red 25%, blue .5turn)", "conic from 90 at 10%,20%: 25% 50%"},
		{"conic-gradient(at left top, red, 45deg, blue)", "conic from 0 at 0%,0%: auto 12.5% auto"},
		{"repeating-conic-gradient(red 0 36deg, blue 0 72deg)", "repeating conic from 0 at 50%,50%: 0% 10% 0% 20%"},
		{"conic-gradient(from 10px, red, blue)", "none"},
		{"conic-gradient(red 10px, blue)", "none"},
		{"conic-gradient(at, red, blue)", "none"},
		{"conic-gradient(red)", "none"},
	}
	for _, tt := range tests {
		t.Run(tt.decl, func(t *testing.T) {
			st, doc := compute(t, `<div id=x style="background-image:`+tt.decl+`"></div>`, Options{})
			got := "none"
			if l := st.Of(find(doc, "x"), 0).BackgroundImages; len(l) == 1 && l[0].Gradient != nil {
				g := l[0].Gradient
				var pos []string
				for _, s := range g.Stops {
					switch {
					case s.Pos.IsAuto():
						pos = append(pos, "auto")
					default:
						pos = append(pos, num(s.Pos.Value)+"%")
					}
				}
				got = fmt.Sprintf("conic from %s at %s,%s: %s", num(g.Angle), fmtLen(g.Center.X.Offset), fmtLen(g.Center.Y.Offset), strings.Join(pos, " "))
				if g.Kind != ConicGradient {
					got = "kind " + fmt.Sprint(g.Kind)
				}
				if g.Repeating {
					got = "repeating " + got
				}
			}
			if got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
