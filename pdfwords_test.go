package folio_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// wordBox is a word of a PDF page as pdftotext -bbox finds it.
type wordBox struct {
	page       int
	x, y, w, h float64
	text       string
}

var (
	bboxPage = regexp.MustCompile(`<page `)
	bboxWord = regexp.MustCompile(`<word xMin="([0-9.]+)" yMin="([0-9.]+)" xMax="([0-9.]+)" yMax="([0-9.]+)">([^<]*)</word>`)
)

// pdfWords returns the words of pdf with their page (0-based) and box in
// points from the page's top-left corner.
func pdfWords(t *testing.T, pdf []byte) []wordBox {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Fatalf("pdftotext is required (apt-get install poppler-utils): %v", err)
	}
	path := filepath.Join(t.TempDir(), "out.pdf")
	if err := os.WriteFile(path, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", "-bbox", path, "-").CombinedOutput()
	if err != nil {
		t.Fatalf("pdftotext -bbox: %v\n%s", err, out)
	}
	var words []wordBox
	page := -1
	for _, line := range strings.Split(string(out), "\n") {
		if bboxPage.MatchString(line) {
			page++
		}
		m := bboxWord.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		var v [4]float64
		for i := range v {
			v[i], _ = strconv.ParseFloat(m[i+1], 64)
		}
		words = append(words, wordBox{page: page, x: v[0], y: v[1], w: v[2] - v[0], h: v[3] - v[1], text: m[5]})
	}
	return words
}

// findWord returns the first word equal to s.
func findWord(t *testing.T, words []wordBox, s string) wordBox {
	t.Helper()
	for _, w := range words {
		if w.text == s {
			return w
		}
	}
	t.Fatalf("no word %q in the PDF", s)
	return wordBox{}
}
