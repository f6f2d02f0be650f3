package layout_test

import (
	"strings"
	"testing"

	"github.com/seed28491532/folio/layout"
)

// TestParallelFlowAfterOverflowedBlock checks a block whose height ends
// in a column while its content overflows it: what follows the block
// goes on in the same column, below the block's end, and the overflowing
// content continues from the top of the next column alongside the rest
// of the flow (css-break-3 §4.2).
func TestParallelFlowAfterOverflowedBlock(t *testing.T) {
	const mc = `<div style="columns:2;column-fill:auto;column-gap:0;width:100pt;height:100pt">`
	const over = `<div id=o style="height:200pt"><div style="height:70pt"></div><div style="height:60pt"></div><div id=c style="height:70pt"></div></div>`
	for _, tt := range []struct {
		name, src string
		want      map[string]string
	}{
		{"sibling after the block stays in the column",
			mc + `<div id=x style="height:70pt">` + over + `</div><div id=a style="height:30pt"></div><div id=b style="height:30pt"></div></div>`,
			map[string]string{"x": "0,0 50x70 | 50,0 50x0", "a": "0,70 50x30", "b": "50,0 50x30", "c": "50,30 50x70"}},
		{"sibling split between the columns",
			mc + `<div id=x style="height:70pt">` + over + `</div><div id=a style="height:60pt"></div></div>`,
			map[string]string{"a": "0,70 50x30 | 50,0 50x30", "c": "50,30 50x70"}},
		{"margin after the block",
			mc + `<div id=x style="height:50pt;margin-bottom:20pt">` + over + `</div><div id=a style="height:30pt"></div></div>`,
			map[string]string{"x": "0,0 50x50 | 50,0 50x0", "a": "0,70 50x30"}},
		{"bottom border stays with the block's end",
			mc + `<div id=x style="height:60pt;border-bottom:10pt solid">` + over + `</div><div id=a style="height:30pt"></div></div>`,
			map[string]string{"x": "0,0 50x70 | 50,0 50x0", "a": "0,70 50x30"}},
		{"cloned edges are not repeated after the end",
			mc + `<div id=x style="height:50pt;border:10pt solid;box-decoration-break:clone">` + over + `</div><div id=a style="height:30pt"></div></div>`,
			map[string]string{"x": "0,0 50x70 | 50,0 50x0 | 100,0 50x0", "a": "0,70 50x30", "o": "10,10 30x90 | 60,0 30x100 | 110,0 30x10"}},
		{"through an auto-height wrapper",
			mc + `<div id=w><div id=x style="height:70pt">` + over + `</div></div><div id=a style="height:30pt"></div></div>`,
			map[string]string{"w": "0,0 50x70 | 50,0 50x0", "a": "0,70 50x30", "c": "50,30 50x70"}},
		{"a wrapper of definite height ends once",
			mc + `<div id=w style="height:80pt;border-bottom:5pt solid"><div id=x style="height:70pt">` + over + `</div></div><div id=a style="height:10pt"></div></div>`,
			map[string]string{"w": "0,0 50x85 | 50,0 50x0", "a": "0,85 50x10", "c": "50,30 50x70"}},
		{"block ending at the column end",
			mc + `<div id=x style="height:100pt">` + over + `</div><div id=a style="margin-top:-30pt;height:30pt"></div><div id=b style="height:30pt"></div></div>`,
			map[string]string{"a": "0,70 50x30", "b": "50,0 50x30", "c": "50,30 50x70"}},
		{"content past a box clipping in the block axis is not continued",
			mc + `<div id=x style="height:70pt;overflow-y:clip">` + over + `</div><div id=a style="height:30pt"></div><div id=b style="height:30pt"></div></div>`,
			map[string]string{"x": "0,0 50x70", "a": "0,70 50x30", "b": "50,0 50x30", "c": ""}},
		{"nor past an auto-height one",
			mc + `<div id=x style="overflow:clip"><div style="height:70pt">` + over + `</div></div><div id=a style="height:30pt"></div></div>`,
			map[string]string{"x": "0,0 50x70", "a": "0,70 50x30", "c": ""}},
		{"clipping in the inline axis only continues it",
			mc + `<div id=x style="height:70pt;overflow-x:clip">` + over + `</div><div id=a style="height:30pt"></div></div>`,
			map[string]string{"x": "0,0 50x70 | 50,0 50x0", "a": "0,70 50x30", "c": "50,30 50x70"}},
		{"block that does not end in the column",
			mc + `<div id=x style="height:150pt">` + over + `</div><div id=a style="height:30pt"></div></div>`,
			map[string]string{"x": "0,0 50x100 | 50,0 50x50", "a": "50,50 50x30"}},
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

// TestParallelFlowAcrossPages checks the same on pages: the paragraph
// after a block whose content overflows its height is on the first page,
// and the overflowing content runs on over the next pages.
func TestParallelFlowAcrossPages(t *testing.T) {
	d := flowLayout(t, 200, 100, `<body style="margin:0"><div id=x style="height:40pt"><div id=o style="height:250pt"></div></div><div id=a style="height:20pt"></div>`)
	if got, want := fragmentRects(d, "a"), "0,40 200x20"; got != want {
		t.Errorf("#a: %s, want %s\n%s", got, want, layout.Dump(d))
	}
	if got, want := fragmentRects(d, "o"), "0,0 200x100 | 0,0 200x100 | 0,0 200x50"; got != want {
		t.Errorf("#o: %s, want %s", got, want)
	}
}

// TestFloatPushedBesideParallelFlow: a float after a box whose content
// overflows its zero height (a parallel flow going on to the next page)
// and which does not fit below it goes on at the top of the next page;
// the token of the parallel flow dropped it (found by
// FuzzLayoutStructure).
func TestFloatPushedBesideParallelFlow(t *testing.T) {
	d, err := paginate(t, `<style>@page { size: A6 landscape; margin: 40% 0 }</style><body>`+
		`<h2 style="height:0;border:5px dotted red;line-height:69pt;margin-top:40pt">k1z</h2><div style="float:left">k4z</div>`, 20)
	if err != nil {
		t.Fatal(err)
	}
	dump := layout.Dump(d)
	if !strings.Contains(dump, `"k1z"`) || !strings.Contains(dump, `"k4z"`) {
		t.Errorf("%d pages; want the heading's text and the float's:\n%s", len(d.Pages), dump)
	}
}

// TestSpannerInEndedBox: a column spanner inside a box whose height ended
// (content overflowing it goes on in parallel) is laid out by its
// multicol, not carried as overflow the column set never reaches (found
// by FuzzLayoutStructure: "layout made no progress").
func TestSpannerInEndedBox(t *testing.T) {
	d, err := paginate(t, `<body><div style="columns:2"><div style="height:0"><div>k1z<div style="column-span:all">k2z</div>k3z</div></div></div>`, 20)
	if err != nil {
		t.Fatal(err)
	}
	dump := layout.Dump(d)
	for _, w := range []string{`"k1z"`, `"k2z"`, `"k3z"`} {
		if !strings.Contains(dump, w) {
			t.Errorf("%d pages; %s is missing:\n%s", len(d.Pages), w, dump)
		}
	}
}
