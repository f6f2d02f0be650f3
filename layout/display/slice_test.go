package display

import (
	"context"
	"fmt"
	"slices"
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

// TestPainterHoldsSplitBox checks that a painter given pages one by one
// holds a page with a slice of a box split onto later pages until the
// box's last fragment, then paints them as Build does (the tile the
// whole box); and that a box split over more than MaxHeldPages pages
// lets them go, each fragment's background its own box, the pages
// after too.
func TestPainterHoldsSplitBox(t *testing.T) {
	tiles := func(ls []*List) (ys, hs []float64) {
		for _, l := range ls {
			for _, it := range l.Items {
				if it.Op == OpGradient {
					ys, hs = append(ys, it.Rect.Y), append(hs, it.Rect.H)
				}
			}
		}
		return ys, hs
	}
	tests := []struct {
		name   string
		pages  int     // the box spans them, 20pt each
		counts []int   // lists returned for each page given
		h      float64 // the tile height of every fragment
	}{
		{"two pages", 2, []int{0, 2}, 40},
		{"three pages", 3, []int{0, 0, 3}, 60},
		{"too long", MaxHeldPages + 3, nil, 20},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := paginate(t, fmt.Sprintf(`<style>@page{size:100pt 20pt;margin:0} body{margin:0}</style>
				<div style="height:%dpt;background:linear-gradient(red, blue) no-repeat"></div>`, 20*tt.pages))
			if len(d.Pages) != tt.pages {
				t.Fatalf("%d pages, want %d", len(d.Pages), tt.pages)
			}
			pt := NewPainter(context.Background(), nil, 0)
			var all []*List
			var counts []int
			for _, p := range d.Pages {
				ls, err := pt.Page(p)
				if err != nil {
					t.Fatal(err)
				}
				counts, all = append(counts, len(ls)), append(all, ls...)
			}
			rest, err := pt.Flush()
			if err != nil || len(rest) != 0 {
				t.Fatalf("Flush: %d lists (%v), want none left", len(rest), err)
			}
			if tt.counts != nil && !slices.Equal(counts, tt.counts) {
				t.Errorf("lists returned page by page %v, want %v", counts, tt.counts)
			}
			if tt.counts == nil && (counts[MaxHeldPages] != MaxHeldPages+1 || counts[MaxHeldPages+1] != 1) {
				t.Errorf("lists returned page by page %v, want the held ones at page %d, then one a page", counts, MaxHeldPages+1)
			}
			ys, hs := tiles(all)
			if len(all) != tt.pages || len(ys) != tt.pages {
				t.Fatalf("%d lists, %d gradient tiles, want %d", len(all), len(ys), tt.pages)
			}
			for i := range ys {
				want := -20 * float64(i)
				if tt.counts == nil {
					want = 0
				}
				if hs[i] != tt.h || ys[i] != want {
					t.Errorf("page %d: tile at y %g, %g high; want %g, %g", i+1, ys[i], hs[i], want, tt.h)
				}
			}
		})
	}
}
