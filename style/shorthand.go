package style

import (
	"strings"

	"github.com/seed28491532/folio/css"
)

// longhand is one longhand declaration produced by shorthand expansion.
type longhand struct {
	prop  propID
	value []css.Token
}

// isShorthand reports whether name is a shorthand expand knows.
func isShorthand(name string) bool {
	switch name {
	case "margin", "padding", "inset", "border", "border-top", "border-right", "border-bottom", "border-left",
		"border-width", "border-style", "border-color", "border-radius", "background", "font", "list-style",
		"flex", "flex-flow", "gap", "grid-gap", "columns", "text-decoration", "place-items", "place-content",
		"place-self", "overflow", "page-break-before", "page-break-after", "page-break-inside", "font-variant",
		"margin-inline", "margin-block", "padding-inline", "padding-block", "border-block-start", "border-block-end",
		"border-inline-start", "border-inline-end", "border-block", "border-inline", "white-space-collapse", "all":
		return true
	}
	return false
}

func cssWide(v []css.Token) bool {
	return len(v) == 1 && v[0].Kind == css.Ident && isCSSWideKeyword(v[0].Text)
}

func isCSSWideKeyword(s string) bool {
	switch strings.ToLower(s) {
	case "inherit", "initial", "unset", "revert", "revert-layer":
		return true
	}
	return false
}

func ident(s string) css.Token { return css.Token{Kind: css.Ident, Text: s} }

func one(t css.Token) []css.Token { return []css.Token{t} }

// sides4 expands 1–4 values to top, right, bottom, left.
func sides4(vals []css.Token) ([4]css.Token, bool) {
	var out [4]css.Token
	switch len(vals) {
	case 1:
		out = [4]css.Token{vals[0], vals[0], vals[0], vals[0]}
	case 2:
		out = [4]css.Token{vals[0], vals[1], vals[0], vals[1]}
	case 3:
		out = [4]css.Token{vals[0], vals[1], vals[2], vals[1]}
	case 4:
		out = [4]css.Token{vals[0], vals[1], vals[2], vals[3]}
	default:
		return out, false
	}
	return out, true
}

// fourProps expands a one-to-four-value shorthand (fields f, without
// whitespace) into its four sides, in one allocation.
func fourProps(first propID, f []css.Token) ([]longhand, bool) {
	s, ok := sides4(f)
	if !ok {
		return nil, false
	}
	b := new(struct {
		lh   [4]longhand
		toks [4]css.Token
	})
	b.toks = s
	for i := range b.lh {
		b.lh[i] = longhand{first + propID(i), b.toks[i : i+1 : i+1]}
	}
	return b.lh[:], true
}

func isBorderStyleKeyword(t css.Token) bool {
	if t.Kind != css.Ident {
		return false
	}
	_, ok := borderStyleOf(strings.ToLower(t.Text))
	return ok
}

func isColorToken(t css.Token) bool {
	_, ok := ParseColor(t, Color{})
	return ok
}

// borderParts splits "width || style || color".
func borderParts(vals []css.Token) (w, s, c css.Token, ok bool) {
	w, s, c = ident("medium"), ident("none"), ident("currentcolor")
	var hw, hs, hc bool
	for _, t := range css.Fields(vals) {
		switch {
		case !hs && isBorderStyleKeyword(t):
			s, hs = t, true
		case !hc && isColorToken(t):
			c, hc = t, true
		case !hw && (t.Kind == css.Dimension || t.Kind == css.Number || t.Kind == css.Function || t.Is("thin") || t.Is("medium") || t.Is("thick")):
			w, hw = t, true
		default:
			return w, s, c, false
		}
	}
	return w, s, c, hw || hs || hc
}

// expand expands a shorthand into longhands. known is false when name is
// not a shorthand; ok is false when the value is invalid.
func expand(name string, vals []css.Token) (out []longhand, ok, known bool) {
	if !isShorthand(name) {
		return nil, false, false
	}
	known = true
	if cssWide(vals) {
		for _, p := range shorthandMembers(name) {
			out = append(out, longhand{p, vals})
		}
		return out, true, true
	}
	f := css.Fields(vals)
	switch name {
	case "margin":
		out, ok = fourProps(pMarginTop, f)
	case "padding":
		out, ok = fourProps(pPaddingTop, f)
	case "inset":
		out, ok = fourProps(pTop, f)
	case "border-width":
		out, ok = fourProps(pBorderTopWidth, f)
	case "border-style":
		out, ok = fourProps(pBorderTopStyle, f)
	case "border-color":
		out, ok = fourProps(pBorderTopColor, f)
	case "margin-inline", "margin-block", "padding-inline", "padding-block":
		if len(f) < 1 || len(f) > 2 {
			return nil, false, true
		}
		a, b := f[0], f[len(f)-1]
		switch name {
		case "margin-inline":
			out = []longhand{{pMarginLeft, one(a)}, {pMarginRight, one(b)}}
		case "margin-block":
			out = []longhand{{pMarginTop, one(a)}, {pMarginBottom, one(b)}}
		case "padding-inline":
			out = []longhand{{pPaddingLeft, one(a)}, {pPaddingRight, one(b)}}
		default:
			out = []longhand{{pPaddingTop, one(a)}, {pPaddingBottom, one(b)}}
		}
		ok = true
	case "border", "border-top", "border-right", "border-bottom", "border-left",
		"border-block-start", "border-block-end", "border-inline-start", "border-inline-end", "border-block", "border-inline":
		w, s, c, good := borderParts(vals)
		if !good {
			return nil, false, true
		}
		var sides []int
		switch name {
		case "border":
			sides = []int{0, 1, 2, 3}
		case "border-top", "border-block-start":
			sides = []int{0}
		case "border-right", "border-inline-end":
			sides = []int{1}
		case "border-bottom", "border-block-end":
			sides = []int{2}
		case "border-left", "border-inline-start":
			sides = []int{3}
		case "border-block":
			sides = []int{0, 2}
		case "border-inline":
			sides = []int{1, 3}
		}
		for _, i := range sides {
			out = append(out, longhand{pBorderTopWidth + propID(i), one(w)},
				longhand{pBorderTopStyle + propID(i), one(s)}, longhand{pBorderTopColor + propID(i), one(c)})
		}
		ok = true
	case "border-radius":
		var h, v []css.Token
		slash := false
		for _, t := range f {
			if t.IsDelim("/") {
				if slash {
					return nil, false, true
				}
				slash = true
				continue
			}
			if slash {
				v = append(v, t)
			} else {
				h = append(h, t)
			}
		}
		if !slash {
			v = h
		}
		hs, ok1 := sides4(h)
		vs, ok2 := sides4(v)
		if !ok1 || !ok2 {
			return nil, false, true
		}
		for i := 0; i < 4; i++ {
			out = append(out, longhand{pRadiusTopLeft + propID(i), []css.Token{hs[i], {Kind: css.Whitespace, Text: " "}, vs[i]}})
		}
		ok = true
	case "background":
		color, image := ident("transparent"), ident("none")
		// only the last layer may carry a color
		layers := css.SplitCommas(vals)
		for li, layer := range layers {
			for _, t := range css.Fields(layer) {
				switch {
				case t.Kind == css.URL || (t.Kind == css.Function && strings.HasSuffix(strings.ToLower(t.Text), "gradient")) ||
					(t.Kind == css.Function && strings.EqualFold(t.Text, "url")):
					if li == 0 {
						image = t
					}
				case isColorToken(t) && li == len(layers)-1:
					color = t
				}
			}
		}
		out = []longhand{{pBackgroundColor, one(color)}, {pBackgroundImage, one(image)}}
		ok = true
	case "font":
		return expandFont(f)
	case "list-style":
		typ, pos, img := ident("disc"), ident("outside"), ident("none")
		var ht, hp, hi bool
		nones := 0
		for _, t := range f {
			switch {
			case t.Is("none"):
				nones++
			case !hp && (t.Is("inside") || t.Is("outside")):
				pos, hp = t, true
			case !hi && (t.Kind == css.URL || (t.Kind == css.Function && strings.EqualFold(t.Text, "url"))):
				img, hi = t, true
			case !ht && (t.Kind == css.Ident || t.Kind == css.String):
				typ, ht = t, true
			default:
				return nil, false, true
			}
		}
		if nones > 0 {
			if !ht {
				typ, ht = ident("none"), true
				nones--
			}
			if nones > 0 && !hi {
				nones--
			}
			if nones > 0 {
				return nil, false, true
			}
		}
		out = []longhand{{pListStyleType, one(typ)}, {pListStylePosition, one(pos)}, {pListStyleImage, one(img)}}
		ok = true
	case "flex":
		grow, shrink, basis := css.Token{Kind: css.Number, Text: "0", Num: 0}, css.Token{Kind: css.Number, Text: "1", Num: 1}, ident("auto")
		switch {
		case len(f) == 1 && f[0].Is("none"):
			shrink = css.Token{Kind: css.Number, Text: "0"}
		case len(f) == 1 && f[0].Is("auto"):
			grow = css.Token{Kind: css.Number, Text: "1", Num: 1}
		default:
			nums := 0
			hasBasis := false
			for _, t := range f {
				switch {
				case t.Kind == css.Number && nums < 2 && !(nums == 0 && hasBasis && false):
					if nums == 0 {
						grow = t
					} else {
						shrink = t
					}
					nums++
				case !hasBasis:
					basis, hasBasis = t, true
				default:
					return nil, false, true
				}
			}
			if nums > 0 && !hasBasis {
				basis = css.Token{Kind: css.Percentage, Text: "0", Num: 0}
			}
		}
		out = []longhand{{pFlexGrow, one(grow)}, {pFlexShrink, one(shrink)}, {pFlexBasis, one(basis)}}
		ok = true
	case "flex-flow":
		dir, wrap := ident("row"), ident("nowrap")
		for _, t := range f {
			switch {
			case t.Is("row") || t.Is("row-reverse") || t.Is("column") || t.Is("column-reverse"):
				dir = t
			case t.Is("wrap") || t.Is("nowrap") || t.Is("wrap-reverse"):
				wrap = t
			default:
				return nil, false, true
			}
		}
		out = []longhand{{pFlexDirection, one(dir)}, {pFlexWrap, one(wrap)}}
		ok = true
	case "gap", "grid-gap":
		if len(f) < 1 || len(f) > 2 {
			return nil, false, true
		}
		out = []longhand{{pRowGap, one(f[0])}, {pColumnGap, one(f[len(f)-1])}}
		ok = true
	case "columns":
		w, c := ident("auto"), ident("auto")
		for _, t := range f {
			switch {
			case t.Kind == css.Number:
				c = t
			case t.Is("auto"):
			default:
				w = t
			}
		}
		if len(f) > 2 {
			return nil, false, true
		}
		out = []longhand{{pColumnWidth, one(w)}, {pColumnCount, one(c)}}
		ok = true
	case "text-decoration":
		var lines []css.Token
		style, color := ident("solid"), ident("currentcolor")
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
			case t.Kind == css.Dimension || t.Kind == css.Percentage || t.Is("auto") || t.Is("from-font"):
				// thickness: not modelled
			default:
				return nil, false, true
			}
		}
		if lines == nil {
			lines = one(ident("none"))
		}
		out = []longhand{{pTextDecorationLine, lines}, {pTextDecorationStyle, one(style)}, {pTextDecorationColor, one(color)}}
		ok = true
	case "place-items":
		if len(f) < 1 || len(f) > 2 {
			return nil, false, true
		}
		out = []longhand{{pAlignItems, one(f[0])}}
		ok = true
	case "place-content":
		if len(f) < 1 || len(f) > 2 {
			return nil, false, true
		}
		out = []longhand{{pJustifyContent, one(f[len(f)-1])}}
		ok = true
	case "place-self":
		return nil, len(f) >= 1 && len(f) <= 2, true
	case "overflow":
		if len(f) < 1 || len(f) > 2 {
			return nil, false, true
		}
		out = []longhand{{pOverflow, one(f[0])}}
		ok = true
	case "page-break-before", "page-break-after", "page-break-inside":
		if len(f) != 1 || f[0].Kind != css.Ident {
			return nil, false, true
		}
		v := strings.ToLower(f[0].Text)
		if v == "always" {
			v = "page"
		}
		switch v {
		case "auto", "avoid", "page", "left", "right":
		default:
			return nil, false, true
		}
		p := pBreakBefore
		if name == "page-break-after" {
			p = pBreakAfter
		} else if name == "page-break-inside" {
			p = pBreakInside
			if v != "auto" && v != "avoid" {
				return nil, false, true
			}
		}
		out = []longhand{{p, one(ident(v))}}
		ok = true
	case "font-variant":
		v := "normal"
		for _, t := range f {
			if t.Kind != css.Ident {
				return nil, false, true
			}
			if t.Is("small-caps") || t.Is("all-small-caps") {
				v = "small-caps"
			}
		}
		out = []longhand{{pFontVariant, one(ident(v))}}
		ok = true
	case "white-space-collapse":
		return nil, true, true
	case "all":
		return nil, false, true // only css-wide keywords are valid
	}
	return out, ok, known
}

// shorthandMembers lists the longhands a shorthand sets (for css-wide
// keywords and for resetting on invalid var() substitution).
func shorthandMembers(name string) []propID {
	r := func(first propID, n int) []propID {
		out := make([]propID, n)
		for i := range out {
			out[i] = first + propID(i)
		}
		return out
	}
	switch name {
	case "margin":
		return r(pMarginTop, 4)
	case "padding":
		return r(pPaddingTop, 4)
	case "inset":
		return r(pTop, 4)
	case "border-width":
		return r(pBorderTopWidth, 4)
	case "border-style":
		return r(pBorderTopStyle, 4)
	case "border-color":
		return r(pBorderTopColor, 4)
	case "border":
		return append(append(r(pBorderTopWidth, 4), r(pBorderTopStyle, 4)...), r(pBorderTopColor, 4)...)
	case "border-top", "border-block-start":
		return []propID{pBorderTopWidth, pBorderTopStyle, pBorderTopColor}
	case "border-right", "border-inline-end":
		return []propID{pBorderRightWidth, pBorderRightStyle, pBorderRightColor}
	case "border-bottom", "border-block-end":
		return []propID{pBorderBottomWidth, pBorderBottomStyle, pBorderBottomColor}
	case "border-left", "border-inline-start":
		return []propID{pBorderLeftWidth, pBorderLeftStyle, pBorderLeftColor}
	case "border-block":
		return []propID{pBorderTopWidth, pBorderTopStyle, pBorderTopColor, pBorderBottomWidth, pBorderBottomStyle, pBorderBottomColor}
	case "border-inline":
		return []propID{pBorderLeftWidth, pBorderLeftStyle, pBorderLeftColor, pBorderRightWidth, pBorderRightStyle, pBorderRightColor}
	case "border-radius":
		return r(pRadiusTopLeft, 4)
	case "background":
		return []propID{pBackgroundColor, pBackgroundImage}
	case "font":
		return []propID{pFontStyle, pFontVariant, pFontWeight, pFontSize, pLineHeight, pFontFamily}
	case "list-style":
		return []propID{pListStyleType, pListStylePosition, pListStyleImage}
	case "flex":
		return []propID{pFlexGrow, pFlexShrink, pFlexBasis}
	case "flex-flow":
		return []propID{pFlexDirection, pFlexWrap}
	case "gap", "grid-gap":
		return []propID{pRowGap, pColumnGap}
	case "columns":
		return []propID{pColumnWidth, pColumnCount}
	case "text-decoration":
		return []propID{pTextDecorationLine, pTextDecorationStyle, pTextDecorationColor}
	case "place-items":
		return []propID{pAlignItems}
	case "place-content":
		return []propID{pJustifyContent}
	case "overflow":
		return []propID{pOverflow}
	case "page-break-before":
		return []propID{pBreakBefore}
	case "page-break-after":
		return []propID{pBreakAfter}
	case "page-break-inside":
		return []propID{pBreakInside}
	case "font-variant":
		return []propID{pFontVariant}
	case "all":
		// every property but direction and unicode-bidi (css-cascade-4)
		out := make([]propID, 0, numProps)
		for id := propID(0); id < numProps; id++ {
			if id != pDirection && id != pUnicodeBidi && id != pSize {
				out = append(out, id)
			}
		}
		return out
	case "margin-inline":
		return []propID{pMarginLeft, pMarginRight}
	case "margin-block":
		return []propID{pMarginTop, pMarginBottom}
	case "padding-inline":
		return []propID{pPaddingLeft, pPaddingRight}
	case "padding-block":
		return []propID{pPaddingTop, pPaddingBottom}
	}
	return nil
}

// expandFont expands the font shorthand.
func expandFont(f []css.Token) ([]longhand, bool, bool) {
	if len(f) == 1 && f[0].Kind == css.Ident {
		switch strings.ToLower(f[0].Text) {
		case "caption", "icon", "menu", "message-box", "small-caption", "status-bar":
			return []longhand{{pFontStyle, one(ident("normal"))}, {pFontVariant, one(ident("normal"))},
				{pFontWeight, one(ident("normal"))}, {pFontSize, one(ident("medium"))},
				{pLineHeight, one(ident("normal"))}, {pFontFamily, one(ident("sans-serif"))}}, true, true
		}
	}
	style, variant, weight := ident("normal"), ident("normal"), ident("normal")
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
		default:
			goto size
		}
	}
size:
	if i >= len(f) {
		return nil, false, true
	}
	size := f[i]
	i++
	lh := []css.Token{ident("normal")}
	if i < len(f) && f[i].IsDelim("/") {
		if i+1 >= len(f) {
			return nil, false, true
		}
		lh = one(f[i+1])
		i += 2
	}
	if i >= len(f) {
		return nil, false, true
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
		{pFontSize, one(size)}, {pLineHeight, lh}, {pFontFamily, fam}}, true, true
}

func isStretchKeyword(s string) bool {
	switch strings.ToLower(s) {
	case "ultra-condensed", "extra-condensed", "condensed", "semi-condensed", "semi-expanded", "expanded", "extra-expanded", "ultra-expanded":
		return true
	}
	return false
}
