package layout_test

import (
	"testing"
)

// TestFloatFirstChildMarginDoesNotCollapse checks a float that is its
// parent's first child keeps its top margin to itself: the parent's top
// margin collapses with the first in-flow child's instead (the float's
// was collapsed with the body's, moving the body and every float in it
// down).
func TestFloatFirstChildMarginDoesNotCollapse(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"float alone", `<div id=b style="margin-top:6pt"><p id=f style="float:left;margin-top:12pt">x</p></div>`, "b:0,6 200x0 f:0,18 5x10"},
		{"float before a block", `<div id=b style="margin-top:6pt"><p id=f style="float:left;margin-top:12pt">x</p><p id=p style="margin-top:3pt">y</p></div>`,
			"b:0,6 200x10 f:0,18 5x10 p:0,6 200x10"},
		// a box with clearance keeps its margin from its parent's
		{"clearance stops the collapsing", `<div id=b style="margin-top:6pt"><div style="float:left;height:20pt;width:5pt"></div><div id=f style="clear:left;margin-top:3pt">x</div></div>`,
			"b:0,6 200x30 f:0,26 200x10"},
		// a margin taking the box past the float leaves no clearance
		{"no clearance past the float", `<div style="float:left;height:20pt;width:5pt"></div><div id=b style="padding-top:1pt"><div><div id=f style="clear:left;margin-top:30pt">x</div></div></div>`,
			"b:0,0 200x41 f:0,31 200x10"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, 200, 100, tt.src)
			if got := rects(d, 0, "b", "f", "p")[:len(tt.want)]; got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}
