package layout_test

import "testing"

// TestSpaceAfterInlineBlock: white space between two inline-blocks is a
// space on the line (an atomic inline does not end in a collapsible
// space), while white space after a block is dropped.
func TestSpaceAfterInlineBlock(t *testing.T) {
	tests := []struct {
		name, src string
		wantX     float64
	}{
		{"between inline-blocks", "<div><div style='display:inline-block;width:50pt;height:10pt'></div>\n\t<div id=b style='display:inline-block;width:50pt;height:10pt'></div></div>", 55},
		{"no space", "<div><div style='display:inline-block;width:50pt;height:10pt'></div><div id=b style='display:inline-block;width:50pt;height:10pt'></div></div>", 50},
		{"after a block", "<div><div style='width:50pt;height:10pt'></div>\n\t<div id=b style='display:inline-block;width:50pt;height:10pt'></div></div>", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, 300, 300, tt.src)
			if x := fragmentOf(d, 0, "b").X; x != tt.wantX {
				t.Errorf("second box at x=%v, want %v", x, tt.wantX)
			}
		})
	}
}
