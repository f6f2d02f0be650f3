package style

import (
	"strings"

	"github.com/seed28491532/folio/css"
)

// Containment is the value of the contain property (css-contain-2 §2):
// a set of the containment types a box establishes.
type Containment uint8

// The containment types; ContainStrict and ContainContent are the
// shorthand keywords' sets.
const (
	ContainSize Containment = 1 << iota
	ContainInlineSize
	ContainLayout
	ContainStyle
	ContainPaint

	ContainStrict  = ContainSize | ContainLayout | ContainStyle | ContainPaint
	ContainContent = ContainLayout | ContainStyle | ContainPaint
)

// SizeContained reports whether the box has size containment (contain:
// size or strict), which makes it monolithic: it is not broken across
// pages or columns (css-contain-2 §3.1, css-break-3 §4.1).
func (s *Style) SizeContained() bool { return s.Contain&ContainSize != 0 }

// containKeyword returns the containment type of one keyword of a
// contain value list.
func containKeyword(kw string) (Containment, bool) {
	switch kw {
	case "size":
		return ContainSize, true
	case "inline-size":
		return ContainInlineSize, true
	case "layout":
		return ContainLayout, true
	case "style":
		return ContainStyle, true
	case "paint":
		return ContainPaint, true
	}
	return 0, false
}

// applyContain sets contain: none | strict | content | [ size |
// inline-size ] || layout || style || paint.
func applyContain(_ applier, s *Style, _ propID, x value) bool {
	if x.single() {
		switch x.kw {
		case "none":
			s.Contain = 0
			return true
		case "strict":
			s.Contain = ContainStrict
			return true
		case "content":
			s.Contain = ContainContent
			return true
		}
	}
	var c Containment
	for _, t := range x.f {
		k, ok := containKeyword(strings.ToLower(t.Text))
		if !ok || t.Kind != css.Ident || c&k != 0 || k&(ContainSize|ContainInlineSize) != 0 && c&(ContainSize|ContainInlineSize) != 0 {
			return false // unknown, repeated, or both size and inline-size
		}
		c |= k
	}
	s.Contain = c
	return true
}
