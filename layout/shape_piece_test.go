package layout

import (
	"fmt"
	"strings"
	"testing"
)

func TestPieceEnd(t *testing.T) {
	marks := "ab\u0301\u0301cd" // a, b + two marks (bytes 2–5), c, d
	for _, c := range []struct {
		name               string
		str                string
		start, limit, want int
	}{
		{"after the last space", "one two three", 0, 9, 8},
		{"space right before limit", "one two", 0, 4, 4},
		{"no space: at a character", "abcdef", 0, 3, 3},
		{"no space: not inside marks", marks, 0, 4, 1},
		{"no space: not before a mark", marks, 0, 2, 1},
		{"only marks: next boundary", strings.Repeat("\u0301", 4), 0, 3, 4},
	} {
		if got := pieceEnd(c.str, c.start, c.limit); got != c.want {
			t.Errorf("%s: pieceEnd(%q, %d, %d) = %d, want %d", c.name, c.str, c.start, c.limit, got, c.want)
		}
	}
}

// A paragraph longer than shapePiece is shaped in pieces; its lines still
// hold every word once, in order.
func TestLongParagraphShapedInPieces(t *testing.T) {
	var words []string
	for i := 0; len(words)*9 < 3*shapePiece; i++ {
		words = append(words, fmt.Sprintf("word%04d", i%10000))
	}
	src := "<!doctype html><body><p>" + strings.Join(words, " ") + "</p>"
	d := layoutHTML(t, src, pageOf{w: 400, h: 100000, margin: 10}, nil)
	var got []string
	for _, ln := range lineTexts(d) {
		if ln != "|" {
			got = append(got, strings.Fields(ln)...)
		}
	}
	if len(got) != len(words) {
		t.Fatalf("%d words laid out, want %d", len(got), len(words))
	}
	for i := range words {
		if got[i] != words[i] {
			t.Fatalf("word %d is %q, want %q", i, got[i], words[i])
		}
	}
}
