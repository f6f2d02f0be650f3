package layout_test

import "testing"

// TestIntrinsicWidthLimits: the contribution of a box with a fixed width
// to its shrink-to-fit parent obeys its max-width and min-width.
func TestIntrinsicWidthLimits(t *testing.T) {
	tests := []struct {
		name, kid string
		want      float64
	}{
		{"a fixed width", `<div style="width:60pt;height:10pt"></div>`, 60},
		{"a fixed width obeys max-width", `<div style="width:60pt;max-width:30pt;height:10pt"></div>`, 30},
		{"a fixed width obeys min-width", `<div style="width:10pt;min-width:30pt;height:10pt"></div>`, 30},
		{"limits in the content box", `<div style="width:60pt;max-width:30pt;padding:0 5pt;height:10pt"></div>`, 40},
		{"an image of a column flex container", `<div style="display:flex;flex-direction:column"><img style="width:60pt;max-width:30pt" src="data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' width='16' height='16'/>"></div>`, 30},
	}
	for _, tt := range tests {
		for _, outer := range []string{"display:inline-block", "float:left"} {
			t.Run(tt.name+" in "+outer, func(t *testing.T) {
				d := flowLayout(t, 300, 300, `<div id=o style="`+outer+`">`+tt.kid+`</div>`)
				if w := fragmentOf(d, 0, "o").W; w != tt.want {
					t.Errorf("width %v, want %v", w, tt.want)
				}
			})
		}
	}
}

// TestReplacedMinHeight: a replaced element's min-height raises its
// height and, through its ratio, its auto width.
func TestReplacedMinHeight(t *testing.T) {
	d := flowLayout(t, 300, 300, `<img id=i style="min-height:30pt" src="data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' width='20' height='10'/>">`)
	if f := fragmentOf(d, 0, "i"); f.W != 60 || f.H != 30 {
		t.Errorf("image %vx%v, want 60x30", f.W, f.H)
	}
}
