package style

import "strings"

// TextFill is the computed -webkit-text-fill-color (CSS Compatibility
// §5.1): the colour glyphs are filled with, when Set; else currentcolor,
// the element's own color.
type TextFill struct {
	Color Color
	Set   bool
}

// TextColor is the colour the text of a box with style s is filled
// with: -webkit-text-fill-color, else color.
func (s *Style) TextColor() Color {
	if s.TextFill.Set {
		return s.TextFill.Color
	}
	return s.Color
}

// applyTextFill sets -webkit-text-fill-color: currentcolor (following
// color wherever it is inherited) or a colour.
func applyTextFill(_ applier, s *Style, _ propID, x value) bool {
	if !x.single() {
		return false
	}
	if strings.EqualFold(x.kw, "currentcolor") {
		s.TextFill = TextFill{}
		return true
	}
	c, ok := ParseColor(x.f[0], s.Color)
	if !ok {
		return false
	}
	s.TextFill = TextFill{Color: c, Set: true}
	return true
}
