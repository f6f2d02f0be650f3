package display

import (
	"strings"
	"testing"
)

// TestPositionedDescendantsInTreeOrder checks the positioned descendants
// of a z-index: auto layer paint in tree order among the layers after
// it: a fixed box inside an absolute one, laid out in the fragment of a
// transformed ancestor (its containing block), paints over the absolute
// box, and a later sibling over both.
func TestPositionedDescendantsInTreeOrder(t *testing.T) {
	d := paginate(t, `<style>@page{size:200pt 200pt;margin:0} body{margin:0}</style>
		<div style="transform:translateX(0)">
		<div style="position:relative"><div style="position:absolute;width:50pt;height:50pt;background:#010000">
		<div style="position:fixed;width:50pt;height:50pt;background:#020000"></div></div></div>
		<div style="position:relative;height:10pt;background:#030000"></div></div>`)
	var order []string
	for _, it := range buildLists(t, d)[0].Items {
		if it.Op == OpFill && it.Color.A == 255 && it.Color.G == 0 && it.Color.B == 0 && it.Color.R >= 1 && it.Color.R <= 3 {
			order = append(order, []string{"", "abs", "fixed", "sibling"}[it.Color.R])
		}
	}
	if got, want := strings.Join(order, " "), "abs fixed sibling"; got != want {
		t.Errorf("paint order %q, want %q", got, want)
	}
}
