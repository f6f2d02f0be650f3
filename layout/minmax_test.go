package layout_test

import "testing"

// TestContentBoxLimits checks that min-width and max-width of a
// content-box shrink-to-fit box or table stay content-box limits (the
// border box grows by the borders and padding, here 2×(3+5) = 16pt),
// and that a table in a grid area stretches like a block, within its
// max-width and max-height.
func TestContentBoxLimits(t *testing.T) {
	const edges = `box-sizing:content-box;border:3pt solid;padding:5pt;`
	tests := []struct {
		name, body string
		w, h       float64 // 0: not checked
	}{
		{"inline-block min-width", `<div id=a style="display:inline-block;min-width:50pt;` + edges + `"></div>`, 66, 0},
		{"float min-width", `<div id=a style="float:left;min-width:50pt;` + edges + `"></div>`, 66, 0},
		{"float max-width", `<div id=a style="float:left;max-width:50pt;` + edges + `">xxxxxxxxxx xxxxxxxxxx xxxxxxxxxx</div>`, 66, 0},
		{"table min-width", `<table id=a style="border-spacing:0;min-width:50pt;` + edges + `"><tr><td style="padding:0"></td></tr></table>`, 66, 0},
		{"table max-width", `<table id=a style="border-spacing:0;max-width:50pt;` + edges + `"><tr><td style="padding:0">xxxxxxxxxx xxxxxxxxxx</td></tr></table>`, 66, 0},
		{"table in a grid stretches", `<div style="display:grid;width:75pt;height:75pt"><table id=a style="border-spacing:0;` + edges + `"><tr><td style="padding:0"></td></tr></table></div>`, 75, 75},
		{"table in a grid, max-height", `<div style="display:grid;width:75pt;height:75pt"><table id=a style="border-spacing:0;max-height:30pt;` + edges + `"><tr><td style="padding:0"></td></tr></table></div>`, 75, 46},
		{"table in a grid, max-width", `<div style="display:grid;width:75pt;height:75pt"><table id=a style="border-spacing:0;max-width:30pt;` + edges + `"><tr><td style="padding:0"></td></tr></table></div>`, 46, 75},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, 400, 400, tt.body)
			f := fragmentOf(d, 0, "a")
			if f == nil {
				t.Fatal("no fragment #a")
			}
			if tt.w != 0 && f.W != tt.w || tt.h != 0 && f.H != tt.h {
				t.Errorf("#a is %gx%g, want %gx%g", f.W, f.H, tt.w, tt.h)
			}
		})
	}
}
