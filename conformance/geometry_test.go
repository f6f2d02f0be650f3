package conformance

import (
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	folio "github.com/seed28491532/folio"
)

// wordBox is one word and its box as pdftotext -bbox reports it (points,
// y downwards from the top of the page).
type wordBox struct {
	text       string
	xMin, yMin float64
}

var bboxWord = regexp.MustCompile(`<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="[\d.]+">([^<]*)</word>`)

// wordBoxes returns the words of page 1 with their positions.
func wordBoxes(t *testing.T, path string) []wordBox {
	t.Helper()
	var words []wordBox
	for _, m := range bboxWord.FindAllStringSubmatch(run(t, "pdftotext", "-bbox", "-f", "1", "-l", "1", path, "-"), -1) {
		x, _ := strconv.ParseFloat(m[1], 64)
		y, _ := strconv.ParseFloat(m[2], 64)
		words = append(words, wordBox{m[3], x, y})
	}
	return words
}

// find returns the nth (0-based) occurrence of word.
func find(t *testing.T, words []wordBox, word string, nth int) wordBox {
	t.Helper()
	for _, w := range words {
		if w.text == word {
			if nth == 0 {
				return w
			}
			nth--
		}
	}
	t.Fatalf("word %q not on page 1", word)
	return wordBox{}
}

// TestFormattingContexts checks where formatting.html puts things, from
// the word positions pdftotext reads back: the float on the right of the
// text beside it, flex items side by side, inline-blocks on one line.
func TestFormattingContexts(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "corpus", "formatting.html"))
	if err != nil {
		t.Fatal(err)
	}
	words := wordBoxes(t, writePDF(t, convert(t, src, folio.Options{}).PDF))
	t.Run("inline-block", func(t *testing.T) {
		a, b, c := find(t, words, "inline", 0), find(t, words, "block", 0), find(t, words, "chips", 0)
		if math.Abs(a.yMin-b.yMin) > 1 || math.Abs(b.yMin-c.yMin) > 1 || !(a.xMin < b.xMin && b.xMin < c.xMin) {
			t.Errorf("inline-blocks not on one line in order: %+v %+v %+v", a, b, c)
		}
	})
	t.Run("float", func(t *testing.T) {
		note, para := find(t, words, "right.", 0), find(t, words, "This", 0) // "right." only occurs in the float
		if note.xMin < 595.276/2 {
			t.Errorf("float: right note starts at x=%.1f pt, left of the page's middle", note.xMin)
		}
		if para.yMin > note.yMin+20 {
			t.Errorf("the paragraph after the float starts below it (y %.1f vs %.1f) instead of beside it", para.yMin, note.yMin)
		}
	})
	t.Run("flex", func(t *testing.T) {
		first, second := find(t, words, "First", 0), find(t, words, "Second", 0)
		if math.Abs(first.yMin-second.yMin) > 1 || second.xMin <= first.xMin {
			t.Errorf("flex items are not side by side: %+v %+v", first, second)
		}
	})
}
