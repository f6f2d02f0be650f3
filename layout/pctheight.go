package layout

import (
	"math"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// pctState is what percentages of heights resolve against while boxes
// are laid out (CSS 2.1 §10.5): the content height of the containing
// block when it is definite, NaN when it depends on the content (the
// percentages then behave as auto).
type pctState struct {
	// base is the definite content height the children of the box
	// being laid out resolve their percentage heights against, or NaN.
	base float64
	// set says base holds a value (the zero layouter starts with none).
	set bool
	// cell, when set, is the table cell about to be laid out, and
	// cellPct what the percentages of its children resolve against.
	cell    *box.Box
	cellPct cellPct
	// zeroScroll and scrollOnly are cellPct's flags, in force for the
	// children of the cell.
	zeroScroll, scrollOnly bool
}

// pctBase returns the percentage base in force: NaN when there is none.
func (l *layouter) pctBase() float64 {
	if !l.pct.set {
		return math.NaN()
	}
	return l.pct.base
}

// percentHeights prepares block b for layout: a height, min-height or
// max-height in percent is resolved into points against the containing
// block's definite height (and a percentage height without one is left
// to behave as auto), and b's own definite content height becomes the
// base of its children's percentages. The returned function restores
// b's style and the base. Absolutely positioned boxes (positioned
// against another box), flex and grid items (sized by their
// container) keep their style.
func (l *layouter) percentHeights(b *box.Box, y, cbW float64, c fctx) pctSaved {
	saved, savedStyle := l.pct, b.Style
	base := l.pctBase()
	if b.Parent == nil && !math.IsInf(c.bottom, 1) {
		base = c.bottom - y // the initial containing block: the page area
	}
	st := b.Style
	if math.IsNaN(base) && saved.zeroScroll && scrollContainer(st) {
		base = 0
	}
	if saved.scrollOnly && !scrollContainer(st) {
		base = math.NaN()
	}
	if percentHeight(st) && !math.IsNaN(base) && !isAbsolute(b) && !inGrid(b) {
		cs := *st
		sz := cs.MutSize()
		for _, p := range [...]*style.Length{&sz.Height, &sz.MinHeight, &sz.MaxHeight} {
			if p.HasPercent() {
				*p = style.Length{Value: math.Max(0, st.Resolve(*p, base, 0)), Unit: style.Pt}
			}
		}
		b.Style = &cs
	}
	l.pct = pctState{base: math.NaN(), set: true}
	switch {
	case b == saved.cell:
		l.pct.base = saved.cellPct.base
		l.pct.zeroScroll, l.pct.scrollOnly = saved.cellPct.zeroScroll, saved.cellPct.scrollOnly
	case b.Anonymous && (saved.zeroScroll || saved.scrollOnly):
		l.pct.base, l.pct.zeroScroll, l.pct.scrollOnly = saved.base, saved.zeroScroll, saved.scrollOnly
	default:
		if h, ok := definiteHeight(b, cbW); ok && b.Style.HeightKeyword == 0 {
			l.pct.base = h
		} else if b.Anonymous {
			l.pct.base = base // an anonymous block is no containing block
		}
	}
	return pctSaved{saved, savedStyle}
}

// pctSaved is the percentage state and style percentHeights replaced.
type pctSaved struct {
	pct   pctState
	style *style.Style
}

// restorePct puts back the state and b's style percentHeights replaced.
func (l *layouter) restorePct(b *box.Box, s pctSaved) { l.pct, b.Style = s.pct, s.style }

// scrollContainer reports whether st makes a scroll container.
func scrollContainer(st *style.Style) bool {
	return st.Overflow != style.OverflowVisible && st.Overflow != style.OverflowClip
}

// cellPercentKids reports whether a child of cell b (or of an anonymous
// block in it) in the flow has a percentage height: the cell is laid
// out again once its row is sized, for them to resolve.
func cellPercentKids(b *box.Box) bool {
	for _, c := range b.Children {
		if isAbsolute(c) {
			continue
		}
		if c.Style != nil && percentHeight(c.Style) {
			return true
		}
		if c.Anonymous && c.Kind == box.KindBlock {
			for _, g := range c.Children {
				if !isAbsolute(g) && g.Style != nil && percentHeight(g.Style) {
					return true
				}
			}
		}
	}
	return false
}

// inGrid reports whether b is a grid item (its percentages resolve
// against its grid area, grid.go).
func inGrid(b *box.Box) bool {
	if b.Parent == nil {
		return false
	}
	d := b.Parent.Style.Display
	return d == style.DisplayGrid || d == style.DisplayInlineGrid
}

// cellPct says how the percentage heights of a table cell's children
// resolve. While the cell's row is sized (base NaN) they behave as auto,
// except that a scroll container's counts as zero when the cell's size
// is restricted (zeroScroll); once the row is sized they resolve against
// the cell's content height (base), only for scroll containers when the
// restriction is no definite height (scrollOnly).
type cellPct struct {
	base                   float64
	zeroScroll, scrollOnly bool
}

// cellRestriction reports whether cell c's height is restricted: by a
// height of its own or its row's in points, or the table's height
// (resolved against base, the table's percentage base), which is
// definite; or, for scroll containers only (any), by a table height
// that is not auto even though it does not resolve.
func (ts *tableState) cellRestriction(c *tcell, base float64) (definite, any bool) {
	tst := ts.g.table.Style
	definite = c.box.Style.Height.Unit == style.Pt || ts.g.rows[c.row].box.Style.Height.Unit == style.Pt
	if _, ok := lengthOrPercent(tst, tst.Height, base); ok {
		definite = true
	}
	return definite, definite || !tst.Height.IsAuto()
}
