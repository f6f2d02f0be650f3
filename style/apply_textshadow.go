package style

import (
	"github.com/seed28491532/folio/css"
)

// text-shadow (CSS Text Decoration 3 §4): read by the contrast audit and
// painted by layout/display (offset copies of the text, blur in bands).

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

// applyTextShadow sets text-shadow: none, or a comma-separated list of
// layers, each two or three lengths (offsets and an optional blur radius)
// with an optional colour before or after them (parsed as box-shadow
// layers without spread or inset).
func applyTextShadow(a applier, s *Style, _ propID, x value) bool {
	l, ok := shadowList(a, s, x, func(lc lengthCtx, f []css.Token) (TextShadow, bool) {
		sh, ok := parseShadow(lc, f, 3, false)
		return TextShadow{X: sh.X, Y: sh.Y, Blur: sh.Blur, Color: sh.Color, CurrentColor: sh.CurrentColor}, ok
	})
	if ok {
		s.TextShadow = l
	}
	return ok
}

func copyTextShadow(d, s *Style, _ propID) { d.TextShadow = s.TextShadow }
