package style

import (
	"fmt"
	"testing"
)

// TestTextFeatures checks the computed values of the hyphenation and
// OpenType feature properties, their inheritance and the font-variant
// shorthand.
func TestTextFeatures(t *testing.T) {
	const body = `<div id=p><p id=t>x</p></div>`
	tests := []struct{ css, want string }{
		{"", "| | [0 0 0]"},
		{"#t{font-feature-settings:'liga' 0, \"tnum\", 'ss01' on, 'swsh' 2}", "liga=0,tnum=1,ss01=1,swsh=2| | [0 0 0]"},
		{"#t{font-feature-settings:'lig' 0}", "| | [0 0 0]"},   // invalid tag: ignored
		{"#t{font-feature-settings:'liga' -1}", "| | [0 0 0]"}, // invalid value
		{"#t{font-variant-numeric:oldstyle-nums tabular-nums}", "onum=1,tnum=1| | [0 0 0]"},
		{"#t{font-variant-numeric:oldstyle-nums lining-nums}", "| | [0 0 0]"}, // one per group
		{"#t{font-variant-ligatures:none}", "liga=0,clig=0,dlig=0,hlig=0,calt=0| | [0 0 0]"},
		{"#t{font-variant-ligatures:no-common-ligatures discretionary-ligatures}", "liga=0,clig=0,dlig=1| | [0 0 0]"},
		{"#t{font-kerning:none;font-feature-settings:'kern' 1}", "kern=0,kern=1| | [0 0 0]"},
		{"#p{font-variant-numeric:tabular-nums}#t{font-feature-settings:'zero'}", "tnum=1,zero=1| | [0 0 0]"},
		{"#t{font-variant:small-caps tabular-nums no-contextual}", "calt=0,tnum=1| | [0 0 0]"},
		{"#p{font-variant-numeric:tabular-nums}#t{font-variant:normal}", "| | [0 0 0]"},
		{"#t{font-kerning:none;font-variant-ligatures:none;font:12pt serif}", "| | [0 0 0]"},
		{"#t{font:12pt serif;font-kerning:none}", "kern=0| | [0 0 0]"},
		{"#t{hyphenate-character:'='}", "|=| [0 0 0]"},
		{"#p{hyphenate-character:'‐'}#t{hyphenate-limit-chars:6 3 2}", "|‐| [6 3 2]"},
		{"#t{hyphenate-limit-chars:auto 3}", "| | [0 3 3]"},
		{"#t{hyphenate-limit-chars:8}", "| | [8 0 0]"},
		{"#t{hyphenate-limit-chars:1 2 3 4}", "| | [0 0 0]"},
		{"#t{hyphenate-character:''}", "| | [0 0 0]"},
	}
	for _, tt := range tests {
		t.Run(tt.css, func(t *testing.T) {
			s := styleOf(t, tt.css, body)
			hc := s.HyphenateCharacter
			if hc == "" {
				hc = " "
			}
			got := fmt.Sprintf("%s|%s| %v", s.FontFeatures(), hc, s.HyphenateLimitChars)
			if got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestTextDecorationValues checks text-decoration-thickness,
// text-underline-offset (percentages of 1em, in points) and wavy.
func TestTextDecorationValues(t *testing.T) {
	const body = `<div id=p><p id=t>x</p></div>`
	tests := []struct{ css, want string }{
		{"", "auto auto solid=true"},
		{"#t{text-decoration-thickness:2px;text-underline-offset:-1pt}", "1.5 -1 solid=true"},
		{"#t{font-size:20pt;text-decoration-thickness:10%;text-underline-offset:5%}", "2 1 solid=true"},
		{"#t{text-decoration-thickness:from-font}", "auto auto solid=true"},
		{"#t{text-decoration-thickness:-1pt}", "auto auto solid=true"},
		{"#p{text-underline-offset:3pt;text-decoration-thickness:4pt}", "auto 3 solid=true"}, // one inherits
		{"#t{text-decoration:underline wavy 3pt red}", "3 auto solid=false"},
		{"#t{text-decoration-thickness:3pt;text-decoration:underline}", "auto auto solid=true"},
	}
	f := func(l Length) string {
		if l.Unit == Auto {
			return "auto"
		}
		return fmt.Sprint(l.Value)
	}
	for _, tt := range tests {
		t.Run(tt.css, func(t *testing.T) {
			s := styleOf(t, tt.css, body)
			got := fmt.Sprintf("%s %s solid=%v", f(s.TextDecorationThickness), f(s.TextUnderlineOffset), s.TextDecorationStyle != DecorationWavy)
			if got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestFontVariantCaps(t *testing.T) {
	for _, c := range []struct{ css, want string }{
		{"#t{font-variant-caps:small-caps}", "small-caps"},
		{"#t{font-variant-caps:all-small-caps}", "all-small-caps"},
		{"#t{font-variant-caps:all-petite-caps}", "all-petite-caps"},
		{"#t{font-variant-caps:unicase}", "unicase"},
		{"#t{font-variant:titling-caps}", "titling-caps"},
		{"#t{font-variant:all-small-caps oldstyle-nums}", "all-small-caps"},
		{"#t{font-variant:small-caps}", "small-caps"},
		{"#t{font:small-caps 12pt serif}", "small-caps"},
	} {
		if got := styleOf(t, c.css, `<p id=t>x</p>`).FontVariant; got != c.want {
			t.Errorf("%s: %q, want %q", c.css, got, c.want)
		}
	}
}

// TestFontUnits resolves ch and ex from the font's own measures when
// Options.FontUnits gives them (font-size: against the parent's font),
// else as half an em.
func TestFontUnits(t *testing.T) {
	units := func(families []string, weight int, _ uint8) (float64, float64) {
		if len(families) > 0 && families[0] == "monospace" {
			return 0.6, 0.55
		}
		return 0, 0 // unknown: the fallback
	}
	tests := []struct {
		css  string
		want string // width and font-size in points
	}{
		{"#t{font:10pt monospace;width:10ch}", "60 10"},
		{"#t{font:10pt monospace;width:2ex}", "11 10"},
		{"#t{font:10pt serif;width:10ch}", "50 10"},
		{"#p{font:10pt monospace}#t{font-size:2ch}", "12 12"}, // the parent's ch; width 1em
		{"#t{font:10pt monospace;width:calc(10ch + 1pt)}", "61 10"},
	}
	for _, tt := range tests {
		t.Run(tt.css, func(t *testing.T) {
			st, doc := compute(t, "<!DOCTYPE html><html><head><style>"+tt.css+" #p #t{} </style></head><body><div id=p><p id=t>x</p></div></body></html>", Options{FontUnits: units})
			s := st.Of(find(doc, "t"), PseudoNone)
			w := s.Width.Value
			if s.Width.Unit == Auto {
				w = s.FontSize // the test's "1em" for an auto width
			}
			if got := fmt.Sprintf("%.4g %.4g", w, s.FontSize); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
