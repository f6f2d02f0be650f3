package style

import (
	"sync"

	"github.com/seed28491532/folio/css"
)

// initialStyle returns the initial value of every property. Its groups
// are shared by every style: read-only.
func initialStyle() Style { return *initialOnce() }

// initialOnce computes the initial style once per process: the property
// table's initial values applied in computing order. It is read-only (its
// groups and slices too, like every computed style's).
var initialOnce = sync.OnceValue(func() *Style {
	s, parent := Blank(), Blank()
	a := applier{lc: lengthCtx{em: mediumFontSize, rem: mediumFontSize}, parent: &parent}
	for id := propID(0); id < numProps; id++ {
		// (TestInitialValues checks that every initial value applies)
		a.apply(&s, id, css.Tokenize(longhands[id].initial, nil))
	}
	// currentcolor borders take the element's color when it is computed
	// (compute and reset set them): the initial style keeps them zero
	for i := range s.Border {
		s.Border[i].Color = Color{}
	}
	return &s
})

// copyProp copies longhand id from src to dst (for inherit, initial and
// unset).
func copyProp(dst, src *Style, id propID) {
	longhands[id].copy(dst, src, id)
}
