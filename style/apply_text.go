package style

import (
	"math"
	"strings"

	"github.com/seed28491532/folio/css"
)

// Text properties: alignment, indentation, transformation, decoration,
// spacing, white space, vertical alignment, wrapping and bidi.

// applyTextAlign sets text-align or text-align-last.
func applyTextAlign(a applier, s *Style, id propID, x value) bool {
	if !x.single() {
		return false
	}
	if id == pTextAlignLast && x.kw == "auto" {
		s.textAlignLastAuto = true
		return true
	}
	ta, ok := textAlignOf(x.kw, s.Direction, a.parent.TextAlign)
	if !ok {
		return false
	}
	if id == pTextAlign {
		s.TextAlign = ta
	} else {
		s.TextAlignLast, s.textAlignLastAuto = ta, false
	}
	return true
}

func copyTextAlignLast(d, s *Style, _ propID) {
	d.TextAlignLast, d.textAlignLastAuto = s.TextAlignLast, s.textAlignLastAuto
}

// textAlignOf resolves a text-align keyword (start/end against dir).
func textAlignOf(s string, dir Direction, parent TextAlign) (TextAlign, bool) {
	switch s {
	case "left", "-webkit-left":
		return AlignLeft, true
	case "right", "-webkit-right":
		return AlignRight, true
	case "center", "-webkit-center":
		return AlignCenter, true
	case "justify", "justify-all":
		return AlignJustify, true
	case "start":
		return AlignStart, true
	case "end":
		return AlignEnd, true
	case "match-parent":
		return parent, true
	}
	return 0, false
}

func applyTextIndent(a applier, s *Style, _ propID, x value) bool {
	lc := a.lengths(s)
	var l Length
	ok := false
	for _, t := range x.f {
		if t.Is("hanging") || t.Is("each-line") {
			continue
		}
		if l, ok = lc.length(t, true, true); !ok {
			return false
		}
	}
	if !ok {
		return false
	}
	s.TextIndent = l
	return true
}

func applyTextTransform(_ applier, s *Style, _ propID, x value) bool {
	switch x.kw {
	case "none":
		s.TextTransform = TransformNone
	case "uppercase":
		s.TextTransform = TransformUppercase
	case "lowercase":
		s.TextTransform = TransformLowercase
	case "capitalize":
		s.TextTransform = TransformCapitalize
	case "full-width", "full-size-kana":
		s.TextTransform = TransformNone
	default:
		return false
	}
	return true
}

func applyTextDecorationLine(_ applier, s *Style, _ propID, x value) bool {
	var d TextDecoration
	for _, t := range x.f {
		switch strings.ToLower(t.Text) {
		case "none":
			if len(x.f) != 1 {
				return false
			}
		case "underline":
			d |= DecoUnderline
		case "overline":
			d |= DecoOverline
		case "line-through":
			d |= DecoLineThrough
		case "blink", "spelling-error", "grammar-error":
		default:
			return false
		}
		if t.Kind != css.Ident {
			return false
		}
	}
	s.TextDecoration = d
	return true
}

func applyTextDecorationColor(_ applier, s *Style, _ propID, x value) bool {
	if x.kw == "currentcolor" && x.single() {
		s.TextDecorationColor = Color{}
		return true
	}
	c, ok := ParseColor(x.f[0], s.Color)
	if !ok || !x.single() {
		return false
	}
	s.TextDecorationColor = c
	return true
}

func applyTextDecorationStyle(_ applier, s *Style, _ propID, x value) bool {
	switch x.kw {
	case "solid":
		s.TextDecorationStyle = BorderSolid
	case "double":
		s.TextDecorationStyle = BorderDouble
	case "dotted":
		s.TextDecorationStyle = BorderDotted
	case "dashed":
		s.TextDecorationStyle = BorderDashed
	case "wavy":
		s.TextDecorationStyle = DecorationWavy
	default:
		return false
	}
	return true
}

// applySpacing sets letter-spacing or word-spacing.
func applySpacing(a applier, s *Style, id propID, x value) bool {
	var w float64
	if x.kw != "normal" {
		l, ok := a.lengths(s).length(x.f[0], id == pWordSpacing, true)
		if !ok || !x.single() {
			return false
		}
		w = l.Resolve(s.FontSize*0.25, 0) // word-spacing % of a space (≈0.25em)
	}
	if id == pLetterSpacing {
		s.LetterSpacing = w
	} else {
		s.WordSpacing = w
	}
	return true
}

func applyWhiteSpace(_ applier, s *Style, _ propID, x value) bool {
	switch x.kw {
	case "normal":
		s.WhiteSpace = WhiteSpaceNormal
	case "pre":
		s.WhiteSpace = WhiteSpacePre
	case "nowrap":
		s.WhiteSpace = WhiteSpaceNowrap
	case "pre-wrap":
		s.WhiteSpace = WhiteSpacePreWrap
	case "pre-line":
		s.WhiteSpace = WhiteSpacePreLine
	case "break-spaces":
		s.WhiteSpace = WhiteSpaceBreakSpaces
	default:
		return false
	}
	return true
}

func applyVerticalAlign(a applier, s *Style, _ propID, x value) bool {
	if !x.single() {
		return false
	}
	if va, ok := verticalAlignOf(x.kw); ok {
		s.VerticalAlign, s.VerticalAlignLength = va, Length{}
		return true
	}
	l, ok := a.lengths(s).length(x.f[0], true, true)
	if !ok {
		return false
	}
	s.VerticalAlign, s.VerticalAlignLength = VAlignLength, l
	return true
}

func copyVerticalAlign(d, s *Style, _ propID) {
	d.VerticalAlign, d.VerticalAlignLength = s.VerticalAlign, s.VerticalAlignLength
}

// verticalAlignOf returns the value of a vertical-align keyword.
func verticalAlignOf(kw string) (VerticalAlign, bool) {
	switch kw {
	case "baseline":
		return VAlignBaseline, true
	case "sub":
		return VAlignSub, true
	case "super":
		return VAlignSuper, true
	case "top":
		return VAlignTop, true
	case "middle":
		return VAlignMiddle, true
	case "bottom":
		return VAlignBottom, true
	case "text-top":
		return VAlignTextTop, true
	case "text-bottom":
		return VAlignTextBottom, true
	}
	return 0, false
}

func applyOverflowWrap(_ applier, s *Style, _ propID, x value) bool {
	switch x.kw {
	case "normal":
		s.OverflowWrap = WrapNormal
	case "break-word":
		s.OverflowWrap = WrapBreakWord
	case "anywhere":
		s.OverflowWrap = WrapAnywhere
	default:
		return false
	}
	return true
}

func applyHyphens(_ applier, s *Style, _ propID, x value) bool {
	switch x.kw {
	case "manual":
		s.Hyphens = HyphensManual
	case "none":
		s.Hyphens = HyphensNone
	case "auto":
		s.Hyphens = HyphensAuto
	default:
		return false
	}
	return true
}

func applyUnicodeBidi(_ applier, s *Style, _ propID, x value) bool {
	switch x.kw {
	case "normal", "embed", "isolate", "bidi-override", "isolate-override", "plaintext":
		s.UnicodeBidi = x.kw
	default:
		return false
	}
	return true
}

func applyTabSize(a applier, s *Style, _ propID, x value) bool {
	lc := a.lengths(s)
	t := x.f[0]
	if n, ok := lc.number(t); ok && n >= 0 && x.single() {
		s.TabSize = n
		return true
	}
	l, ok := lc.length(t, false, false)
	if !ok || !x.single() {
		return false
	}
	s.TabSize = l.Value / math.Max(s.FontSize*0.25, 0.01)
	return true
}
