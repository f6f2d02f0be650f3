package layout_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/seed28491532/folio/layout"
)

// placedRects lists "x,y wxh" for every fragment of the element with id
// (in columns and lines' atomic inlines too), in page order.
func placedRects(d *layout.Document, id string) []string {
	var out []string
	var walk func(f *layout.Fragment)
	walk = func(f *layout.Fragment) {
		if v, _ := f.Box.Attr("id"); v == id && f.Box.IsElement() {
			out = append(out, fmt.Sprintf("%g,%g %gx%g", f.X, f.Y, f.W, f.H))
		}
		for _, c := range f.Children {
			walk(c)
		}
		for _, ln := range f.Lines {
			for _, a := range ln.Atomics {
				walk(a)
			}
		}
	}
	for _, p := range d.Pages {
		if p.Root != nil {
			walk(p.Root)
		}
	}
	return out
}

// TestFloatsAcrossColumns checks floats at the end of a column (css-
// break-3 §2, parallel flows): a float taller than a column is split
// where it starts, one a column holds moves whole to the next column;
// either way the content after it goes on in the first column, what
// clears a pushed float follows it, and a line that fits beside no
// float goes below the float's rest in the next column.
func TestFloatsAcrossColumns(t *testing.T) {
	mc := func(cols int, body string) string {
		return `<div style="columns:` + fmt.Sprint(cols) + `;column-fill:auto;column-gap:0;width:` +
			fmt.Sprint(cols*60) + `pt;height:100pt">` + body + `</div>`
	}
	tests := []struct {
		name, src string
		want      map[string]string // id: its fragments' rects, ";"-separated
	}{
		{"split float, content after it stays", mc(2, `<div style="height:30pt"></div>`+
			`<div><div id=f style="float:left;width:10pt;height:170pt"></div><div id=b style="height:30pt"></div></div>`+
			`<div id=c style="height:40pt"></div><div id=d style="height:100pt"></div>`), map[string]string{
			"f": "0,30 10x70;60,0 10x100", "b": "0,30 60x30", "c": "0,60 60x40", "d": "60,0 60x100",
		}},
		{"pushed float, content after it stays", mc(2, `<div style="height:50pt"></div>`+
			`<div id=f style="float:left;width:20pt;height:60pt"></div><div id=b style="height:50pt"></div>`), map[string]string{
			"f": "60,0 20x60", "b": "0,50 60x50",
		}},
		{"clearance past a pushed float", mc(2, `<div style="height:50pt"></div>`+
			`<div id=f style="float:left;width:20pt;height:60pt"></div><div id=b style="clear:left;height:10pt"></div>`), map[string]string{
			"f": "60,0 20x60", "b": "60,60 60x10",
		}},
		{"floats after a pushed one follow it", mc(2, `<div style="height:50pt"></div>`+
			`<div id=f style="float:left;width:20pt;height:60pt"></div><div id=g style="float:right;width:20pt;height:10pt"></div>`), map[string]string{
			"f": "60,0 20x60", "g": "100,0 20x10",
		}},
		{"clearance past floats split over three columns", mc(3, `<div><div id=f style="float:left;width:15pt;height:250pt"></div>`+
			`<div style="float:right;width:15pt;height:250pt"></div></div><div id=b style="clear:left;height:10pt"></div>`), map[string]string{
			"f": "0,0 15x100;60,0 15x100;120,0 15x50", "b": "120,50 60x10",
		}},
		{"line pushed by a split float", mc(2, `<div id=f style="float:left;width:100%;height:150pt"></div>`+
			`<span id=ib style="display:inline-block;vertical-align:top;width:100%;height:50pt"></span>`), map[string]string{
			"f": "0,0 60x100;60,0 60x50", "ib": "60,50 60x50",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, 300, 300, tt.src)
			for id, want := range tt.want {
				if got := strings.Join(placedRects(d, id), ";"); got != want {
					t.Errorf("%s: %s, want %s", id, got, want)
				}
			}
		})
	}
}

// TestTallLineInShortColumn checks a line taller than its column: it
// starts the column even after a box of no height (no break point
// there), overflows it, and uses as much of its box's definite height
// as it is tall; the rest of that height, if any, goes on in the next
// column.
func TestTallLineInShortColumn(t *testing.T) {
	tests := []struct {
		name, box string
		want      map[string]string
	}{
		{"box taller than its line", "height:120pt", map[string]string{"a": "0,0 60x100;60,0 60x20", "b": "60,20 60x10"}},
		{"line taller than its box", "height:80pt", map[string]string{"a": "0,0 60x80", "b": "60,0 60x10"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, 300, 300, `<div style="columns:3;column-fill:auto;column-gap:0;width:180pt;height:50pt">`+
				`<div style="height:0"></div><div id=a style="`+tt.box+`">`+
				`<span style="display:inline-block;vertical-align:top;width:10pt;height:100pt"></span></div>`+
				`<div id=b style="height:10pt"></div></div>`)
			for id, w := range tt.want {
				if got := strings.Join(placedRects(d, id), ";"); got != w {
					t.Errorf("%s: %s, want %s", id, got, w)
				}
			}
		})
	}
}

// TestFloatPushedOutOfSplitHeight checks a float pushed out of a box
// whose content ends on page 1 but whose height goes on: it is placed
// at the top of page 2, in the box's rest (it was lost before).
func TestFloatPushedOutOfSplitHeight(t *testing.T) {
	d := flowLayout(t, 100, 100, `<div style="height:70pt"></div><div id=box style="height:60pt">`+
		`<div id=f style="float:left;width:10pt;height:40pt"></div>X</div>`)
	if len(d.Pages) != 2 {
		t.Fatalf("got %d pages, want 2", len(d.Pages))
	}
	if f := fragmentOf(d, 0, "f"); f != nil {
		t.Errorf("float on page 1 at %v,%v", f.X, f.Y)
	}
	if f := fragmentOf(d, 1, "f"); f == nil || f.Y != 0 || f.H != 40 {
		t.Errorf("float on page 2 = %+v, want 40pt at the top", f)
	}
	if ls := lineBoxes(d, 0, "box"); len(ls) != 1 || ls[0].Y != 70 || ls[0].X != 0 {
		t.Errorf("line X: %+v, want on page 1 at 0,70", ls)
	}
}

// TestContentBreaksBelowTopEdges checks the break point between a box's
// top padding and its content (class C, css-break-3 §4.1): a box that
// starts the page keeps its padding there, and the first line or child
// that does not fit below it moves to the next page instead of
// overflowing this one.
func TestContentBreaksBelowTopEdges(t *testing.T) {
	tests := []struct{ name, content string }{
		{"line", `x`},
		{"monolithic child", `<div id=c style="height:10pt;overflow:hidden"></div>`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, 100, 100, `<div id=p style="padding-top:95pt">`+tt.content+`</div>`)
			if len(d.Pages) != 2 {
				t.Fatalf("got %d pages, want 2", len(d.Pages))
			}
			p1, p2 := fragmentOf(d, 0, "p"), fragmentOf(d, 1, "p")
			if p1 == nil || len(p1.Lines) != 0 || len(p1.Children) != 0 || p1.H != 100 {
				t.Fatalf("page 1: %+v, want the padding alone", p1)
			}
			if p2 == nil || p2.Y != 0 || p2.H != 10 || len(p2.Lines)+len(p2.Children) != 1 {
				t.Fatalf("page 2: %+v, want the content at the top", p2)
			}
		})
	}
}

// TestLastLineKeepsBottomEdges checks that there is no break point
// between a box's last line and its bottom padding (css-break-3 §4.1):
// when they do not fit together, the last line moves to the next page
// with the padding, and the box fills the rest of the first page.
func TestLastLineKeepsBottomEdges(t *testing.T) {
	tests := []struct {
		name, pad    string
		page1, page2 int // lines
	}{
		{"padding fits after the lines", "padding-bottom:10pt", 9, 0},
		{"padding does not fit", "padding-bottom:30pt", 8, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, 100, 100, `<div id=p style="widows:1;orphans:1;`+tt.pad+`">a<br>a<br>a<br>a<br>a<br>a<br>a<br>a<br>a</div>`)
			if got := len(lineBoxes(d, 0, "p")); got != tt.page1 {
				t.Errorf("page 1: %d lines, want %d", got, tt.page1)
			}
			if tt.page2 == 0 {
				if len(d.Pages) != 1 {
					t.Errorf("got %d pages, want 1", len(d.Pages))
				}
				return
			}
			p2 := fragmentOf(d, 1, "p")
			if p2 == nil || len(p2.Lines) != tt.page2 || p2.H != 40 {
				t.Fatalf("page 2: %+v, want the last line and the padding (40pt)", p2)
			}
			if p1 := fragmentOf(d, 0, "p"); p1.H != 100 {
				t.Errorf("page 1 fragment %vpt tall, want the page's 100", p1.H)
			}
		})
	}
}

// TestInlineFloatPushedLineStays checks a float anchored in a line that
// does not fit below the lines before it: it moves to the top of the
// next page while its line stays on this one, and the lines that follow
// on the next page wrap beside it.
func TestInlineFloatPushedLineStays(t *testing.T) {
	d := flowLayout(t, 100, 100, `<p id=p style="widows:1;orphans:1">a<br>a<br>a<br>a<br>a<br>a<br>a<br>a<br>`+
		`x<span id=f style="float:left;width:20pt;height:40pt"></span><br>b<br>c<br>d</p>`)
	if len(d.Pages) != 2 {
		t.Fatalf("got %d pages, want 2", len(d.Pages))
	}
	if f := fragmentOf(d, 0, "f"); f != nil {
		t.Errorf("float on page 1 at %v,%v", f.X, f.Y)
	}
	if f := fragmentOf(d, 1, "f"); f == nil || f.X != 0 || f.Y != 0 {
		t.Errorf("float on page 2 = %+v, want at the top left", f)
	}
	l1, l2 := lineBoxes(d, 0, "p"), lineBoxes(d, 1, "p")
	if len(l1) != 10 {
		t.Errorf("%d lines on page 1, want 10 (the float's line stays)", len(l1))
	}
	if len(l2) != 2 || l2[0].X != 20 {
		t.Fatalf("page 2 lines %+v, want 2 beside the float (x 20)", l2)
	}
}

// TestBrClear checks br clear (HTML's br[clear]): the line after the
// break starts below the floats it clears, and a box ending with one
// grows to hold them; when they go on past the column, so does the box,
// ending where they end.
func TestBrClear(t *testing.T) {
	tests := []struct {
		name, src string
		want      map[string]string
	}{
		{"line after the break", `<div id=f style="float:left;width:20pt;height:30pt"></div>` +
			`<div id=b>a<br clear=all>b</div>`, map[string]string{"b": "0,0 300x40"}},
		{"floats split over three columns", `<div style="columns:3;column-fill:auto;column-gap:0;width:180pt;height:100pt">` +
			`<div><div style="float:left;width:15pt;height:250pt"></div></div>` +
			`<div id=b><br clear=left></div></div>`, map[string]string{"b": "0,0 60x100;60,0 60x100;120,0 60x50"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, 300, 300, tt.src)
			for id, w := range tt.want {
				if got := strings.Join(placedRects(d, id), ";"); got != w {
					t.Errorf("%s: %s, want %s", id, got, w)
				}
			}
		})
	}
}

// TestFloatTopEdgesAlone: a float pushed whole to the next page whose top
// border and padding alone fill that page leaves them there and goes on
// on the page after: that is progress (the carried token stops being
// "whole"), not a page laid out again (found by FuzzLayoutStructure).
func TestFloatTopEdgesAlone(t *testing.T) {
	d, err := paginate(t, `<style>@page { size: 150pt 150pt; margin: 2cm 5mm }</style><body>`+
		`<div style="float:left;width:120px;margin-top:40px;padding:1em;border:5px solid;font-size:40px">k0z k1z k2z</div>`, 20)
	if err != nil {
		t.Fatal(err)
	}
	dump := layout.Dump(d)
	if len(d.Pages) < 3 || !strings.Contains(dump, `"k0z "`) || !strings.Contains(dump, `"k2z"`) {
		t.Errorf("%d pages; want the float's edges, then its lines on later pages:\n%s", len(d.Pages), dump)
	}
}

// TestFloatBeforeItsLine: a float in a paragraph starting a page is
// placed there while the paragraph's line goes on (it does not fit
// above the box's bottom edges): placing the float is progress, and the
// line follows on the next page (found by FuzzLayoutStructure).
func TestFloatBeforeItsLine(t *testing.T) {
	d, err := paginate(t, `<style>@page { size: 150pt 150pt; margin: 2cm 5mm }</style><body>`+
		`<div style="padding:1em;border:5px dotted red;font-size:40px"><span style="float:left">f0z</span><span></span>k0z</div>`, 20)
	if err != nil {
		t.Fatal(err)
	}
	dump := layout.Dump(d)
	if !strings.Contains(dump, `"f0z"`) || !strings.Contains(dump, `"k0z"`) {
		t.Errorf("%d pages; want the float and the line:\n%s", len(d.Pages), dump)
	}
}
