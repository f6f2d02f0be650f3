package layout_test

import "testing"

// TestTableHeightDistribution checks that a table with a specified
// height gives the extra height to its body rows in proportion to their
// heights, that its cells align in the taller rows, and that header
// rows get it when there is no body.
func TestTableHeightDistribution(t *testing.T) {
	const cell = `style="padding:0"`
	tests := []struct {
		name, body string
		id         string
		y, h       float64
	}{
		{"table height", `<table id=t style="height:200pt;border-spacing:0"><tr><td ` + cell + `><div style="height:20pt"></div></td></tr>` +
			`<tr><td ` + cell + `><div style="height:60pt"></div></td></tr></table>`, "t", 0, 200},
		{"bottom-aligned cell", `<table style="height:200pt;border-spacing:0"><tr><td style="padding:0;vertical-align:bottom"><div id=a style="height:20pt"></div></td></tr>` +
			`<tr><td ` + cell + `><div style="height:60pt"></div></td></tr></table>`, "a", 30, 20},
		{"second row", `<table style="height:200pt;border-spacing:0"><tr><td ` + cell + `><div style="height:20pt"></div></td></tr>` +
			`<tr id=r><td ` + cell + `><div style="height:60pt"></div></td></tr></table>`, "r", 50, 150},
		{"middle, with spacing and border", `<table style="height:100pt;border-spacing:0 10pt;border:5pt solid"><tr><td style="padding:0;vertical-align:middle"><div id=a style="height:10pt"></div></td></tr></table>`, "a", 45, 10}, // row 15–85
		{"header rows only", `<table style="height:100pt;border-spacing:0"><thead><tr id=r><td ` + cell + `><div style="height:10pt"></div></td></tr></thead></table>`, "r", 0, 100},
		{"header keeps its height", `<table style="height:100pt;border-spacing:0"><thead><tr id=r><td ` + cell + `><div style="height:10pt"></div></td></tr></thead>` +
			`<tbody><tr><td ` + cell + `><div style="height:10pt"></div></td></tr></tbody></table>`, "r", 0, 10},
		{"min-height", `<table id=t style="min-height:80pt;height:10pt;border-spacing:0"><tr><td ` + cell + `><div style="height:20pt"></div></td></tr></table>`, "t", 0, 80},
		{"no rows", `<table id=t style="height:50pt;border-spacing:0"></table>`, "t", 0, 50},
		{"shorter than the content", `<table id=t style="height:10pt;border-spacing:0"><tr><td ` + cell + `><div style="height:20pt"></div></td></tr></table>`, "t", 0, 20},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, 400, 400, tt.body)
			f := fragmentOf(d, 0, tt.id)
			if f == nil {
				t.Fatalf("no fragment #%s", tt.id)
			}
			if f.Y != tt.y || f.H != tt.h {
				t.Errorf("#%s at y %g height %g, want %g %g", tt.id, f.Y, f.H, tt.y, tt.h)
			}
		})
	}
}

// TestBaselineCellOfOutOfFlowBoxes checks that a baseline-aligned cell
// holding only an absolutely positioned box is not moved down to the
// row's baseline: the box keeps its static position at the cell's top.
func TestBaselineCellOfOutOfFlowBoxes(t *testing.T) {
	tests := []struct {
		name, cell string
		y          float64
	}{
		{"out-of-flow only", `<div id=a style="position:absolute;width:10pt;height:10pt"></div>`, 0},
		{"empty block in flow", `<div id=a style="width:10pt;height:10pt"></div>`, 90},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, 400, 400, `<table style="border-spacing:0;line-height:0;position:relative"><tr>`+
				`<td style="padding:0;vertical-align:baseline"><div style="display:inline-block;width:10pt;height:100pt"></div></td>`+
				`<td style="padding:0;vertical-align:baseline">`+tt.cell+`</td></tr></table>`)
			f := fragmentOf(d, 0, "a")
			if f == nil {
				t.Fatal("no fragment #a")
			}
			if f.Y != tt.y {
				t.Errorf("#a at y %g, want %g", f.Y, tt.y)
			}
		})
	}
}

// TestCollapsedRow checks that a row with visibility: collapse takes no
// room: the next row starts where it would have.
func TestCollapsedRow(t *testing.T) {
	for _, vis := range []string{"collapse", "visible"} {
		d := flowLayout(t, 400, 400, `<table id=t style="border-spacing:0"><tr style="visibility:`+vis+`"><td style="padding:0;height:30pt">a</td></tr>`+
			`<tr id=r><td style="padding:0;height:20pt">b</td></tr></table>`)
		r, tf := fragmentOf(d, 0, "r"), fragmentOf(d, 0, "t")
		want := 30.0
		if vis == "collapse" {
			want = 0
		}
		if r == nil || tf == nil || r.Y != want || tf.H != want+20 {
			t.Errorf("%s: second row at %v, table %v high; want %v and %v", vis, r.Y, tf.H, want, want+20)
		}
	}
}
