package style

import "github.com/seed28491532/folio/css"

// This file holds font-synthesis and its longhands (CSS Fonts 4 §3.8,
// issue #21): whether bold, oblique, small capitals and subscripts or
// superscripts may be synthesised when the font lacks them.

// Font synthesis bits of Style.FontSynthesisNone, one per longhand, in
// the order of fonts.FontSynthesis (SynthesisWeight…).
const (
	FontSynthesisWeight uint8 = 1 << iota
	FontSynthesisStyle
	FontSynthesisSmallCaps
	FontSynthesisPosition
)

// fontSynthesisBit returns the bit of a font-synthesis-* longhand.
func fontSynthesisBit(id propID) uint8 {
	switch id {
	case pFontSynthesisWeight:
		return FontSynthesisWeight
	case pFontSynthesisStyle:
		return FontSynthesisStyle
	case pFontSynthesisSmallCaps:
		return FontSynthesisSmallCaps
	default:
		return FontSynthesisPosition
	}
}

// applyFontSynthesis: auto | none, for each font-synthesis-* longhand.
func applyFontSynthesis(_ applier, s *Style, id propID, x value) bool {
	if !x.single() {
		return false
	}
	bit := fontSynthesisBit(id)
	switch x.kw {
	case "auto":
		s.FontSynthesisNone &^= bit
	case "none":
		s.FontSynthesisNone |= bit
	default:
		return false
	}
	return true
}

// copyFontSynthesis copies one font-synthesis-* longhand.
func copyFontSynthesis(d, s *Style, id propID) {
	bit := fontSynthesisBit(id)
	d.FontSynthesisNone = d.FontSynthesisNone&^bit | s.FontSynthesisNone&bit
}

// expandFontSynthesis expands font-synthesis: none | [weight || style ||
// small-caps || position]; the kinds named are auto, the others none.
func expandFontSynthesis(_ *shorthandDef, _, f []css.Token) ([]longhand, bool) {
	kinds := []struct {
		name string
		id   propID
	}{{"weight", pFontSynthesisWeight}, {"style", pFontSynthesisStyle},
		{"small-caps", pFontSynthesisSmallCaps}, {"position", pFontSynthesisPosition}}
	on := make([]bool, len(kinds))
	if len(f) == 1 && f[0].Is("none") {
		f = nil
	} else if len(f) == 0 {
		return nil, false
	}
	for _, t := range f {
		found := false
		for i, k := range kinds {
			if t.Is(k.name) && !on[i] {
				on[i], found = true, true
				break
			}
		}
		if !found {
			return nil, false
		}
	}
	out := make([]longhand, len(kinds))
	for i, k := range kinds {
		v := "none"
		if on[i] {
			v = "auto"
		}
		out[i] = longhand{k.id, one(ident(v))}
	}
	return out, true
}
