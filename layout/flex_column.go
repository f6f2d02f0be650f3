package layout

import (
	"math"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// flexBaseColumn sets the flex base size and the main-size limits of
// item it of a column container whose inner height is avail (+Inf when
// indefinite, which makes percentages of it behave as auto).
func (l *layouter) flexBaseColumn(it *flexItem, cw, avail float64) {
	b := it.b
	st := b.Style
	vE := vEdges(st, cw, style.Top) + vEdges(st, cw, style.Bottom)
	it.mMain = it.m[style.Top] + it.m[style.Bottom]
	// a definite length in the main axis as a border-box height
	definite := func(v style.Length) (float64, bool) {
		if v.Unit != style.Pt && (!v.HasPercent() || math.IsInf(avail, 1)) {
			return 0, false
		}
		h := st.Resolve(v, avail, 0)
		if st.BoxSizing == style.ContentBox {
			h += vE
		}
		return h, true
	}
	contentH := math.NaN()
	content := func() float64 {
		if math.IsNaN(contentH) {
			// the content height, whatever the height, min-height and
			// max-height properties say (they clamp the base size
			// later, §9.2 step 3)
			cs := *st
			sz := cs.MutSize()
			sz.Height, sz.MinHeight, sz.MaxHeight = style.Length{Unit: style.Auto}, style.Length{Unit: style.Auto}, style.Length{Unit: style.Auto}
			b.Style = &cs
			l.flexLayoutItem(it, cw, true, stretchedReplacedCross(it, cw))
			b.Style = st
			contentH = it.frag.H
		}
		return contentH
	}
	if b.Kind == box.KindTable {
		// a table's sizes are its grid's: the item, its wrapper box,
		// holds the captions too
		content()
		capH, grid := tableItemCaptions(it), definite
		definite = func(v style.Length) (float64, bool) {
			h, ok := grid(v)
			return h + capH, ok
		}
	}
	height, hasHeight := definite(st.Height)
	if v, ok := definite(st.FlexBasis); ok {
		it.base = v
	} else if hasHeight && st.FlexBasis.IsAuto() && !st.FlexBasisContent {
		// only flex-basis: auto uses the height; content and an
		// indefinite percentage size the item by its content (§7.2.3)
		it.base = height
	} else {
		it.base = content()
		it.autoMain = st.Height.IsAuto() && math.IsInf(avail, 1)
	}
	it.minMain = vE
	if v, ok := definite(st.MinHeight); ok {
		it.minMain = v
	} else if st.MinHeight.IsAuto() && !scrollContainer(st) {
		// automatic minimum size (§4.5): the content height, no larger
		// than a definite height
		it.minMain = content()
		if hasHeight {
			it.minMain = math.Min(it.minMain, height)
		}
	}
	it.maxMain = math.Inf(1)
	if v, ok := definite(st.MaxHeight); ok {
		it.maxMain = v
		if st.MinHeight.IsAuto() {
			// the automatic minimum is no larger than max-height
			it.minMain = math.Max(math.Min(it.minMain, v), vE)
		}
	}
	if it.autoMain && clamp(it.base, it.minMain, it.maxMain) != it.base {
		it.autoMain = false
	}
}
