package layout

import (
	"context"
	"strings"
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
		g := st.MutGrid()
		g.GridRowStart = style.GridLine{Span: true, N: 1000}
		g.GridColumnStart = style.GridLine{Span: true, N: 1000}
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

// TestGridPagesMeasuredOnce lays out a grid of n rows over about n/4
// pages: its items must be measured once, not once per page (the grid
// was placed and sized again on every page, quadratic in its rows).
func TestGridPagesMeasuredOnce(t *testing.T) {
	measured := func(n int) (int, int) {
		src := `<style>@page { size: 200pt 100pt; margin: 0 } body { margin: 0 }</style><body><div style="display:grid;grid-template-columns:1fr 1fr;grid-auto-rows:25pt">` +
			strings.Repeat(`<div>cell</div><div>x</div>`, n) + `</div>`
		tree, st := boxTree(t, src)
		opts := Options{Shaper: fixedShaper{}, Pages: st}
		l := newLayouter(context.Background(), opts)
		doc, err := l.paginate(tree, opts)
		if err != nil {
			t.Fatal(err)
		}
		return l.measured, len(doc.Pages)
	}
	m50, p50 := measured(50)
	m200, p200 := measured(200)
	if p50 < 10 || p200 < 4*p50-4 {
		t.Fatalf("%d and %d pages, want about 13 and 50", p50, p200)
	}
	if m200 > m50*5 {
		t.Errorf("200 rows took %d measurements, 50 rows %d: want linear growth", m200, m50)
	}
}
