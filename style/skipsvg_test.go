package style

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestSkipSVGContent: with SkipSVGContent the elements inside an svg
// have no style while the svg itself and the HTML after it have theirs;
// without it every element is styled. Large enough (2,000 elements in
// the drawing) for the cascade to split over workers.
func TestSkipSVGContent(t *testing.T) {
	var sb strings.Builder
	sb.WriteString(`<!doctype html><style>rect { color: red } p { color: blue }</style><body><p>a</p><svg id=s width=10 height=10>`)
	for i := 0; i < 2000; i++ {
		fmt.Fprintf(&sb, `<rect id="r%d" width="1" height="1"/>`, i)
	}
	sb.WriteString(`<g id=g><text id=t>x</text></g></svg><p id=after>b</p>`)
	for _, skip := range []bool{false, true} {
		for _, workers := range []int{1, 4} {
			st, doc := compute(t, sb.String(), Options{SkipSVGContent: skip, Workers: workers})
			byID := func(id string) *html.Node { return find(doc, id) }
			if st.Of(byID("s"), PseudoNone) == nil {
				t.Errorf("skip=%v workers=%d: the svg element has no style", skip, workers)
			}
			if s := st.Of(byID("after"), PseudoNone); s == nil || s.Color != (Color{0, 0, 255, 255}) {
				t.Errorf("skip=%v workers=%d: the paragraph after the svg is styled %v", skip, workers, s)
			}
			for _, id := range []string{"r0", "r1999", "g", "t"} {
				if got := st.Of(byID(id), PseudoNone) != nil; got == skip {
					t.Errorf("skip=%v workers=%d: element %s styled = %v", skip, workers, id, got)
				}
			}
		}
	}
}
