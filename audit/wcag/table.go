package wcag

import (
	"strconv"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Table grid bounds (the HTML limits: colspan ≤ 1000, rowspan ≤ 65534),
// plus a cap on the grid width so hostile spans stay cheap.
const (
	maxColspan = 1000
	maxRowspan = 65534
	maxColumns = 10000
)

// cell is one td or th placed on the table grid.
type cell struct {
	n                *html.Node
	header           bool
	row, col         int
	rowspan, colspan int
	inHead           bool // in thead
}

// tableModel is a table's rows and cells placed on the grid (HTML's table
// processing model, simplified: rows from the table and its row groups,
// spans honoured, no column groups).
type tableModel struct {
	n     *html.Node
	cells []cell
	rows  int
	cols  int
}

// buildTable places the cells of table t on a grid.
func buildTable(t *html.Node) *tableModel {
	m := &tableModel{n: t}
	var rowNodes []*html.Node
	var rowInHead []bool
	for ch := range elementChildren(t) {
		switch {
		case isHTML(ch, atom.Tr):
			rowNodes = append(rowNodes, ch)
			rowInHead = append(rowInHead, false)
		case isHTML(ch, atom.Thead), isHTML(ch, atom.Tbody), isHTML(ch, atom.Tfoot):
			for tr := range elementChildren(ch) {
				if isHTML(tr, atom.Tr) {
					rowNodes = append(rowNodes, tr)
					rowInHead = append(rowInHead, ch.DataAtom == atom.Thead)
				}
			}
		}
	}
	m.rows = len(rowNodes)
	ncells := 0
	for _, tr := range rowNodes {
		for td := range elementChildren(tr) {
			if isHTML(td, atom.Td) || isHTML(td, atom.Th) {
				ncells++
			}
		}
	}
	m.cells = make([]cell, 0, ncells)
	// pending[c] counts the rows a rowspan from above still covers in column c.
	var pending []int
	for r, tr := range rowNodes {
		col := 0
		for td := range elementChildren(tr) {
			if !isHTML(td, atom.Td) && !isHTML(td, atom.Th) {
				continue
			}
			for col < len(pending) && pending[col] > 0 {
				col++
			}
			cs := spanAttr(td, "colspan", 1, maxColspan)
			rs := spanAttr(td, "rowspan", 1, maxRowspan)
			if rs == 0 { // rowspan=0: to the end of the table
				rs = m.rows - r
			}
			if rs > m.rows-r {
				rs = m.rows - r
			}
			if col+cs > maxColumns {
				cs = maxColumns - col
				if cs <= 0 {
					break
				}
			}
			for len(pending) < col+cs {
				pending = append(pending, 0)
			}
			for k := col; k < col+cs; k++ {
				pending[k] = rs
			}
			m.cells = append(m.cells, cell{n: td, header: isHeaderCell(td), row: r, col: col,
				rowspan: rs, colspan: cs, inHead: rowInHead[r]})
			col += cs
		}
		if len(pending) > m.cols {
			m.cols = len(pending)
		}
		for k := range pending {
			if pending[k] > 0 {
				pending[k]--
			}
		}
	}
	return m
}

// dataLines marks the grid rows and columns that hold a data cell other
// than those in skip (columns also count row headers: the "Site" corner
// header over a column of site names).
func (m *tableModel) dataLines(skip map[*html.Node]bool) (rows, cols []bool) {
	rows, cols = make([]bool, m.rows), make([]bool, m.cols)
	for _, ce := range m.cells {
		if ce.header {
			if ce.rowHeader() {
				for k := ce.col; k < ce.col+ce.colspan && k < m.cols; k++ {
					cols[k] = true
				}
			}
			continue
		}
		if skip[ce.n] {
			continue
		}
		for k := ce.row; k < ce.row+ce.rowspan && k < m.rows; k++ {
			rows[k] = true
		}
		for k := ce.col; k < ce.col+ce.colspan && k < m.cols; k++ {
			cols[k] = true
		}
	}
	return rows, cols
}

// rowHeader reports whether a th heads its row: scope row or rowgroup, or
// no scope outside thead and the first row.
func (ce cell) rowHeader() bool {
	if !ce.header {
		return false
	}
	v, ok := scopeValue(ce.n)
	if ok {
		return v == "row" || v == "rowgroup"
	}
	return !ce.inHead && ce.row > 0
}

// spanAttr reads a colspan/rowspan value clamped to [min, max]; rowspan="0"
// is returned as 0.
func spanAttr(n *html.Node, key string, def, max int) int {
	v, ok := attr(n, key)
	if !ok {
		return def
	}
	i, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || i < 0 {
		return def
	}
	if i == 0 {
		if key == "rowspan" {
			return 0
		}
		return def
	}
	if i > max {
		return max
	}
	return i
}

// dataTables returns the visible tables that are not marked as layout
// tables (role=presentation/none), with their grids. Tables nested in a
// table are tables of their own.
func (c *checker) dataTables() []*tableModel {
	if c.tables != nil {
		return *c.tables
	}
	var out []*tableModel
	for _, n := range c.visibleTagged(atom.Table) {
		switch explicitRole(n) {
		case "", "table", "grid", "treegrid":
			out = append(out, buildTable(n))
		case "none", "presentation":
			if !isPresentational(n) {
				out = append(out, buildTable(n)) // the role is ignored
			}
		}
	}
	c.tables = &out
	return out
}

// scopeValue returns the lower-cased scope attribute and whether it is
// present.
func scopeValue(n *html.Node) (string, bool) {
	v, ok := attr(n, "scope")
	return strings.ToLower(strings.TrimSpace(v)), ok
}

// isHeaderCell reports whether table cell td is a header cell: a th, or a
// td with role columnheader or rowheader; a th whose explicit role is
// cell or gridcell is a data cell.
func isHeaderCell(td *html.Node) bool {
	switch explicitRole(td) {
	case "columnheader", "rowheader":
		return true
	case "cell", "gridcell":
		return false
	}
	return td.DataAtom == atom.Th
}
