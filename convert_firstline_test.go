package folio_test

import (
	"context"
	"strings"
	"testing"

	folio "github.com/seed28491532/folio"
)

// ::first-line styles the first line of a paragraph (bigger, red glyphs;
// the rest at the paragraph's size), with ::first-letter inside it; the
// text extracts whole and in order, and the structure tree (paragraph,
// link) is the one the document has without the rule: no new element.
func TestConvertFirstLine(t *testing.T) {
	const body = `<p>A first line set larger with <a href="https://example.com/">a link</a> in it, then the rest of a
paragraph long enough to wrap onto several lines of the normal size and finish.</p>`
	page := func(css string) string {
		return `<!DOCTYPE html><html lang="en"><head><title>First line</title><style>p { width: 300pt }
` + css + `</style></head><body>` + body + `</body></html>`
	}
	convert := func(t *testing.T, doc string) []byte {
		t.Helper()
		res, err := folio.Convert(context.Background(), strings.NewReader(doc), folio.Options{})
		if err != nil {
			t.Fatalf("Convert: %v", err)
		}
		return res.PDF
	}
	words := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	plain := convert(t, page(""))
	wantText := words(pdftotext(t, plain))
	wantStruct := tool(t, plain, "pdfinfo", "-struct-text")
	for _, c := range []struct{ name, css string }{
		{"first-line", `p::first-line { font-size: 20pt; color: red }`},
		{"with first-letter", `p::first-line { font-size: 20pt; color: red } p::first-letter { font-size: 200% }`},
		{"with drop cap", `p::first-line { font-size: 20pt; color: red } p::first-letter { font-size: 300%; float: left }`},
	} {
		t.Run(c.name, func(t *testing.T) {
			pdf := convert(t, page(c.css))
			uaClean(t, pdf)
			if got := words(pdftotext(t, pdf)); got != wantText {
				t.Errorf("extracted\n%q\nwant\n%q", got, wantText)
			}
			if got := tool(t, pdf, "pdfinfo", "-struct-text"); got != wantStruct {
				t.Errorf("structure\n%s\nwant (as without ::first-line)\n%s", got, wantStruct)
			}
			content := contentStreams(t, pdf)
			if !strings.Contains(content, " 20 Tf") || !strings.Contains(content, " 12 Tf") {
				t.Errorf("want 20pt first-line text and 12pt text after it:\n%s", textOps(content))
			}
			if !strings.Contains(content, "1 0 0 rg") {
				t.Errorf("no red first line")
			}
		})
	}
}
