package style

import "github.com/seed28491532/folio/css"

// Multi-column rules: column-rule-width, -style and -color and the
// column-rule shorthand (css-multicol-1 §4).

func applyColumnRuleWidth(a applier, s *Style, _ propID, x value) bool {
	w, ok := borderWidth(a.lengths(s), x.f[0])
	if !ok || !x.single() {
		return false
	}
	s.ColumnRule.Width = w
	return true
}

func applyColumnRuleColor(_ applier, s *Style, _ propID, x value) bool {
	c, ok := ParseColor(x.f[0], s.Color)
	if !ok || !x.single() {
		return false
	}
	s.ColumnRule.Color = c
	s.ruleColorAuto = x.kw == "currentcolor"
	return true
}

// copyColumnRuleColor copies the rule color of s: resolved when its rule
// is visible, else currentColor, which d resolves against its own color
// (as css-color-4 inherits the keyword).
func copyColumnRuleColor(d, s *Style, _ propID) {
	d.ColumnRule.Color, d.ruleColorAuto = s.ColumnRule.Color, s.ruleColorAuto
}

// expandColumnRule expands column-rule: a width, a style and a color in
// any order, as border does.
func expandColumnRule(_ *shorthandDef, vals, _ []css.Token) ([]longhand, bool) {
	w, st, c, ok := borderParts(vals)
	if !ok {
		return nil, false
	}
	return []longhand{{pColumnRuleWidth, one(w)}, {pColumnRuleStyle, one(st)}, {pColumnRuleColor, one(c)}}, true
}

// finishColumnRule computes the column rule of s: no width without a
// visible style, currentColor resolved otherwise. An element that sets
// no column-rule property takes the initial group without width, shared.
func (c *cascader) finishColumnRule(s *Style) {
	r := s.ColumnRule
	if r.Style == BorderNone || r.Style == BorderHidden {
		if r.Width == 0 {
			return
		}
		if c.cow.owned&(1<<gColumn) == 0 {
			s.ColumnGroup = c.cow.noColumnRule(s)
			return
		}
		c.cow.own(s, gColumn)
		s.ColumnRule.Width = 0
		return
	}
	if s.ruleColorAuto {
		c.cow.own(s, gColumn)
		s.ColumnRule.Color, s.ruleColorAuto = s.Color, false
	}
}
