package layout

import (
	"fmt"
	"testing"
)

// TestTransformedAbsInColumns checks that an absolutely positioned box
// whose containing block has a transform and is fragmented across
// columns is split down the columns with each part in the containing
// block's fragment of its column (each fragment is transformed about its
// own box), and that without a transform the parts stay where they are
// laid out, as with a translation, which moves every fragment alike.
func TestTransformedAbsInColumns(t *testing.T) {
	const src = `<style>@page{size:400pt 400pt;margin:0}body{margin:0}
#m{columns:3;column-gap:0;column-fill:auto;width:300pt;height:100pt}
#t{height:250pt;%s}#a{position:absolute;width:100%%;height:100%%}</style>
<div id=m><div id=t><div id=a></div></div></div>`
	for _, tt := range []struct {
		name, css string
		perFrag   []int // #a's parts in each fragment of #t
	}{
		{"transform", "transform:rotate(10deg)", []int{1, 1, 1}},
		{"relative", "position:relative", []int{0, 0, 3}},
		{"translation alike in every column", "transform:translate(5pt)", []int{0, 0, 3}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			d := mustPaged(t, fmt.Sprintf(src, tt.css))
			fs := frags(d.Pages[0], "div", "t")
			if len(fs) != len(tt.perFrag) {
				t.Fatalf("%d fragments of #t, want %d", len(fs), len(tt.perFrag))
			}
			for i, f := range fs {
				n := 0
				for _, c := range f.Children {
					if v, _ := c.Box.Attr("id"); v == "a" {
						n++
						if tt.perFrag[i] == 1 && (c.X < f.X-0.01 || c.X+c.W > f.X+f.W+0.01) {
							t.Errorf("fragment %d: part at x %.2f..%.2f outside its column's %.2f..%.2f", i, c.X, c.X+c.W, f.X, f.X+f.W)
						}
					}
				}
				if n != tt.perFrag[i] {
					t.Errorf("fragment %d of #t holds %d parts of #a, want %d", i, n, tt.perFrag[i])
				}
			}
		})
	}
}
