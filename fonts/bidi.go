package fonts

import (
	"unicode/utf8"

	"github.com/go-text/typesetting/bidi"
)

// BidiLevels returns the embedding level of each byte of text (levels of
// continuation bytes repeat their rune's level) for base direction base,
// following the Unicode Bidirectional Algorithm (UAX #9, through go-text's
// bidi package). Each paragraph (text up to and including a paragraph
// separator such as "\n") is resolved separately with the same base
// direction. Even levels are left-to-right, odd levels right-to-left.
func BidiLevels(text string, base Direction) []uint8 {
	levels := make([]uint8, len(text))
	if text == "" {
		return levels
	}
	dir := bidi.LeftToRight
	if base == RTL {
		dir = bidi.RightToLeft
	}
	var p bidi.Paragraph
	var runes []rune
	var offs []int
	for start := 0; start < len(text); {
		// One paragraph: up to and including a paragraph separator.
		runes, offs = runes[:0], offs[:0]
		end := start
		for end < len(text) {
			r, w := utf8.DecodeRuneInString(text[end:])
			runes = append(runes, r)
			offs = append(offs, end)
			end += w
			if r == '\n' || r == '\r' || r == 0x1C || r == 0x1D || r == 0x1E || r == 0x85 || r == 0x2029 {
				if r == '\r' && end < len(text) && text[end] == '\n' {
					runes = append(runes, '\n')
					offs = append(offs, end)
					end++
				}
				break
			}
		}
		offs = append(offs, end)
		runs := p.Segment(runes, dir)
		for i := 0; i < runs.NumRuns(); i++ {
			run := runs.Run(i)
			lvl := uint8(run.Level)
			if run.Level < 0 {
				lvl = 0
			}
			if run.End > len(runes) {
				run.End = len(runes)
			}
			for b := offs[run.Start]; b < offs[run.End]; b++ {
				levels[b] = lvl
			}
		}
		start = end
	}
	return levels
}
