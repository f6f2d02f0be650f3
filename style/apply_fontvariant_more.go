package style

import (
	"strconv"
	"strings"

	"github.com/seed28491532/folio/css"
)

// This file holds the font properties of CSS Fonts 4 that select glyph
// variants and variable-font instances (issue #21): font-stretch,
// font-variation-settings, font-optical-sizing, font-variant-position and
// font-variant-east-asian. font-variant-caps is applyFontVariant.

// stretchKeywords are the font-stretch keywords as percentages.
var stretchKeywords = map[string]float64{
	"ultra-condensed": 50, "extra-condensed": 62.5, "condensed": 75, "semi-condensed": 87.5,
	"normal": 100, "semi-expanded": 112.5, "expanded": 125, "extra-expanded": 150, "ultra-expanded": 200,
}

// applyFontStretch: normal | <percentage [0,∞]> | a stretch keyword; the
// computed value is a percentage, 0 for normal (100%).
func applyFontStretch(_ applier, s *Style, _ propID, x value) bool {
	if !x.single() {
		return false
	}
	t := x.f[0]
	v, ok := stretchKeywords[x.kw]
	if !ok {
		if t.Kind != css.Percentage || t.Num < 0 || t.Num > maxStretch {
			return false
		}
		v = t.Num
	}
	if v == 100 {
		v = 0
	}
	s.FontStretch = v
	return true
}

// maxStretch bounds font-stretch percentages (wdth axes end well below).
const maxStretch = 1000

// applyFontVariationSettings: normal | [<string> <number>]#, computed as
// "tag=value" items joined by commas (a later item of a tag wins).
func applyFontVariationSettings(_ applier, s *Style, _ propID, x value) bool {
	if x.kw == "normal" && x.single() {
		s.FontVariationSettings = ""
		return true
	}
	var b strings.Builder
	n := 0
	for item := range splitCommas(x.f) {
		if len(item) != 2 || item[0].Kind != css.String || !validTag(item[0].Text) || item[1].Kind != css.Number {
			return false
		}
		if n++; n > maxVariationItems {
			return false
		}
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(item[0].Text)
		b.WriteByte('=')
		b.WriteString(strconv.FormatFloat(item[1].Num, 'g', -1, 64))
	}
	s.FontVariationSettings = b.String()
	return true
}

// maxVariationItems bounds the items of font-variation-settings.
const maxVariationItems = 64

// applyFontVariantPosition: normal | sub | super.
func applyFontVariantPosition(_ applier, s *Style, _ propID, x value) bool {
	if !x.single() {
		return false
	}
	switch x.kw {
	case "normal":
		s.FontVariantPosition = ""
	case "sub", "super":
		s.FontVariantPosition = x.kw
	default:
		return false
	}
	return true
}

// eastAsianKeywords maps the keywords of font-variant-east-asian to their
// features.
var eastAsianKeywords = map[string]string{
	"jis78": "jp78=1", "jis83": "jp83=1", "jis90": "jp90=1", "jis04": "jp04=1",
	"simplified": "smpl=1", "traditional": "trad=1",
	"full-width": "fwid=1", "proportional-width": "pwid=1",
	"ruby": "ruby=1",
}

func eastAsianGroup(kw string) string {
	switch kw {
	case "full-width", "proportional-width":
		return "width"
	case "ruby":
		return kw
	}
	return "variant"
}

// applyFontVariantEastAsian: normal | [<east-asian-variant-values> ||
// <east-asian-width-values> || ruby].
func applyFontVariantEastAsian(_ applier, s *Style, _ propID, x value) bool {
	if x.kw == "normal" && x.single() {
		s.FontVariantEastAsian = ""
		return true
	}
	v, ok := featureKeywords(x.f, eastAsianKeywords, eastAsianGroup)
	if ok {
		s.FontVariantEastAsian = v
	}
	return ok
}

// applyFontOpticalSizing: auto | none.
func applyFontOpticalSizing(_ applier, s *Style, _ propID, x value) bool {
	if !x.single() || x.kw != "auto" && x.kw != "none" {
		return false
	}
	s.FontOpticalSizingNone = x.kw == "none"
	return true
}

// capsKeyword reports whether kw is a value of font-variant-caps other
// than normal.
func capsKeyword(kw string) bool {
	switch kw {
	case "small-caps", "all-small-caps", "petite-caps", "all-petite-caps", "unicase", "titling-caps":
		return true
	}
	return false
}
