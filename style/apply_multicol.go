package style

import "github.com/seed28491532/folio/css"

// Multi-column layout properties (css-multicol-1): column-rule-*,
// column-span and column-fill. column-count, column-width and
// column-gap are in apply_flex.go.

func applyColumnRuleWidth(a applier, s *Style, _ propID, x value) bool {
	if !x.single() {
		return false
	}
	w, ok := borderWidth(a.lengths(s), x.f[0])
	if !ok || w < 0 {
		return false
	}
	s.ColumnRuleWidth = w
	return true
}

func applyColumnRuleStyle(_ applier, s *Style, _ propID, x value) bool {
	bs, ok := borderStyleOf(x.kw)
	if !ok || !x.single() {
		return false
	}
	s.ColumnRuleStyle = bs
	return true
}

func applyColumnRuleColor(_ applier, s *Style, _ propID, x value) bool {
	if !x.single() {
		return false
	}
	if x.kw == "currentcolor" {
		s.ColumnRuleColor, s.ColumnRuleColorSet = Color{}, false
		return true
	}
	c, ok := ParseColor(x.f[0], s.Color)
	if !ok {
		return false
	}
	s.ColumnRuleColor, s.ColumnRuleColorSet = c, true
	return true
}

func copyColumnRuleColor(d, s *Style, _ propID) {
	d.ColumnRuleColor, d.ColumnRuleColorSet = s.ColumnRuleColor, s.ColumnRuleColorSet
}

func applyColumnSpan(_ applier, s *Style, _ propID, x value) bool {
	if !x.single() || x.kw != "none" && x.kw != "all" {
		return false
	}
	s.ColumnSpanAll = x.kw == "all"
	return true
}

func applyColumnFill(_ applier, s *Style, _ propID, x value) bool {
	if !x.single() || x.kw != "auto" && x.kw != "balance" && x.kw != "balance-all" {
		return false
	}
	s.ColumnFillAuto = x.kw == "auto"
	return true
}

// UsedColumnRuleColor is the color column rules are painted in.
func (s *Style) UsedColumnRuleColor() Color {
	if s.ColumnRuleColorSet {
		return s.ColumnRuleColor
	}
	return s.Color
}

// expandColumnRule expands column-rule: a width, a style and a color in
// any order, each optional (like border).
func expandColumnRule(_ *shorthandDef, vals, _ []css.Token) ([]longhand, bool) {
	w, st, c, ok := borderParts(vals)
	if !ok {
		return nil, false
	}
	return []longhand{{pColumnRuleWidth, one(w)}, {pColumnRuleStyle, one(st)}, {pColumnRuleColor, one(c)}}, true
}
