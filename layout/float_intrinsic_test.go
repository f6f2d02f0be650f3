package layout_test

import "testing"

// TestFloatRunIntrinsicWidth: a shrink-to-fit box whose children are
// floats is as wide as the floats side by side (a run of floats up to
// a clear); an in-flow block child ends the run.
func TestFloatRunIntrinsicWidth(t *testing.T) {
	const f40 = `<div style="float:left;width:40pt;height:10pt"></div>`
	tests := []struct {
		name, kids string
		want       float64
	}{
		{"one float", f40, 40},
		{"two floats side by side", f40 + f40, 80},
		{"three floats with margins", f40 + f40 + `<div style="float:right;width:40pt;height:10pt;margin:0 5pt"></div>`, 130},
		{"clear starts a new run", f40 + f40 + `<div style="float:left;clear:left;width:60pt;height:10pt"></div>`, 80},
		{"a block ends the run", f40 + `<div style="width:30pt;height:10pt"></div>` + f40, 40},
	}
	for _, tt := range tests {
		for _, outer := range []string{"display:inline-block", "float:left"} {
			t.Run(tt.name+" in "+outer, func(t *testing.T) {
				d := flowLayout(t, 300, 300, `<div id=o style="`+outer+`">`+tt.kids+`</div>`)
				if w := fragmentOf(d, 0, "o").W; w != tt.want {
					t.Errorf("width %v, want %v", w, tt.want)
				}
			})
		}
	}
}
