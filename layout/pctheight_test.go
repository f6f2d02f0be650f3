package layout_test

import "testing"

// TestPercentageHeights checks percentages of heights (CSS 2.1 §10.5):
// of a containing block with a definite height, of the page area for
// the root, as auto when the containing block's height depends on its
// content; of a table; and inside table cells, against the cell's
// height once its row is sized when a height restricts the cell (a
// scroll container counting as zero while the row is sized), as auto
// when nothing does.
func TestPercentageHeights(t *testing.T) {
	const cell = `style="padding:0"`
	tests := []struct {
		name, body string
		id         string
		h          float64
	}{
		{"of a definite height", `<div style="height:100pt"><div id=a style="height:50%"></div></div>`, "a", 50},
		{"min-height", `<div style="height:100pt"><div id=a style="min-height:30%"></div></div>`, "a", 30},
		{"max-height", `<div style="height:100pt"><div id=a style="height:90pt;max-height:40%"></div></div>`, "a", 40},
		{"chained", `<div style="height:100pt"><div style="height:50%"><div id=a style="height:50%"></div></div></div>`, "a", 25},
		{"through an anonymous block", `<div style="height:100pt">x<div id=a style="height:50%"></div></div>`, "a", 50},
		{"auto containing block", `<div><div id=a style="height:50%"><div style="height:20pt"></div></div></div>`, "a", 20},
		{"calc", `<div style="height:100pt"><div id=a style="height:calc(50% + 5pt)"></div></div>`, "a", 55},
		{"root and body", `<style>html, body { height: 100% }</style><div id=a style="height:50%"></div>`, "a", 150},
		{"table", `<div style="height:100pt"><table id=a style="height:100%;border-spacing:0"><tr><td ` + cell + `>x</td></tr></table></div>`, "a", 100},
		{"table without a definite base", `<div><table id=a style="height:100%;border-spacing:0"><tr><td ` + cell + `>x</td></tr></table></div>`, "a", 10},
		{"cell child", `<table style="border-spacing:0"><tr><td style="padding:0;height:80pt"><div id=a style="height:50%"></div></td></tr></table>`, "a", 40},
		{"cell grandchild", `<table style="border-spacing:0"><tr><td style="padding:0;height:80pt"><div style="height:100%"><div id=a style="height:50%"></div></div></td></tr></table>`, "a", 40},
		{"cell sized by a sibling", `<table style="border-spacing:0;height:1pt"><tr><td ` + cell + `><div id=a style="height:100%"></div></td><td ` + cell + `><div style="height:60pt"></div></td></tr></table>`, "a", 60},
		{"unrestricted cell: auto", `<table style="border-spacing:0"><tr><td ` + cell + `><div id=a style="height:100%"></div></td><td ` + cell + `><div style="height:60pt"></div></td></tr></table>`, "a", 0},
		{"scroll container counts as zero", `<table style="border-spacing:0;height:1pt"><tr id=a><td ` + cell + `><div style="height:100%;min-height:30pt;overflow:hidden"><div style="height:200pt"></div></div></td></tr></table>`, "a", 30},
		{"scroll container, table height unresolved", `<table style="border-spacing:0;height:50%"><tr><td ` + cell + `><div id=a style="height:100%;min-height:30pt;overflow:hidden"><div style="height:200pt"></div></div></td></tr></table>`, "a", 30},
		{"scroll container in an unrestricted cell", `<table style="border-spacing:0"><tr id=a><td ` + cell + `><div style="height:100%;overflow:hidden"><div style="height:200pt"></div></div></td></tr></table>`, "a", 200},
		{"replaced cell child", `<table style="border-spacing:0"><tr><td style="padding:0;height:80pt"><img id=a style="display:block;height:50%"></td></tr></table>`, "a", 40},
		{"replaced cell child, table height", `<table style="border-spacing:0;height:100pt"><tr><td ` + cell + `><img id=a style="display:block;height:100%;width:10pt"></td></tr></table>`, "a", 100},
		{"other boxes, table height unresolved", `<table style="border-spacing:0;height:50%"><tr><td ` + cell + `><div id=a style="height:50%"><div style="height:20pt"></div></div></td></tr></table>`, "a", 20},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, 300, 300, tt.body)
			f := fragmentOf(d, 0, tt.id)
			if f == nil {
				t.Fatalf("no fragment #%s", tt.id)
			}
			if f.H != tt.h {
				t.Errorf("#%s height %g, want %g", tt.id, f.H, tt.h)
			}
		})
	}
}
