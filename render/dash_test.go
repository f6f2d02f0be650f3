package render

import (
	"math"
	"testing"
)

// TestSideDash: a dashed side begins and ends with a dash (n dashes and
// n−1 gaps fill its length exactly), dashes are 2w long (3w under 3
// units), gaps are the nearest fit to w (2w under 3 units), and a side
// too short for two dashes is solid. The 150 × 80 px, 6 px cases are the
// lengths Chromium prints for the gallery's tile 7.
func TestSideDash(t *testing.T) {
	tests := []struct {
		length, w float64
		want      []float64
	}{
		{150, 6, []float64{12, 5.25}},
		{80, 6, []float64{12, 5}},
		{100, 1, []float64{3, 40.0 / 19}},
		{24, 6, nil},
		{10, 0, nil},
	}
	for _, tc := range tests {
		got := sideDash(tc.length, tc.w)
		if len(got) != len(tc.want) {
			t.Errorf("sideDash(%v, %v) = %v, want %v", tc.length, tc.w, got, tc.want)
			continue
		}
		for i := range got {
			if math.Abs(got[i]-tc.want[i]) > 1e-9 {
				t.Errorf("sideDash(%v, %v) = %v, want %v", tc.length, tc.w, got, tc.want)
				break
			}
		}
		if got != nil {
			n := math.Round((tc.length + got[1]) / (got[0] + got[1]))
			if fill := n*got[0] + (n-1)*got[1]; math.Abs(fill-tc.length) > 1e-9 {
				t.Errorf("sideDash(%v, %v): %v dashes and gaps fill %v, want the whole side", tc.length, tc.w, n, fill)
			}
		}
	}
}
