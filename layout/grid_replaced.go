package layout

import (
	"math"

	"github.com/seed28491532/folio/style"
)

// replacedItemFragment lays out replaced grid item it in an area aw wide
// and ah high (NaN: rows not sized yet): an auto width or height whose
// justify-self or align-self is stretch (given explicitly: normal is
// start for replaced items) fills the area less the margins, the other
// size following the aspect ratio, if any (css-grid-1 §6.2,
// css-align-3 §6.1).
func (l *layouter) replacedItemFragment(g *gridLayout, it *gridItem, aw, ah float64) *Fragment {
	b, st, cst := it.b, it.b.Style, g.b.Style
	stretchW := st.Width.IsAuto() && !st.Margin[style.Left].IsAuto() && !st.Margin[style.Right].IsAuto() &&
		explicitStretch(st.JustifySelf, cst.JustifyItems)
	stretchH := !math.IsNaN(ah) && st.Height.IsAuto() && !st.Margin[style.Top].IsAuto() && !st.Margin[style.Bottom].IsAuto() &&
		explicitStretch(st.AlignSelf, cst.AlignItems)
	if !stretchW && !stretchH {
		return replacedFragment(b, aw)
	}
	cs := *st
	sz := cs.MutSize()
	if stretchW {
		w := aw - it.m[style.Left] - it.m[style.Right]
		if st.BoxSizing != style.BorderBox {
			w -= vEdges(st, aw, style.Left) + vEdges(st, aw, style.Right)
		}
		sz.Width = style.Length{Value: math.Max(0, w), Unit: style.Pt}
	}
	if stretchH {
		h := ah - it.m[style.Top] - it.m[style.Bottom]
		if st.BoxSizing != style.BorderBox {
			h -= vEdges(st, aw, style.Top) + vEdges(st, aw, style.Bottom)
		}
		sz.Height = style.Length{Value: math.Max(0, h), Unit: style.Pt}
	}
	b.Style = &cs
	defer func() { b.Style = st }()
	return replacedFragment(b, aw)
}

// explicitStretch reports whether an item's justify-self or align-self
// v (auto: the container's def) is stretch itself rather than normal
// (which selfAlign reads as start for replaced items).
func explicitStretch(v, def string) bool {
	if v == "" || v == "auto" {
		v = def
	}
	return alignWord(v) == "stretch"
}
