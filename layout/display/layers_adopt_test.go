package display

import "testing"

// TestAbsInAncestorContext checks that an absolutely positioned box whose
// containing block lies outside an ancestor forming a stacking context
// (opacity, z-index) is painted inside that ancestor's group, in tree
// order among its positioned descendants, not after it in the enclosing
// context.
func TestAbsInAncestorContext(t *testing.T) {
	const abs = `<div style="position:absolute;width:5pt;height:5pt;background:red"></div>`
	tests := []struct{ name, html, want string }{
		{"opacity", `<div style="background:blue;height:5pt"><div style="opacity:.5">` + abs + `</div></div>`,
			"fill(0,0,255@1) begin(op=0.5) fill(255,0,0@1) end"},
		{"nested opacity", `<div style="opacity:.5"><div style="opacity:.5">` + abs + `</div></div>`,
			"begin(op=0.5) begin(op=0.5) fill(255,0,0@1) end end"},
		{"after the context's own positioned box", `<div style="opacity:.5"><div style="position:relative;background:blue;height:5pt"></div>` + abs + `</div>`,
			"begin(op=0.5) fill(0,0,255@1) fill(255,0,0@1) end"},
		{"containing block inside", `<div style="opacity:.5;position:relative">` + abs + `</div>`,
			"begin(op=0.5) fill(255,0,0@1) end"},
		{"sibling stays outside", `<div style="opacity:.5;height:5pt"></div>` + abs,
			"begin(op=0.5) end fill(255,0,0@1)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := groupDump(styledList(t, tt.html)); got != tt.want {
				t.Errorf("items %q, want %q", got, tt.want)
			}
		})
	}
}
