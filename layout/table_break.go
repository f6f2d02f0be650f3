package layout

import "github.com/seed28491532/folio/style"

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
