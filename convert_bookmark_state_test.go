package folio_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/seed28491532/folio"
)

// TestConvertBookmarkState: bookmark-state: closed folds an outline item
// (its children hidden until opened, as qpdf reads it); open, the
// default, leaves it unfolded.
func TestConvertBookmarkState(t *testing.T) {
	src := `<!doctype html><html lang="en"><head><title>B</title><style>
.shut { bookmark-state: closed }</style></head>
<body><h1 class="shut">Closed chapter</h1><h2>Inside closed</h2><h1>Open chapter</h1><h2>Inside open</h2></body></html>`
	res, err := folio.Convert(context.Background(), strings.NewReader(src), folio.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Outlines []struct {
			Title string `json:"title"`
			Open  bool   `json:"open"`
		} `json:"outlines"`
	}
	if err := json.Unmarshal([]byte(tool(t, res.PDF, "qpdf", "--json", "--json-key=outlines")), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Outlines) != 2 {
		t.Fatalf("%d top-level outline items, want 2", len(doc.Outlines))
	}
	for i, want := range []struct {
		title string
		open  bool
	}{{"Closed chapter", false}, {"Open chapter", true}} {
		if o := doc.Outlines[i]; o.Title != want.title || o.Open != want.open {
			t.Errorf("item %d %q open %v, want %q open %v", i, o.Title, o.Open, want.title, want.open)
		}
	}
	uaClean(t, res.PDF)
}
