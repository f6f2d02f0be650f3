package conformance

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	folio "github.com/seed28491532/folio"
)

// TestPageSizeOptions checks that Options.Size and Options.Orientation
// override the document's @page size on every page, as pdfinfo reads the
// MediaBox.
func TestPageSizeOptions(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "corpus", "margin-boxes.html")) // @page size: A5
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		size   string
		orient folio.Orientation
		want   [2]float64
	}{
		{"A4", "", a4},
		{"A4", folio.Landscape, [2]float64{a4[1], a4[0]}},
		{"letter", folio.Portrait, letter},
		{"legal", "", legal},
		{"a5", folio.Landscape, a5Land},
	} {
		t.Run(tc.size+"-"+string(tc.orient), func(t *testing.T) {
			res := convert(t, src, folio.Options{Size: tc.size, Orientation: tc.orient})
			sizes := pageSizes(t, writePDF(t, res.PDF))
			if len(sizes) != res.Pages || len(sizes) == 0 {
				t.Fatalf("pdfinfo reports %d pages, Result.Pages %d", len(sizes), res.Pages)
			}
			for i, s := range sizes {
				if math.Abs(s[0]-tc.want[0]) > 0.5 || math.Abs(s[1]-tc.want[1]) > 0.5 {
					t.Errorf("page %d MediaBox %.3f x %.3f pt, want %.3f x %.3f", i+1, s[0], s[1], tc.want[0], tc.want[1])
				}
			}
		})
	}
}
