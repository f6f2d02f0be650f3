package display

import (
	"math"
	"testing"
)

// TestBorderRadiusMathFunction checks that a border-radius mixing a
// percentage and a length in min() is resolved against the box (it was
// taken as its first argument, the percentage).
func TestBorderRadiusMathFunction(t *testing.T) {
	d := paginate(t, `<style>@page{size:200pt 200pt;margin:0} body{margin:0}</style>`+
		`<div style="width:100pt;height:40pt;background:#00f;border-radius:min(50%, 10pt)"></div>`)
	var radii *[4][2]float64
	for _, it := range buildLists(t, d)[0].Items {
		if it.Radii != nil {
			radii = it.Radii
		}
	}
	if radii == nil {
		t.Fatal("no rounded item")
	}
	for i, r := range radii {
		if math.Abs(r[0]-10) > 1e-6 || math.Abs(r[1]-10) > 1e-6 {
			t.Errorf("corner %d radii %v, want 10 10", i, r)
		}
	}
}

// TestBackgroundMathFunctions checks background-size and -position with
// min() and max() mixing percentages and lengths.
func TestBackgroundMathFunctions(t *testing.T) {
	d := paginate(t, `<style>@page{size:200pt 200pt;margin:0} body{margin:0}</style>`+
		`<div style="width:100pt;height:40pt;background:linear-gradient(red, blue) no-repeat;`+
		`background-size:min(50%, 30pt) 100%;background-position:max(10%, 20pt) 0"></div>`)
	found := false
	for _, it := range buildLists(t, d)[0].Items {
		if it.Op != OpGradient {
			continue
		}
		found = true
		// size 30pt (not 50%); position max(10% of 70pt, 20pt) = 20pt
		if math.Abs(it.Rect.W-30) > 1e-6 || math.Abs(it.Rect.X-20) > 1e-6 {
			t.Errorf("gradient tile at x %g width %g, want 20 and 30", it.Rect.X, it.Rect.W)
		}
	}
	if !found {
		t.Fatal("no gradient item")
	}
}
