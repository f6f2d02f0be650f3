package layout

import (
	"math"
	"testing"
)

// TestInlineContainingBlock checks that an absolutely positioned box
// inside a relatively positioned inline box is placed against that
// inline box (its first fragment's top left padding edges), not against
// the page area; inside columns, a box whose inline containing block is
// in the second column is placed against it in the flow of the columns,
// up into the first.
func TestInlineContainingBlock(t *testing.T) {
	const page = `<style>@page{size:400pt 300pt; margin:0} body{margin:0; font-size:10pt; line-height:20pt}
	  .abs { position: absolute; width: 30pt; height: 20pt }
	  .mc { columns: 2; column-fill: auto; column-gap: 0; width: 80pt; height: 40pt }</style>`
	tests := []struct {
		name string
		body string
		want []Rect
	}{
		{"inline on its line", `<div style="padding:10pt"><div style="height:20pt"></div><span style="position:relative; border-left:5pt solid"><div class=abs style="top:0; left:0"></div></span></div>`,
			[]Rect{{15, 30 + 5, 30, 20}}},
		{"static position moved with the inline box", `<div style="position:relative; left:50pt; width:100pt"><span style="position:relative; left:-40pt"><div class=abs style="display:inline-block"></div></span></div>`,
			[]Rect{{10, 0, 30, 20}}},
		{"bottom against the inline box", `<div style="padding:10pt"><span style="position:relative">x<div class=abs style="bottom:0; left:0"></div></span></div>`,
			[]Rect{{10, 10 + 5 + 10 - 20, 30, 20}}},
		// a line holding only an empty inline box and the absolute box
		// is zero-height (CSS 2.1 §9.4.2): the inline box's content area
		// is the line's top
		{"inline box on an empty line", `<div style="padding:10pt"><span style="position:relative"><div class=abs style="bottom:0; left:0"></div></span></div>`,
			[]Rect{{10, 10 - 20, 30, 20}}},
		{"in columns from the line up", `<div class=mc><div style="height:80pt"></div><span style="position:relative"><div class=abs style="top:-80pt; left:0; height:80pt"></div></span></div>`,
			nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := mustPaged(t, page+tc.body)
			got := absFrags(d.Pages[0].Root, nil)
			if tc.want == nil {
				// the column case: from the top of the first column
				// (the inline box's content area is its line's less
				// the half-leading) down the next, 80pt in all
				sum := 0.0
				for _, f := range got {
					sum += f.H
				}
				if len(got) < 2 || got[0].X != 0 || got[0].Y > 5 || got[1].X != 40 || got[1].Y != 0 || math.Abs(sum-80) > 0.01 {
					for _, f := range got {
						t.Logf("fragment at %+v", rectOf(f))
					}
					t.Fatalf("want fragments down the columns from the first's top, 80pt in all")
				}
				return
			}
			if len(got) != len(tc.want) {
				t.Fatalf("%d fragments of the absolute box, want %d", len(got), len(tc.want))
			}
			for i, f := range got {
				if r := rectOf(f); !rectNear(r, tc.want[i]) {
					t.Errorf("fragment %d at %+v, want %+v", i, r, tc.want[i])
				}
			}
		})
	}
}

// TestInlineContainingBlockInColumnsLeft checks that an inline containing
// block taken whole across columns starts where its first fragment does:
// an absolutely positioned box with left: 0 is placed at that
// fragment's left, not at the left of the column the box ends in.
func TestInlineContainingBlockInColumnsLeft(t *testing.T) {
	d := mustPaged(t, `<style>@page{size:400pt 300pt; margin:0} body{margin:0; font-size:10pt; line-height:20pt}</style>
	<div style="columns:2; column-fill:auto; column-gap:0; width:40pt; height:40pt"><div style="height:20pt"></div>bb <span id=s style="position:relative"><div style="position:absolute; top:0; left:0; width:5pt; height:5pt"></div>cc dd ee ff gg hh ii jj kk ll mm nn</span></div>`)
	got := absFrags(d.Pages[0].Root, nil)
	if len(got) != 1 {
		t.Fatalf("%d fragments of the absolute box, want 1", len(got))
	}
	var start *InlineFragment
	walkLines(d.Pages[0].Root, func(ln *Line) {
		for _, in := range ln.Inlines {
			if id, _ := in.Box.Attr("id"); id == "s" && in.First && start == nil {
				start = in
			}
		}
	})
	if start == nil || start.Rect.X <= 0 {
		t.Fatal("the span does not open after the text before it")
	}
	if r := rectOf(got[0]); math.Abs(r.X-start.Rect.X) > 0.01 || math.Abs(r.Y-start.Rect.Y) > 0.01 || start.Rect.Y < 20 {
		t.Errorf("absolute box at %+v, want at the span's start (%g, %g)", r, start.Rect.X, start.Rect.Y)
	}
}

// walkLines calls fn with every line under f.
func walkLines(f *Fragment, fn func(*Line)) {
	for _, ln := range f.Lines {
		fn(ln)
	}
	for _, c := range f.Children {
		walkLines(c, fn)
	}
}
