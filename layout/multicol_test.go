package layout_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/layout/display"
	"github.com/seed28491532/folio/style"
)

// words returns n short paragraphs "pN aaaa bbbb" (each 12 characters or
// so: one 10pt line in a column 60pt wide or more).
func words(n int) string {
	var sb strings.Builder
	for i := range n {
		sb.WriteString("<p>p" + ftoa(float64(i+1)) + " aa bb</p>")
	}
	return sb.String()
}

// TestMulticolGolden compares the fragments of multi-column layouts
// (flowShaper: 5pt per character, 10pt lines) with golden dumps.
func TestMulticolGolden(t *testing.T) {
	tests := []struct {
		name, src string
		w, h      float64
	}{
		{"count balanced", `<div style="columns:2;column-gap:10pt">` + words(5) + `</div><p>after</p>`, 210, 200},
		{"width gives count", `<div style="column-width:60pt;column-gap:10pt">` + words(6) + `</div>`, 210, 200},
		{"count caps width", `<div style="columns:50pt 2;column-gap:10pt">` + words(4) + `</div>`, 210, 200},
		{"inline content", `<div style="columns:2;column-gap:10pt">aa bb cc dd ee ff gg hh ii jj kk ll</div>`, 110, 200},
		{"rule between filled columns", `<div style="columns:3;column-gap:10pt;column-rule:2pt solid red">` + words(2) + `</div>`, 320, 200},
		{"span all", `<div style="columns:2;column-gap:10pt">` + words(4) + `<h2 style="column-span:all;margin:5pt 0;font-size:10pt">head</h2>` + words(2) + `</div>`, 210, 200},
		{"fill auto with height", `<div style="columns:2;column-gap:10pt;column-fill:auto;height:40pt">` + words(5) + `</div><p>after</p>`, 210, 200},
		{"break before column", `<div style="columns:3;column-gap:10pt">` + words(1) + `<p style="break-before:column">forced</p>` + words(1) + `</div>`, 320, 200},
		{"avoid column", `<div style="columns:2;column-gap:10pt">` + words(3) + `<div style="break-inside:avoid-column">` + words(2) + `</div>` + words(1) + `</div>`, 210, 200},
		{"continues across pages", `<div style="columns:2;column-gap:10pt">` + words(14) + `</div><p>after</p>`, 210, 50},
		{"nested", `<div style="columns:2;column-gap:10pt"><div style="columns:2;column-gap:4pt">` + words(4) + `</div>` + words(2) + `</div>`, 330, 200},
		{"inner spanners continue in outer columns", `<div style="columns:2;column-gap:0;column-fill:auto;height:100pt;width:100pt"><div style="columns:2;column-gap:0"><div style="height:40pt"></div><div style="column-span:all;height:60pt"></div><div style="column-span:all;height:60pt"></div><div style="column-span:all;height:60pt"></div></div></div>`, 210, 200},
		{"float and table in columns", `<div style="columns:2;column-gap:10pt"><div style="float:left;width:20pt;height:15pt"></div>` + words(3) + `<table style="border-spacing:0"><tr><td>c1</td><td>c2</td></tr><tr><td>c3</td><td>c4</td></tr></table></div>`, 210, 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, tt.w, tt.h, tt.src)
			goldenFile(t, filepath.Join("testdata", "multicol-"+strings.ReplaceAll(tt.name, " ", "-")+".golden"), layout.Dump(d))
		})
	}
}

// textAt returns the x and y of the first line holding text s.
func textAt(d *layout.Document, s string) (page int, x, y float64, ok bool) {
	var walk func(f *layout.Fragment) bool
	walk = func(f *layout.Fragment) bool {
		for _, ln := range f.Lines {
			for _, tx := range ln.Texts {
				if strings.Contains(tx.Text, s) {
					x, y = tx.X, ln.Y
					return true
				}
			}
		}
		for _, c := range f.Children {
			if walk(c) {
				return true
			}
		}
		return false
	}
	for i, p := range d.Pages {
		if p.Root != nil && walk(p.Root) {
			return i, x, y, true
		}
	}
	return 0, 0, 0, false
}

// TestMulticolPlacement checks where text lands: the column (x), its
// line (y) and page.
func TestMulticolPlacement(t *testing.T) {
	type at struct {
		text string
		page int
		x, y float64
	}
	tests := []struct {
		name, src string
		w, h      float64
		want      []at
	}{
		{"balanced two columns", `<div style="columns:2;column-gap:10pt">` + words(4) + `</div>`, 210, 200,
			[]at{{"p1 ", 0, 0, 0}, {"p2 ", 0, 0, 10}, {"p3 ", 0, 110, 0}, {"p4 ", 0, 110, 10}}},
		{"odd count: taller first column", `<div style="columns:2;column-gap:10pt">` + words(3) + `</div><p>after</p>`, 210, 200,
			[]at{{"p2 ", 0, 0, 10}, {"p3 ", 0, 110, 0}, {"after", 0, 0, 20}}},
		{"fill auto fills the first column", `<div style="columns:2;column-gap:10pt;column-fill:auto;height:30pt">` + words(4) + `</div>`, 210, 200,
			[]at{{"p3 ", 0, 0, 20}, {"p4 ", 0, 110, 0}}},
		{"columns continue on the next page", `<div style="columns:2;column-gap:10pt">` + words(12) + `</div>`, 210, 50,
			[]at{{"p5 ", 0, 0, 40}, {"p6 ", 0, 110, 0}, {"p10 ", 0, 110, 40}, {"p11 ", 1, 0, 0}, {"p12 ", 1, 110, 0}}},
		{"spanner between column sets", `<div style="columns:2;column-gap:10pt">` + words(2) + `<p style="column-span:all">span</p><p>p3 aa bb</p><p>p4 aa bb</p></div>`, 210, 200,
			[]at{{"p1 ", 0, 0, 0}, {"p2 ", 0, 110, 0}, {"span", 0, 0, 10}, {"p3 ", 0, 0, 20}, {"p4 ", 0, 110, 20}}},
		{"nested spanner splits its ancestors", `<div style="columns:2;column-gap:10pt"><div>` + words(2) + `<p style="column-span:all">span</p><p>p3 aa bb</p><p>p4 aa bb</p></div></div>`, 210, 200,
			[]at{{"p1 ", 0, 0, 0}, {"p2 ", 0, 110, 0}, {"span", 0, 0, 10}, {"p3 ", 0, 0, 20}, {"p4 ", 0, 110, 20}}},
		{"spanner in a new formatting context does not span", `<div style="columns:2;column-gap:10pt"><div style="display:flow-root">` + words(1) + `<p style="column-span:all">span</p></div></div>`, 210, 200,
			[]at{{"p1 ", 0, 0, 0}, {"span", 0, 110, 0}}},
		{"monolithic spanner pushed to the next page", `<div style="columns:2;column-gap:10pt">` + words(6) + `<p style="column-span:all;height:30pt;overflow:hidden">span</p><p>p7 aa bb</p></div>`, 210, 50,
			[]at{{"p4 ", 0, 110, 0}, {"span", 1, 0, 0}, {"p7 ", 1, 0, 30}}},
		{"break before a spanner", `<div style="columns:2;column-gap:10pt">` + words(2) + `<p style="column-span:all;break-before:page">span</p></div>`, 210, 200,
			[]at{{"p2 ", 0, 110, 0}, {"span", 1, 0, 0}}},
		{"adjacent spanners' margins collapse", `<div style="columns:2;column-gap:10pt"><div><p style="column-span:all;margin-bottom:20pt">s1</p><p style="column-span:all;margin-top:30pt">s2</p></div></div>`, 210, 200,
			[]at{{"s1", 0, 0, 0}, {"s2", 0, 0, 40}}},
		{"fill auto balances before a spanner", `<div style="columns:2;column-gap:10pt;column-fill:auto;height:100pt">` + words(4) + `<p style="column-span:all">span</p></div>`, 210, 200,
			[]at{{"p3 ", 0, 110, 0}, {"span", 0, 0, 20}}},
		{"one line before a nested spanner stays whole", `<div style="columns:2;column-gap:10pt"><div>p1 aa<p style="column-span:all">span</p>p2 bb</div></div>`, 210, 200,
			[]at{{"p1 ", 0, 0, 0}, {"span", 0, 0, 10}, {"p2 ", 0, 0, 20}}},
		{"margins inside a monolithic box at a column top are kept", `<div style="columns:2;column-gap:10pt"><div style="height:10pt;overflow:hidden"><p style="margin-top:5pt">c1</p></div><div style="height:10pt;overflow:hidden"><p style="margin-top:5pt">c2</p></div></div>`, 210, 200,
			[]at{{"c1", 0, 0, 5}, {"c2", 0, 110, 5}}},
		{"a line taller than a fixed-height multicol stays on the page", `<p>x</p><div style="columns:2;column-gap:10pt;height:20pt;line-height:30pt">aa</div>`, 210, 100,
			[]at{{"aa", 0, 0, 10}}},
		{"column break", `<div style="columns:2;column-gap:10pt"><p>p1 a</p><p style="break-before:column">p2 b</p><p>p3 c</p></div>`, 210, 200,
			[]at{{"p1 ", 0, 0, 0}, {"p2 ", 0, 110, 0}, {"p3 ", 0, 110, 10}}},
		{"column break ignored outside columns", `<p>p1 a</p><p style="break-before:column">p2 b</p>`, 210, 200,
			[]at{{"p2 ", 0, 0, 10}}},
		{"rtl columns run right to left", `<div dir=rtl style="columns:2;column-gap:10pt">` + words(2) + `</div>`, 210, 200,
			[]at{{"p1 ", 0, 170, 0}, {"p2 ", 0, 60, 0}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, tt.w, tt.h, tt.src)
			for _, w := range tt.want {
				p, x, y, ok := textAt(d, w.text)
				if !ok {
					t.Fatalf("%q not laid out:\n%s", w.text, layout.Dump(d))
				}
				if p != w.page || x != w.x || y != w.y {
					t.Errorf("%q on page %d at %g,%g; want page %d at %g,%g\n%s", w.text, p+1, x, y, w.page+1, w.x, w.y, layout.Dump(d))
				}
			}
		})
	}
}

// TestMulticolRulesPainted checks the column rules become display items
// in the rule's style and colour between columns that hold content.
func TestMulticolRulesPainted(t *testing.T) {
	d := flowLayout(t, 320, 200, `<div style="columns:3;column-gap:10pt;column-rule:2pt dashed blue">`+words(5)+`</div>`)
	var rules []display.Item
	for _, it := range display.BuildPage(d.Pages[0]).Items {
		if it.Op == display.OpBorder && it.Style == style.BorderDashed {
			rules = append(rules, it)
		}
	}
	// 5 paragraphs in 3 columns: 2, 2, 1 lines; two rules 20pt high
	if len(rules) != 2 {
		t.Fatalf("%d rules painted, want 2:\n%s", len(rules), layout.Dump(d))
	}
	for i, r := range rules {
		wantX := float64(i+1)*110 - 5 - 1
		if r.Rect.X != wantX || r.Rect.W != 2 || r.Rect.H != 20 || r.Color != (style.Color{R: 0, G: 0, B: 255, A: 255}) || r.Origin.Artifact != display.Layout {
			t.Errorf("rule %d = %+v at %+v, want x %g, 2pt wide, 20pt high, blue, a layout artifact", i, r, r.Rect, wantX)
		}
	}
}

// TestMulticolBounded checks that deeply nested multicols and huge
// column counts lay out within bounds: nesting past the limit lays out
// as plain blocks, and every piece of text is laid out once.
func TestMulticolBounded(t *testing.T) {
	src := strings.Repeat(`<div style="columns:3;column-gap:2pt">`, 8) + words(20) + strings.Repeat(`</div>`, 8) +
		`<div style="column-count:1000">` + words(3) + `</div>`
	d := flowLayout(t, 600, 400, src)
	for i := range 20 {
		if _, _, _, ok := textAt(d, "p"+ftoa(float64(i+1))+" "); !ok {
			t.Fatalf("p%d lost:\n%s", i+1, layout.Dump(d))
		}
	}
}

// fragmentsOf returns the fragments of the element with id, page by page.
func fragmentsOf(d *layout.Document, id string) []*layout.Fragment {
	var out []*layout.Fragment
	var walk func(f *layout.Fragment)
	walk = func(f *layout.Fragment) {
		if v, _ := f.Box.Attr("id"); v == id && f.Box.IsElement() {
			out = append(out, f)
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
	return out
}

// TestDefiniteHeightFragments checks that a block's definite height is
// fragmented with it (CSS Fragmentation 3): the part that does not fit
// continues on the next page or column instead of overflowing it.
func TestDefiniteHeightFragments(t *testing.T) {
	tests := []struct {
		name, src string
		w, h      float64
		want      []layout.Rect
	}{
		{"across pages", `<p>x</p><div id=t style="height:150pt"></div>`, 100, 100,
			[]layout.Rect{{X: 0, Y: 10, W: 100, H: 90}, {X: 0, Y: 0, W: 100, H: 60}}},
		{"across balanced columns", `<div style="columns:2;column-gap:0"><div id=t style="height:60pt"></div></div>`, 100, 100,
			[]layout.Rect{{X: 0, Y: 0, W: 50, H: 30}, {X: 50, Y: 0, W: 50, H: 30}}},
		{"padding and border at the ends", `<div id=t style="height:80pt;padding:5pt 0;border-top:2pt solid;box-sizing:border-box"></div>`, 100, 50,
			[]layout.Rect{{X: 0, Y: 0, W: 100, H: 50}, {X: 0, Y: 0, W: 100, H: 30}}},
		{"overflow hidden stays whole", `<p>x</p><div id=t style="height:150pt;overflow:hidden"></div>`, 100, 100,
			[]layout.Rect{{X: 0, Y: 0, W: 100, H: 150}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, tt.w, tt.h, tt.src)
			fs := fragmentsOf(d, "t")
			if len(fs) != len(tt.want) {
				t.Fatalf("%d fragments, want %d:\n%s", len(fs), len(tt.want), layout.Dump(d))
			}
			for i, f := range fs {
				if got := (layout.Rect{X: f.X, Y: f.Y, W: f.W, H: f.H}); got != tt.want[i] {
					t.Errorf("fragment %d = %+v, want %+v", i, got, tt.want[i])
				}
			}
		})
	}
}

// TestMulticolRulesMoveWithRelative checks that a relatively positioned
// multicol takes its column rules along.
func TestMulticolRulesMoveWithRelative(t *testing.T) {
	d := flowLayout(t, 210, 200, `<div style="position:relative;left:7pt;top:3pt;columns:2;column-gap:10pt;column-rule:2pt solid">`+words(2)+`</div>`)
	f := d.Pages[0].Root.Children[0].Children[0]
	if len(f.ColumnRules) != 1 || f.ColumnRules[0] != (layout.Rect{X: 111, Y: 3, W: 2, H: 10}) {
		t.Errorf("rules %+v, want one at 111,3 2x10\n%s", f.ColumnRules, layout.Dump(d))
	}
}

// TestSpannerInTranslucentAncestor checks that a spanner is painted with
// the opacity of the ancestor it spans out of.
func TestSpannerInTranslucentAncestor(t *testing.T) {
	d := flowLayout(t, 210, 200, `<div style="columns:2"><div style="opacity:0.5"><div style="column-span:all;height:20pt;background:red"></div></div></div>`)
	found := false
	// the opacity is the item's times that of the groups it is in
	var groups []float64
	for _, it := range display.BuildPage(d.Pages[0]).Items {
		switch it.Op {
		case display.OpGroupBegin:
			groups = append(groups, it.Group.Opacity)
		case display.OpGroupEnd:
			groups = groups[:len(groups)-1]
		}
		if it.Op == display.OpFill && it.Color == (style.Color{R: 255, A: 255}) {
			found = true
			op := it.Opacity
			for _, g := range groups {
				op *= g
			}
			if op != 0.5 {
				t.Errorf("spanner painted with opacity %v, want 0.5", op)
			}
		}
	}
	if !found {
		t.Fatalf("spanner background not painted:\n%s", layout.Dump(d))
	}
}

// TestMulticolFieldsetLegend checks that the rendered legend of a
// multi-column fieldset stays above its columns.
func TestMulticolFieldsetLegend(t *testing.T) {
	d := flowLayout(t, 300, 200, `<fieldset style="columns:2;margin:0;padding:0;border:0"><legend>legend</legend>`+words(2)+`</fieldset>`)
	_, lx, ly, ok1 := textAt(d, "legend")
	_, x1, y1, ok2 := textAt(d, "p1 ")
	_, x2, y2, ok3 := textAt(d, "p2 ")
	if !ok1 || !ok2 || !ok3 {
		t.Fatalf("text missing:\n%s", layout.Dump(d))
	}
	if ly >= y1 || y1 != y2 || x2 <= x1 || lx > x1+5 {
		t.Errorf("legend at %g,%g, p1 at %g,%g, p2 at %g,%g: want the legend above two columns\n%s", lx, ly, x1, y1, x2, y2, layout.Dump(d))
	}
}
