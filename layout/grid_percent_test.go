package layout_test

import "testing"

// TestGridPercentRowsAutoHeight checks percentage rows of a grid whose
// height is auto: sized as auto to find the height, then resolved
// against it, the auto rows stretched into what is left (css-grid-1
// §7.2.1).
func TestGridPercentRowsAutoHeight(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"a 20% row of the content height",
			`<div style="display:grid;grid-template-rows:auto 20% auto"><i id=a style="display:block">a</i><i id=b style="display:block">b<br>b<br>b</i><i id=c style="display:block">c</i></div><p id=p>p</p>`,
			"a:0,0 200x20 b:0,20 200x10 c:0,30 200x20 p:0,50 200x10"},
		{"a definite height is used as it is",
			`<div style="display:grid;height:40pt;grid-template-rows:auto 50%"><i id=a style="display:block">a</i><i id=b style="display:block">b</i></div>`,
			"a:0,0 200x20 b:0,20 200x20"},
		{"no percentage: one pass",
			`<div style="display:grid;grid-template-rows:auto 10pt"><i id=a style="display:block">a</i><i id=b style="display:block">b</i></div>`,
			"a:0,0 200x10 b:0,10 200x10"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkRects(t, tt.src, tt.want) })
	}
}
