package style

import (
	"fmt"
	"testing"
)

// TestFontVariantMore: font-stretch, font-variation-settings,
// font-variant-position and font-variant-east-asian compute as fonts and
// layout take them, invalid values are dropped (the inherited value
// stays), and the font and font-variant shorthands set or reset them.
func TestFontVariantMore(t *testing.T) {
	for _, c := range []struct{ css, want string }{
		{"", "0 [] [] []"},
		{"#t{font-stretch:condensed}", "75 [] [] []"},
		{"#t{font-stretch:62.5%}", "62.5 [] [] []"},
		{"#t{font-stretch:100%}", "0 [] [] []"},
		{"#t{font-stretch:-5%}", "0 [] [] []"},
		{"#t{font-stretch:5px}", "0 [] [] []"},
		{"p{font-stretch:expanded} #t{font:12pt serif}", "0 [] [] []"},
		{"#t{font:condensed bold 12pt serif}", "75 [] [] []"},
		{"#t{font-variation-settings:'wght' 650, 'wdth' 80.5}", "0 [wght=650,wdth=80.5] [] []"},
		{"#t{font-variation-settings:normal}", "0 [] [] []"},
		{"#t{font-variation-settings:'wght'}", "0 [] [] []"},
		{"#t{font-variation-settings:'wgh' 3}", "0 [] [] []"},
		{"#t{font-variant-position:super}", "0 [] [super] []"},
		{"#t{font-variant-position:sub}", "0 [] [sub] []"},
		{"#t{font-variant-position:top}", "0 [] [] []"},
		{"#t{font-variant:sub}", "0 [] [sub] []"},
		{"#t{font-variant-east-asian:jis78 full-width}", "0 [] [] [jp78=1,fwid=1]"},
		{"#t{font-variant-east-asian:ruby traditional proportional-width}", "0 [] [] [ruby=1,trad=1,pwid=1]"},
		{"#t{font-variant-east-asian:jis78 jis83}", "0 [] [] []"},
		{"#t{font-variant:simplified}", "0 [] [] [smpl=1]"},
		{"p{font-variant-east-asian:ruby;font-variant-position:super} #t{font:12pt serif}", "0 [] [] []"},
	} {
		s := styleOf(t, c.css, `<p id=t>x</p>`)
		got := fmt.Sprintf("%g [%s] [%s] [%s]", s.FontStretch, s.FontVariationSettings, s.FontVariantPosition, s.FontVariantEastAsian)
		if got != c.want {
			t.Errorf("%s: %q, want %q", c.css, got, c.want)
		}
	}
	if s := styleOf(t, "p{font-optical-sizing:none}", `<p id=t>x</p>`); !s.FontOpticalSizingNone {
		t.Error("font-optical-sizing: none not applied")
	}
	if s := styleOf(t, "p{font-optical-sizing:none} #t{font-optical-sizing:auto}", `<p id=t>x</p>`); s.FontOpticalSizingNone {
		t.Error("font-optical-sizing: auto not applied")
	}
	// east-asian features join the others
	s := styleOf(t, "#t{font-variant-east-asian:ruby;font-feature-settings:'liga' 0}", `<p id=t>x</p>`)
	if got := s.FontFeatures(); got != "ruby=1,liga=0" {
		t.Errorf("FontFeatures() = %q", got)
	}
}
