package box

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/seed28491532/folio/style"
)

// This file generates the anonymous table objects of CSS 2.1 §17.2.1:
// every table-cell ends up in a table-row, every row in a row group or a
// table, every row group, caption and column in a table; text and other
// boxes directly in a table, row group or row are wrapped in anonymous
// rows and cells. Row boxes placed directly in a table keep their place
// (the layout treats them as one implicit row group).

// isTableInternal reports whether b is a proper table child or part that
// needs a table ancestor.
func isTableInternal(b *Box) bool {
	switch b.Kind {
	case KindTableRowGroup, KindTableRow, KindTableCell, KindTableCaption, KindTableColumn:
		return true
	}
	return false
}

// properTableChild reports whether b may sit directly in a table box.
func properTableChild(b *Box) bool {
	switch b.Kind {
	case KindTableRowGroup, KindTableRow, KindTableCaption, KindTableColumn:
		return true
	}
	return false
}

// anonymous returns an anonymous box of kind k and display d inside b.
func anonymous(parent *Box, k Kind, d style.Display) *Box {
	st := Inherit(parent.Style)
	bx := st.MutBox()
	bx.Display = d
	if k == KindTableCell {
		bx.VerticalAlign = parent.Style.VerticalAlign
	}
	return &Box{Kind: k, Style: st, Anonymous: true, Parent: parent}
}

// fixTableParts repairs the children of b after they were built, before
// the block-container fix-up: it is called for every element box.
func fixTableParts(b *Box) {
	switch b.Kind {
	case KindTable:
		b.Children = wrapRuns(b, b.Children, func(c *Box) bool { return !properTableChild(c) }, KindTableRow, style.DisplayTableRow)
		for _, c := range b.Children {
			if c.Kind == KindTableColumn {
				fixColumn(c)
			}
		}
	case KindTableRowGroup:
		b.Children = wrapRuns(b, b.Children, func(c *Box) bool { return c.Kind != KindTableRow }, KindTableRow, style.DisplayTableRow)
	case KindTableRow:
		b.Children = wrapRuns(b, b.Children, func(c *Box) bool { return c.Kind != KindTableCell }, KindTableCell, style.DisplayTableCell)
	case KindTableColumn:
		fixColumn(b)
	case KindTableCell, KindTableCaption, KindBlock, KindInlineBlock, KindInline:
		wrapMisparented(b)
	}
}

// fixColumn keeps only the columns of a column group; a column has no
// children at all.
func fixColumn(b *Box) {
	if b.Style.Display == style.DisplayTableColumn {
		b.Children = nil
		return
	}
	out := b.Children[:0]
	for _, c := range b.Children {
		if c.Kind == KindTableColumn && c.Style.Display == style.DisplayTableColumn {
			c.Children = nil
			out = append(out, c)
		}
	}
	b.Children = out
}

// wrapRuns wraps each run of children for which wrap is true in an
// anonymous box of kind k (rows get their cells, cells their block
// fix-up). Runs of collapsible white space only are dropped.
func wrapRuns(b *Box, kids []*Box, wrap func(*Box) bool, k Kind, d style.Display) []*Box {
	need := false
	for _, c := range kids {
		if wrap(c) {
			need = true
			break
		}
	}
	if !need {
		return kids
	}
	var out, run []*Box
	flush := func() {
		if len(run) == 0 {
			return
		}
		keep := false
		for _, r := range run {
			if !(r.Kind == KindText && strings.TrimSpace(r.Text) == "") {
				keep = true
				break
			}
		}
		if keep {
			a := anonymous(b, k, d)
			for _, r := range run {
				a.add(r)
			}
			fixTableParts(a)
			if k == KindTableCell {
				fixBlockContainer(a)
			}
			out = append(out, a)
		}
		run = nil
	}
	for _, c := range kids {
		if wrap(c) {
			run = append(run, c)
			continue
		}
		flush()
		out = append(out, c)
	}
	flush()
	return out
}

// wrapMisparented wraps runs of table-internal children of a non-table box
// in anonymous tables (with the rows and row groups they miss): cells in
// rows, rows in the table.
func wrapMisparented(b *Box) {
	need := false
	for _, c := range b.Children {
		if isTableInternal(c) {
			need = true
			break
		}
	}
	if !need {
		return
	}
	var out, run, spaces []*Box
	flush := func() {
		if len(run) == 0 {
			return
		}
		d := style.DisplayTable
		if b.Kind == KindInline {
			d = style.DisplayInlineTable
		}
		t := anonymous(b, KindTable, d)
		// cells first join anonymous rows
		var kids, cells []*Box
		flushCells := func() {
			if len(cells) == 0 {
				return
			}
			r := anonymous(t, KindTableRow, style.DisplayTableRow)
			for _, c := range cells {
				r.add(c)
			}
			kids = append(kids, r)
			cells = nil
		}
		for _, c := range run {
			if c.Kind == KindTableCell {
				cells = append(cells, c)
				continue
			}
			flushCells()
			kids = append(kids, c)
		}
		flushCells()
		for _, c := range kids {
			t.add(c)
		}
		out = append(out, t)
		run = nil
	}
	for _, c := range b.Children {
		if isTableInternal(c) {
			spaces = nil // white space between table parts is dropped
			run = append(run, c)
			continue
		}
		if len(run) > 0 && c.Kind == KindText && strings.TrimSpace(c.Text) == "" {
			spaces = append(spaces, c)
			continue
		}
		flush()
		out = append(out, spaces...)
		spaces = nil
		out = append(out, c)
	}
	flush()
	b.Children = append(out, spaces...)
}

// Limits of the table grid, the HTML table model's: colspan is clamped to
// MaxColspan, rowspan to MaxRowspan and to the end of its row group; a
// table has at most MaxColumns columns, and cells past them are not laid
// out (nor tagged).
const (
	MaxColspan = 1000
	MaxRowspan = 65534
	MaxColumns = 2000
)

// SpanAttr parses a colspan, rowspan or span attribute of b: 1 when absent
// or invalid, 0 kept for rowspan="0" and span="0" (a rowspan of 0 runs to
// the end of its row group).
func SpanAttr(b *Box, name string) int {
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

// ColumnSpan returns the number of grid columns a column box (or a
// column group without column children) declares: its span, 1 to
// MaxColspan.
func ColumnSpan(col *Box) int {
	return max(min(SpanAttr(col, "span"), MaxColspan), 1)
}

// RowGroup is a row group of a table's grid: a row group box, or the
// implicit group (Box nil) of rows placed directly in the table.
type RowGroup struct {
	Box *Box
	// Rows are the group's rows.
	Rows []*Box
	// Head and Foot mark the table's header and footer group (its first
	// table-header-group and table-footer-group).
	Head, Foot bool
}

// TableRowGroups calls fn with the row groups of table t in grid order:
// the header group first, the footer group last, and between them the
// body groups, rows placed directly in the table forming implicit groups
// ended by the next body group. Rows of the implicit groups are collected
// in buf, returned for the next call: fn must not keep a group's Rows.
func TableRowGroups(t *Box, buf []*Box, fn func(RowGroup)) []*Box {
	var head, foot *Box
	for _, c := range t.Children {
		if c.Kind != KindTableRowGroup {
			continue
		}
		if c.Style.Display == style.DisplayTableHeaderGroup && head == nil {
			head = c
		}
		if c.Style.Display == style.DisplayTableFooterGroup && foot == nil {
			foot = c
		}
	}
	if head != nil {
		fn(RowGroup{Box: head, Rows: rowsOf(head), Head: true})
	}
	loose, start := buf[:0], 0
	for _, c := range t.Children {
		switch {
		case c.Kind == KindTableRow:
			loose = append(loose, c)
		case c.Kind == KindTableRowGroup && c != head && c != foot:
			if len(loose) > start {
				fn(RowGroup{Rows: loose[start:]})
				start = len(loose)
			}
			fn(RowGroup{Box: c, Rows: rowsOf(c)})
		}
	}
	if len(loose) > start {
		fn(RowGroup{Rows: loose[start:]})
	}
	if foot != nil {
		fn(RowGroup{Box: foot, Rows: rowsOf(foot), Foot: true})
	}
	return loose[:0]
}

// rowsOf returns the rows of row group g: after the anonymous-object
// fix-up, all its children.
func rowsOf(g *Box) []*Box {
	for _, r := range g.Children {
		if r.Kind != KindTableRow {
			out := make([]*Box, 0, len(g.Children))
			for _, r := range g.Children {
				if r.Kind == KindTableRow {
					out = append(out, r)
				}
			}
			return out
		}
	}
	return g.Children
}

// CellSlot is where a GridPlacer put a cell: its first column and its
// used spans, and the spans as written (for diagnostics).
type CellSlot struct {
	Col, Colspan, Rowspan int
	// WantColspan and WantRowspan are SpanAttr's values.
	WantColspan, WantRowspan int
}

// GridPlacer assigns grid slots to the cells of a table by the HTML
// table model, one row group at a time: Group, then for each row Row and
// Cell for each of its cells. Layout builds its grid and tagging its
// table structure with it, so both agree on every cell's slot and spans.
// The zero value is ready for use.
type GridPlacer struct {
	// until holds, per column, the first row of the group no longer
	// covered by a cell spanning rows from above.
	until          []int
	rows, row, col int
	// Cols is the number of columns the cells placed so far reach.
	Cols int
}

// Group starts a row group of n rows (row spans never cross groups).
func (p *GridPlacer) Group(n int) {
	clear(p.until)
	p.rows, p.row, p.col = n, -1, 0
}

// Row starts the group's next row.
func (p *GridPlacer) Row() { p.row, p.col = p.row+1, 0 }

// Cell places cell b in the current row, after the slots taken by cells
// spanning rows from above. It reports false when the row has no column
// left (the cell and those after it in the row are not laid out).
func (p *GridPlacer) Cell(b *Box) (CellSlot, bool) {
	for p.col < len(p.until) && p.until[p.col] > p.row {
		p.col++
	}
	if p.col >= MaxColumns {
		return CellSlot{}, false
	}
	s := CellSlot{Col: p.col, WantColspan: SpanAttr(b, "colspan"), WantRowspan: SpanAttr(b, "rowspan")}
	s.Colspan = min(s.WantColspan, MaxColspan, MaxColumns-p.col)
	s.Rowspan = s.WantRowspan
	if left := p.rows - p.row; s.Rowspan == 0 || s.Rowspan > left {
		s.Rowspan = left
	}
	s.Rowspan = max(min(s.Rowspan, MaxRowspan), 1)
	for len(p.until) < p.col+s.Colspan {
		p.until = append(p.until, 0)
	}
	for k := p.col; k < p.col+s.Colspan; k++ {
		p.until[k] = p.row + s.Rowspan
	}
	p.col += s.Colspan
	p.Cols = max(p.Cols, p.col)
	return s, true
}

// Next returns the first column after the cells placed so far in the
// current row.
func (p *GridPlacer) Next() int { return p.col }

// Covered reports whether column col of the current row is taken by a
// cell of the row or one spanning rows from above.
func (p *GridPlacer) Covered(col int) bool { return col < len(p.until) && p.until[col] > p.row }

// TableGridSize returns the number of rows and columns of table t's grid
// as layout builds it: every row of its row groups, and the columns its
// column elements declare or its cells reach (at most MaxColumns).
func TableGridSize(t *Box) (rows, cols int) {
	for _, c := range t.Children {
		if c.Kind != KindTableColumn {
			continue
		}
		if c.Style.Display == style.DisplayTableColumn || len(c.Children) == 0 {
			cols += ColumnSpan(c)
			continue
		}
		for _, col := range c.Children {
			cols += ColumnSpan(col)
		}
	}
	var p GridPlacer
	TableRowGroups(t, nil, func(g RowGroup) {
		rows += len(g.Rows)
		p.Group(len(g.Rows))
		for _, r := range g.Rows {
			p.Row()
			for _, c := range r.Children {
				if c.Kind != KindTableCell {
					continue
				}
				if _, ok := p.Cell(c); !ok {
					break
				}
			}
		}
	})
	return rows, min(max(cols, p.Cols), MaxColumns)
}

// DefaultMaxTableCells is the default bound on the cells of one table's
// grid (rows × columns after spans): a table of 10,000 rows of 10 cells
// (233 pages) converts in about 270 MB at most; 200,000 cells took about
// 490 MB.
const DefaultMaxTableCells = 100_000

// ErrTableCells is wrapped by a *TableCellsError.
var ErrTableCells = errors.New("table cell limit exceeded")

// TableCellsError reports a table whose grid has more cells than allowed.
type TableCellsError struct {
	Rows, Cols, Limit int
}

func (e *TableCellsError) Error() string {
	return fmt.Sprintf("table has %d cells (%d rows × %d columns after spans), more than the limit of %d (MaxTableCells)",
		e.Rows*e.Cols, e.Rows, e.Cols, e.Limit)
}

// Unwrap returns ErrTableCells.
func (e *TableCellsError) Unwrap() error { return ErrTableCells }

// CheckTableCells returns a *TableCellsError for a table whose grid
// (TableGridSize) has more than limit cells; limit <= 0 means
// DefaultMaxTableCells. Rows and columns are at most MaxColumns and the
// box count, so the product cannot overflow.
func CheckTableCells(rows, cols, limit int) error {
	if limit <= 0 {
		limit = DefaultMaxTableCells
	}
	if rows*cols > limit {
		return &TableCellsError{Rows: rows, Cols: cols, Limit: limit}
	}
	return nil
}

// CheckTables checks the grid of every table under root against the cell
// limit (CheckTableCells), before layout spends memory on one. It stops
// with the context's error when ctx ends.
func CheckTables(ctx context.Context, root *Box, limit int) error {
	var err error
	seen := 0
	root.Walk(func(b *Box) bool {
		if err != nil {
			return false
		}
		if seen++; seen&1023 == 0 {
			if err = ctx.Err(); err != nil {
				return false
			}
		}
		if b.Kind == KindTable {
			rows, cols := TableGridSize(b)
			err = CheckTableCells(rows, cols, limit)
		}
		return err == nil
	})
	return err
}
