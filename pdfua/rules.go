package pdfua

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// passThrough are the grouping types PDF/UA's parent/child rules look
// through (ISO 32000-1 Div, Part, NonStruct).
func passThrough(st string) bool { return st == "Div" || st == "Part" || st == "NonStruct" }

// kidTypes returns the standard types of e's child elements, replacing
// pass-through kids by their own kids (veraPDF's kidsStandardTypes).
func (d *Document) kidTypes(e *StructElem, out []string) []string {
	for _, k := range e.kids {
		if k.isWritten() { // written by Seal: their types, not their kids
			d.writtenTypes(k, func(typ string) {
				if st := d.standardType(typ); st != "" && !passThrough(st) {
					out = append(out, st)
				}
			})
			continue
		}
		c := d.child(k)
		if c == nil {
			continue
		}
		st := d.standardType(c.typ)
		if passThrough(st) {
			out = d.kidTypes(c, out)
		} else if st != "" {
			out = append(out, st)
		}
	}
	return out
}

// parentType returns the standard type of e's nearest non-pass-through
// ancestor, or "StructTreeRoot".
func (d *Document) parentType(e *StructElem) string {
	for p := e.parent; p != nil; p = p.parent {
		if st := d.standardType(p.typ); !passThrough(st) {
			return st
		}
	}
	return "StructTreeRoot"
}

// nestingRule is a PDF/UA-1 parent/child rule: allowed parents and
// allowed kids of a standard type.
type nestingRule struct {
	parents []string
	kids    []string
}

// The PDF/UA-1 parent/child rules (7.2-3 to 7.2-40), in variables
// nestingRuleOf returns (a switch rather than a map: it is asked for
// every element).
var (
	tableRule = nestingRule{kids: []string{"TR", "THead", "TBody", "TFoot", "Caption"}}
	trRule    = nestingRule{parents: []string{"Table", "THead", "TBody", "TFoot"}, kids: []string{"TH", "TD"}}
	groupRule = nestingRule{parents: []string{"Table"}, kids: []string{"TR"}}
	cellRule  = nestingRule{parents: []string{"TR"}}
	listRule  = nestingRule{kids: []string{"L", "LI", "Caption"}}
	liRule    = nestingRule{parents: []string{"L"}, kids: []string{"Lbl", "LBody"}}
	lbodyRule = nestingRule{parents: []string{"LI"}}
	tocRule   = nestingRule{kids: []string{"TOC", "TOCI", "Caption"}}
	tociRule  = nestingRule{parents: []string{"TOC"}}
)

// nestingRuleOf returns the rule of standard type st, if it has one.
func nestingRuleOf(st string) (*nestingRule, bool) {
	switch st {
	case "Table":
		return &tableRule, true
	case "TR":
		return &trRule, true
	case "THead", "TBody", "TFoot":
		return &groupRule, true
	case "TH", "TD":
		return &cellRule, true
	case "L":
		return &listRule, true
	case "LI":
		return &liRule, true
	case "LBody":
		return &lbodyRule, true
	case "TOC":
		return &tocRule, true
	case "TOCI":
		return &tociRule, true
	}
	return nil, false
}

// checkNesting applies the parent/child rules to one element.
func (d *Document) checkNesting(e *StructElem, st string, where fmt.Stringer) error {
	rule, ok := nestingRuleOf(st)
	if !ok {
		return nil
	}
	if rule.parents != nil {
		if pt := d.parentType(e); !slices.Contains(rule.parents, pt) {
			return fmt.Errorf("pdfua: %s: %s inside %s; it must be inside %s", where, st, pt, strings.Join(rule.parents, " or "))
		}
	}
	if rule.kids == nil {
		return nil
	}
	// kidScratch is reused: tables check this for every row.
	kids := d.kidTypes(e, d.kidScratch[:0])
	d.kidScratch = kids
	for _, k := range kids {
		if !slices.Contains(rule.kids, k) {
			return fmt.Errorf("pdfua: %s: %s cannot contain %s (allowed: %s)", where, st, k, strings.Join(rule.kids, ", "))
		}
	}
	for i, k := range kids {
		if k != "Caption" {
			continue
		}
		if (st == "L" || st == "TOC") && i > 0 {
			return fmt.Errorf("pdfua: %s: Caption must be the first kid of %s", where, st)
		}
		if st == "Table" && i > 0 && i < len(kids)-1 {
			return fmt.Errorf("pdfua: %s: Caption must be the first or last kid of Table", where)
		}
	}
	if st == "Table" {
		count := map[string]int{}
		for _, k := range kids {
			count[k]++
		}
		for _, one := range []string{"Caption", "THead", "TFoot"} {
			if count[one] > 1 {
				return fmt.Errorf("pdfua: %s: Table has %d %s kids; at most one is allowed", where, count[one], one)
			}
		}
		if (count["THead"] > 0 || count["TFoot"] > 0) && count["TBody"] == 0 {
			return fmt.Errorf("pdfua: %s: Table with THead or TFoot needs a TBody", where)
		}
		return d.checkTable(e, where)
	}
	return nil
}

// maxTableSlots bounds the grid checkTable builds (rows × columns), so
// absurd spans cannot exhaust memory.
const maxTableSlots = 1 << 20

// cellSpan returns the row and column span of a cell (at least 1).
func cellSpan(e *StructElem) (rows, cols int) {
	rows, cols = 1, 1
	if e.Table != nil {
		rows, cols = max(1, e.Table.RowSpan), max(1, e.Table.ColSpan)
	}
	return
}

// checkTable lays the cells of a table out on a grid as PDF/UA checkers do
// and reports overlapping cells, rows that overflow or underflow the
// column count of the first row, row spans past the last row (7.2-15,
// 7.2-41/42/43), and data cells without a determinable header (7.5-1).
//
// Tables can have thousands of rows, so the rows' cells are collected
// once into one slice (rowStart[i] is where row i's cells begin) and the
// grid is one slice of rows × columns slots.
func (d *Document) checkTable(table *StructElem, where fmt.Stringer) error {
	rows := d.tableRows(table, nil)
	if len(rows) == 0 {
		return nil
	}
	n := 0 // the rows' kids: room for their cells unless groups nest
	for _, tr := range rows {
		n += len(tr.kids)
	}
	cells := make([]*StructElem, 0, n)
	rowStart := make([]int, len(rows)+1)
	for i, tr := range rows {
		rowStart[i] = len(cells)
		cells = d.rowCells(tr, cells)
	}
	rowStart[len(rows)] = len(cells)
	cellsOf := func(r int) []*StructElem { return cells[rowStart[r]:rowStart[r+1]] }
	// Row count: each row's first cell's row span covers following rows.
	nrows := 0
	for i := 0; i < len(rows); {
		span := 1
		if cs := cellsOf(i); len(cs) > 0 {
			span, _ = cellSpan(cs[0])
		}
		span = min(span, math.MaxInt-i) // saturate: spans come from callers
		nrows += span
		i += span
	}
	ncols := 0
	for _, c := range cellsOf(0) {
		_, cs := cellSpan(c)
		ncols += min(cs, math.MaxInt-ncols)
	}
	if ncols == 0 {
		return nil
	}
	if nrows > len(rows) {
		return fmt.Errorf("pdfua: %s: row spans reach row %d but the table has %d rows", where, nrows, len(rows))
	}
	if ncols > maxTableSlots/nrows { // nrows*ncols > maxTableSlots without overflow
		return fmt.Errorf("pdfua: %s: a table of %d×%d cells is too large to check", where, nrows, ncols)
	}
	g := tableGrid{slots: make([]*StructElem, nrows*ncols), rows: nrows, cols: ncols}
	for r := range rows {
		if r >= nrows {
			return fmt.Errorf("pdfua: %s: row %d lies below the %d rows the table's row spans define", where, r+1, nrows)
		}
		col := 0
		for _, cell := range cellsOf(r) {
			for col < ncols && g.at(r, col) != nil {
				col++
			}
			rs, cs := cellSpan(cell)
			if cs > ncols-col {
				return fmt.Errorf("pdfua: %s: row %d has more columns than the first row (%d)", where, r+1, ncols)
			}
			if rs > nrows-r {
				return fmt.Errorf("pdfua: %s: a cell in row %d spans %d rows, past the last row", where, r+1, rs)
			}
			for y := r; y < r+rs; y++ {
				for x := col; x < col+cs; x++ {
					if g.at(y, x) != nil {
						return fmt.Errorf("pdfua: %s: cells overlap at row %d, column %d", where, y+1, x+1)
					}
					g.slots[y*ncols+x] = cell
				}
			}
			col += cs
		}
	}
	for i, c := range g.slots {
		if c == nil {
			return fmt.Errorf("pdfua: %s: row %d has no cell in column %d; pad short rows with empty TD cells", where, i/ncols+1, i%ncols+1)
		}
	}
	return d.checkHeaders(g, where)
}

// tableGrid is a table's cells laid out on its rows × cols slots, row
// by row; a spanning cell fills several slots.
type tableGrid struct {
	slots      []*StructElem
	rows, cols int
}

// at returns the cell in slot (y, x).
func (g tableGrid) at(y, x int) *StructElem { return g.slots[y*g.cols+x] }

// tableRows appends the TR elements of a table to rows, looking through
// THead, TBody, TFoot and pass-through groups.
func (d *Document) tableRows(e *StructElem, rows []*StructElem) []*StructElem {
	for _, k := range e.kids {
		c := d.child(k)
		if c == nil {
			continue
		}
		switch st := d.standardType(c.typ); {
		case st == "TR":
			rows = append(rows, c)
		case st == "THead" || st == "TBody" || st == "TFoot" || passThrough(st):
			rows = d.tableRows(c, rows)
		}
	}
	return rows
}

// rowCells appends the TH and TD cells of a row to out, looking through
// pass-through groups.
func (d *Document) rowCells(e *StructElem, out []*StructElem) []*StructElem {
	for _, k := range e.kids {
		c := d.child(k)
		if c == nil {
			continue
		}
		if st := d.standardType(c.typ); st == "TH" || st == "TD" {
			out = append(out, c)
		} else if passThrough(st) {
			out = d.rowCells(c, out)
		}
	}
	return out
}

// checkHeaders applies 7.5-1: when some TH has no Scope, every TD needs
// Headers naming TH IDs, or a scoped TH above it in its column or to its
// left in its row.
func (d *Document) checkHeaders(g tableGrid, where fmt.Stringer) error {
	isTH := func(e *StructElem) bool { return d.standardType(e.typ) == "TH" }
	scope := func(e *StructElem) Scope {
		if t := e.Table; t != nil {
			return t.Scope
		}
		return ScopeNone
	}
	anyTH, unscoped := false, false
	for _, c := range g.slots {
		if isTH(c) {
			anyTH = true
			if scope(c) == ScopeNone {
				unscoped = true
				break
			}
		}
	}
	if !anyTH || !unscoped {
		return nil
	}
	thIDs := map[string]bool{}
	for _, c := range g.slots {
		if id := c.at().ID; isTH(c) && id != "" {
			thIDs[id] = true
		}
	}
	// colOK[i] / rowOK[i]: the nearest run of TH cells above (left of)
	// slot i has a Column/Both (Row/Both) scope. One pass per direction
	// keeps this linear in the number of slots.
	colOK := make([]bool, len(g.slots))
	rowOK := make([]bool, len(g.slots))
	for x := 0; x < g.cols; x++ {
		markScoped(g, g.rows, func(y int) int { return y*g.cols + x }, isTH, scope, ScopeColumn, colOK)
	}
	for y := 0; y < g.rows; y++ {
		markScoped(g, g.cols, func(x int) int { return y*g.cols + x }, isTH, scope, ScopeRow, rowOK)
	}
	// A cell with a header in any of its slots is fine.
	ok := map[*StructElem]bool{}
	for i, c := range g.slots {
		if isTH(c) || ok[c] {
			continue
		}
		if t := c.Table; t != nil && len(t.Headers) > 0 {
			all := true
			for _, h := range t.Headers {
				all = all && thIDs[h]
			}
			if all {
				ok[c] = true
				continue
			}
		}
		if colOK[i] || rowOK[i] {
			ok[c] = true
		}
	}
	for i, c := range g.slots {
		if !isTH(c) && !ok[c] {
			return fmt.Errorf("pdfua: %s: the data cell at row %d, column %d has no header: give every TH a Scope or set Headers", where, i/g.cols+1, i%g.cols+1)
		}
	}
	return nil
}

// markScoped walks one column or row of a table grid (n slots, the i-th at
// g.slots[slot(i)]) and sets out for each data slot whose nearest run of
// header cells before it holds one scoped want or Both.
func markScoped(g tableGrid, n int, slot func(i int) int, isTH func(*StructElem) bool,
	scope func(*StructElem) Scope, want Scope, out []bool) {
	last, inRun := false, false
	for i := 0; i < n; i++ {
		c := g.slots[slot(i)]
		if isTH(c) {
			sc := scope(c) == want || scope(c) == ScopeBoth
			if inRun {
				last = last || sc
			} else {
				last, inRun = sc, true
			}
			continue
		}
		inRun = false
		out[slot(i)] = last
	}
}
