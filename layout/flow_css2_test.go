package layout_test

import "testing"

// TestFlowGeometry checks block geometry cases of CSS 2.1 §8–§10 found by
// the css/CSS2 floats and normal-flow reftests, each in a 400pt wide
// page: where #t's border box goes and how wide it is.
func TestFlowGeometry(t *testing.T) {
	float := func(side, w, h string) string {
		return `<div style="float:` + side + `;width:` + w + `;height:` + h + `"></div>`
	}
	tests := []struct {
		name, body string
		x, y, w    float64
	}{
		{"a percentage width beside a float is of the containing block",
			float("left", "300pt", "20pt") + `<div id=t style="overflow:hidden;width:50%;height:10pt"></div>`, 0, 20, 200},
		{"a percentage width that fits beside a float",
			float("left", "100pt", "20pt") + `<div id=t style="overflow:hidden;width:50%;height:10pt"></div>`, 100, 0, 200},
		{"percentage padding beside a float is of the containing block",
			float("left", "100pt", "20pt") + `<div id=t style="overflow:hidden;padding-left:10%;height:10pt"></div>`, 100, 0, 300},
		{"a table's width beside a float",
			float("left", "300pt", "20pt") + `<table id=t style="width:200pt;border-spacing:0"><tr><td style="padding:0">x</td></tr></table>`, 0, 20, 200},
		{"floats in a containing block 0 wide stack down",
			`<div style="width:0">` + float("left", "100pt", "50pt") + `<div id=t style="float:left;width:100pt;height:50pt"></div></div>`, 0, 50, 100},
		{"right floats in a containing block 0 wide stack down",
			`<div style="width:0">` + float("right", "100pt", "50pt") + `<div id=t style="float:right;width:100pt;height:50pt"></div></div>`, -100, 50, 100},
		{"an rtl box in an ltr block keeps to the left",
			`<div id=t style="direction:rtl;width:100pt;height:5pt"></div>`, 0, 0, 100},
		{"an ltr box in an rtl block keeps to the right",
			`<div style="direction:rtl"><div id=t style="direction:ltr;width:100pt;height:5pt"></div></div>`, 300, 0, 100},
		{"margins collapse through an empty first child into the parent",
			`<div style="overflow:hidden"><div id=t><div>` + float("left", "10pt", "10pt") + `</div>` +
				`<div style="margin-top:50pt;height:10pt"></div></div></div>`, 0, 50, 400},
		{"a negative margin after an empty child collapses into the parent",
			`<div style="overflow:hidden;padding-top:1pt"><div id=t style="margin-top:60pt"><div></div>` +
				`<div style="margin-top:-40pt;height:10pt"></div></div></div>`, 0, 21, 400},
		{"a box that fits beside an adjoining float takes the float down with its margin",
			`<div style="overflow:hidden"><div><div>` + float("left", "200pt", "10pt") + `</div>` +
				`<div id=t style="overflow:hidden;margin-top:50pt;width:100pt;height:10pt"></div></div></div>`, 200, 50, 100},
		{"a box that does not fit beside an adjoining float separates its margin",
			`<div style="overflow:hidden"><div><div>` + float("left", "200pt", "100pt") + `</div>` +
				`<div id=t style="overflow:hidden;margin-top:50pt;width:300pt;height:10pt"></div></div></div>`, 0, 100, 300},
		{"the float stays up when a deeper box separates its margin",
			`<div style="overflow:hidden;width:100pt">` + `<div>` + float("right", "50pt", "30pt") +
				`<div><div id=t style="overflow:hidden;margin-top:100pt;width:100pt;height:10pt"></div></div></div></div>`, 0, 30, 100},
		{"an empty child with a height does not let margins through",
			`<div style="overflow:hidden"><div id=t><div style="height:1pt"></div>` +
				`<div style="margin-top:50pt;height:10pt"></div></div></div>`, 0, 0, 400},
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

// TestCaptionFloats checks that a table caption holds its floats (it
// is a block formatting context root): its lines go beside them.
func TestCaptionFloats(t *testing.T) {
	d := flowLayout(t, 400, 400, `<table><caption id=t style="width:200pt;text-align:left">`+
		`<div style="float:left;width:50pt;height:10pt"></div>inline</caption></table>`)
	ls := lineBoxes(d, 0, "t")
	if len(ls) != 1 || ls[0].X != 50 {
		t.Fatalf("caption lines %+v, want one at x 50 beside the float", ls)
	}
}
