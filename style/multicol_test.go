package style

import "testing"

// TestColumnRuleProperties checks the column-rule longhands and
// shorthand, column-span and column-fill as computed (a rule whose style
// is none has width 0).
func TestColumnRuleProperties(t *testing.T) {
	const div = `<div id=t style="color: green">x</div>`
	tests := []struct {
		name, css      string
		width          float64
		style          BorderStyle
		color          Color
		spanAll, fillA bool
	}{
		{"initial", "", 0, BorderNone, Color{0, 128, 0, 255}, false, false},
		{"shorthand any order", "#t{column-rule: red 3pt dashed}", 3, BorderDashed, Color{255, 0, 0, 255}, false, false},
		{"shorthand keyword width", "#t{column-rule: thin solid}", 0.75, BorderSolid, Color{0, 128, 0, 255}, false, false},
		{"longhands", "#t{column-rule-width: 2px; column-rule-style: dotted; column-rule-color: blue}", 1.5, BorderDotted, Color{0, 0, 255, 255}, false, false},
		{"invalid shorthand dropped", "#t{column-rule: 1pt 2pt solid}", 0, BorderNone, Color{0, 128, 0, 255}, false, false},
		{"span and fill", "#t{column-span: all; column-fill: auto}", 0, BorderNone, Color{0, 128, 0, 255}, true, true},
		{"invalid span dropped", "#t{column-span: 2; column-fill: balance}", 0, BorderNone, Color{0, 128, 0, 255}, false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := styleOf(t, tc.css, div)
			r := s.ColumnRule
			if r.Width != tc.width || r.Style != tc.style || r.Style != BorderNone && r.Color != tc.color {
				t.Errorf("column-rule = %v %v %v, want %v %v %v", r.Width, r.Style, r.Color, tc.width, tc.style, tc.color)
			}
			if s.ColumnSpanAll != tc.spanAll || s.ColumnFillAuto != tc.fillA {
				t.Errorf("column-span all %v, column-fill auto %v; want %v %v", s.ColumnSpanAll, s.ColumnFillAuto, tc.spanAll, tc.fillA)
			}
		})
	}
}

// TestColumnsShorthandZero checks that columns: 0 is a zero column width
// (a count is never 0) and that the count and width parse in any order.
func TestColumnsShorthandZero(t *testing.T) {
	tests := []struct {
		css   string
		count int
		width string
	}{
		{"#t{columns: 0}", 0, "0pt"},
		{"#t{columns: 3 10pt}", 3, "10pt"},
		{"#t{columns: 10pt 3}", 3, "10pt"},
		{"#t{columns: 2}", 2, "auto"},
	}
	for _, tc := range tests {
		s := styleOf(t, tc.css, `<div id=t>x</div>`)
		if s.ColumnCount != tc.count || fmtLength(s.ColumnWidth) != tc.width {
			t.Errorf("%s: count %d width %s, want %d %s", tc.css, s.ColumnCount, fmtLength(s.ColumnWidth), tc.count, tc.width)
		}
	}
}
