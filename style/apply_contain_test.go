package style

import "testing"

// TestContain checks the contain values: the keywords' sets, the lists of
// types, and that invalid lists (unknown, repeated, size with
// inline-size) keep the earlier value; contain is not inherited.
func TestContain(t *testing.T) {
	const div = `<div id=p><div id=t>x</div></div>`
	for _, tt := range []struct {
		name, css string
		want      Containment
		size      bool
	}{
		{"initial", ``, 0, false},
		{"none", `#t{contain:size;contain:none}`, 0, false},
		{"size", `#t{contain:size}`, ContainSize, true},
		{"strict", `#t{contain:strict}`, ContainStrict, true},
		{"content", `#t{contain:content}`, ContainContent, false},
		{"list", `#t{contain:paint LAYOUT size}`, ContainPaint | ContainLayout | ContainSize, true},
		{"inline-size", `#t{contain:inline-size style}`, ContainInlineSize | ContainStyle, false},
		{"repeated", `#t{contain:paint;contain:size size}`, ContainPaint, false},
		{"size and inline-size", `#t{contain:paint;contain:size inline-size}`, ContainPaint, false},
		{"unknown", `#t{contain:paint;contain:size bogus}`, ContainPaint, false},
		{"strict in a list", `#t{contain:paint;contain:strict paint}`, ContainPaint, false},
		{"not inherited", `#p{contain:size}`, 0, false},
		{"inherit", `#p{contain:strict} #t{contain:inherit}`, ContainStrict, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := styleOf(t, tt.css, div)
			if s.Contain != tt.want || s.SizeContained() != tt.size {
				t.Errorf("contain %b (size %v), want %b (%v)", s.Contain, s.SizeContained(), tt.want, tt.size)
			}
		})
	}
}
