package layout

import (
	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// Breaks between and inside the rows and row groups of a table (CSS
// Fragmentation 3 §3, CSS 2.1 §13.3).

// forcedBreakBefore returns the forced break between rows ri-1 and ri, if
// any: the break-before of row ri and of the group it starts, or the
// break-after of row ri-1 and of the group it ends.
func (tp *tablePage) forcedBreakBefore(ri int) (style.Break, bool) {
	g := tp.ts.g
	if ri <= 0 || ri >= len(g.rows) {
		return style.BreakAuto, false
	}
	sides := []style.Break{g.rows[ri].box.Style.BreakBefore}
	if gr := g.groups[g.rows[ri].group]; gr.start == ri && gr.box != nil {
		sides = append(sides, gr.box.Style.BreakBefore)
	}
	sides = append(sides, g.rows[ri-1].box.Style.BreakAfter)
	if gr := g.groups[g.rows[ri-1].group]; gr.end == ri && gr.box != nil {
		sides = append(sides, gr.box.Style.BreakAfter)
	}
	for _, s := range sides {
		if forcedBreak(s) {
			return s, true
		}
	}
	return style.BreakAuto, false
}

// avoidGroupMoves says the row group starting at row ri avoids breaks
// inside and, laid out whole at y (up to its first forced break), would
// cross the bottom limitFor gives for its last row: it then starts on the
// next page instead.
func (tp *tablePage) avoidGroupMoves(ri int, y float64, limitFor func(end int) float64) bool {
	g := tp.ts.g
	gr := g.groups[g.rows[ri].group]
	if gr.start != ri || gr.box == nil || !avoidBreak(gr.box.Style.BreakInside) {
		return false
	}
	// a forced break inside the group ends the part that must fit
	end := gr.end
	for k := gr.start + 1; k < gr.end; k++ {
		if _, ok := tp.forcedBreakBefore(k); ok {
			end = k
			break
		}
	}
	return y+tp.measureRows(gr.start, end) > limitFor(end)+0.01
}

// breakEdgeChild returns the first (or, with first false, the last) child
// of x whose break-before (break-after) propagates to x (CSS Fragmentation
// 3 §3.1): the edge child of a block container when it is a block-level
// in-flow box, the first (last) row group of a table in display order
// when no caption sits above (below) it, the first (last) row of a row
// group; nil when none does.
func breakEdgeChild(x *box.Box, first bool) *box.Box {
	switch x.Kind {
	case box.KindBlock:
		if !first && x.Pending() {
			growAll(x, 0) // its last child is the last to come (a body followed by a sibling)
		}
		if len(x.Children) == 0 {
			return nil
		}
		c := x.Children[0]
		if !first {
			c = x.Children[len(x.Children)-1]
		}
		if c.IsInlineLevel() || isAbsolute(c) {
			return nil
		}
		return c
	case box.KindTable:
		return tableEdgeGroup(x, first)
	case box.KindTableRowGroup:
		var edge *box.Box
		for _, c := range x.Children {
			if c.Kind == box.KindTableRow {
				if first {
					return c
				}
				edge = c
			}
		}
		return edge
	}
	return nil
}

// tableEdgeGroup returns the first (last) row group or row of table t in
// display order (the header group first, the footer group last), or nil
// when a caption comes before (after) it.
func tableEdgeGroup(t *box.Box, first bool) *box.Box {
	var head, foot, firstBody, lastBody *box.Box
	for _, c := range t.Children {
		switch {
		case c.Kind == box.KindTableCaption && (c.Style.CaptionSide == style.CaptionTop) == first:
			return nil
		case c.Kind == box.KindTableRowGroup && c.Style.Display == style.DisplayTableHeaderGroup && head == nil:
			head = c
		case c.Kind == box.KindTableRowGroup && c.Style.Display == style.DisplayTableFooterGroup && foot == nil:
			foot = c
		case c.Kind == box.KindTableRow || c.Kind == box.KindTableRowGroup:
			if firstBody == nil {
				firstBody = c
			}
			lastBody = c
		}
	}
	order := [3]*box.Box{head, firstBody, foot}
	if !first {
		order = [3]*box.Box{foot, lastBody, head}
	}
	for _, c := range order {
		if c != nil {
			return c
		}
	}
	return nil
}
