package pdfua

import (
	"math"
	"testing"

	"github.com/seed28491532/folio/fonts"
)

func TestObliqueSkewIsTan14(t *testing.T) {
	if want := math.Tan(fonts.SynthObliqueAngle * math.Pi / 180); math.Abs(obliqueSkew-want) > 1e-12 {
		t.Fatalf("obliqueSkew %v, want %v", obliqueSkew, want)
	}
}

func TestFakeBoldWidth(t *testing.T) {
	for _, tc := range []struct{ size, want float64 }{
		{6, 6.0 / 24}, {9, 9.0 / 24}, {36, 36.0 / 32}, {72, 72.0 / 32},
	} {
		if got := fakeBoldWidth(tc.size); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("fakeBoldWidth(%v) = %v, want %v", tc.size, got, tc.want)
		}
	}
	if w := fakeBoldWidth(20); !(w > 20.0/32 && w < 20.0/24) {
		t.Errorf("fakeBoldWidth(20) = %v, not between the ends", w)
	}
}
