package folio_test

import (
	"context"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/seed28491532/folio"
)

// convertBook converts testdata/book/book.html, the book-like test
// document: a title page, a table of contents built with target-text(),
// leader() and target-counter(), four chapters in two columns with
// footnotes, running headers from string-set and a running element, and
// an index in three columns.
func convertBook(t *testing.T) []byte {
	t.Helper()
	src, err := os.ReadFile("testdata/book/book.html")
	if err != nil {
		t.Fatal(err)
	}
	res, err := folio.Convert(context.Background(), strings.NewReader(string(src)), folio.Options{})
	if err != nil {
		t.Fatalf("Convert: %v", err)
	}
	uaClean(t, res.PDF)
	return res.PDF
}

// TestConvertBookPages checks the text of each kind of page of the book:
// the title page without headers or folio; the contents with each
// chapter's title (target-text), dot leaders and the page its chapter
// starts on (target-counter), which is where that chapter's text is; a
// chapter page with the book title (string-set) and the chapter's
// running header, its text in two columns, its footnotes at the bottom;
// the index in three columns with the page of each term.
func TestConvertBookPages(t *testing.T) {
	pdf := convertBook(t)
	info := tool(t, pdf, "pdfinfo")
	m := regexp.MustCompile(`Pages:\s+(\d+)`).FindStringSubmatch(info)
	if m == nil || m[1] != "12" {
		t.Fatalf("pdfinfo: want 12 pages:\n%s", info)
	}
	title := pageText(t, pdf, 1)
	if !strings.Contains(title, "The Lantern Archive") || strings.Contains(title, "Chapter") || regexp.MustCompile(`(?m)^\s*1\s*$`).MatchString(title) {
		t.Errorf("title page: want the title, no running header or page number:\n%s", title)
	}
	toc := pageText(t, pdf, 2)
	entry := regexp.MustCompile(`(Chapter \d|Back matter): ([A-Za-z ]+?) ?(?:\. ?){5,}(\d+)`)
	entries := entry.FindAllStringSubmatch(toc, -1)
	want := []string{"The Harbour", "Lanterns and Ledgers", "The Copper Engine", "Winter Meridian", "Index"}
	if len(entries) != len(want) {
		t.Fatalf("contents: %d entries with leaders, want %d:\n%s", len(entries), len(want), toc)
	}
	for i, e := range entries {
		if e[2] != want[i] {
			t.Errorf("contents entry %d title %q, want %q (target-text)", i+1, e[2], want[i])
		}
		n := 0
		for _, c := range e[3] {
			n = n*10 + int(c-'0')
		}
		if !hasLine(pageText(t, pdf, n), want[i]) {
			t.Errorf("contents: %q on page %d, which lacks its heading", want[i], n)
		}
	}
	ch := pageText(t, pdf, 3)
	head := strings.SplitN(ch, "\n", 2)[0]
	if !strings.Contains(head, "The Lantern Archive") || !strings.Contains(head, "Chapter 1: The Harbour") {
		t.Errorf("page 3 header %q: want the book title (string-set) and the chapter (running element)", head)
	}
	// the two columns: lines with text at the left of the page, and
	// lines with text starting past its middle (the right column)
	left, right := 0, 0
	for _, ln := range strings.Split(ch, "\n") {
		if len(ln) > 20 && strings.TrimSpace(ln[:20]) != "" {
			left++
		}
		if i := strings.Index(ln, "      "); i > 10 && strings.TrimSpace(ln[i:]) != "" || len(ln) > 50 && strings.TrimSpace(ln[:40]) == "" && strings.TrimSpace(ln) != "" {
			right++
		}
	}
	if left < 15 || right < 15 {
		t.Errorf("page 3: %d lines in the left column, %d in the right, want two full columns:\n%s", left, right, ch)
	}
	n1, n2 := strings.Index(ch, "1. Note 1:"), strings.Index(ch, "2. Note 2:")
	if n1 < 0 || n2 < n1 || strings.LastIndex(ch, "Copper1") > n1 {
		t.Errorf("page 3: want footnotes 1 and 2 below the text holding their calls:\n%s", ch)
	}
	index := pageText(t, pdf, 12)
	if !strings.Contains(index, "Index") || !regexp.MustCompile(`bridge, \d+\s{3,}lantern, \d+\s{3,}orchard, \d+`).MatchString(index) {
		t.Errorf("index page: want terms with page numbers in three columns:\n%s", index)
	}
}

// TestConvertBookStructure checks the book's structure tree against a
// golden outline (pdfinfo -struct, object references left out): the
// contents tagged TOC and TOCI, each footnote a Note with its ID after
// the Reference of its call, the index a list.
func TestConvertBookStructure(t *testing.T) {
	pdf := convertBook(t)
	st := tool(t, pdf, "pdfinfo", "-struct")
	var b strings.Builder
	for _, ln := range strings.Split(st, "\n") {
		if strings.Contains(ln, "Object ") && strings.HasSuffix(ln, " 0") {
			continue
		}
		b.WriteString(ln + "\n")
	}
	got := b.String()
	for _, s := range []string{"TOC\n", "TOCI\n", "Note <", "Reference"} {
		if !strings.Contains(got, s) {
			t.Errorf("structure lacks %q", s)
		}
	}
	goldenFile(t, "book/book.struct.golden", got)
}

// hasLine reports whether text has a line that is s, spaces aside.
func hasLine(text, s string) bool {
	for _, ln := range strings.Split(text, "\n") {
		if strings.TrimSpace(ln) == s {
			return true
		}
	}
	return false
}
