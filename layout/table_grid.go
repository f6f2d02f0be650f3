package layout

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// Limits of the table grid (the HTML table model's: colspan is clamped to
// 1000, rowspan to 65534 and to the end of its row group).
const (
	maxColspan = 1000
	maxRowspan = 65534
	// maxColumns bounds the column count of one table.
	maxColumns = 2000
)

// tcell is a cell placed in the grid.
type tcell struct {
	box              *box.Box
	row, col         int // grid slot of the top-left corner
	rowspan, colspan int
	// min and max are the min- and max-content widths of the border box.
	min, max float64
	// fixed is the specified border-box width (pt), pct a percentage.
	fixed, pct float64
	// ti is what the layout keeps of the cell's text when the cell
	// holds one short text (set when measured; see textCache.setHint).
	ti *textInfo
}

// trow is a row of the grid in display order.
type trow struct {
	box   *box.Box
	group int
	cells []*tcell // cells whose top-left slot is in this row
}

// Row group kinds.
const (
	groupBody = iota
	groupHeader
	groupFooter
)

// tgroup is a row group (or the implicit group of rows placed directly
// in the table), in display order.
type tgroup struct {
	box        *box.Box // nil for the implicit group
	kind       int
	start, end int // rows [start, end)
}

// tcol is a grid column with the column box (and group) it comes from.
type tcol struct {
	box, group *box.Box
	min, max   float64
	fixed, pct float64
	hasFixed   bool
}

// tgrid is the table grid of CSS 2.1 §17.5.
type tgrid struct {
	table    *box.Box
	captions []*box.Box
	groups   []tgroup
	rows     []trow
	cols     []tcol
	// head and foot are the indexes of the header and footer groups, or -1.
	head, foot int
}

// spanAttr parses a colspan/rowspan attribute: 1 when absent or invalid,
// 0 kept for rowspan="0" (to the end of the group).
func spanAttr(b *box.Box, name string) int {
	v, ok := b.Attr(name)
	if !ok {
		return 1
	}
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || n < 0 || (n == 0 && name == "colspan") {
		return 1
	}
	return n
}

// buildGrid places the rows and cells of table b in the grid: the first
// header group first, the first footer group last, spans clamped.
func (l *layouter) buildGrid(b *box.Box) *tgrid {
	g := &tgrid{table: b, head: -1, foot: -1}
	var head, foot *box.Box
	for _, c := range b.Children {
		if c.Kind != box.KindTableRowGroup {
			continue
		}
		if c.Style.Display == style.DisplayTableHeaderGroup && head == nil {
			head = c
		}
		if c.Style.Display == style.DisplayTableFooterGroup && foot == nil {
			foot = c
		}
	}
	addGroup := func(gb *box.Box, kind int, rows []*box.Box) {
		gi := len(g.groups)
		g.groups = append(g.groups, tgroup{box: gb, kind: kind, start: len(g.rows)})
		for _, r := range rows {
			if r.Kind == box.KindTableRow {
				g.rows = append(g.rows, trow{box: r, group: gi})
			}
		}
		g.groups[gi].end = len(g.rows)
	}
	if head != nil {
		g.head = len(g.groups)
		addGroup(head, groupHeader, head.Children)
	}
	var loose []*box.Box
	flushLoose := func() {
		if len(loose) > 0 {
			addGroup(nil, groupBody, loose)
			loose = nil
		}
	}
	for _, c := range b.Children {
		switch {
		case c.Kind == box.KindTableCaption:
			g.captions = append(g.captions, c)
		case c.Kind == box.KindTableRow:
			loose = append(loose, c)
		case c.Kind == box.KindTableRowGroup && c != head && c != foot:
			flushLoose()
			addGroup(c, groupBody, c.Children)
		case c.Kind == box.KindTableColumn:
			l.addColumns(g, c)
		}
	}
	flushLoose()
	if foot != nil {
		g.foot = len(g.groups)
		addGroup(foot, groupFooter, foot.Children)
	}
	l.placeCells(g)
	return g
}

// addColumns adds the columns of a column or column group box.
func (l *layouter) addColumns(g *tgrid, c *box.Box) {
	add := func(col, group *box.Box) {
		n := min(spanAttr(col, "span"), maxColspan)
		if n < 1 {
			n = 1
		}
		for i := 0; i < n && len(g.cols) < maxColumns; i++ {
			g.cols = append(g.cols, tcol{box: col, group: group})
		}
	}
	if c.Style.Display == style.DisplayTableColumn {
		add(c, nil)
		return
	}
	if len(c.Children) == 0 {
		add(c, c)
		for i := len(g.cols) - 1; i >= 0 && g.cols[i].box == c; i-- {
			g.cols[i].box = nil
		}
		return
	}
	for _, col := range c.Children {
		add(col, c)
	}
}

// placeCells assigns grid slots to the cells, row by row, skipping slots
// covered by row spans from above.
func (l *layouter) placeCells(g *tgrid) {
	var until []int // per column: first row no longer covered by a span
	ncols := len(g.cols)
	for gi := range g.groups {
		gr := g.groups[gi]
		for i := range until {
			until[i] = 0 // spans never cross row groups
		}
		for ri := gr.start; ri < gr.end; ri++ {
			row := &g.rows[ri]
			col := 0
			// the row's cells in one allocation
			n := 0
			for _, cb := range row.box.Children {
				if cb.Kind == box.KindTableCell {
					n++
				}
			}
			slab := l.tables.grid.Carve(n, 16, 1024)[:0]
			row.cells = l.tables.gridPtrs.Carve(n, 16, 1024)[:0]
			for _, cb := range row.box.Children {
				if cb.Kind != box.KindTableCell {
					continue
				}
				for col < len(until) && until[col] > ri {
					col++
				}
				if col >= maxColumns {
					l.diag("layout", fmt.Sprintf("table row has cells beyond %d columns; they are not laid out", maxColumns))
					break
				}
				cs := spanAttr(cb, "colspan")
				if cs > maxColspan {
					l.diag("layout", fmt.Sprintf("colspan %d clamped to %d", cs, maxColspan))
					cs = maxColspan
				}
				if col+cs > maxColumns {
					cs = maxColumns - col
				}
				rs := spanAttr(cb, "rowspan")
				if rs == 0 || rs > gr.end-ri {
					if rs > gr.end-ri && rs > 1 {
						l.diag("layout", fmt.Sprintf("rowspan %d runs past its row group; clamped to %d", rs, gr.end-ri))
					}
					rs = gr.end - ri
				}
				rs = min(rs, maxRowspan)
				slab = append(slab, tcell{box: cb, row: ri, col: col, rowspan: rs, colspan: cs})
				row.cells = append(row.cells, &slab[len(slab)-1])
				for len(until) < col+cs {
					until = append(until, 0)
				}
				for k := col; k < col+cs; k++ {
					until[k] = ri + rs
				}
				col += cs
				ncols = max(ncols, col)
			}
		}
	}
	for len(g.cols) < ncols {
		g.cols = append(g.cols, tcol{})
	}
}

// cellEmpty reports whether a cell has no content for empty-cells: hide
// (no children but collapsible white space).
func cellEmpty(b *box.Box) bool {
	empty := true
	b.Walk(func(x *box.Box) bool {
		if !empty {
			return false
		}
		switch x.Kind {
		case box.KindText:
			if strings.TrimSpace(x.Text) != "" || !collapsesSpace(x.Style) {
				empty = false
			}
		case box.KindReplaced, box.KindLineBreak:
			empty = false
		}
		return empty
	})
	return empty
}
