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
