package style

import "testing"

// TestLogicalByDirection checks that flow-relative properties take their
// physical side from the element's own direction, and share a cascaded
// value with the physical property of that side (the later declaration
// wins).
func TestLogicalByDirection(t *testing.T) {
	tests := []struct {
		name, css, body, prop, want string
	}{
		{"ltr inline-start is left", "#t{margin-inline-start:5pt}", `<p id=t>x</p>`, "margin", "12pt 0pt 12pt 5pt"},
		{"rtl inline-start is right", "#t{direction:rtl;margin-inline-start:5pt}", `<p id=t>x</p>`, "margin", "12pt 5pt 12pt 0pt"},
		{"inherited rtl", "#t{margin-inline-end:5pt}", `<div dir=rtl><p id=t>x</p></div>`, "margin", "12pt 0pt 12pt 5pt"},
		{"own ltr inside rtl", "#t{direction:ltr;margin-inline-end:5pt}", `<div dir=rtl><p id=t>x</p></div>`, "margin", "12pt 5pt 12pt 0pt"},
		{"rtl shorthand", "#t{direction:rtl;padding-inline:1pt 2pt}", `<p id=t>x</p>`, "padding", "0pt 1pt 0pt 2pt"},
		{"rtl shorthand with var()", "#t{--a:1pt;direction:rtl;padding-inline:var(--a) 2pt}", `<p id=t>x</p>`, "padding", "0pt 1pt 0pt 2pt"},
		{"rtl border side", "#t{direction:rtl;border-inline-start:1pt solid red}", `<p id=t>x</p>`, "border",
			"0pt/0/#000000 1pt/4/#ff0000 0pt/0/#000000 0pt/0/#000000"},
		{"later physical wins", "#t{direction:rtl;margin-inline-start:5pt;margin-right:7pt}", `<p id=t>x</p>`, "margin", "12pt 7pt 12pt 0pt"},
		{"later logical wins", "#t{direction:rtl;margin-right:7pt;margin-inline-start:5pt}", `<p id=t>x</p>`, "margin", "12pt 5pt 12pt 0pt"},
		{"other side untouched", "#t{direction:rtl;margin-left:7pt;margin-inline-start:5pt}", `<p id=t>x</p>`, "margin", "12pt 5pt 12pt 7pt"},
		{"more specific physical wins", "p#t{margin-right:7pt} #t{direction:rtl;margin-inline-start:5pt}", `<p id=t>x</p>`, "margin", "12pt 7pt 12pt 0pt"},
		{"block axis kept", "#t{direction:rtl;margin-block-start:5pt}", `<p id=t>x</p>`, "margin", "5pt 0pt 12pt 0pt"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := styleOf(t, tt.css, tt.body)
			if got := prop(s, tt.prop); got != tt.want {
				t.Errorf("%s = %q, want %q", tt.prop, got, tt.want)
			}
		})
	}
}
