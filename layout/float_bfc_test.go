package layout_test

import "testing"

// TestBFCBesideFloats checks where a block formatting context root goes
// among floats (CSS 2.1 §9.5): beside them, narrowed, with its margins
// free to overlap them, or below them when it does not fit.
func TestBFCBesideFloats(t *testing.T) {
	tests := []struct {
		name, body string
		x, y, w    float64
	}{
		{"narrowed", `<div style="float:left;width:100pt;height:100pt"></div><div id=t style="overflow:hidden;height:10pt"></div>`, 100, 0, 300},
		{"too wide: below the float", `<div style="float:left;width:100pt;height:50pt"></div><div id=t style="overflow:hidden;width:350pt;height:10pt"></div>`, 0, 50, 350},
		{"below the narrower float only", `<div style="float:left;width:100pt;height:30pt"></div><div style="float:left;width:100pt;height:10pt"></div>` +
			`<div id=t style="display:flow-root;width:250pt;height:5pt"></div>`, 100, 10, 250},
		{"margin overlaps the float", `<div style="float:left;width:100pt;height:50pt"></div><div id=t style="overflow:hidden;margin-left:30pt;height:10pt"></div>`, 100, 0, 300},
		{"margin wider than the float", `<div style="float:left;width:100pt;height:50pt"></div><div id=t style="overflow:hidden;margin-left:150pt;height:10pt"></div>`, 150, 0, 250},
		{"its margin squeezed", `<div style="float:left;width:100pt;height:50pt"></div><div id=t style="overflow:hidden;margin-right:10pt;width:300pt;height:10pt"></div>`, 100, 0, 300},
		{"right float", `<div style="float:right;width:100pt;height:50pt"></div><div id=t style="overflow:hidden;height:10pt"></div>`, 0, 0, 300},
		{"its height reaches a lower float", `<div style="float:left;width:50pt;height:75pt"></div><div style="float:left;clear:left;width:100pt;height:75pt"></div>` +
			`<div style="overflow:hidden;width:200pt;height:50pt"></div><div id=t style="overflow:hidden;width:200pt;height:50pt"></div>`, 100, 50, 200},
		{"table wider than the band", `<div style="float:left;width:100pt;height:40pt"></div>` +
			`<table id=t style="border-spacing:0"><tr><td style="padding:0"><div style="width:350pt;height:5pt"></div></td></tr></table>`, 0, 40, 350},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, 400, 400, tt.body)
			f := fragmentOf(d, 0, "t")
			if f == nil {
				t.Fatal("no fragment #t")
			}
			if f.X != tt.x || f.Y != tt.y || f.W != tt.w {
				t.Errorf("#t at (%g, %g) width %g, want (%g, %g) width %g", f.X, f.Y, f.W, tt.x, tt.y, tt.w)
			}
		})
	}
}
