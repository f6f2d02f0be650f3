package layout_test

import (
	"testing"
)

// TestMathFunctionsMixedUnits checks that min(), max() and clamp()
// mixing percentages with lengths resolve against the containing block
// at layout time (they once took their first argument).
func TestMathFunctionsMixedUnits(t *testing.T) {
	tests := []struct {
		name, css string
		cbW       string // containing block width
		x, w      float64
	}{
		{"min takes the percentage", "width:min(50%, 300pt)", "200", 0, 100},
		{"min takes the length", "width:min(50%, 300pt)", "800", 0, 300},
		{"max", "width:max(50%, 150pt)", "200", 0, 150},
		{"clamp low", "width:clamp(120pt, 10%, 300pt)", "400", 0, 120},
		{"clamp preferred", "width:clamp(20pt, 50%, 300pt)", "400", 0, 200},
		{"clamp high", "width:clamp(20pt, 90%, 300pt)", "400", 0, 300},
		{"margin", "margin-left:min(25%, 40pt)", "400", 40, 360},
		{"padding", "padding-left:max(5%, 10pt);width:100pt", "400", 0, 120},
		{"em", "font-size:10pt;width:min(100%, 20em)", "400", 0, 200},
		{"calc of min", "width:calc(min(50%, 100pt) + 20pt)", "100", 0, 70},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, 600, 400, `<div style="width:`+tt.cbW+`pt"><div id=t style="`+tt.css+`">x</div></div>`)
			f := fragmentOf(d, 0, "t")
			if f == nil {
				t.Fatal("no fragment #t")
			}
			if f.X != tt.x || f.W != tt.w {
				t.Errorf("%s in %spt: x %g width %g, want %g %g", tt.css, tt.cbW, f.X, f.W, tt.x, tt.w)
			}
		})
	}
}

// TestMathFunctionsGridTracks checks a mixed-unit track size resolved
// against the grid's width.
func TestMathFunctionsGridTracks(t *testing.T) {
	for _, tt := range []struct {
		cbW  string
		want float64
	}{{"400", 100}, {"150", 75}} {
		d := flowLayout(t, 600, 400, `<div style="width:`+tt.cbW+`pt;display:grid;grid-template-columns:min(50%, 100pt) 1fr">`+
			`<div id=a>a</div><div id=b>b</div></div>`)
		a, b := fragmentOf(d, 0, "a"), fragmentOf(d, 0, "b")
		if a == nil || b == nil || a.W != tt.want || b.X != tt.want {
			t.Errorf("grid %spt wide: first track %v, second at %v; want %g", tt.cbW, a, b, tt.want)
		}
	}
}
