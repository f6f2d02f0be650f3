package layout_test

import "testing"

// TestGridIgnoresColumns checks the column-* properties of multi-column
// layout have no effect on a grid container, block or inline
// (css-grid-1 §3.1).
func TestGridIgnoresColumns(t *testing.T) {
	for _, d := range []string{"grid", "inline-grid"} {
		t.Run(d, func(t *testing.T) {
			checkRects(t, `<div style="display:`+d+`;column-count:2;column-gap:0;width:100pt"><i id=a style="display:block">a</i><i id=b style="display:block">b</i></div>`,
				"a:0,0 100x10 b:0,10 100x10")
		})
	}
}

// TestGridReplacedStretch checks a replaced grid item stretches in an
// axis whose self-alignment is stretch given explicitly, and keeps its
// natural size under normal (css-grid-1 §6.2). The SVG is 300×150px,
// 225×112.5pt.
func TestGridReplacedStretch(t *testing.T) {
	const grid = `<div style="display:grid;grid-template:80pt / 150pt">`
	const svg = `<svg xmlns="http://www.w3.org/2000/svg" id=s style="`
	tests := []struct{ name, style, want string }{
		{"both axes", `justify-self:stretch;align-self:stretch`, "s:0,0 150x80"},
		{"the block axis", `align-self:stretch;width:20pt`, "s:0,0 20x80"},
		{"the inline axis, with margins", `justify-self:stretch;height:10pt;margin:0 5pt`, "s:5,0 140x10"},
		{"normal keeps the natural size", `width:20pt;height:10pt`, "s:0,0 20x10"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkRects(t, grid+svg+tt.style+`"></svg></div>`, tt.want)
		})
	}
}
