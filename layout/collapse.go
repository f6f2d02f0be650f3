package layout

import (
	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// leadingMargins returns the margins among kids, the children of a box
// whose top margin collapses with its first child's, that adjoin that
// top margin (CSS 2.1 §8.3.1): those of the first in-flow child and its
// own first children, and when that child is empty and its margins
// collapse through it, also those of the next in-flow sibling, and so
// on. last is the index of the last child whose margins are included
// (-1: none). below is as for firstInFlow. The walk is bounded by the
// number of kids and the depth of the tree.
func leadingMargins(kids []*box.Box, cb, below float64) (s strut, last int) {
	last = -1
	for from := 0; from < len(kids); {
		j := firstInFlow(kids[from:], cb, below)
		if j < 0 {
			break
		}
		k := kids[from+j]
		if k.Kind != box.KindBlock || k.Style.ColumnSpanAll && spannerOf(k) != nil {
			break // a spanner's margins stay with it, outside the columns
		}
		if from > 0 && k.Style.Clear != style.ClearNone {
			break // it may have clearance, which separates the margins
		}
		last = from + j
		if !collapsesThrough(k, cb) {
			s = s.join(collapsedTopAfter(k, cb, below))
			break
		}
		s = s.join(throughMargins(k, cb))
		from = last + 1
	}
	return s, last
}

// collapsesThrough reports whether b is known before its layout to be
// an empty in-flow block whose top and bottom margins collapse together
// (CSS 2.1 §8.3.1): no border or padding above or below, no height or
// min-height, not a formatting context root, and no in-flow content but
// such blocks. It errs on the side of false; block's through result
// then still collapses the margins after the box is laid out.
func collapsesThrough(b *box.Box, cb float64) bool {
	st := b.Style
	if b.Kind != box.KindBlock || st.Display != style.DisplayBlock || isBFC(b) || b.HasInlineChildren() ||
		vEdges(st, cb, style.Top) != 0 || vEdges(st, cb, style.Bottom) != 0 ||
		!st.Height.IsAuto() || st.Resolve(st.MinHeight, cb, 0) > 0 {
		return false
	}
	for _, k := range b.Children {
		if k.OutOfFlow() {
			continue
		}
		if k.Style.Clear != style.ClearNone || !collapsesThrough(k, cb) {
			return false
		}
	}
	return true
}

// throughMargins collapses the margins of b, a box collapsesThrough
// accepts, and of every block inside it: they all adjoin.
func throughMargins(b *box.Box, cb float64) strut {
	st := b.Style
	s := strut{}.add(st.Resolve(st.Margin[style.Top], cb, 0)).add(st.Resolve(st.Margin[style.Bottom], cb, 0))
	for _, k := range b.Children {
		if !k.OutOfFlow() {
			s = s.join(throughMargins(k, cb))
		}
	}
	return s
}
