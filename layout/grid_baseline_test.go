package layout_test

import "testing"

// TestGridLastBaseline checks align-self: last baseline: items of a row
// share their last baseline, the row grows by the space below the
// item that ends higher, a lone item sits at the row's end, and an
// absolutely positioned item falls back to end. (The test shaper's
// lines are 10pt with the baseline 8 below their top.)
func TestGridLastBaseline(t *testing.T) {
	const grid = `<div style="display:grid;position:relative;grid-template-columns:50pt 50pt;grid-template-rows:auto 40pt;align-items:last baseline">`
	tests := []struct{ name, src, want string }{
		{"two items share their last baseline",
			grid + `<div id=a>a<br>a</div><div id=b style="padding-bottom:6pt">b</div></div><p id=p>p</p>`,
			"a:0,0 50x20 b:50,10 50x16 p:0,66 200x10"},
		{"the row grows by the space below",
			grid + `<div id=a style="padding-bottom:10pt">a</div><div id=b>b<br>b</div></div><p id=p>p</p>`,
			"a:0,10 50x20 b:50,0 50x20 p:0,70 200x10"},
		{"a lone item sits at the end of its row",
			grid + `<div id=a style="grid-row:2">a</div></div>`,
			"a:0,30 50x10"},
		{"an item spanning rows shares the last baseline of its last row",
			grid + `<div id=a style="grid-row:1/span 2">a<br>a</div><div id=b style="grid-row:2;padding-bottom:6pt">b</div></div>`,
			"a:0,14 50x20 b:50,24 50x16"},
		{"an item spanning rows shares the first baseline of its first row",
			`<div style="display:grid;grid-template-columns:50pt 50pt;align-items:baseline"><div id=a style="grid-row:1/span 2;padding-top:6pt">a</div><div id=b>b</div></div>`,
			"a:0,0 50x16 b:50,6 50x10"},
		{"an absolutely positioned item falls back to end",
			grid + `<div id=a style="position:absolute;grid-area:2/1;height:10pt;width:10pt"></div></div>`,
			"a:0,30 10x10"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkRects(t, tt.src, tt.want) })
	}
}
