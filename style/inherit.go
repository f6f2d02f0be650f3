package style

import (
	"sync"

	"github.com/seed28491532/folio/css"
)

// initialStyle returns the initial value of every property.
func initialStyle() Style { return *initialOnce() }

// initialOnce computes the initial style once per process: the property
// table's initial values applied in computing order. It is read-only (its
// slices too, like every computed style's).
var initialOnce = sync.OnceValue(func() *Style {
	var s, parent Style
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

// inheritFrom copies the inherited properties of p into s.
func inheritFrom(s, p *Style) {
	s.Color = p.Color
	s.Direction = p.Direction
	s.FontFamily = p.FontFamily
	s.FontSize = p.FontSize
	s.FontWeight = p.FontWeight
	s.FontStyle = p.FontStyle
	s.FontVariant = p.FontVariant
	s.LineHeight = p.LineHeight
	s.LineHeightNum = p.LineHeightNum
	s.Visibility = p.Visibility
	s.TextAlign = p.TextAlign
	s.TextAlignLast = p.TextAlignLast
	s.textAlignLastAuto = p.textAlignLastAuto
	s.TextIndent = p.TextIndent
	s.TextTransform = p.TextTransform
	s.LetterSpacing = p.LetterSpacing
	s.WordSpacing = p.WordSpacing
	s.WhiteSpace = p.WhiteSpace
	s.OverflowWrap = p.OverflowWrap
	s.Hyphens = p.Hyphens
	s.TabSize = p.TabSize
	s.Lang = p.Lang
	s.ListStyleType = p.ListStyleType
	s.ListStylePosition = p.ListStylePosition
	s.ListStyleImage = p.ListStyleImage
	s.Quotes = p.Quotes
	s.quotesAuto = p.quotesAuto
	s.Orphans = p.Orphans
	s.Widows = p.Widows
	s.BorderCollapse = p.BorderCollapse
	s.BorderSpacing = p.BorderSpacing
	s.CaptionSide = p.CaptionSide
	s.EmptyCellsHide = p.EmptyCellsHide
	s.TextShadow = p.TextShadow
}

// copyProp copies longhand id from src to dst (for inherit, initial and
// unset).
func copyProp(dst, src *Style, id propID) {
	longhands[id].copy(dst, src, id)
}
