package style

import (
	"slices"
	"strings"

	"github.com/seed28491532/folio/css"
)

// longhand is one longhand declaration produced by shorthand expansion.
type longhand struct {
	prop  propID
	value []css.Token
}

// expandShorthand expands shorthand i: a css-wide keyword sets every
// member, other values go to the shorthand's expansion function.
func expandShorthand(i shortID, vals []css.Token) ([]longhand, bool) {
	sh := &shorthands[i]
	if cssWide(vals) {
		var out []longhand
		for _, p := range sh.members {
			out = append(out, longhand{p, vals})
		}
		return out, true
	}
	return sh.expand(sh, vals, css.Fields(vals))
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

// expandFour expands a one-to-four-value shorthand of four sides
// (margin, padding, inset, border-width, border-style, border-color).
func expandFour(sh *shorthandDef, _, f []css.Token) ([]longhand, bool) {
	return fourProps(sh.members[0], f)
}

// expandPair expands a one-or-two-value shorthand of two longhands
// (margin-inline, margin-block, padding-inline, padding-block, gap).
func expandPair(sh *shorthandDef, _, f []css.Token) ([]longhand, bool) {
	if len(f) < 1 || len(f) > 2 {
		return nil, false
	}
	return []longhand{{sh.members[0], one(f[0])}, {sh.members[1], one(f[len(f)-1])}}, true
}

// expandBorder expands border and its one- and two-side forms: width,
// style and color for each side among the shorthand's members.
func expandBorder(sh *shorthandDef, vals, _ []css.Token) ([]longhand, bool) {
	w, s, c, good := borderParts(vals)
	if !good {
		return nil, false
	}
	var sides []int
	for _, p := range sh.members {
		if p >= pBorderTopWidth && p <= pBorderLeftWidth {
			sides = append(sides, int(p-pBorderTopWidth))
		}
	}
	slices.Sort(sides)
	var out []longhand
	for _, i := range sides {
		out = append(out, longhand{pBorderTopWidth + propID(i), one(w)},
			longhand{pBorderTopStyle + propID(i), one(s)}, longhand{pBorderTopColor + propID(i), one(c)})
	}
	return out, true
}

// expandRadius expands border-radius: one to four horizontal radii,
// optionally "/" and one to four vertical ones.
func expandRadius(sh *shorthandDef, _, f []css.Token) ([]longhand, bool) {
	var h, v []css.Token
	slash := false
	for _, t := range f {
		if t.IsDelim("/") {
			if slash {
				return nil, false
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
		return nil, false
	}
	var out []longhand
	for i := 0; i < 4; i++ {
		out = append(out, longhand{sh.members[i], []css.Token{hs[i], {Kind: css.Whitespace, Text: " "}, vs[i]}})
	}
	return out, true
}

func expandListStyle(_ *shorthandDef, _, f []css.Token) ([]longhand, bool) {
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
			return nil, false
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
			return nil, false
		}
	}
	return []longhand{{pListStyleType, one(typ)}, {pListStylePosition, one(pos)}, {pListStyleImage, one(img)}}, true
}

// expandFlex expands flex: none, auto or grow [shrink] || basis.
func expandFlex(_ *shorthandDef, _, f []css.Token) ([]longhand, bool) {
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
			case t.Kind == css.Number && nums < 2:
				if nums == 0 {
					grow = t
				} else {
					shrink = t
				}
				nums++
			case !hasBasis:
				basis, hasBasis = t, true
			default:
				return nil, false
			}
		}
		if nums > 0 && !hasBasis {
			basis = css.Token{Kind: css.Percentage, Text: "0", Num: 0}
		}
	}
	return []longhand{{pFlexGrow, one(grow)}, {pFlexShrink, one(shrink)}, {pFlexBasis, one(basis)}}, true
}

func expandFlexFlow(_ *shorthandDef, _, f []css.Token) ([]longhand, bool) {
	dir, wrap := ident("row"), ident("nowrap")
	for _, t := range f {
		switch {
		case t.Is("row") || t.Is("row-reverse") || t.Is("column") || t.Is("column-reverse"):
			dir = t
		case t.Is("wrap") || t.Is("nowrap") || t.Is("wrap-reverse"):
			wrap = t
		default:
			return nil, false
		}
	}
	return []longhand{{pFlexDirection, one(dir)}, {pFlexWrap, one(wrap)}}, true
}

// expandColumns expands columns: a count and a width in either order; a
// unitless 0 is a width (no count is 0).
func expandColumns(_ *shorthandDef, _, f []css.Token) ([]longhand, bool) {
	w, c := ident("auto"), ident("auto")
	for _, t := range f {
		switch {
		case t.Kind == css.Number && t.Num != 0:
			c = t
		case t.Is("auto"):
		default:
			w = t
		}
	}
	if len(f) > 2 {
		return nil, false
	}
	return []longhand{{pColumnWidth, one(w)}, {pColumnCount, one(c)}}, true
}

// expandFirstOfTwo expands a one-or-two-value shorthand of which only
// the first value is modelled (overflow).
func expandFirstOfTwo(sh *shorthandDef, _, f []css.Token) ([]longhand, bool) {
	if len(f) < 1 || len(f) > 2 {
		return nil, false
	}
	return []longhand{{sh.members[0], one(f[0])}}, true
}

// expandPageBreak expands the legacy page-break-before, -after and
// -inside into their break-* longhand.
func expandPageBreak(sh *shorthandDef, _, f []css.Token) ([]longhand, bool) {
	if len(f) != 1 || f[0].Kind != css.Ident {
		return nil, false
	}
	v := strings.ToLower(f[0].Text)
	if v == "always" {
		v = "page"
	}
	switch v {
	case "auto", "avoid", "page", "left", "right":
	default:
		return nil, false
	}
	p := sh.members[0]
	if p == pBreakInside && v != "auto" && v != "avoid" {
		return nil, false
	}
	return []longhand{{p, one(ident(v))}}, true
}

// expandAccepted accepts any value of a shorthand that sets nothing
// folio models (white-space-collapse).
func expandAccepted(*shorthandDef, []css.Token, []css.Token) ([]longhand, bool) { return nil, true }

// expandWideOnly rejects every value but the css-wide keywords (all).
func expandWideOnly(*shorthandDef, []css.Token, []css.Token) ([]longhand, bool) { return nil, false }
