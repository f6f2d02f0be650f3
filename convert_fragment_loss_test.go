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

// TestFloatOutOfEndedBox: a float pushed to the next page out of content
// that overflows a box whose own height ended (height: 0, a parallel
// flow) still goes on at the top of the next page; it was dropped with
// the text in it (found by FuzzLayoutStructure).
func TestFloatOutOfEndedBox(t *testing.T) {
	src := `<!DOCTYPE html><html lang="en"><head><title>t</title><style>@page { size: 150pt 150pt; margin: 100pt } @page :first { margin-top: 0 }</style></head><body>` +
		`<div style="height:0"><div style="margin-top:40px;border:5px dotted red">a0z<div style="float:right"><h1 style="padding:1em">f0z</h1></div>b0z</div></div></body></html>`
	res, err := Convert(context.Background(), strings.NewReader(src), Options{})
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(pdfText(t, res.PDF)), " ")
	for _, w := range []string{"a0z", "b0z", "f0z"} {
		if !strings.Contains(text, w) {
			t.Errorf("%d pages, text %q: %s is missing", res.Pages, text, w)
		}
	}
}
