package style

import (
	"context"
	"testing"
)

// TestDocumentSheetsCounts checks the element counts documentSheets takes
// on its walk (template contents included, their stylesheets not
// collected) against counting the tree.
func TestDocumentSheetsCounts(t *testing.T) {
	doc := parseHTML(t, `<!DOCTYPE html><html><head><style>p{color:red}</style></head><body>
<div><p>a <b>b</b></p><template><style>p{color:blue}</style><p>t</p><span>u</span></template></div>
<section><h1>x</h1><ul><li>1</li><li>2</li></ul></section><p>z</p></body></html>`)
	col := &collector{ctx: context.Background(), pseudo: map[string][]*entry{}}
	col.v = newValidator(col.report)
	sheets := col.documentSheets(doc)
	if len(sheets) != 1 {
		t.Errorf("%d sheets, want 1 (none from the template)", len(sheets))
	}
	if want := subtreeElements(doc); col.elements != want {
		t.Errorf("elements %d, want %d", col.elements, want)
	}
	if len(col.sizes) < 6 {
		t.Errorf("sizes of %d elements recorded, want html, head, body and their children", len(col.sizes))
	}
	for n, got := range col.sizes {
		if want := subtreeElements(n); got != want {
			t.Errorf("<%s>: %d elements under it, want %d", n.Data, got, want)
		}
	}
}
