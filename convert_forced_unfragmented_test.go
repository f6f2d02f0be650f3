package folio

import (
	"context"
	"strings"
	"testing"
)

// TestForcedBreakUnfragmented: a forced break inside a box that is not
// fragmented (an inline-block is monolithic) has no page to go on to, so
// it is ignored in grids and tables as in block flow, and the content
// after it stays (a table lost the rows after the break; a grid wrote an
// infinite position, found by FuzzLayoutStructure).
func TestForcedBreakUnfragmented(t *testing.T) {
	for _, tc := range []struct{ name, inner string }{
		{"block", `<div><div>a0z</div><div style="break-before:page">b0z</div></div>`},
		{"grid", `<div style="display:grid"><div>a0z</div><div style="break-before:page">b0z</div></div>`},
		{"grid empty item", `<div style="display:grid"><div>a0z</div><span style="break-before:page"></span><div>b0z</div></div>`},
		{"table", `<table><tr><td>a0z</td></tr><tr style="break-before:page"><td>b0z</td></tr></table>`},
		{"flex", `<div style="display:flex;flex-direction:column"><div>a0z</div><div style="break-before:page">b0z</div></div>`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := `<!DOCTYPE html><html lang="en"><head><title>t</title></head><body><span style="display:inline-block">` + tc.inner + `</span><p>c0z</p></body></html>`
			res, err := Convert(context.Background(), strings.NewReader(src), Options{})
			if err != nil {
				t.Fatal(err)
			}
			text := strings.Join(strings.Fields(pdfText(t, res.PDF)), " ")
			if res.Pages != 1 || text != "a0z b0z c0z" {
				t.Errorf("%d pages, text %q; want one page with a0z b0z c0z", res.Pages, text)
			}
		})
	}
}
