package style

import (
	"github.com/seed28491532/folio/css"
)

// box-shadow (CSS Backgrounds 3 §7): a list of shadow layers, painted by
// layout/display under the background (outer) or above it (inset).

// BoxShadow is one layer of a computed box-shadow.
type BoxShadow struct {
	// X and Y offset the shadow from the box (points, right and down);
	// Blur is the blur radius (points, not negative); Spread grows (or,
	// negative, shrinks) the shadow shape.
	X, Y, Blur, Spread float64
	// Color is the shadow's colour unless CurrentColor is set: the value
	// omitted the colour or said currentcolor, so the shadow takes the
	// box's color.
	Color        Color
	CurrentColor bool
	// Inset draws the shadow inside the padding box instead of outside
	// the border box.
	Inset bool
}

// ShadowColor returns the colour of shadow sh in a box of colour text.
func (sh BoxShadow) ShadowColor(text Color) Color {
	if sh.CurrentColor {
		return text
	}
	return sh.Color
}

// maxShadows bounds the layers of one box-shadow or text-shadow value.
const maxShadows = 64

// applyBoxShadow sets box-shadow: none, or a comma-separated list of
// layers, each an optional inset keyword, two to four lengths (offsets,
// blur radius, spread distance) and an optional colour, in any order of
// those three parts.
func applyBoxShadow(a applier, s *Style, _ propID, x value) bool {
	l, ok := shadowList(a, s, x, func(lc lengthCtx, f []css.Token) (BoxShadow, bool) { return parseShadow(lc, f, 4, true) })
	if ok {
		s.BoxShadow = l
	}
	return ok
}

// shadowList parses none (nil) or a comma-separated list of at most
// maxShadows layers, each by layer.
func shadowList[T any](a applier, s *Style, x value, layer func(lengthCtx, []css.Token) (T, bool)) ([]T, bool) {
	if x.single() && x.kw == "none" {
		return nil, true
	}
	parts := css.SplitCommas(x.v)
	if len(parts) > maxShadows {
		return nil, false
	}
	lc := a.lengths(s)
	out := make([]T, 0, len(parts))
	for _, part := range parts {
		sh, ok := layer(lc, css.Fields(part))
		if !ok {
			return nil, false
		}
		out = append(out, sh)
	}
	return out, true
}

// parseShadow parses one shadow layer from its tokens: two to maxLens
// adjacent lengths (offsets, blur radius not negative, spread), an
// optional colour and, when insetOK, an optional inset keyword, in any
// order of those parts.
func parseShadow(lc lengthCtx, f []css.Token, maxLens int, insetOK bool) (BoxShadow, bool) {
	sh := BoxShadow{CurrentColor: true}
	var lens []float64
	colorSeen, lensDone := false, false
	for _, t := range f {
		if l, ok := lc.length(t, false, true); ok {
			if lensDone || len(lens) == maxLens {
				return sh, false // the lengths must be adjacent
			}
			lens = append(lens, l.Value)
			continue
		}
		if len(lens) > 0 {
			lensDone = true
		}
		switch {
		case insetOK && t.Kind == css.Ident && t.Is("inset"):
			if sh.Inset {
				return sh, false
			}
			sh.Inset = true
			continue
		case colorSeen:
			return sh, false
		case t.Kind == css.Ident && t.Is("currentcolor"):
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
	if len(lens) > 2 {
		if lens[2] < 0 {
			return sh, false
		}
		sh.Blur = lens[2]
	}
	if len(lens) > 3 {
		sh.Spread = lens[3]
	}
	return sh, true
}

func copyBoxShadow(d, s *Style, _ propID) { d.BoxShadow = s.BoxShadow }
