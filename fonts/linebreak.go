package fonts

import (
	"unicode/utf8"

	"github.com/go-text/typesetting/segmenter"
)

// LineBreaks returns the line-break opportunities of text following UAX #14
// (through go-text's segmenter), as byte offsets in increasing order. Every
// offset is inside the text (0 < Offset < len(text)), except that a hard
// line break ending the text (e.g. a final "\n") is reported at len(text)
// as Mandatory. Breaks after newlines (LF, CR, CRLF, NEL, LS, PS, VT, FF)
// are Mandatory. Invalid UTF-8 bytes count as U+FFFD, one byte each.
//
// Text made only of ASCII, Latin, Greek and Cyrillic letters and common
// typographic punctuation and symbols takes a fast path (see linebreak_fast.go) that gives the
// same result as the segmenter without its grapheme and word analysis.
func LineBreaks(text string) []BreakOpportunity { return AppendLineBreaks(nil, text) }

// AppendLineBreaks appends the line-break opportunities of text (see
// LineBreaks) to dst and returns the extended slice, so that a caller
// breaking many paragraphs can reuse one buffer.
func AppendLineBreaks(dst []BreakOpportunity, text string) []BreakOpportunity {
	if text == "" {
		return dst
	}
	if out, ok := appendFastLineBreaks(dst, text); ok {
		return out
	}
	return append(dst, segmentLineBreaks(text)...)
}

// segmentLineBreaks is LineBreaks through go-text's full segmenter; it
// handles every script.
func segmentLineBreaks(text string) []BreakOpportunity {
	if text == "" {
		return nil
	}
	runes := make([]rune, 0, len(text))
	offs := make([]int, 0, len(text)+1)
	for i := 0; i < len(text); {
		r, w := utf8.DecodeRuneInString(text[i:])
		runes = append(runes, r)
		offs = append(offs, i)
		i += w
	}
	offs = append(offs, len(text))
	var seg segmenter.Segmenter
	seg.Init(runes)
	it := seg.LineIterator()
	var out []BreakOpportunity
	for it.Next() {
		line := it.Line()
		end := line.Offset + len(line.Text) // rune index after the line
		if end <= 0 || end > len(runes) {
			continue
		}
		if end == len(runes) && !line.IsMandatoryBreak {
			continue
		}
		if end == len(runes) && line.IsMandatoryBreak && !hardBreak(runes[end-1]) {
			continue
		}
		out = append(out, BreakOpportunity{Offset: offs[end], Mandatory: line.IsMandatoryBreak})
	}
	return out
}

// hardBreak reports whether r is a UAX #14 mandatory break character (BK,
// CR, LF, NL).
func hardBreak(r rune) bool {
	switch r {
	case '\n', '\r', '\v', '\f', 0x85, 0x2028, 0x2029:
		return true
	}
	return false
}
