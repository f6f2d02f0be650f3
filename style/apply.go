package style

import (
	"strings"

	"github.com/seed28491532/folio/css"
)

// applier computes one element's longhands.
type applier struct {
	lc     lengthCtx
	parent *Style
}

// apply sets longhand id of s from its (substituted) value. It returns
// false when the value is invalid for the property.
func (a *applier) apply(s *Style, id propID, v []css.Token) bool {
	return a.applyFields(s, id, v, css.Fields(v))
}

// applyFields is apply with the value's non-whitespace tokens f given: it
// calls the property's apply function from the table.
func (a *applier) applyFields(s *Style, id propID, v, f []css.Token) bool {
	if len(f) == 0 || id >= numProps {
		return false
	}
	x := value{v: v, f: f}
	if f[0].Kind == css.Ident {
		x.kw = strings.ToLower(f[0].Text)
	}
	return longhands[id].apply(*a, s, id, x)
}

// keywordProp returns the apply function of a property whose value is
// one keyword, which parse maps to the value of the Style field that field
// returns.
func keywordProp[T any](parse func(kw string) (T, bool), field func(*Style) *T) applyFunc {
	return func(_ applier, s *Style, _ propID, x value) bool {
		v, ok := parse(x.kw)
		if !ok || !x.single() {
			return false
		}
		*field(s) = v
		return true
	}
}
