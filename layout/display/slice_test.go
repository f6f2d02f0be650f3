package display

import (
	"testing"
)

// TestSplitBoxBackground checks that the background of a box split
// across pages is laid out in the whole box and sliced: the gradient
// tile of every page's fragment is the whole box, placed where the box
// would start, and painted over the fragment only.
func TestSplitBoxBackground(t *testing.T) {
	d := paginate(t, `<style>@page{size:200pt 300pt;margin:0} body{margin:0}</style>
		<div style="height:500pt;background:linear-gradient(red, blue) no-repeat"></div>`)
	lists := buildLists(t, d)
	if len(lists) != 2 {
		t.Fatalf("%d pages, want 2", len(lists))
	}
	for i, want := range []float64{0, -300} {
		found := false
		for _, it := range lists[i].Items {
			if it.Op != OpGradient {
				continue
			}
			found = true
			if it.Rect.Y != want || it.Rect.H != 500 {
				t.Errorf("page %d: tile %+v, want the 500pt box at y %g", i+1, it.Rect, want)
			}
			if it.Clip == nil || it.Clip.Y != 0 || it.Clip.H > 300 {
				t.Errorf("page %d: painted over %+v, want the page's fragment", i+1, it.Clip)
			}
		}
		if !found {
			t.Errorf("page %d: no gradient", i+1)
		}
	}
}
