package folio_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/seed28491532/folio"
)

// TestOutputLimits checks the table-cell, page-item and output-byte
// limits of Options: each fails with an error wrapping ErrLimit that
// names the limit and the value, and the defaults let the document
// through.
func TestOutputLimits(t *testing.T) {
	const head = `<!doctype html><html lang="en"><title>t</title>`
	grid := head + `<table>` + strings.Repeat(`<tr>`+strings.Repeat(`<td>1</td>`, 20)+`</tr>`, 20) + `</table>`
	// 50 rows of rowspan=65534 colspan=1000 cells: the rowspan bomb of
	// issue 16, 2,000 columns of 50 rows once clamped
	bomb := head + `<table>` + strings.Repeat(`<tr><td rowspan=65534 colspan=1000>x</td></tr>`, 50) + `</table>`
	tests := []struct {
		name string
		src  string
		opts folio.Options
		want []string // in the error; none: the conversion succeeds
	}{
		{"cells", grid, folio.Options{MaxTableCells: 399}, []string{"table has 400 cells", "20 rows × 20 columns", "limit of 399", "MaxTableCells"}},
		{"cells default", grid, folio.Options{}, nil},
		{"rowspan bomb", bomb, folio.Options{MaxTableCells: 99_999}, []string{"table has 100000 cells", "50 rows × 2000 columns", "limit of 99999"}},
		{"page items", grid, folio.Options{MaxPageItems: 100}, []string{"page 1 has", "display items", "limit of 100", "MaxPageItems"}},
		{"output bytes", grid, folio.Options{MaxOutputBytes: 20_000}, []string{"output limit of 20000 bytes", "MaxOutputBytes"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := folio.Convert(context.Background(), strings.NewReader(tc.src), tc.opts)
			if tc.want == nil {
				if err != nil {
					t.Fatal(err)
				}
				if len(res.PDF) > 200_000 {
					t.Errorf("%d bytes, want < 200,000", len(res.PDF))
				}
				return
			}
			if !errors.Is(err, folio.ErrLimit) {
				t.Fatalf("error %v, want one wrapping ErrLimit", err)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
		})
	}
}

// TestRowspanBombBounded converts the rowspan bomb of issue 16 at growing
// row counts under the default limits: the old tag tree padded every row
// to 1,000 columns per row above it (50 rows: a 114 MB PDF); now the PDF
// is bounded by the 2,000 columns layout keeps.
func TestRowspanBombBounded(t *testing.T) {
	const head = `<!doctype html><html lang="en"><title>t</title><table>`
	var sizes []int
	for _, n := range []int{5, 10, 40} {
		src := head + strings.Repeat(`<tr><td rowspan=65534 colspan=1000>x</td></tr>`, n) + `</table>`
		res, err := folio.Convert(context.Background(), strings.NewReader(src), folio.Options{})
		if err != nil {
			t.Fatalf("%d rows: %v", n, err)
		}
		sizes = append(sizes, len(res.PDF))
	}
	// old: 40 rows padded to 40,000 columns, about 70 MB; now about 17 kB
	if sizes[2] > 60_000 || sizes[2] > 2*sizes[0] {
		t.Errorf("PDF sizes %v for 5, 10, 40 rows: want bounded (< 60,000 bytes, no growth with the rows)", sizes)
	}
}
