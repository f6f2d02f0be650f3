package layout

import "testing"

// TestSplitInlineContainingBlock checks that a relatively positioned
// inline box split around a block forms one containing block for the
// absolutely positioned boxes of all its parts, from its first part's
// start (an empty first part gives a zero-height line there) to its last
// part's end: outside columns and down columns, where the boxes are
// fragmented where they would be without the inline boxes' relative
// offsets and then moved by them.
func TestSplitInlineContainingBlock(t *testing.T) {
	const page = `<style>@page{size:400pt 300pt; margin:0} body{margin:0; font-size:10pt; line-height:20pt}
	  .abs { position: absolute; left: 0; width: 30pt }
	  .mc { columns: 2; column-fill: auto; column-gap: 0; width: 80pt; height: 40pt }</style>`
	tests := []struct {
		name string
		body string
		want []Rect
	}{
		{"no columns", `<div style="padding-top:10pt"><span style="position:relative"> <div style="height:30pt"></div> <div class=abs style="top:0; height:5pt"></div> </span></div>`,
			[]Rect{{0, 10, 30, 5}}},
		{"down columns", `<div class=mc><span style="position:relative"> <div style="height:80pt"></div> <div class=abs style="top:20pt; height:40pt"></div> </span></div>`,
			[]Rect{{0, 20, 30, 20}, {40, 0, 30, 20}}},
		{"down columns, moved", `<div class=mc><span style="position:relative; top:5pt; left:2pt"> <div style="height:80pt"></div> <div class=abs style="top:20pt; height:40pt"></div> </span></div>`,
			[]Rect{{2, 25, 30, 20}, {42, 5, 30, 20}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := mustPaged(t, page+tc.body)
			got := absFrags(d.Pages[0].Root, nil)
			if len(got) != len(tc.want) {
				for _, f := range got {
					t.Logf("fragment at %+v", rectOf(f))
				}
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
