package folio_test

import (
	"strings"
	"testing"
)

// TestConvertFootnoteCallStyled converts footnotes whose ::footnote-call
// and ::footnote-marker are styled by rules and checks the PDF's text:
// the calls read "[i]" and "[ii]" in their lines, the footnotes start
// with "Note A:" and "Note B:" and, displayed inline, share one line; the
// structure tree keeps a Reference per call and a Note per footnote.
func TestConvertFootnoteCallStyled(t *testing.T) {
	pdf := convertAudited(t, `<!doctype html><html lang="en"><head><title>Styled footnotes</title><style>
@page { size: 400pt 300pt; margin: 20pt }
body { margin: 0; font: 10pt/12pt sans-serif }
.fn { float: footnote; font-size: 8pt; footnote-display: inline; margin-right: 6pt }
.fn::footnote-call { content: "[" counter(footnote, lower-roman) "]"; vertical-align: baseline; font-size: 100% }
.fn::footnote-marker { content: "Note " counter(footnote, upper-alpha) ": " }
</style></head><body><h1>Notes</h1>
<p>Alpha text<span class="fn">Firstnote body.</span> goes on.</p>
<p>Beta text<span class="fn">Secondnote body.</span> ends here.</p>
</body></html>`)
	words := pdfWords(t, pdf)
	text := make([]string, len(words))
	for i, w := range words {
		text[i] = w.text
	}
	all := strings.Join(text, " ")
	for _, want := range []string{"Alpha text [i] goes", "Beta text [ii] ends", "Note A: Firstnote", "Note B: Secondnote"} {
		if !strings.Contains(all, want) {
			t.Errorf("PDF text lacks %q:\n%s", want, all)
		}
	}
	a, b := findWord(t, words, "Firstnote"), findWord(t, words, "Secondnote")
	if a.page != b.page || a.y != b.y {
		t.Errorf("inline footnotes at page %d y %g and page %d y %g: want one line", a.page+1, a.y, b.page+1, b.y)
	}
	st := structText(t, pdf)
	if n, m := strings.Count(st, "Reference"), strings.Count(st, "Note <"); n != 2 || m != 2 {
		t.Errorf("%d Reference and %d Note elements, want 2 of each:\n%s", n, m, st)
	}
}
