package layout

import (
	"math"

	"github.com/seed28491532/folio/layout/box"
)

// maxRegroupDepth bounds the walk of regroupTransformedAbs (fragments
// nest as deep as the box tree, which box.Build bounds far below it).
const maxRegroupDepth = 4096

// regroupTransformedAbs moves, in the fragment f of a multicol container,
// each fragment of an absolutely positioned box whose containing block
// has a transform and is fragmented across the columns into the
// containing block's fragment of the column it lies in. The positioned
// box is laid out once the containing block is whole, its fragments
// going down the columns (multicol_abs.go), and they were all given to
// the containing block's last fragment; a transform applies to each
// fragment of its box with that fragment's own reference box
// (css-break-3 §5.5), so each part must be painted with its column's.
func regroupTransformedAbs(f *Fragment) {
	frags := map[*box.Box][]*Fragment{}
	var order []*box.Box // in tree order, for a stable result
	var walk func(g *Fragment, depth int)
	walk = func(g *Fragment, depth int) {
		if depth > maxRegroupDepth {
			return
		}
		if g.Box != nil && g.Box.Style != nil && g.Box.Style.HasTransform() {
			if frags[g.Box] == nil {
				order = append(order, g.Box)
			}
			frags[g.Box] = append(frags[g.Box], g)
		}
		for _, c := range g.Children {
			walk(c, depth+1)
		}
	}
	for _, c := range f.Children {
		walk(c, 0)
	}
	for _, cb := range order {
		gs := frags[cb]
		if len(gs) < 2 || translationOnly(cb, gs[0]) {
			continue // (a translation moves every fragment alike)
		}
		for _, g := range gs {
			var kept []*Fragment
			for _, c := range g.Children {
				if to := columnHolder(gs, g, c, cb); to != nil {
					to.Children = append(to.Children, c)
				} else {
					kept = append(kept, c)
				}
			}
			g.Children = kept
		}
	}
}

// columnHolder returns the fragment of gs, other than g, that holds
// child c of g horizontally (its middle in the fragment's width) when c
// is a fragment of an absolutely positioned box whose containing block
// is cb and g does not hold it; else nil.
func columnHolder(gs []*Fragment, g, c *Fragment, cb *box.Box) *Fragment {
	if c.Box == nil || !isAbsolute(c.Box) || containingBlock(c.Box) != cb {
		return nil
	}
	mid := c.X + c.W/2
	inside := func(h *Fragment) bool { return mid >= h.X && mid < h.X+h.W }
	if inside(g) {
		return nil
	}
	for _, h := range gs {
		if h != g && inside(h) {
			return h
		}
	}
	return nil
}

// translationOnly reports whether the transform of box b, laid out in
// fragment f, is a translation (or none): the same for every fragment,
// whatever its reference box.
func translationOnly(b *box.Box, f *Fragment) bool {
	m, ok := b.Style.TransformMatrix(f.X, f.Y, f.W, f.H)
	near := func(v, w float64) bool { return math.Abs(v-w) < 1e-9 }
	return ok && !b.Style.Has3D() && near(m[0], 1) && near(m[1], 0) && near(m[2], 0) && near(m[3], 1)
}
