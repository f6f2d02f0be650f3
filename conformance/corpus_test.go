package conformance

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	folio "github.com/seed28491532/folio"
	"github.com/seed28491532/folio/audit"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// Page sizes in points as pdfinfo prints them.
var (
	a4       = [2]float64{595.276, 841.89}
	a5       = [2]float64{419.528, 595.276}
	a5Land   = [2]float64{595.276, 419.528}
	letter   = [2]float64{612, 792}
	legal    = [2]float64{612, 1008}
	mm100150 = [2]float64{283.465, 425.197}
)

// corpusDoc is one document of testdata/corpus and what its conversion
// must give.
type corpusDoc struct {
	file  string
	pages int
	// maxPages, when set, allows pages..maxPages: where folio's breaks may
	// legitimately differ from a browser's by a page (Chromium prints
	// field-survey.html on 8 pages).
	maxPages int
	size     [2]float64 // every page
	// htmlRules are the rule ids the HTML audit must report (errors and
	// warnings); empty means a clean document with score 100.
	htmlRules []string
	// physicalOrder extracts text in pdftotext's physical order, which
	// reorders right-to-left runs logically, instead of content order
	// (which has them in visual order).
	physicalOrder bool
	// paintOrder says why the content-stream order differs from DOM order
	// by design (floats are painted in their own layer, CSS 2.1 Appendix
	// E); the text check then asks only that every word is extracted, and
	// the reading order is checked on the structure tree alone.
	paintOrder string
	// tableHeader is the text of a long table's header row, which must
	// start the table on every page it continues on; tableRowPrefix starts
	// the extracted line of each body row.
	tableHeader, tableRowPrefix string
	// pageText checks the text of each page (1-based) when set.
	pageText func(t *testing.T, page, pages int, text string)
}

var corpus = []corpusDoc{
	{file: "headings.html", pages: 1, size: a4},
	{file: "inline.html", pages: 1, size: a4},
	{file: "links.html", pages: 2, size: a4},
	{file: "images.html", pages: 1, size: a4},
	{file: "figures.html", pages: 1, size: a4},
	{file: "lists.html", pages: 1, size: a4},
	{file: "quote-pre.html", pages: 1, size: a4},
	{file: "tables.html", pages: 1, size: a4},
	{file: "formatting.html", pages: 1, size: a4, paintOrder: "the float is painted in the float layer"},
	{file: "long-table.html", pages: 3, size: a4, tableHeader: "Day Station Level Note", tableRowPrefix: "Day "},
	{file: "multilang.html", pages: 1, size: a4},
	{file: "rtl.html", pages: 1, size: a4, physicalOrder: true},
	{file: "breaks.html", pages: 4, size: a5, pageText: breaksPages},
	{file: "margin-boxes.html", pages: 4, size: a5, pageText: pageNofM(1)},
	{file: "page-first.html", pages: 2, size: a5, pageText: pageNofM(2)},
	{file: "landscape.html", pages: 1, size: a5Land},
	{file: "named-size.html", pages: 1, size: legal},
	{file: "explicit-size.html", pages: 1, size: mm100150},
	// The public sample documents, also read by the unit tests of other packages.
	{file: "field-survey.html", pages: 8, maxPages: 9, size: letter, pageText: pageNofM(2),
		tableHeader: "Site Depth (m) Flow Trend", tableRowPrefix: "Site 0"},
	{file: "multilingual.html", pages: 1, size: a5},
	{file: "audit-violations.html", pages: 1, size: a4, htmlRules: []string{
		"color-contrast", "document-title", "duplicate-id", "heading-one-unique", "heading-order",
		"html-lang-valid", "image-alt", "image-alt-meaningful", "link-name", "link-text-vague",
		"table-caption", "th-has-scope", "valid-lang",
	}},
}

// TestCorpus converts every corpus document and checks the PDF from
// outside: PDF/UA audit, HTML audit, text in DOM order, structure tree,
// qpdf, page sizes and count, determinism.
func TestCorpus(t *testing.T) {
	for _, d := range corpus {
		t.Run(strings.TrimSuffix(d.file, ".html"), func(t *testing.T) {
			checkDocument(t, d)
		})
	}
}

func checkDocument(t *testing.T, d corpusDoc) {
	src, err := os.ReadFile(filepath.Join("testdata", "corpus", d.file))
	if err != nil {
		t.Fatal(err)
	}
	res := convert(t, src, folio.Options{})
	base := strings.TrimSuffix(d.file, ".html")

	t.Run("deterministic", func(t *testing.T) {
		// Both with one date: the default, the current time, may tick.
		day := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
		first := convert(t, src, folio.Options{Now: day})
		again := convert(t, src, folio.Options{Now: day})
		if !bytes.Equal(first.PDF, again.PDF) {
			t.Errorf("two conversions of %s differ (%d and %d bytes)", d.file, len(res.PDF), len(again.PDF))
		}
	})
	t.Run("pdfua", func(t *testing.T) {
		rep, err := folio.AuditPDF(context.Background(), res.PDF)
		if err != nil {
			t.Fatal(err)
		}
		// PDF/UA-1 holds whatever the HTML; the service's content rules
		// 3–5 ("spec-" rules) fail on the PDF exactly when the HTML
		// breaks them (a clean document passes them all)
		var uaErrs, specErrs []audit.Finding
		for _, f := range rep.Errors {
			if strings.HasPrefix(f.Rule, "spec-") {
				specErrs = append(specErrs, f)
			} else {
				uaErrs = append(uaErrs, f)
			}
		}
		if len(uaErrs) > 0 {
			t.Errorf("PDF/UA audit: %s\n%s", rep.Summary, findings(uaErrs))
		}
		if len(d.htmlRules) == 0 && len(specErrs) > 0 {
			t.Errorf("content rules fail on the PDF of a clean document:\n%s", findings(specErrs))
		}
		if len(d.htmlRules) > 0 && len(specErrs) == 0 {
			t.Errorf("no content rule fails on the PDF of %s, whose HTML breaks rules 3–5", d.file)
		}
		if rep.Document == nil || !rep.Document.Tagged || rep.Document.PDFUAPart != 1 {
			t.Errorf("PDF/UA audit document info = %+v, want tagged PDF/UA-1", rep.Document)
		}
	})
	t.Run("html-audit", func(t *testing.T) {
		rep, err := folio.AuditHTML(context.Background(), bytes.NewReader(src), folio.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(d.htmlRules) == 0 {
			if rep.Score != 100 || len(rep.Errors)+len(rep.Warnings) > 0 {
				t.Errorf("HTML audit of a clean document: %s\n%s%s", rep.Summary, findings(rep.Errors), findings(rep.Warnings))
			}
			return
		}
		got := failedRules(rep)
		if !slices.Equal(got, d.htmlRules) {
			t.Errorf("HTML audit rules = %q, want %q\n%s", got, d.htmlRules, findings(append(rep.Errors, rep.Warnings...)))
		}
		if rep.Score >= 50 {
			t.Errorf("HTML audit score = %d, want well below 100 for %s", rep.Score, d.file)
		}
	})

	path := writePDF(t, res.PDF)
	t.Run("pages", func(t *testing.T) {
		sizes := pageSizes(t, path)
		hi := max(d.pages, d.maxPages)
		if len(sizes) != res.Pages || res.Pages < d.pages || res.Pages > hi {
			t.Errorf("pages: pdfinfo %d, Result.Pages %d, want %d–%d", len(sizes), res.Pages, d.pages, hi)
		}
		for i, s := range sizes {
			if math.Abs(s[0]-d.size[0]) > 0.5 || math.Abs(s[1]-d.size[1]) > 0.5 {
				t.Errorf("page %d MediaBox %.3f x %.3f pt, want %.3f x %.3f", i+1, s[0], s[1], d.size[0], d.size[1])
			}
		}
	})
	t.Run("text", func(t *testing.T) {
		mode := "-raw"
		if d.physicalOrder {
			mode = ""
		}
		text := pdfTextMode(t, path, 0, 0, mode)
		if strings.ContainsRune(text, '\uFFFD') {
			t.Errorf("extracted text contains U+FFFD (a glyph without a Unicode mapping)")
		}
		got := comparableWords(text)
		want, err := domWords(src)
		if err != nil {
			t.Fatal(err)
		}
		if d.paintOrder != "" {
			slices.Sort(want)
			slices.Sort(got)
		}
		if i := missingInOrder(want, got); i >= 0 {
			t.Errorf("word %d %q of the document (after %q) is not in the extracted text in DOM order\nextracted: %s",
				i, want[i], strings.Join(want[max(0, i-5):i], " "), normalizeSpace(text))
		}
		// The golden text is one line per page with white space
		// normalised, so a change of line breaks does not touch it but a
		// change of page breaks, order or characters does.
		var pagesText strings.Builder
		for _, page := range strings.Split(strings.TrimSuffix(text, "\f"), "\f") {
			pagesText.WriteString(normalizeSpace(page) + "\n")
		}
		golden(t, base+".txt", pagesText.String())
	})
	t.Run("structure", func(t *testing.T) {
		outline := structOutline(t, path)
		golden(t, base+".struct", outline)
		want, err := domWords(src)
		if err != nil {
			t.Fatal(err)
		}
		if i := missingInStream(want, structText(outline)); i >= 0 {
			t.Errorf("reading order: word %d %q of the document (after %q) is not in the structure tree's text in DOM order",
				i, want[i], strings.Join(want[max(0, i-5):i], " "))
		}
	})
	t.Run("qpdf", func(t *testing.T) {
		qpdfCheck(t, path)
	})
	if d.tableHeader != "" {
		t.Run("thead-repeated", func(t *testing.T) {
			checkTheadRepeated(t, path, res.Pages, d)
		})
	}
	if d.pageText != nil {
		t.Run("page-text", func(t *testing.T) {
			for p := 1; p <= res.Pages; p++ {
				d.pageText(t, p, res.Pages, normalizeSpace(pdfText(t, path, p, p)))
			}
		})
	}
}

// convert converts src with the corpus directory as base directory.
func convert(t testing.TB, src []byte, opts folio.Options) *folio.Result {
	t.Helper()
	opts.BaseDir = filepath.Join("testdata", "corpus")
	res, err := folio.Convert(context.Background(), bytes.NewReader(src), opts)
	if err != nil {
		t.Fatalf("Convert: %v", err)
	}
	return res
}

// failedRules lists the sorted ids of the rules with errors or warnings.
func failedRules(rep *audit.Report) []string {
	var ids []string
	for _, f := range append(slices.Clone(rep.Errors), rep.Warnings...) {
		if !slices.Contains(ids, f.Rule) {
			ids = append(ids, f.Rule)
		}
	}
	slices.Sort(ids)
	return ids
}

func findings(fs []audit.Finding) string {
	var b strings.Builder
	for _, f := range fs {
		fmt.Fprintf(&b, "  %s %s: %s (%+v)\n", f.Severity, f.Rule, f.Message, f.Location)
	}
	return b.String()
}

// pageNofM checks "Page N of M" on every page from page from on, and its
// absence before.
func pageNofM(from int) func(t *testing.T, page, pages int, text string) {
	return func(t *testing.T, page, pages int, text string) {
		label := fmt.Sprintf("Page %d of %d", page, pages)
		has := strings.Contains(text, label)
		if page >= from && !has {
			t.Errorf("page %d lacks %q: %s", page, label, text)
		}
		if page < from && strings.Contains(text, "Page ") {
			t.Errorf("page %d must have no page number: %s", page, text)
		}
	}
}

// breaksPages checks where breaks.html breaks: each chapter on a new page
// and the card moved whole.
func breaksPages(t *testing.T, page, pages int, text string) {
	want := map[int][]string{
		1: {"Page breaks", "introduction"},
		2: {"Second chapter"},
		3: {"This card must not be split.", "And so does the fourth."},
		4: {"Third chapter"},
	}
	for _, w := range want[page] {
		if !strings.Contains(text, w) {
			t.Errorf("page %d lacks %q: %s", page, w, text)
		}
	}
	if page == 2 && strings.Contains(text, "card") {
		t.Errorf("the break-inside: avoid card was split onto page 2: %s", text)
	}
}

// checkTheadRepeated checks that every page after the first one a table
// appears on starts the table with its header row: pages holding a body
// row (a line starting with rowPrefix) must hold the header text too.
func checkTheadRepeated(t *testing.T, path string, pages int, d corpusDoc) {
	first := 0
	for p := 1; p <= pages; p++ {
		text := pdfText(t, path, p, p)
		hasRow := false
		for _, line := range strings.Split(text, "\n") {
			if strings.HasPrefix(line, d.tableRowPrefix) {
				hasRow = true
			}
		}
		if !hasRow {
			continue
		}
		if first == 0 {
			first = p
			continue
		}
		if !strings.Contains(normalizeSpace(text), d.tableHeader) {
			t.Errorf("page %d continues the table without repeating its header %q", p, d.tableHeader)
		}
	}
	if first == 0 {
		t.Errorf("no page holds a table row starting %q", d.tableRowPrefix)
	}
}
