package layout

import (
	"fmt"
	"math"
	"testing"
)

// TestAbsInSelfLaidOutBox checks that an absolutely positioned box whose
// containing block is laid out on its own (a flex or grid item, a
// transformed one: no enclosing context collects positioned boxes) is
// placed once that block's padding box is known: its height percentages
// and bottom offsets refer to the block's height, not to 0.
func TestAbsInSelfLaidOutBox(t *testing.T) {
	const head = `<style>@page{size:400pt 400pt;margin:0}body{margin:0}
#a{position:absolute;width:40pt;background:green}</style>`
	for _, tt := range []struct {
		name, html string
		y, h       float64 // #a's border box
	}{
		{"flex item, height 100%", `<div style="display:flex"><div style="position:relative;height:50pt;width:50pt"><div id=a style="height:100%"></div></div></div>`, 0, 50},
		{"flex item, top and bottom", `<div style="display:flex"><div style="position:relative;height:50pt;width:50pt;padding:5pt"><div id=a style="top:0;bottom:10pt"></div></div></div>`, 0, 50},
		{"grid item, bottom", `<div style="display:grid"><div style="position:relative;height:60pt"><div id=a style="bottom:0;height:20pt"></div></div></div>`, 40, 20},
		{"transformed flex item, bottom 50%", `<div style="display:flex"><div style="transform:scale(1);height:80pt;width:50pt"><div id=a style="bottom:50%;height:10pt"></div></div></div>`, 30, 10},
	} {
		t.Run(tt.name, func(t *testing.T) {
			d := mustPaged(t, head+tt.html)
			f := fragByID(d.Pages[0], "a")
			if f == nil {
				t.Fatal("no fragment of #a")
			}
			if math.Abs(f.Y-tt.y) > 0.01 || math.Abs(f.H-tt.h) > 0.01 {
				t.Errorf("#a at y %.2f, %.2f high; want %.2f, %.2f", f.Y, f.H, tt.y, tt.h)
			}
		})
	}
}

// TestSubgridAreaNamesClamped checks that the line names a subgrid's own
// grid-template-areas give to lines past its tracks are clamped to its
// last line (css-grid-2 §9): an absolutely positioned box starting at
// such a name starts at the subgrid's last line, not at its padding edge.
func TestSubgridAreaNamesClamped(t *testing.T) {
	d := mustPaged(t, `<style>@page{size:400pt 400pt;margin:0}body{margin:0}
#g{display:grid;grid-template-columns:repeat(6,30pt)}
#s{position:relative;display:grid;grid-column:2/span 2;grid-template-columns:subgrid;padding:0 10pt 0 0;grid-template-areas:". a a a a"}
#x{position:absolute;left:0;right:0;height:5pt;grid-column-start:a-end}</style>
<div id=g><div id=s><div id=x></div></div></div>`)
	s, x := fragByID(d.Pages[0], "s"), fragByID(d.Pages[0], "x")
	if s == nil || x == nil {
		t.Fatal("no fragment of #s or #x")
	}
	// the last line is the content box's right edge; the box spans to
	// the padding edge past it
	if want := s.X + s.W - 10; math.Abs(x.X-want) > 0.01 || math.Abs(x.W-10) > 0.01 {
		t.Errorf("#x at x %.2f, %.2f wide; want %.2f, 10", x.X, x.W, want)
	}
}

// TestReverseSubgrid checks that the tracks and parent line names a
// subgrid of the opposite direction receives are turned into its own
// order: its first line is the parent's last.
func TestReverseSubgrid(t *testing.T) {
	sizes := []float64{10, 20, 30}
	names := map[string][]int{"a": {0, 1}, "b": {3}}
	reverseSubgrid(sizes, names)
	if got := fmt.Sprint(sizes, names["a"], names["b"]); got != "[30 20 10] [2 3] [0]" {
		t.Errorf("reversed: %s, want [30 20 10] [2 3] [0]", got)
	}
}

// TestSubgridAbsLinesClamped checks that a line an absolutely positioned
// box names in a subgrid that does not exist there (a subgrid has no
// implicit lines) clamps to the subgrid's last line, not its padding
// edge; and that in an rtl subgrid of an ltr grid the parent's line
// names count from the subgrid's own start (its right); an auto end is
// the padding edge.
func TestSubgridAbsLinesClamped(t *testing.T) {
	for _, tt := range []struct {
		name, dir, col string
		x, w           float64 // #x's, from #s's left border edge
	}{
		{"missing second name", "ltr", "grid-column:a / a 2", 30, 60},
		{"rtl: parent names counted from the right", "rtl", "grid-column-start:a", 0, 30},
	} {
		t.Run(tt.name, func(t *testing.T) {
			d := mustPaged(t, `<style>@page{size:400pt 400pt;margin:0}body{margin:0}
#g{display:grid;grid-template-columns:30pt [a] 30pt 30pt 30pt}
#s{position:relative;display:grid;grid-column:1/span 3;grid-template-columns:subgrid;padding:0 0 0 10pt;direction:`+tt.dir+`}
#x{position:absolute;left:0;right:0;height:5pt;`+tt.col+`}</style>
<div id=g><div id=s><div id=x></div></div></div>`)
			s, x := fragByID(d.Pages[0], "s"), fragByID(d.Pages[0], "x")
			if s == nil || x == nil {
				t.Fatal("no fragment of #s or #x")
			}
			if math.Abs(x.X-s.X-tt.x) > 0.01 || math.Abs(x.W-tt.w) > 0.01 {
				t.Errorf("#x at x %.2f (+%.2f), %.2f wide; want +%.2f, %.2f", x.X, x.X-s.X, x.W, tt.x, tt.w)
			}
		})
	}
}
