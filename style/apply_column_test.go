package style

import "testing"

// TestColumnRule checks the computed values of the column-rule
// properties: the shorthand in any order, no width without a visible
// style, currentColor resolved against the element's color, and inherit
// taking the parent's computed rule.
func TestColumnRule(t *testing.T) {
	const div = `<div id=p><div id=t>x</div></div>`
	black, red, green := Color{0, 0, 0, 255}, Color{255, 0, 0, 255}, Color{0, 128, 0, 255}
	tests := []struct {
		name, css string
		want      Border
	}{
		{"initial: no style, no width", "", Border{Color: black}},
		{"shorthand", "#t{column-rule: red dashed 2pt}", Border{Width: 2, Style: BorderDashed, Color: red}},
		{"style only: medium, currentColor", "#t{color: green; column-rule-style: solid}", Border{Width: 2.25, Style: BorderSolid, Color: green}},
		{"width without style is 0", "#t{column-rule-width: 4pt}", Border{Color: black}},
		{"hidden", "#t{column-rule: 4pt hidden red}", Border{Style: BorderHidden, Color: red}},
		{"longhands", "#t{column-rule-width: thin; column-rule-style: double; column-rule-color: #008000}",
			Border{Width: 0.75, Style: BorderDouble, Color: green}},
		{"inherit takes the parent's computed color", "#p{color: red; column-rule: solid 1pt} #t{color: green; column-rule: inherit}",
			Border{Width: 1, Style: BorderSolid, Color: red}},
		// (the parent's computed width is 0: its style is none)
		{"inherit currentColor of a parent without rule", "#p{color: red} #t{color: green; column-rule: inherit; column-rule-style: solid}",
			Border{Style: BorderSolid, Color: green}},
		{"invalid shorthand dropped", "#t{column-rule: solid solid}", Border{Color: black}},
		{"initial keyword", "#t{column-rule: 3pt solid red; column-rule-color: initial; color: green}",
			Border{Width: 3, Style: BorderSolid, Color: green}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := styleOf(t, tt.css, div).ColumnRule; got != tt.want {
				t.Errorf("%s: column rule %+v, want %+v", tt.css, got, tt.want)
			}
		})
	}
}
