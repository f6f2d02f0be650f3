package layout_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/seed28491532/folio/layout"
)

// fragmentRects lists the fragments of the element with id id as
// "x,y wxh" in page then tree order.
func fragmentRects(d *layout.Document, id string) string {
	var out []string
	var walk func(f *layout.Fragment)
	walk = func(f *layout.Fragment) {
		if f.Box != nil {
			if v, _ := f.Box.Attr("id"); v == id {
				out = append(out, fmt.Sprintf("%g,%g %gx%g", f.X, f.Y, f.W, f.H))
			}
		}
		for _, c := range f.Children {
			walk(c)
		}
	}
	for _, p := range d.Pages {
		if p.Root != nil {
			walk(p.Root)
		}
	}
	return strings.Join(out, " | ")
}

// TestBreakBeforeEndEdges checks a box whose content fits a column but
// whose last child's bottom margin does not breaks there: the margin is
// truncated, the bottom padding moves to the next column, and a forced
// break right after the empty rest of the box has no effect.
func TestBreakBeforeEndEdges(t *testing.T) {
	const mc = `<div style="columns:2;column-fill:auto;column-gap:0;width:100pt;height:100pt">`
	for _, tt := range []struct {
		name, src, id, want string
	}{
		{"padding after a truncated margin moves to the next column",
			mc + `<div id=x style="padding-bottom:50pt"><div style="height:90pt;margin-bottom:20pt"></div></div></div>`,
			"x", "0,0 50x100 | 50,0 50x50"},
		{"no break point between the last child and the padding",
			mc + `<div id=x style="padding-bottom:50pt"><div style="height:100pt"></div></div></div>`,
			"x", "0,0 50x150"},
		{"padding that fits stays",
			mc + `<div id=x style="padding-bottom:30pt"><div style="height:70pt"></div></div></div>`,
			"x", "0,0 50x100"},
		{"trailing margin truncated",
			mc + `<div id=x style="display:flow-root"><div style="height:70pt;margin-bottom:50pt"></div></div></div>`,
			"x", "0,0 50x100 | 50,0 50x0"},
		{"a fieldset keeps its last child's margin",
			mc + `<fieldset id=x style="margin:0;border:none;padding:0"><div style="height:70pt;margin-bottom:50pt"></div></fieldset></div>`,
			"x", "0,0 50x100 | 50,0 50x0"},
		{"forced break after the empty rest",
			mc + `<div style="display:flow-root"><div style="height:70pt;margin-bottom:50pt"></div></div><div id=x style="break-before:column;height:100pt"></div></div>`,
			"x", "50,0 50x100"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, 600, 400, tt.src)
			if got := fragmentRects(d, tt.id); got != tt.want {
				t.Errorf("fragments %s, want %s\n%s", got, tt.want, layout.Dump(d))
			}
		})
	}
}

// TestFragmentsEndWithTheBoxHeight checks a box whose height (or
// max-height) ends while its content still overflows into later columns
// gets fragments no taller than the rest of its height there.
func TestFragmentsEndWithTheBoxHeight(t *testing.T) {
	const mc = `<div style="columns:4;column-fill:auto;column-gap:0;width:200pt;height:100pt">`
	for _, tt := range []struct {
		name, src, want string
	}{
		{"height", mc + `<div id=x style="height:150pt"><div style="height:300pt"></div></div></div>`,
			"0,0 50x100 | 50,0 50x50 | 100,0 50x0"},
		{"max-height", mc + `<div id=x style="max-height:150pt"><div style="height:300pt"></div></div></div>`,
			"0,0 50x100 | 50,0 50x50 | 100,0 50x0"},
		{"min-height over height", mc + `<div id=x style="height:50pt;min-height:150pt"><div style="height:300pt"></div></div></div>`,
			"0,0 50x100 | 50,0 50x50 | 100,0 50x0"},
		{"float at the column top", mc + `<div style="display:flow-root"><div id=x style="float:left;width:20pt;height:150pt"></div></div></div>`,
			"0,0 20x100 | 50,0 20x50"},
		{"auto height", mc + `<div id=x><div style="height:300pt"></div></div></div>`,
			"0,0 50x100 | 50,0 50x100 | 100,0 50x100"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, 600, 400, tt.src)
			if got := fragmentRects(d, "x"); got != tt.want {
				t.Errorf("fragments %s, want %s\n%s", got, tt.want, layout.Dump(d))
			}
		})
	}
}

// TestAvoidedBreaksBetweenSiblings checks break-before/after: avoid
// between blocks: the break moves back to the latest sibling boundary
// that is not avoided, and stays as late as possible when all are.
func TestAvoidedBreaksBetweenSiblings(t *testing.T) {
	const mc = `<div style="columns:2;column-fill:auto;column-gap:0;width:100pt;height:120pt">`
	sq := func(id, style string) string {
		return `<div id=` + id + ` style="overflow:hidden;height:50pt;` + style + `"></div>` // monolithic
	}
	for _, tt := range []struct {
		name, src, id, want string
	}{
		{"all avoided: break as late as possible",
			mc + sq("a", "break-after:avoid") + sq("b", "break-after:avoid") + sq("c", "break-after:avoid") + sq("d", "") + `</div>`,
			"c", "50,0 50x50"},
		{"back to the last allowed break",
			mc + sq("a", "") + sq("b", "break-after:avoid") + sq("c", "") + `</div>`,
			"b", "50,0 50x50"},
		{"all three avoided: only the last moves",
			mc + `<div style="height:10pt"></div>` + sq("a", "break-before:avoid;height:30pt") + sq("b", "break-before:avoid;height:30pt") + sq("c", "break-before:avoid;height:60pt") + `</div>`,
			"c", "50,0 50x60"},
		{"back over two avoided breaks to an allowed one",
			mc + sq("x", "height:20pt") + sq("a", "height:30pt") + sq("b", "break-before:avoid;height:30pt") + sq("c", "break-before:avoid") + `</div>`,
			"a", "50,0 50x30"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, 600, 400, tt.src)
			if got := fragmentRects(d, tt.id); got != tt.want {
				t.Errorf("fragments %s, want %s\n%s", got, tt.want, layout.Dump(d))
			}
		})
	}
}

// TestWidowsGivenUpBeforeOrphans checks lines that cannot honour both
// orphans and widows at the top of a column keep orphans: 9 lines, 4 a
// column, orphans and widows 3 give columns of 4, 3 and 2 lines.
func TestWidowsGivenUpBeforeOrphans(t *testing.T) {
	d := flowLayout(t, 600, 400, `<div style="columns:3;column-fill:auto;column-gap:0;width:300pt;height:40pt;orphans:3;widows:3">a1<br>a2<br>a3<br>a4<br>a5<br>a6<br>a7<br>a8<br>a9</div>`)
	for _, w := range []struct {
		text string
		x, y float64
	}{{"a4", 0, 30}, {"a5", 100, 0}, {"a7", 100, 20}, {"a8", 200, 0}, {"a9", 200, 10}} {
		if _, x, y, ok := textAt(d, w.text); !ok || x != w.x || y != w.y {
			t.Errorf("%s at %g,%g (found %v), want %g,%g\n%s", w.text, x, y, ok, w.x, w.y, layout.Dump(d))
		}
	}
}

// TestRulesBetweenColumnsOfOverflow checks columns holding only content
// that overflows a box ended in an earlier column get rules between them.
func TestRulesBetweenColumnsOfOverflow(t *testing.T) {
	d := flowLayout(t, 600, 400, `<div id=mc style="columns:4;column-fill:auto;column-gap:5pt;column-rule:5pt solid;width:100pt;height:100pt"><div style="height:50pt"><div style="height:400pt"></div></div></div>`)
	rules := -1
	var walk func(f *layout.Fragment)
	walk = func(f *layout.Fragment) {
		if v, _ := f.Box.Attr("id"); v == "mc" {
			rules = len(f.ColumnRules)
		}
		for _, c := range f.Children {
			walk(c)
		}
	}
	walk(d.Pages[0].Root)
	if rules != 3 {
		t.Errorf("%d column rules, want 3\n%s", rules, layout.Dump(d))
	}
}
