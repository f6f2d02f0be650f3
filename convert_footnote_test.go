package folio_test

import (
	"regexp"
	"strings"
	"testing"
)

// TestConvertFootnotes converts a document with float: footnote
// elements and checks the PDF: each footnote's text lies below the body
// text of its call's page, the calls stay in their lines, and the
// structure tree holds a Reference for each call followed by a Note with
// a unique ID, in DOM order (PDF/UA-1 7.9); the audit is clean.
func TestConvertFootnotes(t *testing.T) {
	pdf := convertAudited(t, `<!doctype html><html lang="en"><head><title>Footnotes</title><style>
@page { size: 400pt 300pt; margin: 20pt; @footnote { border-top: 0.5pt solid black; padding-top: 4pt } }
body { margin: 0; font: 10pt/12pt sans-serif }
p { margin: 0 0 6pt }
.fn { float: footnote; font-size: 8pt }
</style></head><body>
<h1>Notes</h1>
<p>Alpha text<span class="fn">Firstnote body.</span> goes on.</p>
<p>Beta text<span class="fn">Secondnote body.</span> ends here.</p>
<p style="break-before: page">Gamma text<span class="fn">Thirdnote body.</span>.</p>
</body></html>`)
	words := pdfWords(t, pdf)
	for _, c := range []struct{ body, note string }{{"Alpha", "Firstnote"}, {"Beta", "Secondnote"}, {"Gamma", "Thirdnote"}} {
		b, n := findWord(t, words, c.body), findWord(t, words, c.note)
		if n.page != b.page || n.y < b.y+100 {
			t.Errorf("%s at page %d y %g, its note %s at page %d y %g: want the note near the bottom of the same page", c.body, b.page+1, b.y, c.note, n.page+1, n.y)
		}
	}
	if g := findWord(t, words, "Gamma"); g.page != 1 {
		t.Errorf("Gamma on page %d, want 2", g.page+1)
	}
	st := structText(t, pdf)
	ids := regexp.MustCompile(`Note <([^>]+)>`).FindAllStringSubmatch(st, -1)
	if len(ids) != 3 || ids[0][1] == ids[1][1] || ids[1][1] == ids[2][1] || ids[0][1] == ids[2][1] {
		t.Fatalf("want 3 Note elements with distinct IDs, got %q in:\n%s", ids, st)
	}
	last := -1
	for _, s := range []string{"Alpha", "Reference", "Firstnote", "goes", "Beta", "Reference", "Secondnote", "ends", "Gamma", "Reference", "Thirdnote"} {
		i := strings.Index(st[last+1:], s)
		if i < 0 {
			t.Fatalf("%q missing or out of DOM order in the structure tree:\n%s", s, st)
		}
		last += 1 + i
	}
}
