package style

import (
	"strings"

	"github.com/seed28491532/folio/css"
)

// Flex layout, box alignment, gaps and multi-column properties.

func applyFlexDirection(_ applier, s *Style, _ propID, x value) bool {
	switch x.kw {
	case "row", "row-reverse", "column", "column-reverse":
		s.FlexDirection = x.kw
	default:
		return false
	}
	return true
}

func applyFlexWrap(_ applier, s *Style, _ propID, x value) bool {
	switch x.kw {
	case "nowrap", "wrap", "wrap-reverse":
		s.FlexWrap = x.kw
	default:
		return false
	}
	return true
}

// applyFlexFactor sets flex-grow or flex-shrink.
func applyFlexFactor(a applier, s *Style, id propID, x value) bool {
	n, ok := a.lengths(s).number(x.f[0])
	if !ok || n < 0 || !x.single() {
		return false
	}
	if id == pFlexGrow {
		s.FlexGrow = n
	} else {
		s.FlexShrink = n
	}
	return true
}

func applyFlexBasis(a applier, s *Style, _ propID, x value) bool {
	if x.kw == "content" && x.single() {
		s.FlexBasis, s.FlexBasisContent = Length{Unit: Auto}, true
		return true
	}
	l, ok := lengthOrAuto(a.lengths(s), x.f, false, "auto")
	if !ok {
		return false
	}
	s.FlexBasis, s.FlexBasisContent = l, false
	return true
}

// applyAlignment sets justify-content or align-items: identifiers, kept
// as written in lower case.
func applyAlignment(_ applier, s *Style, id propID, x value) bool {
	var words []string
	for _, t := range x.f {
		if t.Kind != css.Ident {
			return false
		}
		words = append(words, strings.ToLower(t.Text))
	}
	w := strings.Join(words, " ")
	if id == pJustifyContent {
		s.JustifyContent = w
	} else {
		s.AlignItems = w
	}
	return true
}

// applyGap sets row-gap or column-gap.
func applyGap(a applier, s *Style, id propID, x value) bool {
	l, ok := lengthOrAuto(a.lengths(s), x.f, false, "normal")
	if !ok {
		return false
	}
	if id == pRowGap {
		s.RowGap = l
	} else {
		s.ColumnGap = l
	}
	return true
}

func applyColumnCount(a applier, s *Style, _ propID, x value) bool {
	if x.kw == "auto" && x.single() {
		s.ColumnCount = 0
		return true
	}
	n, ok := a.lengths(s).integer(x.f[0])
	if !ok || n < 1 || !x.single() {
		return false
	}
	s.ColumnCount = min(n, 1000)
	return true
}

func applyColumnWidth(a applier, s *Style, _ propID, x value) bool {
	l, ok := lengthOrAuto(a.lengths(s), x.f, false, "auto")
	if !ok || l.Unit == Percent {
		return false
	}
	s.ColumnWidth = l
	return true
}
