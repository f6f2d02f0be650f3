package pdfua

import (
	"testing"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// TestAppendComponent: a colour component is written as num writes it,
// from the table for the 256 values of an 8-bit component and by
// formatting for the others.
func TestAppendComponent(t *testing.T) {
	vals := []float64{0.123456, 0.5, 1.0 / 3, 0.999999, 1e-7}
	for k := 0; k < 256; k++ {
		vals = append(vals, float64(k)/255)
	}
	for _, v := range vals {
		want := string(pdfobj.AppendReal(nil, v)) + " "
		if got := string(appendComponent([]byte("x "), v)); got != "x "+want {
			t.Errorf("appendComponent(%v) = %q, want %q", v, got, "x "+want)
		}
	}
}
