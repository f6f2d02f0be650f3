package ua

import (
	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// maxTableCells bounds the grid of one table.
const maxTableCells = 1 << 20

type cell struct {
	e       *elem
	th      bool
	row     int
	col     int
	rowSpan int
	colSpan int
	scope   string
	id      string
	headers []string
}

// checkTable places the cells of a Table on a grid (7.2-15, 7.2-41/42/43)
// and, when the table is regular, checks header association (7.5-1/2),
// following veraPDF's algorithm.
func (c *checker) checkTable(t *elem) {
	if c.stopped() {
		return
	}
	l := c.elemLoc(t)
	var rows []*elem
	for _, k := range kidElems(t) {
		switch k.std {
		case "TR":
			rows = append(rows, k)
		case "THead", "TBody", "TFoot":
			for _, r := range kidElems(k) {
				if r.std == "TR" {
					rows = append(rows, r)
				}
			}
		}
	}
	if len(rows) == 0 {
		return
	}
	cellsOf := func(r *elem) []*cell {
		var out []*cell
		for _, k := range kidElems(r) {
			if k.std != "TH" && k.std != "TD" {
				continue
			}
			ce := &cell{e: k, th: k.std == "TH", rowSpan: 1, colSpan: 1}
			if v, ok := c.attr(k, "Table", "RowSpan").(pdfobj.Int); ok && v > 0 && v < 1<<16 {
				ce.rowSpan = int(v)
			}
			if v, ok := c.attr(k, "Table", "ColSpan").(pdfobj.Int); ok && v > 0 && v < 1<<16 {
				ce.colSpan = int(v)
			}
			if n, ok := c.attr(k, "Table", "Scope").(pdfobj.Name); ok {
				ce.scope = string(n)
			}
			ce.id, _ = c.text(k.dict["ID"])
			if h, ok := c.attr(k, "Table", "Headers").(pdfobj.Array); ok {
				for _, x := range h {
					if s, ok := c.text(x); ok {
						ce.headers = append(ce.headers, s)
					}
				}
			}
			out = append(out, ce)
		}
		return out
	}
	rowCells := make([][]*cell, len(rows))
	for i, r := range rows {
		rowCells[i] = cellsOf(r)
	}
	// Row count: the first cell's RowSpan of each row, skipping spanned rows.
	nRows := 0
	for i := 0; i < len(rows); i++ {
		span := 1
		if len(rowCells[i]) > 0 {
			span = rowCells[i][0].rowSpan
		}
		nRows += span
		if span > 1 {
			i += span - 1
		}
	}
	nCols := 0
	for _, ce := range rowCells[0] {
		nCols += ce.colSpan
	}
	if nRows <= 0 || nCols <= 0 || nRows*nCols > maxTableCells {
		return
	}
	grid := make([][]*cell, nRows)
	for i := range grid {
		grid[i] = make([]*cell, nCols)
	}
	regular := true
	for ri, cells := range rowCells {
		if !regular {
			break
		}
		col := 0
		for _, ce := range cells {
			if ri >= nRows {
				c.fail("pdfua-7.2-41", l, "a cell's row span extends past the last of %d rows", nRows)
				regular = false
				break
			}
			for col < nCols && grid[ri][col] != nil {
				col++
			}
			ce.row, ce.col = ri, col
			if col+ce.colSpan > nCols {
				c.fail("pdfua-7.2-42", c.elemLoc(ce.e), "row %d spans more than the %d columns of the first row", ri+1, nCols)
				regular = false
				break
			}
			if ri+ce.rowSpan > nRows {
				c.fail("pdfua-7.2-41", c.elemLoc(ce.e), "a cell in row %d spans %d rows, past the last of %d rows", ri+1, ce.rowSpan, nRows)
				regular = false
				break
			}
			for y := ri; y < ri+ce.rowSpan; y++ {
				for x := col; x < col+ce.colSpan; x++ {
					if grid[y][x] != nil {
						if regular {
							c.fail("pdfua-7.2-15", c.elemLoc(ce.e), "the cell at row %d, column %d overlaps another cell", y+1, x+1)
						}
						regular = false
					}
					grid[y][x] = ce
				}
			}
			col += ce.colSpan
		}
	}
	if regular {
		c.pass("pdfua-7.2-15")
		c.pass("pdfua-7.2-41")
		c.pass("pdfua-7.2-42")
	empty:
		for y := range grid {
			for x := range grid[y] {
				if grid[y][x] == nil {
					c.fail("pdfua-7.2-43", l, "row %d has no cell in column %d: the row spans fewer columns than the first row", y+1, x+1)
					regular = false
					break empty
				}
			}
		}
		if regular {
			c.pass("pdfua-7.2-43")
		}
	}
	if !regular {
		return
	}
	// Header association.
	ids := map[string]bool{}
	anyTH, allScoped := false, true
	for _, cells := range rowCells {
		for _, ce := range cells {
			if ce.th {
				anyTH = true
				if ce.scope == "" {
					allScoped = false
				}
				if ce.id != "" {
					ids[ce.id] = true
				}
			}
		}
	}
	if !anyTH || allScoped {
		return
	}
	for _, cells := range rowCells {
		for _, ce := range cells {
			if ce.th {
				continue
			}
			unknown := ""
			if len(ce.headers) > 0 {
				for _, h := range ce.headers {
					if !ids[h] {
						unknown = h
						break
					}
				}
				if unknown == "" {
					c.pass("pdfua-7.5-1")
					continue
				}
			}
			if c.headerAbove(grid, ce) || c.headerLeft(grid, ce) {
				c.pass("pdfua-7.5-1")
				continue
			}
			if unknown != "" {
				c.fail("pdfua-7.5-2", c.elemLoc(ce.e), "the TD at row %d, column %d names the header ID %q, which no TH has", ce.row+1, ce.col+1, clipStr(unknown))
				continue
			}
			c.fail("pdfua-7.5-1", c.elemLoc(ce.e), "the TD at row %d, column %d has no determinable header: its TH cells have no /Scope and it has no /Headers", ce.row+1, ce.col+1)
		}
	}
}

// headerAbove looks up the cell's columns for a contiguous run of TH cells
// containing one with Scope Column or Both.
func (c *checker) headerAbove(grid [][]*cell, ce *cell) bool {
	for x := ce.col; x < ce.col+ce.colSpan; x++ {
		if scopedRun(ce.row, func(y int) *cell { return grid[y][x] }, "Column") {
			return true
		}
	}
	return false
}

// headerLeft looks left along the cell's rows for a TH run with Scope Row
// or Both.
func (c *checker) headerLeft(grid [][]*cell, ce *cell) bool {
	for y := ce.row; y < ce.row+ce.rowSpan; y++ {
		if scopedRun(ce.col, func(x int) *cell { return grid[y][x] }, "Row") {
			return true
		}
	}
	return false
}

// scopedRun walks back from at(from-1) to at(0), skipping cells that are
// not TH, and reports whether the first contiguous run of TH cells has one
// whose Scope is scope or Both.
func scopedRun(from int, at func(int) *cell, scope string) bool {
	inRun := false
	for k := from - 1; k >= 0; k-- {
		h := at(k)
		if h == nil || !h.th {
			if inRun {
				break
			}
			continue
		}
		inRun = true
		if h.scope == scope || h.scope == "Both" {
			return true
		}
	}
	return false
}
