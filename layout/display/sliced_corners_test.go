package display

import "testing"

// TestSlicedCorners checks the rounded corners of a box broken across
// two pages: with box-decoration-break: slice the first fragment's
// background is rounded at the top only and the second's at the bottom
// only; with clone both are rounded all round.
func TestSlicedCorners(t *testing.T) {
	for _, tc := range []struct {
		value string
		want  [2][4]bool // per page: which corners are rounded
	}{
		{"slice", [2][4]bool{{true, true, false, false}, {false, false, true, true}}},
		{"clone", [2][4]bool{{true, true, true, true}, {true, true, true, true}}},
	} {
		t.Run(tc.value, func(t *testing.T) {
			d := paginate(t, `<style>@page { size: 200pt 200pt; margin: 0 } body { margin: 0 }
			  div { height: 300pt; background: yellow; border-radius: 10pt; box-decoration-break: `+tc.value+` }</style><div></div>`)
			lists := buildLists(t, d)
			if len(lists) != 2 {
				t.Fatalf("%d pages, want 2", len(lists))
			}
			for p, l := range lists {
				var got *[4][2]float64
				for _, it := range l.Items {
					if it.Op == OpFill && it.Color.R == 255 && it.Color.G == 255 && it.Color.B == 0 {
						got = it.Radii
					}
				}
				for c := range 4 {
					rounded := got != nil && got[c][0] > 0
					if rounded != tc.want[p][c] {
						t.Errorf("page %d corner %d rounded %v, want %v", p+1, c, rounded, tc.want[p][c])
					}
				}
			}
		})
	}
}
