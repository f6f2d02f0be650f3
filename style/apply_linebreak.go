package style

// This file holds the line-breaking properties word-break and line-break
// (CSS Text 3 §5.2 and §5.3).

// WordBreak is the CSS word-break property.
type WordBreak uint8

// Word-break values. WordBreakBreakWord is the legacy break-word value:
// word-break normal with overflow-wrap anywhere, which layout applies.
const (
	WordBreakNormal WordBreak = iota
	WordBreakBreakAll
	WordBreakKeepAll
	WordBreakBreakWord
)

// LineBreak is the CSS line-break property: how strictly line-breaking
// rules apply to CJK punctuation and small kana, or anywhere.
type LineBreak uint8

// Line-break values.
const (
	LineBreakAuto LineBreak = iota
	LineBreakLoose
	LineBreakNormal
	LineBreakStrict
	LineBreakAnywhere
)

func applyWordBreak(_ applier, s *Style, _ propID, x value) bool {
	switch x.kw {
	case "normal":
		s.WordBreak = WordBreakNormal
	case "break-all":
		s.WordBreak = WordBreakBreakAll
	case "keep-all":
		s.WordBreak = WordBreakKeepAll
	case "break-word":
		s.WordBreak = WordBreakBreakWord
	default:
		return false
	}
	return true
}

func applyLineBreak(_ applier, s *Style, _ propID, x value) bool {
	switch x.kw {
	case "auto":
		s.LineBreak = LineBreakAuto
	case "loose":
		s.LineBreak = LineBreakLoose
	case "normal":
		s.LineBreak = LineBreakNormal
	case "strict":
		s.LineBreak = LineBreakStrict
	case "anywhere":
		s.LineBreak = LineBreakAnywhere
	default:
		return false
	}
	return true
}
