package layout_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/seed28491532/folio/layout"
)

// atomicTops lists the y of the inline-level atomic boxes (inline-blocks)
// of d by column (its x) in page and line order, as "x:y".
func atomicTops(d *layout.Document) string {
	var out []string
	var walk func(f *layout.Fragment)
	walk = func(f *layout.Fragment) {
		for _, ln := range f.Lines {
			for _, a := range ln.Atomics {
				out = append(out, fmt.Sprintf("%g:%g", a.X, a.Y))
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
	return strings.Join(out, " ")
}

// TestEndEdgesTakeLinesAlong checks a box whose lines fit a column but
// whose bottom padding, with nothing between it and the last line, does
// not: the column breaks before the last line (or earlier, for widows)
// so the padding follows it, unless orphans forbid it.
func TestEndEdgesTakeLinesAlong(t *testing.T) {
	const mc = `<style>i{display:inline-block;vertical-align:top;width:100%;height:30pt}</style>` +
		`<div style="columns:2;column-fill:auto;column-gap:0;width:100pt;height:100pt;orphans:1;widows:1">`
	for _, tt := range []struct {
		name, box, want string
	}{
		{"break before the last line", `padding-bottom:70pt`, "0:0 0:30 50:0"},
		{"widows move two lines", `padding-bottom:40pt;widows:2`, "0:0 50:0 50:30"},
		{"orphans keep them all", `padding-bottom:40pt;orphans:3`, "0:0 0:30 0:60"},
		{"padding that fits", `padding-bottom:10pt`, "0:0 0:30 0:60"},
		{"a margin between: no change", `padding-bottom:0;margin-bottom:40pt`, "0:0 0:30 0:60"},
		{"cloned edges already counted", `padding-bottom:20pt;box-decoration-break:clone`, "0:0 0:30 50:0"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, 600, 400, mc+`<div style="`+tt.box+`"><i></i><i></i><i></i></div></div>`)
			if got := atomicTops(d); got != tt.want {
				t.Errorf("lines at %s, want %s\n%s", got, tt.want, layout.Dump(d))
			}
		})
	}
}

// TestEndEdgesTakeBlocksAlong checks the same for block children: the
// column breaks before the last child (the innermost last content) so
// the bottom padding follows it.
func TestEndEdgesTakeBlocksAlong(t *testing.T) {
	const mc = `<div style="columns:2;column-fill:auto;column-gap:0;width:100pt;height:100pt">`
	for _, tt := range []struct {
		name, src string
		want      map[string]string
	}{
		{"last child moves",
			mc + `<div id=x style="padding-bottom:50pt"><div id=a style="height:40pt"></div><div id=b style="height:40pt"></div></div></div>`,
			map[string]string{"x": "0,0 50x100 | 50,0 50x90", "a": "0,0 50x40", "b": "50,0 50x40"}},
		{"innermost last content moves",
			mc + `<div id=x style="padding-bottom:30pt"><div><div id=a style="height:40pt"></div><div id=b style="height:40pt"></div></div></div></div>`,
			map[string]string{"x": "0,0 50x100 | 50,0 50x70", "b": "50,0 50x40"}},
		{"one child: nothing earlier to break at",
			mc + `<div id=x style="padding-bottom:30pt"><div id=a style="height:90pt"></div></div></div>`,
			map[string]string{"x": "0,0 50x120", "a": "0,0 50x90"}},
		{"after a sibling the box is split, not pushed",
			mc + `<div style="height:10pt"></div><div id=x style="padding-bottom:50pt"><div id=a style="height:40pt"></div><div id=b style="height:40pt"></div></div></div>`,
			map[string]string{"x": "0,10 50x90 | 50,0 50x90", "b": "50,0 50x40"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, 600, 400, tt.src)
			for id, want := range tt.want {
				if got := fragmentRects(d, id); got != want {
					t.Errorf("#%s: fragments %s, want %s\n%s", id, got, want, layout.Dump(d))
				}
			}
		})
	}
}
