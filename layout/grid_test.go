package layout_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seed28491532/folio/layout"
)

// gridCell is the style of the items of the grid tests.
const gridCell = `<style>.g > * { background: #ccc }</style>`

// TestGridGolden lays out one grid per feature on a 200×100pt page and
// compares the fragment dump with testdata/grid-NAME.golden (go test
// -update rewrites them). Characters are 5pt wide, lines 10pt tall.
func TestGridGolden(t *testing.T) {
	tests := []struct{ name, src string }{
		{"fixed and fr columns with gaps",
			`<div class=g style="display:grid;grid-template-columns:50pt 1fr 2fr;column-gap:10pt;row-gap:5pt"><div>a</div><div>b</div><div>c</div><div>d</div></div>`},
		{"percentages",
			`<div class=g style="display:grid;grid-template-columns:25% 50%"><div>a</div><div>b</div></div>`},
		{"auto columns fit their content",
			`<div class=g style="display:grid;grid-template-columns:auto auto 1fr"><div>aaaa</div><div>bb bb</div><div>c</div></div>`},
		{"minmax and min-content",
			`<div class=g style="display:grid;grid-template-columns:minmax(30pt,60pt) min-content max-content"><div>a</div><div>bbb ccc</div><div>dd ee</div></div>`},
		{"fit-content clamps to its argument",
			`<div class=g style="display:grid;grid-template-columns:fit-content(40pt) fit-content(40pt) 1fr"><div>aa</div><div>bbbb bbbb bbbb</div><div>c</div></div>`},
		{"fr below the min-content of an item",
			`<div class=g style="display:grid;grid-template-columns:1fr 1fr"><div>aaaaaaaaaaaaaaaaaaaaaaaaa</div><div>b</div></div>`},
		{"repeat auto-fill",
			`<div class=g style="display:grid;grid-template-columns:repeat(auto-fill,minmax(45pt,1fr));gap:5pt"><div>a</div><div>b</div><div>c</div><div>d</div><div>e</div></div>`},
		{"repeat auto-fit collapses empty tracks",
			`<div class=g style="display:grid;grid-template-columns:repeat(auto-fit,minmax(45pt,1fr));gap:5pt"><div>a</div><div>b</div></div>`},
		{"named lines",
			`<div class=g style="display:grid;grid-template-columns:[full-start] 20pt [main-start] 1fr [main-end] 20pt [full-end]"><div style="grid-column:main">m</div><div style="grid-column:full">f</div><div style="grid-column:main-start / full-end">e</div></div>`},
		{"template areas",
			`<div class=g style="display:grid;grid-template-areas:'head head' 'nav main' 'foot foot';grid-template-columns:40pt 1fr"><div style="grid-area:main">main</div><div style="grid-area:foot">foot</div><div style="grid-area:head">head</div><div style="grid-area:nav">nav</div></div>`},
		{"grid-template shorthand",
			`<div class=g style="display:grid;grid-template:'a b' 20pt 'c c' 15pt / 1fr 3fr"><div style="grid-area:c">c</div><div style="grid-area:b">b</div><div style="grid-area:a">a</div></div>`},
		{"grid shorthand auto-flow column",
			`<div class=g style="display:grid;grid:20pt 20pt / auto-flow 30pt"><div>a</div><div>b</div><div>c</div><div>d</div><div>e</div></div>`},
		{"spans and negative lines",
			`<div class=g style="display:grid;grid-template-columns:repeat(4,40pt)"><div style="grid-column:span 2">a</div><div style="grid-column:-2 / -1">b</div><div style="grid-column:2 / span 3;grid-row:2">c</div><div>d</div></div>`},
		{"sparse and dense auto-placement",
			`<div style="display:grid;grid-template-columns:repeat(3,30pt)"><div style="grid-column:span 2">aa</div><div style="grid-column:span 2">bb</div><div>c</div></div>` +
				`<div style="display:grid;grid-auto-flow:row dense;grid-template-columns:repeat(3,30pt)"><div style="grid-column:span 2">aa</div><div style="grid-column:span 2">bb</div><div>c</div></div>`},
		{"implicit tracks before and after the explicit grid",
			`<div class=g style="display:grid;grid-template-columns:30pt 30pt;grid-template-rows:15pt;grid-auto-rows:12pt 20pt;grid-auto-columns:10pt"><div style="grid-column:-4">n</div><div style="grid-row:3">r</div><div style="grid-column:4">x</div></div>`},
		{"self alignment",
			`<div class=g style="display:grid;grid-template-columns:60pt 60pt 60pt;grid-auto-rows:30pt;justify-items:center;align-items:end"><div>a</div><div style="justify-self:stretch;align-self:start">b</div><div style="justify-self:end;align-self:center">c</div><div style="margin:auto">m</div></div>`},
		{"content distribution",
			`<div class=g style="display:grid;height:80pt;grid-template-columns:30pt 30pt 30pt;grid-template-rows:20pt 20pt;justify-content:space-between;align-content:center"><div>a</div><div>b</div><div>c</div><div>d</div></div>`},
		{"fr rows in a definite height",
			`<div class=g style="display:grid;height:60pt;grid-template-rows:10pt 1fr 2fr"><div>a</div><div>b</div><div>c</div></div>`},
		{"stretched rows take the tallest item",
			`<div class=g style="display:grid;grid-template-columns:40pt 40pt"><div>a a a a a a</div><div>b</div></div>`},
		{"a floated grid shrinks to fit",
			`<div class=g style="float:left;display:grid;grid-template-columns:auto 1fr;column-gap:5pt"><span>aa</span><span>bbb</span><span>c</span></div>`},
		{"items that are tables flex containers and images",
			`<div style="display:grid;grid-template-columns:auto 1fr auto;gap:5pt"><table><tr><td>a</td><td>bb</td></tr></table><div style="display:flex;gap:2pt"><span>x</span><span>y</span></div><img width=20 height=15 src="data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACwAAAAAAQABAAACAkQBADs="></div>`},
		{"text only",
			`<div class=g style="display:grid;grid-template-columns:30pt">some text here</div>`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, 200, 100, gridCell+tt.src)
			goldenFile(t, filepath.Join("testdata", "grid-"+strings.ReplaceAll(tt.name, " ", "-")+".golden"), layout.Dump(d))
		})
	}
}

// rects returns "x,y wxh" of the fragments of the elements with the
// given ids on page i.
func rects(d *layout.Document, i int, ids ...string) string {
	var out []string
	for _, id := range ids {
		f := fragmentOf(d, i, id)
		if f == nil {
			out = append(out, id+":none")
			continue
		}
		out = append(out, fmt.Sprintf("%s:%g,%g %gx%g", id, f.X, f.Y, f.W, f.H))
	}
	return strings.Join(out, " ")
}

// TestGridGeometry asserts the geometry of the main grid features.
func TestGridGeometry(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"three cards side by side",
			`<div style="display:grid;grid-template-columns:repeat(3,1fr);gap:10pt"><div id=a>a</div><div id=b>b b b b b b</div><div id=c>c</div></div>`,
			"a:0,0 60x10 b:70,0 60x10 c:140,0 60x10"},
		{"areas place items whatever their order",
			`<div style="display:grid;grid-template-areas:'h h' 's m';grid-template-columns:50pt 1fr"><div id=m style="grid-area:m">m</div><div id=h style="grid-area:h">h</div><div id=s style="grid-area:s">s</div></div>`,
			"m:50,10 150x10 h:0,0 200x10 s:0,10 50x10"},
		{"fr share after fixed tracks and gaps",
			`<div style="display:grid;grid-template-columns:20pt 1fr 3fr;column-gap:10pt"><div id=a>a</div><div id=b>b</div><div id=c>c</div></div>`,
			"a:0,0 20x10 b:30,0 40x10 c:80,0 120x10"},
		{"auto-fill makes as many columns as fit",
			`<div style="display:grid;grid-template-columns:repeat(auto-fill,60pt)"><div id=a>a</div><div id=b>b</div><div id=c>c</div><div id=d>d</div></div>`,
			"a:0,0 60x10 b:60,0 60x10 c:120,0 60x10 d:0,10 60x10"},
		{"auto-fit stretches the items of collapsed tracks",
			`<div style="display:grid;grid-template-columns:repeat(auto-fit,minmax(40pt,1fr))"><div id=a>a</div><div id=b>b</div></div>`,
			"a:0,0 100x10 b:100,0 100x10"},
		{"column flow fills columns first",
			`<div style="display:grid;grid-auto-flow:column;grid-template-rows:10pt 10pt;grid-auto-columns:30pt"><div id=a>a</div><div id=b>b</div><div id=c>c</div></div>`,
			"a:0,0 30x10 b:0,10 30x10 c:30,0 30x10"},
		{"dense fills the hole",
			`<div style="display:grid;grid-auto-flow:dense;grid-template-columns:repeat(3,30pt)"><div id=a>a</div><div id=b style="grid-column:span 3">b</div><div id=c>c</div></div>`,
			"a:0,0 30x10 b:0,10 90x10 c:30,0 30x10"},
		{"a row spanning item is laid out over both rows",
			`<div style="display:grid;grid-template-columns:30pt 30pt;grid-auto-rows:20pt"><div id=a style="grid-row:span 2">a</div><div id=b>b</div><div id=c>c</div></div>`,
			"a:0,0 30x40 b:30,0 30x20 c:30,20 30x20"},
		{"an item spanning two auto rows grows them by its excess only",
			`<div style="display:grid;grid-template-columns:30pt 30pt"><div style="grid-row:span 2;height:40pt">s</div><div id=a>a</div><div id=b>b</div></div><p id=p>p</p>`,
			"a:30,0 30x20 b:30,20 30x20 p:0,40 200x10"},
		{"an absolutely positioned child's containing block is its grid area",
			`<div style="position:relative;display:grid;grid-template-columns:50pt 50pt;grid-template-rows:20pt 20pt;padding:10pt">` +
				`<i id=c style="position:absolute;grid-area:2/2/3/3;width:10pt;height:5pt;justify-self:center;align-self:end"></i>` +
				`<i id=l style="position:absolute;grid-column:2;left:5pt;top:0;width:10pt;height:5pt"></i>` +
				`<i id=p style="position:absolute;right:0;bottom:0;width:10pt;height:5pt"></i></div>`,
			"c:80,45 10x5 l:65,0 10x5 p:190,55 10x5"},
		{"names around an auto repetition stay at its ends",
			`<div style="display:grid;grid-template-columns:[a-start] repeat(auto-fill,50pt) [a-end];grid-template-rows:[a-start] 10pt [a-end]"><div id=a style="grid-area:a">a</div></div>`,
			"a:0,0 200x10"},
		{"center and end",
			`<div style="display:grid;grid-template-columns:50pt;grid-auto-rows:30pt;place-items:center end"><div id=a>aa</div></div>`,
			"a:40,10 10x10"},
		{"next block below the grid",
			`<div style="display:grid;grid-template-rows:15pt 25pt;row-gap:5pt"><div>a</div><div>b</div></div><p id=p>p</p>`,
			"p:0,45 200x10"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, 200, 100, tt.src)
			var ids []string
			for _, w := range strings.Fields(tt.want) {
				if i := strings.IndexByte(w, ':'); i > 0 {
					ids = append(ids, w[:i])
				}
			}
			if got := rects(d, 0, ids...); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

// TestGridFragmentation checks a grid breaks between rows, keeps rows
// tied by a spanning item together, and splits the items of a row
// taller than the page at the top of a page of its own.
func TestGridFragmentation(t *testing.T) {
	rows := func(n int) string {
		var sb strings.Builder
		for i := range n {
			fmt.Fprintf(&sb, `<div id=r%d>r%d</div><div>x</div>`, i, i)
		}
		return sb.String()
	}
	tests := []struct {
		name, src string
		// want lists "id@page:y"
		want string
	}{
		{"rows move whole to the next page",
			`<div style="display:grid;grid-template-columns:1fr 1fr;grid-auto-rows:30pt;row-gap:10pt">` + rows(4) + `</div>`,
			"r0@0:0 r1@0:40 r2@1:0 r3@1:40"},
		{"break-before: page on an item breaks before its row",
			`<div style="display:grid;grid-template-columns:1fr 1fr"><div id=r0>a</div><div>b</div><div id=r1>c</div><div style="break-before:page">d</div><div id=r2>e</div></div>`,
			"r0@0:0 r1@1:0 r2@1:10"},
		{"a spanning item ties its rows",
			`<div style="height:60pt"></div><div style="display:grid;grid-template-columns:1fr 1fr;grid-auto-rows:20pt"><div id=r0>a</div><div id=s style="grid-row:span 2">s</div><div id=r1>b</div><div id=r2>c</div></div>`,
			"r0@1:0 s@1:0 r1@1:20 r2@1:40"},
		{"a row taller than a page splits its items",
			`<div style="display:grid;grid-template-columns:30pt 1fr;column-gap:10pt"><div id=s>side</div><div id=m>l1<br>l2<br>l3<br>l4<br>l5<br>l6<br>l7<br>l8<br>l9<br>l10<br>l11<br>l12</div><div id=a>after</div></div><p id=p>p</p>`,
			"s@0:0 m@0:0 a@1:30 p@1:40"},
		// its definite height fragments (css-break-3), so the row takes
		// the rest of page 2 and 60 pt of page 3, where r2 follows
		{"a box of a fixed height taller than the page splits",
			`<div style="display:grid;grid-auto-rows:minmax(30pt,auto)"><div id=r0>a</div><div id=r1 style="height:150pt">b</div><div id=r2>c</div></div>`,
			"r0@0:0 r1@1:0 r2@2:60"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, 100, 90, tt.src)
			var got []string
			for _, w := range strings.Fields(tt.want) {
				id := w[:strings.IndexByte(w, '@')]
				found := false
				for p := range d.Pages {
					if f := fragmentOf(d, p, id); f != nil {
						got = append(got, fmt.Sprintf("%s@%d:%g", id, p, f.Y))
						found = true
						break
					}
				}
				if !found {
					got = append(got, id+"@none")
				}
			}
			if g := strings.Join(got, " "); g != tt.want {
				t.Errorf("got  %s\nwant %s", g, tt.want)
			}
		})
	}
}

// TestGridReadingOrder checks the fragments of the items follow the
// document order, not the placement.
func TestGridReadingOrder(t *testing.T) {
	d := flowLayout(t, 200, 100, `<div id=g style="display:grid;grid-template-columns:1fr 1fr"><div id=a style="grid-area:2/2">a</div><div id=b style="grid-area:1/1">b</div><div id=c style="grid-row:1;grid-column:2">c</div></div>`)
	g := fragmentOf(d, 0, "g")
	var ids []string
	for _, c := range g.Children {
		id, _ := c.Box.Attr("id")
		ids = append(ids, id)
	}
	if got := strings.Join(ids, ","); got != "a,b,c" {
		t.Errorf("fragment order %s, want a,b,c", got)
	}
	if got, want := rects(d, 0, "a", "b", "c"), "a:100,10 100x10 b:0,0 100x10 c:100,0 100x10"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// TestGridLimits checks that placements far outside the grid are
// clamped: a line number of a million makes no million tracks.
func TestGridLimits(t *testing.T) {
	d := flowLayout(t, 200, 100, `<div style="display:grid;grid-auto-columns:1pt"><div id=a style="grid-column:1000000;grid-row:-1000000">a</div><div id=b style="grid-column:span 100000">b</div></div>`)
	a := fragmentOf(d, 0, "a")
	if a == nil || a.X > 1100 {
		t.Fatalf("a at %v, want a clamped column", a)
	}
}

// TestGridOrder checks order places and paints items in order-modified
// document order, in grids and flex containers alike.
func TestGridOrder(t *testing.T) {
	tests := []struct{ name, src, want, paint string }{
		{"grid", `<div id=g style="display:grid;grid-template-columns:repeat(3,20pt)"><div id=a style="order:2">a</div><div id=b>b</div><div id=c style="order:-1">c</div></div>`,
			"a:40,0 20x10 b:20,0 20x10 c:0,0 20x10", "c,b,a"},
		{"flex", `<div id=g style="display:flex"><div id=a style="order:1;width:20pt">a</div><div id=b style="width:20pt">b</div></div>`,
			"a:20,0 20x10 b:0,0 20x10", "b,a"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, 200, 100, tt.src)
			if got := rects(d, 0, "a", "b", "c")[:len(tt.want)]; got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
			var ids []string
			for _, c := range fragmentOf(d, 0, "g").Children {
				id, _ := c.Box.Attr("id")
				ids = append(ids, id)
			}
			if got := strings.Join(ids, ","); got != tt.paint {
				t.Errorf("painting order %s, want %s", got, tt.paint)
			}
		})
	}
}

// TestGridItemZIndex checks a grid item with a z-index paints above a
// later item in the same cell, as a positioned box would.
func TestGridItemZIndex(t *testing.T) {
	for _, tt := range []struct{ z, want string }{{"", "R"}, {"z-index:1", "G"}} {
		d := flowLayout(t, 50, 20, `<div style="display:grid"><div style="grid-area:1/1;`+tt.z+`">G</div><div style="grid-area:1/1">R</div></div>`)
		if got := strings.TrimSpace(picture(d, 0)); got != tt.want {
			t.Errorf("%q: painted %q on top, want %q", tt.z, got, tt.want)
		}
	}
}

// TestGridBaseline checks items aligned by baseline in a row share their
// first baseline, and the row grows by the shim.
func TestGridBaseline(t *testing.T) {
	d := flowLayout(t, 200, 100, `<div style="display:grid;grid-template-columns:50pt 50pt 50pt;align-items:baseline">`+
		`<div id=a style="font-size:20pt;line-height:1">A</div><div id=b style="padding-top:15pt">b</div><div id=c style="align-self:start">c</div></div><p id=p>p</p>`)
	// (the test shaper's ascent is 8 at any size) a's baseline is 13
	// below its top (half-leading 5), b's 15+8: a moves down 10; the row
	// is a's 10+20
	if got, want := rects(d, 0, "a", "b", "c", "p"), "a:0,10 50x20 b:50,0 50x25 c:100,0 50x10 p:0,30 200x10"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestSubgrid checks a subgrid's items sit on the parent's column lines,
// with the parent's line names and gap.
func TestSubgrid(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"columns",
			`<div style="display:grid;grid-template-columns:[a] 30pt [b] 50pt [c] 1fr;column-gap:10pt"><div style="grid-column:1/-1;display:grid;grid-template-columns:subgrid"><i id=x style="display:block">x</i><i id=y style="display:block;grid-column:c">y</i></div></div>`,
			"x:0,0 30x10 y:100,0 100x10"},
		{"padding comes off the edge tracks",
			`<div style="display:grid;grid-template-columns:40pt 40pt 40pt"><div style="grid-column:span 3;padding:0 5pt;display:grid;grid-template-columns:subgrid [p] [q]"><i id=x style="display:block;grid-column:q">x</i><i id=y style="display:block">y</i></div></div>`,
			"x:40,0 40x10 y:80,0 35x10"},
		{"its own grid-template-areas name lines",
			`<div style="display:grid;grid-template-columns:40pt 40pt 40pt"><div style="grid-column:span 3;display:grid;grid-template-columns:subgrid;grid-template-areas:'. a a'"><i id=x style="display:block;grid-column:a">x</i><i id=y style="display:block;grid-column:a-end -1;grid-row:2">y</i></div></div>`,
			"x:40,0 80x10 y:80,10 40x10"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, 200, 100, tt.src)
			if got := rects(d, 0, "x", "y"); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

// TestGridRTL checks the columns of a right-to-left grid run from the
// right.
func TestGridRTL(t *testing.T) {
	d := flowLayout(t, 200, 100, `<div style="display:grid;direction:rtl;grid-template-columns:30pt 50pt;position:relative"><div id=a>a</div><div id=b>b</div>`+
		`<i id=p style="position:absolute;grid-column:2;width:10pt;height:5pt;justify-self:start"></i></div>`)
	if got, want := rects(d, 0, "a", "b", "p"), "a:170,0 30x10 b:120,0 50x10 p:160,0 10x5"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestGridPercentShrinkToFit checks a percentage column counts as auto
// when the grid's width is measured, then resolves against that width.
func TestGridPercentShrinkToFit(t *testing.T) {
	d := flowLayout(t, 200, 100, `<div style="float:left;display:grid;grid-template-columns:auto 20% auto"><div id=a>a</div><div id=c style="grid-column:3">c</div><div id=b style="grid-column:2">bbb</div></div>`)
	// measured: 5 + 15 + 5 = 25; then 20% is 5 and the auto columns share
	// the rest (b, placed after c, goes to the second row)
	if got, want := rects(d, 0, "a", "b", "c"), "a:0,0 10x10 b:10,10 5x10 c:15,0 10x10"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestSizeKeywords checks width: min-content, max-content and
// fit-content size a block by its content, and that a grid item with such
// a width or height does not stretch.
func TestSizeKeywords(t *testing.T) {
	d := flowLayout(t, 200, 100, `<div id=a style="width:max-content">aa bb</div><div id=b style="width:min-content">aa bb</div><div id=c style="width:fit-content">aa bb</div>`+
		`<div style="display:grid;grid-template-columns:50pt;grid-template-rows:30pt"><div id=g style="width:max-content;height:min-content">g</div></div>`)
	if got, want := rects(d, 0, "a", "b", "c", "g"), "a:0,0 25x10 b:0,10 10x20 c:0,30 25x10 g:0,40 5x10"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
