package layout

import (
	"testing"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// TestGridPlacementBounded checks auto-placement of many large spanning
// items, dense, tests a bounded number of cells and still places every
// item inside the grid's limits.
func TestGridPlacementBounded(t *testing.T) {
	for _, n := range []int{10, 100, 3000} {
		st := box.Initial()
		st.GridRowStart = style.GridLine{Span: true, N: 1000}
		st.GridColumnStart = style.GridLine{Span: true, N: 1000}
		var items []*gridItem
		for i := range n {
			items = append(items, &gridItem{b: &box.Box{Style: &st}, index: i})
		}
		axes := [2]*gridAxis{newGridAxis(nil, nil, nil, 0, false, 100, 0), newGridAxis(nil, nil, nil, 0, true, 100, 0)}
		steps := placeItems(items, axes, style.GridFlowDense)
		if limit := gridPlacementSteps + 1000*1000; steps > limit {
			t.Errorf("%d items: %d cells tested, want at most %d", n, steps, limit)
		}
		for _, it := range items {
			if it.area[gridRow].end > maxGridLines || it.area[gridCol].end > 2*style.MaxGridTracks+1 {
				t.Fatalf("%d items: item placed at %v, past the limits", n, it.area)
			}
		}
		if axes[gridRow].count > maxGridLines {
			t.Errorf("%d items: %d rows, want at most %d", n, axes[gridRow].count, maxGridLines)
		}
	}
}
