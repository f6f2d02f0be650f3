package style

import "testing"

// TestFontSynthesis: font-synthesis and its longhands compute as the set
// of kinds that must not be synthesised, inherit, and invalid values are
// dropped (the inherited value stays).
func TestFontSynthesis(t *testing.T) {
	const all = FontSynthesisWeight | FontSynthesisStyle | FontSynthesisSmallCaps | FontSynthesisPosition
	for _, c := range []struct {
		css  string
		want uint8
	}{
		{"", 0},
		{"#t{font-synthesis:none}", all},
		{"#t{font-synthesis:weight style small-caps position}", 0},
		{"#t{font-synthesis:style}", FontSynthesisWeight | FontSynthesisSmallCaps | FontSynthesisPosition},
		{"#t{font-synthesis:Position WEIGHT}", FontSynthesisStyle | FontSynthesisSmallCaps},
		{"#t{font-synthesis:weight weight}", 0},
		{"#t{font-synthesis:bold}", 0},
		{"#t{font-synthesis:none weight}", 0},
		{"p{font-synthesis:none}", all}, // inherited
		{"p{font-synthesis:none} #t{font-synthesis-weight:auto}", all &^ FontSynthesisWeight},
		{"#t{font-synthesis-style:none}", FontSynthesisStyle},
		{"#t{font-synthesis-small-caps:none}", FontSynthesisSmallCaps},
		{"#t{font-synthesis-position:none}", FontSynthesisPosition},
		{"#t{font-synthesis-position:none; font-synthesis-position:sideways}", FontSynthesisPosition},
		{"#t{font-synthesis:none; font:12pt serif}", all}, // font does not reset it
	} {
		s := styleOf(t, c.css, `<p><span id=t>x</span></p>`)
		if s.FontSynthesisNone != c.want {
			t.Errorf("%s: %04b, want %04b", c.css, s.FontSynthesisNone, c.want)
		}
	}
}
