package layout

import (
	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// leadingMargins returns the margins among the children of p, a box
// whose top margin collapses with its first child's, that adjoin that
// top margin (CSS 2.1 §8.3.1): those of the first in-flow child and its
// own first children, and when that child is empty and its margins
// collapse through it, also those of the next in-flow sibling, and so
// on. last is the index of the last child whose margins are included
// (-1: none). below is as for firstInFlow; adj is the margin-box width
// of the floats placed before p's children while these margins are
// unresolved (adjoiningAbove). A pending p is asked for the children
// the walk reaches.
//
// A child that must avoid those floats and does not fit beside them
// separates its margin from theirs (sep, its index; -1: none), as
// browsers do: had its margin collapsed, the floats would have moved
// down with it. Its border box goes below the floats instead, as if it
// had clearance. The walk is bounded by the number of kids and the
// depth of the tree.
func leadingMargins(p *box.Box, cb, below float64, adj floatsBefore) (s strut, last, sep int) {
	last, sep = -1, -1
	for from := 0; childAt(p, from) != nil; {
		j := firstInFlow(p, from, cb, below)
		if j < 0 {
			break
		}
		for _, f := range p.Children[from:j] {
			if isFloat(f) {
				adj = adj.plus(floatMarginWidth(f, cb))
			}
		}
		k := p.Children[j]
		j -= from
		if k.Kind != box.KindBlock && k.Kind != box.KindTable && k.Kind != box.KindReplaced ||
			k.Style.ColumnSpanAll && spannerOf(k) != nil {
			break // a spanner's margins stay with it, outside the columns
		}
		if from > 0 && k.Style.Clear != style.ClearNone {
			break // it may have clearance, which separates the margins
		}
		if avoidsFloats(k) {
			if a := adj.total(); a.known && a.w > 0 && avoiderWidth(k, cb)+a.w > cb+1e-6 {
				sep = from + j
				break
			}
		}
		last = from + j
		if !collapsesThrough(k, cb) {
			s = s.join(collapsedTopBeside(k, cb, below, adj))
			break
		}
		s = s.join(throughMargins(k, cb))
		adj = adj.plus(throughFloats(k, cb))
		from = last + 1
	}
	return s, last, sep
}

// chainsTop reports whether b's top margin collapses with its first
// in-flow child's.
func chainsTop(b *box.Box, cb float64) bool {
	return b.Kind == box.KindBlock && !isBFC(b) && vEdges(b.Style, cb, style.Top) == 0 && !b.HasInlineChildren()
}

// floatsBefore is the width of the floats placed before a box whose
// top margin is unresolved. The floats above its parent (adjoiningAbove,
// a walk up the tree and across earlier siblings) are summed only when
// a box that avoids floats asks, which most paragraphs never do.
type floatsBefore struct {
	above *box.Box // whose adjoiningAbove is still to be added; nil once added
	cb    float64
	w     floatWidth
}

// floatsAfter returns the floats before the children of b, laid out in a
// containing block cb wide, with those above b left to sum on demand.
func floatsAfter(b *box.Box, cb float64) floatsBefore {
	return floatsBefore{above: b, cb: cb, w: floatWidth{known: true}}
}

func (f *floatsBefore) total() floatWidth {
	if f.above != nil {
		f.w = f.w.plus(adjoiningAbove(f.above, f.cb))
		f.above = nil
	}
	return f.w
}

func (f floatsBefore) plus(w floatWidth) floatsBefore {
	f.w = f.w.plus(w)
	return f
}

// floatWidth is a sum of float margin-box widths; known is false when
// one of them depends on its content (auto width).
type floatWidth struct {
	w     float64
	known bool
}

func (a floatWidth) plus(b floatWidth) floatWidth {
	return floatWidth{w: a.w + b.w, known: a.known && b.known}
}

// floatMarginWidth returns the margin-box width of float f in a
// containing block cb wide when its style gives it.
func floatMarginWidth(f *box.Box, cb float64) floatWidth {
	st := f.Style
	if st.Width.IsAuto() {
		return floatWidth{}
	}
	return floatWidth{w: borderBoxWidth(st, cb) + st.Resolve(st.Margin[style.Left], cb, 0) + st.Resolve(st.Margin[style.Right], cb, 0), known: true}
}

// avoiderWidth returns the border-box width a box that avoids floats
// needs when its style gives it (0: it can be narrowed at will, or its
// width depends on its content).
func avoiderWidth(b *box.Box, cb float64) float64 {
	if b.Style.Width.IsAuto() || b.Kind != box.KindBlock {
		return 0
	}
	return borderBoxWidth(b.Style, cb)
}

// borderBoxWidth resolves st's width, not auto, to a border-box width.
func borderBoxWidth(st *style.Style, cb float64) float64 {
	w := st.Resolve(st.Width, cb, 0)
	if st.BoxSizing == style.ContentBox {
		w += st.Border[style.Left].Width + st.Border[style.Right].Width +
			st.Resolve(st.Padding[style.Left], cb, 0) + st.Resolve(st.Padding[style.Right], cb, 0)
	}
	return w
}

// throughFloats returns the widths of the floats inside b, a box
// collapsesThrough accepts: they are placed where its margins are.
func throughFloats(b *box.Box, cb float64) floatWidth {
	a := floatWidth{known: true}
	for i := 0; childAt(b, i) != nil; i++ {
		k := b.Children[i]
		switch {
		case isFloat(k):
			a = a.plus(floatMarginWidth(k, cb))
		case !k.OutOfFlow():
			a = a.plus(throughFloats(k, cb))
		}
	}
	return a
}

// adjoiningAbove returns the widths of the floats placed before b while
// its top margin is unresolved: the floats before it among its
// parent's children (or inside empty siblings before it) when its
// margin collapses into its parent's, and so on up.
func adjoiningAbove(b *box.Box, cb float64) floatWidth {
	a := floatWidth{known: true}
	for p := b.Parent; p != nil && chainsTop(p, cb); b, p = p, p.Parent {
		level := floatWidth{known: true}
		for _, k := range p.Children {
			if k == b {
				break
			}
			switch {
			case isFloat(k):
				level = level.plus(floatMarginWidth(k, cb))
			case k.OutOfFlow():
			case collapsesThrough(k, cb):
				level = level.plus(throughFloats(k, cb))
			default:
				return a // b follows content: its margin does not reach p's
			}
		}
		a = a.plus(level)
	}
	return a
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
		!zeroOrAutoHeight(b) || st.Resolve(st.MinHeight, cb, 0) > 0 {
		return false
	}
	if st.Height.HasPercent() {
		if ch, ok := cbHeight(b, 0); ok && st.Resolve(st.Height, ch, 0) > 0 {
			return false // a percentage of a definite height
		}
	}
	for i := 0; childAt(b, i) != nil; i++ {
		k := b.Children[i]
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
	for i := 0; childAt(b, i) != nil; i++ {
		if k := b.Children[i]; !k.OutOfFlow() {
			s = s.join(throughMargins(k, cb))
		}
	}
	return s
}

// zeroOrAutoHeight reports whether b's height lets its margins
// collapse through it when it is empty (CSS 2.1 §8.3.1: a computed
// height of zero or auto): auto, or a percentage still unresolved, of a
// height that is not definite, which behaves as auto; or zero when b
// has no in-flow children (a zero height ends their margins inside).
func zeroOrAutoHeight(b *box.Box) bool {
	h := b.Style.Height
	if h.IsAuto() || h.HasPercent() {
		return true
	}
	if h.Unit != style.Pt || h.Value != 0 {
		return false
	}
	for i := 0; childAt(b, i) != nil; i++ {
		if !b.Children[i].OutOfFlow() {
			return false
		}
	}
	return true
}
