package layout

import (
	"fmt"
	"strings"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
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

// buildGrid places the rows and cells of table b in the grid: the first
// header group first, the first footer group last, spans clamped.
func (l *layouter) buildGrid(b *box.Box) *tgrid {
	g := &tgrid{table: b, head: -1, foot: -1}
	for _, c := range b.Children {
		switch c.Kind {
		case box.KindTableCaption:
			g.captions = append(g.captions, c)
		case box.KindTableColumn:
			l.addColumns(g, c)
		}
	}
	l.tables.loose = box.TableRowGroups(b, l.tables.loose, func(rg box.RowGroup) {
		gi := len(g.groups)
		kind := groupBody
		switch {
		case rg.Head:
			kind, g.head = groupHeader, gi
		case rg.Foot:
			kind, g.foot = groupFooter, gi
		}
		g.groups = append(g.groups, tgroup{box: rg.Box, kind: kind, start: len(g.rows)})
		for _, r := range rg.Rows {
			g.rows = append(g.rows, trow{box: r, group: gi})
		}
		g.groups[gi].end = len(g.rows)
	})
	l.placeCells(g)
	return g
}

// addColumns adds the columns of a column or column group box.
func (l *layouter) addColumns(g *tgrid, c *box.Box) {
	add := func(col, group *box.Box) {
		n := box.ColumnSpan(col)
		for i := 0; i < n && len(g.cols) < box.MaxColumns; i++ {
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
// covered by row spans from above (box.GridPlacer, which tagging uses
// too).
func (l *layouter) placeCells(g *tgrid) {
	var p box.GridPlacer
	for gi := range g.groups {
		gr := g.groups[gi]
		p.Group(gr.end - gr.start)
		for ri := gr.start; ri < gr.end; ri++ {
			row := &g.rows[ri]
			p.Row()
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
				s, ok := p.Cell(cb)
				if !ok {
					l.diag("layout", fmt.Sprintf("table row has cells beyond %d columns; they are not laid out", box.MaxColumns))
					break
				}
				if s.WantColspan > box.MaxColspan {
					l.diag("layout", fmt.Sprintf("colspan %d clamped to %d", s.WantColspan, box.MaxColspan))
				}
				if left := gr.end - ri; s.WantRowspan > left && s.WantRowspan > 1 {
					l.diag("layout", fmt.Sprintf("rowspan %d runs past its row group; clamped to %d", s.WantRowspan, left))
				}
				slab = append(slab, tcell{box: cb, row: ri, col: s.Col, rowspan: s.Rowspan, colspan: s.Colspan})
				row.cells = append(row.cells, &slab[len(slab)-1])
			}
		}
	}
	for len(g.cols) < p.Cols {
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
