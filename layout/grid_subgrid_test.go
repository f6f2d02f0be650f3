package layout_test

import (
	"strings"
	"testing"
)

// TestSubgridSizing checks a subgrid's items size the parent's tracks
// they sit in (CSS Grid 2 §9): with the subgrid's margin, border and
// padding at its edges and the difference of its gap inside, in columns,
// rows and through a nested subgrid. Characters are 5pt wide, lines 10pt.
func TestSubgridSizing(t *testing.T) {
	const sub = `display:grid;grid-template-columns:subgrid`
	tests := []struct{ name, src, want string }{
		{"an item widens the parent's auto column",
			`<div style="display:grid;grid-template-columns:auto auto;justify-content:start"><div style="grid-column:1/3;` + sub + `"><i id=x style="display:block">xxxxxx</i><i id=y style="display:block">y</i></div><i id=z style="display:block">z</i><i id=w style="display:block">w</i></div>`,
			"x:0,0 30x10 y:30,0 5x10 z:0,10 30x10 w:30,10 5x10"},
		{"padding and border widen the edge tracks",
			`<div style="display:grid;grid-template-columns:auto auto;justify-content:start"><div style="grid-column:1/3;padding-left:6pt;border-right:4pt solid;` + sub + `"><i id=x style="display:block">xxxxxx</i><i id=y style="display:block">y</i></div><i id=z style="display:block">z</i><i id=w style="display:block">w</i></div>`,
			"x:6,0 30x10 y:36,0 5x10 z:0,10 36x10 w:36,10 9x10"},
		{"a larger gap of the subgrid widens the inner sides",
			`<div style="display:grid;grid-template-columns:auto auto;justify-content:start"><div style="grid-column:1/3;column-gap:10pt;` + sub + `"><i id=x style="display:block">xxxxxx</i><i id=y style="display:block">y</i></div><i id=z style="display:block">z</i><i id=w style="display:block">w</i></div>`,
			"x:0,0 30x10 y:40,0 5x10 z:0,10 35x10 w:35,10 10x10"},
		{"a nested subgrid's item reaches the outer grid",
			`<div style="display:grid;grid-template-columns:auto auto auto;justify-content:start"><div style="grid-column:1/4;` + sub + `"><div style="grid-column:2/4;` + sub + `"><i id=x style="display:block">xxxx</i></div></div><i id=z style="display:block">z</i><i id=w style="display:block">w</i></div>`,
			"x:5,0 20x10 z:0,10 5x10 w:5,10 20x10"},
		{"an item heightens the parent's auto row",
			`<div style="display:grid;grid-template-columns:50pt 50pt;align-content:start"><div style="grid-row:1/3;display:grid;grid-template-rows:subgrid"><i id=a style="display:block">a<br>a<br>a</i><i id=b style="display:block">b</i></div><i id=p style="display:block">p</i><i id=q style="display:block">q</i></div>`,
			"a:0,0 50x30 b:0,30 50x10 p:50,0 50x30 q:50,30 50x10"},
		{"an edge track without items takes the subgrid's border",
			`<div style="display:grid;grid-template-columns:50pt 50pt;align-content:start"><div style="grid-row:1/3;display:grid;grid-template-rows:subgrid;border-bottom:7pt solid"><i id=a style="display:block">a</i></div><i id=p style="display:block">p</i></div><p id=z>z</p>`,
			"a:0,0 50x10 p:50,0 50x10 z:0,17 200x10"},
		{"an item under a row subgrid is laid out at its column's width",
			`<div style="display:grid;grid-template-columns:50pt 50pt 50pt;align-content:start"><div style="grid-row:1/3;grid-column:1/3;grid-template-columns:20pt 1fr;display:grid;grid-template-rows:subgrid"><i id=a style="display:block">aa aa</i></div><i id=p style="display:block;grid-area:2/3">p</i></div>`,
			"a:0,0 20x20 p:100,20 50x10"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkRects(t, tt.src, tt.want) })
	}
}

// TestGridItemPercentHeight checks a grid item's percentage height
// resolves against its area's height once the rows are sized.
func TestGridItemPercentHeight(t *testing.T) {
	d := flowLayout(t, 200, 100, `<div style="display:grid;grid-template-columns:50pt 50pt;grid-template-rows:40pt"><div id=a style="height:50%;align-self:start">a</div><div id=b style="height:10pt;max-height:20%;align-self:end">b</div></div>`)
	if got, want := rects(d, 0, "a", "b"), "a:0,0 50x20 b:50,32 50x8"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestGridPercentGaps checks percentage gaps resolve against the content
// box in their own axis, and count as zero while it is indefinite.
func TestGridPercentGaps(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"a shrink-to-fit grid measures its columns without the gap",
			`<div style="float:left;display:grid;grid-template-columns:auto auto;column-gap:10%"><i id=a style="display:block">aa</i><i id=b style="display:block">b</i></div>`,
			"a:0,0 10x10 b:11.5,0 5x10"},
		{"a row gap is a percentage of the height",
			`<div style="display:grid;height:50pt;row-gap:20%;grid-template-rows:10pt 10pt"><i id=a style="display:block">a</i><i id=b style="display:block">b</i></div>`,
			"a:0,0 200x10 b:0,20 200x10"},
		{"an auto height counts a percentage row gap as zero",
			`<div style="display:grid;row-gap:20%"><i id=a style="display:block">a</i><i id=b style="display:block">b</i></div>`,
			"a:0,0 200x10 b:0,10 200x10"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkRects(t, tt.src, tt.want) })
	}
}

// checkRects lays src out on a 200×100pt page and compares the rects of
// the ids named in want ("id:x,y wxh ...") with it.
func checkRects(t *testing.T, src, want string) {
	t.Helper()
	d := flowLayout(t, 200, 100, src)
	var ids []string
	for _, w := range strings.Fields(want) {
		if i := strings.IndexByte(w, ':'); i > 0 {
			ids = append(ids, w[:i])
		}
	}
	if got := rects(d, 0, ids...); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestSubgridDeepNesting checks subgrids nested deeper than the sizing
// drills (maxSubgridNesting, 32) lay out, in either axis or both, with
// the innermost item on the outer grid's lines (each level laid out a
// bounded number of times: 40 levels took minutes when it doubled).
func TestSubgridDeepNesting(t *testing.T) {
	const depth = 40
	tests := []struct{ name, grid, want string }{
		{"both axes", "subgrid/subgrid", "x:20,0 180x10"},
		{"columns", "auto/subgrid", "x:20,0 180x10"},
		{"rows", "subgrid/20pt 1fr", "x:20,0 180x10"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := `<div style="display:grid;grid-template-columns:20pt auto;grid-template-rows:auto">` +
				strings.Repeat(`<div style="grid-column:1/3;display:grid;grid:`+tt.grid+`">`, depth) +
				`<i id=x style="display:block;grid-column:2">xxx</i>` + strings.Repeat(`</div>`, depth) + `</div>`
			checkRects(t, src, tt.want)
		})
	}
}

// TestSubgridRepeatNames checks repeat() in a subgrid's line-name list
// names the subgrid's lines: an integer repeat expanded, an auto-fill
// one fitted to the lines the subgrid spans.
func TestSubgridRepeatNames(t *testing.T) {
	const outer = `<div style="display:grid;grid-template-columns:repeat(5,20pt)"><div style="grid-column:1/6;display:grid;grid-template-columns:subgrid `
	tests := []struct{ name, names, want string }{
		{"integer repeat", `[a] repeat(2, [b] [c])`, "x:80,0 20x10 y:60,0 20x10"},
		{"auto-fill fills the span", `[a] repeat(auto-fill, [b] [c])`, "x:80,0 20x10 y:60,0 20x10"},
		{"auto-fill repeats as often as fits", `[b] [c] repeat(auto-fill, [b] [x]) [c]`, "x:80,0 20x10 y:40,0 40x10"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := outer + tt.names + `"><i id=y style="display:block;grid-column:b 2/c 2">y</i><i id=x style="display:block;grid-column:c 2">x</i></div></div>`
			checkRects(t, src, tt.want)
		})
	}
}

// TestSubgridClampBeforePlacement checks items whose lines fall outside
// a subgrid are clamped into it before auto-placement, so that two items
// clamped onto one column take different rows instead of overlapping.
func TestSubgridClampBeforePlacement(t *testing.T) {
	tests := []struct{ name, a, b, want string }{
		{"past the end", "y 2", "y 3", "a:60,0 20x10 b:60,10 20x10"},
		{"before the start", "y -3", "1", "a:0,0 20x10 b:0,10 20x10"},
		{"inside", "y 1", "y 2", "a:60,0 20x10 b:60,10 20x10"},
		{"distinct columns", "x 1", "x 2", "a:0,0 20x10 b:20,0 20x10"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := `<div style="display:grid;grid-template-columns:repeat(4,20pt)"><div style="grid-column:1/5;display:grid;grid-auto-rows:10pt;grid-template-columns:subgrid [x] [x] [x] [y] [y]"><i id=a style="display:block;grid-column:` + tt.a + `"></i><i id=b style="display:block;grid-column:` + tt.b + `"></i></div></div>`
			checkRects(t, src, tt.want)
		})
	}
}
