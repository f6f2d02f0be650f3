package layout

import (
	"fmt"
	"testing"
)

// TestSizeContainmentMonolithic checks that a box with size containment
// (contain: size or strict) is not broken across pages: it moves whole to
// the next page when it does not fit, unless it starts the page, where
// content taller than the page is sliced; contain: layout or paint alone
// do not make a box monolithic, and floats follow the same rule.
func TestSizeContainmentMonolithic(t *testing.T) {
	const page = `<style>@page { size: 200pt 100pt; margin: 0 } body { margin: 0 } div { height: 60pt }</style>`
	for _, tt := range []struct {
		name, html string
		want       []int // pages of #t
	}{
		{"size", `<div></div><div id=t style="contain:size"></div>`, []int{2}},
		{"strict", `<div></div><div id=t style="contain:strict"></div>`, []int{2}},
		{"layout paint", `<div></div><div id=t style="contain:layout paint"></div>`, []int{1, 2}},
		{"none", `<div></div><div id=t style="contain:none"></div>`, []int{1, 2}},
		{"starts the page: sliced", `<div id=t style="contain:size;height:150pt"></div>`, []int{1, 2}},
		{"float", `<div></div><div id=t style="contain:size;float:left;width:50pt"></div>`, []int{2}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			d := mustPaged(t, page+tt.html)
			if got := pageIndexOf(d, "div", "t"); fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("#t on pages %v, want %v", got, tt.want)
			}
		})
	}
}
