package style

import (
	"strings"

	"github.com/seed28491532/folio/css"
)

// expandFontVariant splits the font-variant shorthand into its caps,
// ligature and numeric keywords (the east-asian, position and emoji
// ones are accepted and dropped).
func expandFontVariant(_ *shorthandDef, _, f []css.Token) ([]longhand, bool) {
	v := "normal"
	var liga, num, eastAsian []css.Token
	position := ident("normal")
	for _, t := range f {
		if t.Kind != css.Ident {
			return nil, false
		}
		kw := strings.ToLower(t.Text)
		switch {
		case capsKeyword(kw):
			v = kw
		case kw == "sub" || kw == "super":
			position = t
		case eastAsianKeywords[kw] != "":
			eastAsian = append(eastAsian, t)
		case kw == "none" && len(f) == 1:
			liga = append(liga, t)
		case ligatureKeywords[kw] != "":
			liga = append(liga, t)
		case numericKeywords[kw] != "":
			num = append(num, t)
		}
	}
	if len(liga) == 0 {
		liga = one(ident("normal"))
	}
	if len(num) == 0 {
		num = one(ident("normal"))
	}
	if len(eastAsian) == 0 {
		eastAsian = one(ident("normal"))
	}
	return []longhand{{pFontVariant, one(ident(v))}, {pFontVariantLigatures, liga}, {pFontVariantNumeric, num},
		{pFontVariantPosition, one(position)}, {pFontVariantEastAsian, eastAsian}}, true
}

func expandTextDecoration(_ *shorthandDef, _, f []css.Token) ([]longhand, bool) {
	var lines []css.Token
	style, color, thickness := ident("solid"), ident("currentcolor"), ident("auto")
	for _, t := range f {
		switch {
		case t.Is("underline") || t.Is("overline") || t.Is("line-through") || t.Is("none") || t.Is("blink"):
			if len(lines) > 0 {
				lines = append(lines, css.Token{Kind: css.Whitespace, Text: " "})
			}
			lines = append(lines, t)
		case t.Is("solid") || t.Is("double") || t.Is("dotted") || t.Is("dashed") || t.Is("wavy"):
			style = t
		case isColorToken(t):
			color = t
		case t.Kind == css.Dimension || t.Kind == css.Percentage || t.Kind == css.Function || t.Is("auto") || t.Is("from-font"):
			thickness = t
		default:
			return nil, false
		}
	}
	if lines == nil {
		lines = one(ident("none"))
	}
	return []longhand{{pTextDecorationLine, lines}, {pTextDecorationStyle, one(style)}, {pTextDecorationColor, one(color)}, {pTextDecorationThickness, one(thickness)}}, true
}

// expandFont expands the font shorthand.
func expandFont(_ *shorthandDef, _, f []css.Token) ([]longhand, bool) {
	if len(f) == 1 && f[0].Kind == css.Ident {
		switch strings.ToLower(f[0].Text) {
		case "caption", "icon", "menu", "message-box", "small-caption", "status-bar":
			return []longhand{{pFontStyle, one(ident("normal"))}, {pFontVariant, one(ident("normal"))},
				{pFontWeight, one(ident("normal"))}, {pFontSize, one(ident("medium"))},
				{pLineHeight, one(ident("normal"))}, {pFontFamily, one(ident("sans-serif"))}, {pFontStretch, one(ident("normal"))}}, true
		}
	}
	style, variant, weight, stretch := ident("normal"), ident("normal"), ident("normal"), ident("normal")
	i := 0
	for ; i < len(f) && i < 4; i++ {
		t := f[i]
		switch {
		case t.Is("normal"):
		case t.Is("italic") || t.Is("oblique"):
			style = t
		case t.Is("small-caps"):
			variant = t
		case t.Is("bold") || t.Is("bolder") || t.Is("lighter") || (t.Kind == css.Number && t.Num >= 1 && t.Num <= 1000):
			weight = t
		case t.Kind == css.Ident && isStretchKeyword(t.Text):
			stretch = t
		default:
			goto size
		}
	}
size:
	if i >= len(f) {
		return nil, false
	}
	size := f[i]
	i++
	lh := []css.Token{ident("normal")}
	if i < len(f) && f[i].IsDelim("/") {
		if i+1 >= len(f) {
			return nil, false
		}
		lh = one(f[i+1])
		i += 2
	}
	if i >= len(f) {
		return nil, false
	}
	// the family list keeps its commas: rebuild with whitespace between idents
	var fam []css.Token
	for k, t := range f[i:] {
		if k > 0 && t.Kind != css.Comma && f[i+k-1].Kind != css.Comma {
			fam = append(fam, css.Token{Kind: css.Whitespace, Text: " "})
		}
		fam = append(fam, t)
	}
	return []longhand{{pFontStyle, one(style)}, {pFontVariant, one(variant)}, {pFontWeight, one(weight)},
		{pFontSize, one(size)}, {pLineHeight, lh}, {pFontFamily, fam}, {pFontStretch, one(stretch)}}, true
}

func isStretchKeyword(s string) bool {
	switch strings.ToLower(s) {
	case "ultra-condensed", "extra-condensed", "condensed", "semi-condensed", "semi-expanded", "expanded", "extra-expanded", "ultra-expanded":
		return true
	}
	return false
}
