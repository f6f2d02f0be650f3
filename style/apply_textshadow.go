package style

import (
	"github.com/seed28491532/folio/css"
)

// text-shadow (CSS Text Decoration 3 §4): parsed and kept on the computed
// style for the contrast audit and painted by layout/display (offset
// copies of the text, without blur).

// TextShadow is one layer of a computed text-shadow.
type TextShadow struct {
	// X and Y offset the shadow from the text (points, right and down);
	// Blur is the blur radius (points, not negative).
	X, Y, Blur float64
	// Color is the shadow's colour unless CurrentColor is set: the shadow
	// then takes the colour of the text it belongs to (the value omitted
	// the colour or said currentcolor), which an inheriting element
	// resolves against its own color.
	Color        Color
	CurrentColor bool
}

// ShadowColor returns the colour of shadow sh on text of colour text.
func (sh TextShadow) ShadowColor(text Color) Color {
	if sh.CurrentColor {
		return text
	}
	return sh.Color
}

// maxTextShadows bounds the layers of one text-shadow value.
const maxTextShadows = 64

// applyTextShadow sets text-shadow: none, or a comma-separated list of
// layers, each two or three lengths (offsets and an optional blur radius)
// with an optional colour before or after them.
func applyTextShadow(a applier, s *Style, _ propID, x value) bool {
	if x.single() && x.kw == "none" {
		s.TextShadow = nil
		return true
	}
	parts := css.SplitCommas(x.v)
	if len(parts) > maxTextShadows {
		return false
	}
	lc := a.lengths(s)
	out := make([]TextShadow, 0, len(parts))
	for _, part := range parts {
		sh, ok := parseTextShadow(lc, css.Fields(part))
		if !ok {
			return false
		}
		out = append(out, sh)
	}
	s.TextShadow = out
	return true
}

// parseTextShadow parses one layer of text-shadow from its tokens.
func parseTextShadow(lc lengthCtx, f []css.Token) (TextShadow, bool) {
	sh := TextShadow{CurrentColor: true}
	var lens []float64
	colorSeen, lensDone := false, false
	for _, t := range f {
		if l, ok := lc.length(t, false, true); ok {
			if lensDone || len(lens) == 3 {
				return sh, false // the lengths must be adjacent
			}
			lens = append(lens, l.Value)
			continue
		}
		if len(lens) > 0 {
			lensDone = true
		}
		if colorSeen {
			return sh, false
		}
		if t.Kind == css.Ident && t.Is("currentcolor") {
			colorSeen = true
			continue
		}
		c, ok := ParseColor(t, Color{})
		if !ok {
			return sh, false
		}
		sh.Color, sh.CurrentColor, colorSeen = c, false, true
	}
	if len(lens) < 2 {
		return sh, false
	}
	sh.X, sh.Y = lens[0], lens[1]
	if len(lens) == 3 {
		if lens[2] < 0 {
			return sh, false
		}
		sh.Blur = lens[2]
	}
	return sh, true
}

func copyTextShadow(d, s *Style, _ propID) { d.TextShadow = s.TextShadow }
