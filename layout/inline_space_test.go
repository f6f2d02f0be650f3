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

// TestTextAlignInRTL: start and end follow the direction of the block
// whose lines they align, inherited or not; left and right stay put.
func TestTextAlignInRTL(t *testing.T) {
	tests := []struct {
		name, src string
		wantX     float64
	}{
		{"start inherited into rtl", `<div><div id=s dir=rtl style="width:100pt">ab</div></div>`, 90},
		{"explicit left in rtl", `<div id=s dir=rtl style="width:100pt;text-align:left">ab</div>`, 0},
		{"end in rtl", `<div id=s dir=rtl style="width:100pt;text-align:end">ab</div>`, 0},
		{"right inherited into ltr", `<div dir=rtl style="text-align:right"><div id=s dir=ltr style="width:100pt">ab</div></div>`, 290}, // (the block itself at the right)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, 300, 300, tt.src)
			f := fragmentOf(d, 0, "s")
			if len(f.Lines) == 0 || len(f.Lines[0].Texts) == 0 {
				t.Fatal("no text")
			}
			if x := f.Lines[0].Texts[0].X; x != tt.wantX {
				t.Errorf("text at x=%v, want %v", x, tt.wantX)
			}
		})
	}
}
