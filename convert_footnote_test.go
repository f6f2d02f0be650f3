package folio_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
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

// pageText is pdftotext's text of page n (1-based) of pdf, laid out as
// on the page (-layout: columns side by side).
func pageText(t *testing.T, pdf []byte, n int) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "out.pdf")
	if err := os.WriteFile(path, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	s := strconv.Itoa(n)
	out, err := exec.Command("pdftotext", "-enc", "UTF-8", "-layout", "-f", s, "-l", s, path, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext (poppler-utils) page %d: %v", n, err)
	}
	return string(out)
}

// TestConvertFootnoteSplits converts a document whose footnote is
// taller than the footnote area of its call's page: the footnote splits
// (css-gcpm-3 §2), its first words on the call's page under the body,
// the rest at the top of the next page's area, before the next page's
// own footnote; every word once. The split footnote stays one Note with
// one ID, its words all in it.
func TestConvertFootnoteSplits(t *testing.T) {
	var long strings.Builder
	for i := range 60 {
		fmt.Fprintf(&long, "w%02d ", i)
	}
	pdf := convertAudited(t, `<!doctype html><html lang="en"><head><title>Split</title><style>
@page { size: 300pt 200pt; margin: 20pt; @footnote { max-height: 60pt } }
body { margin: 0; font: 10pt/12pt sans-serif }
p { margin: 0 }
.fn { float: footnote; font-size: 10pt; line-height: 12pt }
</style></head><body>
<p>Alpha<span class="fn">`+long.String()+`</span> text.</p>
<p style="break-before: page">Beta<span class="fn">Lastnote.</span> text.</p>
</body></html>`)
	p1, p2 := pageText(t, pdf, 1), pageText(t, pdf, 2)
	if !strings.Contains(p1, "Alpha") || !strings.Contains(p1, "w00") || strings.Contains(p1, "w59") {
		t.Errorf("page 1 text: want the body and the footnote's first words only:\n%s", p1)
	}
	if !strings.Contains(p2, "w59") || !strings.Contains(p2, "Beta") {
		t.Errorf("page 2 text: want the rest of the footnote and the body:\n%s", p2)
	}
	if i, j := strings.Index(p2, "w59"), strings.Index(p2, "Lastnote"); j < i {
		t.Errorf("page 2: Lastnote before the end of the split footnote:\n%s", p2)
	}
	all := p1 + p2
	for i := range 60 {
		if n := strings.Count(all, fmt.Sprintf("w%02d", i)); n != 1 {
			t.Errorf("w%02d shown %d times, want once", i, n)
		}
	}
	st := structText(t, pdf)
	notes := regexp.MustCompile(`Note <([^>]+)>`).FindAllStringSubmatch(st, -1)
	if len(notes) != 2 {
		t.Fatalf("want 2 Note elements (the split one once), got %q in:\n%s", notes, st)
	}
	first := st[strings.Index(st, notes[0][0]):strings.Index(st, notes[1][0])]
	if !strings.Contains(first, "w00") || !strings.Contains(first, "w59") {
		t.Errorf("the first Note does not hold both parts of the footnote:\n%s", first)
	}
}
