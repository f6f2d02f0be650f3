package layout

import (
	"context"
	"strings"
	"testing"
)

// TestMulticolWorkLinear checks that a multicol continuing over many
// pages costs layout work in proportion to its pages: each page's
// columns are laid out once, and only the last column set is balanced
// (a bounded number of times).
func TestMulticolWorkLinear(t *testing.T) {
	steps := func(paras int) (int, int) {
		src := `<style>@page{size:300pt 200pt;margin:0} body{margin:0} p{margin:0}</style><div style="columns:2;column-gap:10pt">` +
			strings.Repeat("<p>aaaa bbbb cccc dddd eeee ffff gggg hhhh</p>", paras) + `</div>`
		tree, st := boxTree(t, src)
		opts := Options{Shaper: fixedShaper{}, Pages: st}
		l := newLayouter(context.Background(), opts)
		doc, err := l.paginate(tree, opts)
		if err != nil {
			t.Fatal(err)
		}
		return l.steps, len(doc.Pages)
	}
	s1, p1 := steps(200)
	s2, p2 := steps(400)
	t.Logf("%d pages: %d steps; %d pages: %d steps", p1, s1, p2, s2)
	if p2 < 2*p1-1 || p1 < 5 {
		t.Fatalf("%d and %d pages; want about twice as many", p1, p2)
	}
	// balancing the last set adds the same bounded work to both
	if s2 > 2*s1+s1/10 {
		t.Errorf("%d pages took %d layout steps, %d pages %d: want linear growth", p2, s2, p1, s1)
	}
}
