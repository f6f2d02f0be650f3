package style

import (
	"strconv"
	"strings"

	"github.com/seed28491532/folio/css"
)

// This file holds the hyphenation properties and the OpenType feature
// properties of CSS Text 4 and CSS Fonts 4 (issue #21).

// applyHyphenateCharacter: auto | <string>.
func applyHyphenateCharacter(_ applier, s *Style, _ propID, x value) bool {
	if !x.single() {
		return false
	}
	switch t := x.f[0]; {
	case x.kw == "auto":
		s.HyphenateCharacter = ""
	case t.Kind == css.String && t.Text != "" && len(t.Text) <= maxHyphenateCharacter:
		s.HyphenateCharacter = t.Text
	default:
		return false
	}
	return true
}

// maxHyphenateCharacter bounds the bytes of hyphenate-character: it is
// drawn at every hyphenated line end.
const maxHyphenateCharacter = 16

// applyHyphenateLimitChars: [auto | <integer>]{1,3}: the fewest characters
// of a word hyphenated, before the hyphen and after it. One value sets the
// word length and leaves the others auto; two set the word and the
// characters before and after (the second value for both).
func applyHyphenateLimitChars(_ applier, s *Style, _ propID, x value) bool {
	if len(x.f) > 3 {
		return false
	}
	var v [3]uint8
	for i, t := range x.f {
		switch {
		case t.Is("auto"):
		case t.Kind == css.Number && t.Num == float64(int(t.Num)) && t.Num >= 1:
			v[i] = uint8(min(t.Num, 64))
		default:
			return false
		}
	}
	if len(x.f) == 2 {
		v[2] = v[1]
	}
	s.HyphenateLimitChars = v
	return true
}

// applyFontFeatureSettings: normal | [<string> [<integer> | on | off]?]#.
func applyFontFeatureSettings(_ applier, s *Style, _ propID, x value) bool {
	if x.kw == "normal" && x.single() {
		s.FontFeatureSettings = ""
		return true
	}
	var b strings.Builder
	for item := range splitCommas(x.f) {
		if len(item) == 0 || len(item) > 2 || item[0].Kind != css.String || !validTag(item[0].Text) {
			return false
		}
		val := 1
		if len(item) == 2 {
			switch t := item[1]; {
			case t.Is("on"):
			case t.Is("off"):
				val = 0
			case t.Kind == css.Number && t.Num == float64(int(t.Num)) && t.Num >= 0 && t.Num < 1<<16:
				val = int(t.Num)
			default:
				return false
			}
		}
		addFeature(&b, item[0].Text, val)
	}
	s.FontFeatureSettings = b.String()
	return true
}

// splitCommas yields the comma-separated items of tokens (without the
// commas).
func splitCommas(f []css.Token) func(func([]css.Token) bool) {
	return func(yield func([]css.Token) bool) {
		start := 0
		for i, t := range f {
			if t.Kind == css.Comma {
				if !yield(f[start:i]) {
					return
				}
				start = i + 1
			}
		}
		yield(f[start:])
	}
}

// validTag reports whether s is an OpenType feature tag: four printable
// ASCII characters.
func validTag(s string) bool {
	if len(s) != 4 {
		return false
	}
	for i := 0; i < 4; i++ {
		if s[i] < 0x20 || s[i] > 0x7E {
			return false
		}
	}
	return true
}

func addFeature(b *strings.Builder, tag string, val int) {
	if b.Len() > 0 {
		b.WriteByte(',')
	}
	b.WriteString(tag)
	b.WriteByte('=')
	b.WriteString(strconv.Itoa(val))
}

// ligatureKeywords maps the keywords of font-variant-ligatures to their
// features.
var ligatureKeywords = map[string]string{
	"common-ligatures":           "liga=1,clig=1",
	"no-common-ligatures":        "liga=0,clig=0",
	"discretionary-ligatures":    "dlig=1",
	"no-discretionary-ligatures": "dlig=0",
	"historical-ligatures":       "hlig=1",
	"no-historical-ligatures":    "hlig=0",
	"contextual":                 "calt=1",
	"no-contextual":              "calt=0",
}

// applyFontVariantLigatures: normal | none | [common | discretionary |
// historical | contextual, each with its no- form]+.
func applyFontVariantLigatures(_ applier, s *Style, _ propID, x value) bool {
	switch {
	case x.kw == "normal" && x.single():
		s.FontVariantLigatures = ""
		return true
	case x.kw == "none" && x.single():
		s.FontVariantLigatures = "liga=0,clig=0,dlig=0,hlig=0,calt=0"
		return true
	}
	v, ok := featureKeywords(x.f, ligatureKeywords, ligatureGroup)
	if ok {
		s.FontVariantLigatures = v
	}
	return ok
}

func ligatureGroup(kw string) string {
	return strings.TrimPrefix(kw, "no-")
}

// numericKeywords maps the keywords of font-variant-numeric to their
// features.
var numericKeywords = map[string]string{
	"lining-nums":        "lnum=1",
	"oldstyle-nums":      "onum=1",
	"proportional-nums":  "pnum=1",
	"tabular-nums":       "tnum=1",
	"diagonal-fractions": "frac=1",
	"stacked-fractions":  "afrc=1",
	"ordinal":            "ordn=1",
	"slashed-zero":       "zero=1",
}

func numericGroup(kw string) string {
	switch kw {
	case "lining-nums", "oldstyle-nums":
		return "figure"
	case "proportional-nums", "tabular-nums":
		return "spacing"
	case "diagonal-fractions", "stacked-fractions":
		return "fraction"
	}
	return kw
}

// applyFontVariantNumeric: normal | [lining-nums | oldstyle-nums] ||
// [proportional-nums | tabular-nums] || [diagonal-fractions |
// stacked-fractions] || ordinal || slashed-zero.
func applyFontVariantNumeric(_ applier, s *Style, _ propID, x value) bool {
	if x.kw == "normal" && x.single() {
		s.FontVariantNumeric = ""
		return true
	}
	v, ok := featureKeywords(x.f, numericKeywords, numericGroup)
	if ok {
		s.FontVariantNumeric = v
	}
	return ok
}

// featureKeywords joins the features of keywords f, each from table; two
// keywords of one group (group(kw)) make the value invalid.
func featureKeywords(f []css.Token, table map[string]string, group func(string) string) (string, bool) {
	var b strings.Builder
	var seen [8]string
	for i, t := range f {
		if t.Kind != css.Ident || i >= len(seen) {
			return "", false
		}
		kw := strings.ToLower(t.Text)
		feat, ok := table[kw]
		if !ok {
			return "", false
		}
		g := group(kw)
		for _, sg := range seen[:i] {
			if sg == g {
				return "", false
			}
		}
		seen[i] = g
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(feat)
	}
	return b.String(), true
}

// applyFontKerning: auto | normal | none.
func applyFontKerning(_ applier, s *Style, _ propID, x value) bool {
	if !x.single() {
		return false
	}
	switch x.kw {
	case "auto", "normal":
		s.FontKerning = ""
	case "none":
		s.FontKerning = "kern=0"
	default:
		return false
	}
	return true
}

// FontFeatures returns the OpenType features of s's font-variant-*
// longhands, font-kerning and font-feature-settings, as "tag=value" items
// joined by commas in the order they apply (a later item of a tag wins),
// or "" when all are normal.
func (s *Style) FontFeatures() string {
	f := s.FontGroup
	if f == nil || f.FontVariantLigatures == "" && f.FontVariantNumeric == "" && f.FontVariantEastAsian == "" && f.FontKerning == "" && f.FontFeatureSettings == "" {
		return ""
	}
	var b strings.Builder
	for _, part := range [...]string{f.FontVariantLigatures, f.FontVariantNumeric, f.FontVariantEastAsian, f.FontKerning, f.FontFeatureSettings} {
		if part == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(part)
	}
	return b.String()
}

// DecorationWavy is text-decoration-style: wavy (a text decoration style
// only: no border takes it).
const DecorationWavy BorderStyle = 32

// applyTextDecorationThickness: auto | from-font | <length> |
// <percentage> (of 1em).
func applyTextDecorationThickness(a applier, s *Style, _ propID, x value) bool {
	l, ok := decorationLength(a, s, x, false)
	if ok {
		s.TextDecorationThickness = l
	}
	return ok
}

// applyTextUnderlineOffset: auto | <length> | <percentage> (of 1em).
func applyTextUnderlineOffset(a applier, s *Style, _ propID, x value) bool {
	l, ok := decorationLength(a, s, x, true)
	if ok {
		s.TextUnderlineOffset = l
	}
	return ok
}

// decorationLength reads auto (from-font too, which folio's fonts make
// the same) or a length or percentage of 1em, in points; neg allows a
// negative one.
func decorationLength(a applier, s *Style, x value, neg bool) (Length, bool) {
	if !x.single() {
		return Length{}, false
	}
	if x.kw == "auto" || x.kw == "from-font" && !neg {
		return Length{Unit: Auto}, true
	}
	l, ok := a.lengths(s).length(x.f[0], true, neg)
	if !ok {
		return Length{}, false
	}
	if l.Unit == Percent {
		l = Length{Value: l.Value/100*s.FontSize + float64(l.Calc), Unit: Pt}
	}
	return l, true
}

// applyTextOverflow: [clip | ellipsis]{1,2} (of two values, the second is
// for the line end, the only one folio draws at).
func applyTextOverflow(_ applier, s *Style, _ propID, x value) bool {
	if len(x.f) > 2 {
		return false
	}
	for _, t := range x.f {
		if !t.Is("clip") && !t.Is("ellipsis") {
			return false
		}
	}
	s.TextOverflowEllipsis = x.f[len(x.f)-1].Is("ellipsis")
	return true
}

// expandFontResets is expandFont, also resetting the font-variant-*
// longhands and font-kerning as the font shorthand does (CSS Fonts 4
// §2.8).
func expandFontResets(d *shorthandDef, v, f []css.Token) ([]longhand, bool) {
	out, ok := expandFont(d, v, f)
	if !ok {
		return nil, false
	}
	return append(out, longhand{pFontVariantLigatures, one(ident("normal"))},
		longhand{pFontVariantNumeric, one(ident("normal"))}, longhand{pFontKerning, one(ident("auto"))},
		longhand{pFontVariantPosition, one(ident("normal"))}, longhand{pFontVariantEastAsian, one(ident("normal"))}), true
}
