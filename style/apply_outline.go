package style

import "github.com/seed28491532/folio/css"

// Outlines: outline-width, -style, -color, -offset and the outline
// shorthand (CSS Basic UI 4 §5).

func applyOutlineWidth(a applier, s *Style, _ propID, x value) bool {
	w, ok := borderWidth(a.lengths(s), x.f[0])
	if !ok || !x.single() {
		return false
	}
	s.Outline.Width = w
	return true
}

// outlineStyleOf parses an outline style: a border style but hidden
// (auto is not supported).
func outlineStyleOf(kw string) (BorderStyle, bool) {
	if kw == "hidden" {
		return 0, false
	}
	return borderStyleOf(kw)
}

func applyOutlineColor(_ applier, s *Style, _ propID, x value) bool {
	c, ok := ParseColor(x.f[0], s.Color)
	if !ok || !x.single() {
		return false
	}
	s.Outline.Color = c
	s.outlineColorAuto = x.kw == "currentcolor"
	return true
}

// copyOutlineColor copies the outline colour of s, currentcolor staying
// the keyword (resolved against d's own color by OutlineColor).
func copyOutlineColor(d, s *Style, _ propID) {
	d.Outline.Color, d.outlineColorAuto = s.Outline.Color, s.outlineColorAuto
}

func applyOutlineOffset(a applier, s *Style, _ propID, x value) bool {
	l, ok := a.lengths(s).length(x.f[0], false, true)
	if !ok || !x.single() {
		return false
	}
	s.OutlineOffset = l.Value
	return true
}

// expandOutline expands outline: a width, a style and a color in any
// order, as border does.
func expandOutline(_ *shorthandDef, vals, _ []css.Token) ([]longhand, bool) {
	w, st, c, ok := borderParts(vals)
	if !ok {
		return nil, false
	}
	return []longhand{{pOutlineWidth, one(w)}, {pOutlineStyle, one(st)}, {pOutlineColor, one(c)}}, true
}

// OutlineColor returns the colour of s's outline: its color when
// outline-color is currentcolor.
func (s *Style) OutlineColor() Color {
	if s.outlineColorAuto {
		return s.Color
	}
	return s.Outline.Color
}

// HasOutline reports whether s has a visible outline: a style other than
// none and a width.
func (s *Style) HasOutline() bool {
	return s.Outline.Style != BorderNone && s.Outline.Width > 0
}
