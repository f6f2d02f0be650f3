package folio_test

import (
	"fmt"
	"strings"
	"testing"
)

// TestConvertRowGroupAvoidsBreak converts a table whose second row group
// has break-inside: avoid and does not fit below the first: the whole
// group starts on page 2 (pdftotext per page), and the PDF stays tagged
// and PDF/UA clean.
func TestConvertRowGroupAvoidsBreak(t *testing.T) {
	var rows strings.Builder
	for i := 1; i <= 6; i++ {
		fmt.Fprintf(&rows, "<tr><td>Item%d</td></tr>", i)
	}
	src := `<!DOCTYPE html><html lang="en"><title>t</title><style>@page { size: 300pt 200pt; margin: 10pt }
body { margin: 0; font: 10pt/1 sans-serif } td { padding: 0 } table { border-spacing: 0 }</style><body>
<div style="height:120pt">Intro</div>
<table><tbody><tr><td>First</td></tr></tbody><tbody style="break-inside:avoid">` + rows.String() + `</tbody></table></body></html>`
	pages := strings.Split(strings.TrimRight(pdftotext(t, convertAudited(t, src)), "\f"), "\f")
	if len(pages) != 2 {
		t.Fatalf("%d pages, want 2:\n%q", len(pages), pages)
	}
	if !strings.Contains(pages[0], "First") || strings.Contains(pages[0], "Item") {
		t.Errorf("page 1 %q: want the first group only", pages[0])
	}
	for i := 1; i <= 6; i++ {
		if !strings.Contains(pages[1], fmt.Sprintf("Item%d", i)) {
			t.Errorf("page 2 %q lacks Item%d", pages[1], i)
		}
	}
}
