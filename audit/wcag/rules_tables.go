package wcag

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

func checkTableCaption(c *checker, r *ruleRun) {
	for _, t := range c.dataTables() {
		var capt *html.Node
		for ch := range elementChildren(t.n) {
			if isHTML(ch, atom.Caption) {
				capt = ch
				break
			}
		}
		switch {
		case capt == nil:
			r.fail(t.n, "The table has no <caption>.")
		case c.textName(capt) == "":
			r.fail(capt, "The table's <caption> is empty.")
		default:
			r.pass()
		}
	}
}

func checkTableHasHeader(c *checker, r *ruleRun) {
	for _, t := range c.dataTables() {
		if len(t.cells) == 0 {
			continue
		}
		has := false
		for _, ce := range t.cells {
			if rr := role(ce.n); ce.header || rr == "columnheader" || rr == "rowheader" {
				has = true
				break
			}
		}
		if !has {
			r.fail(t.n, "The data table has no header cells (<th>).")
			continue
		}
		r.pass()
	}
}

func checkTHHasScope(c *checker, r *ruleRun) {
	for _, t := range c.dataTables() {
		for _, ce := range t.cells {
			if !ce.header {
				continue
			}
			if _, ok := scopeValue(ce.n); !ok {
				hint := r.rule.hint
				switch {
				case ce.inHead || (ce.row == 0 && rowAllHeaders(t, 0)):
					hint = `add scope="col": the cell heads the column below it`
				case ce.col == 0:
					hint = `add scope="row": the cell heads the row to its right`
				}
				r.failHint(ce.n, hint, "The header cell %q has no scope attribute.", truncate(c.textName(ce.n), 40))
				continue
			}
			r.pass()
		}
	}
}

// rowAllHeaders reports whether every cell starting in grid row row is a th.
func rowAllHeaders(t *tableModel, row int) bool {
	any := false
	for _, ce := range t.cells {
		if ce.row == row {
			if !ce.header {
				return false
			}
			any = true
		}
	}
	return any
}

// validScope reports whether v is a scope keyword.
func validScope(v string) bool {
	return v == "row" || v == "col" || v == "rowgroup" || v == "colgroup"
}

func checkScopeAttrValid(c *checker, r *ruleRun) {
	for _, n := range c.visibleTagged(atom.Th, atom.Td) {
		v, ok := scopeValue(n)
		if !ok {
			continue
		}
		switch {
		case isHTML(n, atom.Td):
			r.fail(n, "scope=%q is on a <td>; only <th> header cells take scope.", v)
		case !isHTML(n, atom.Th):
			continue
		case !validScope(v):
			r.fail(n, "scope=%q is not one of row, col, rowgroup, colgroup.", v)
		default:
			r.pass()
		}
	}
}

// checkTHHasDataCells needs review for each header cell that heads no
// data cell: none in its row (scope row) or column (scope col), or either
// without scope, and no cell names it in headers. A data cell whose
// headers attribute names existing elements heads only under those (the
// HTML table model); one naming none is placed by position. Whether such
// a header is misused or the table simply has no data yet needs a person,
// as axe-core says (incomplete).
func checkTHHasDataCells(c *checker, r *ruleRun) {
	for _, t := range c.dataTables() {
		named := map[string]bool{}        // ids the cells' headers name
		explicit := map[*html.Node]bool{} // data cells with resolved headers
		for _, ce := range t.cells {
			for _, id := range strings.Fields(attrVal(ce.n, "headers")) {
				named[id] = true
				if !ce.header && c.byID(id) != nil {
					explicit[ce.n] = true
				}
			}
		}
		rowData, colData := t.dataLines(explicit)
		for _, ce := range t.cells {
			if !ce.header {
				continue
			}
			if id := attrVal(ce.n, "id"); id != "" && named[id] {
				r.pass()
				continue
			}
			scope, _ := scopeValue(ce.n)
			inRow := anyTrue(rowData, ce.row, ce.row+ce.rowspan)
			inCol := anyTrue(colData, ce.col, ce.col+ce.colspan)
			var ok bool
			switch scope {
			case "row", "rowgroup":
				ok = inRow
			case "col", "colgroup":
				ok = inCol
			default:
				ok = inRow || inCol
			}
			if !ok {
				r.review(ce.n, "a header without data cells may be misused (a data cell marked as header) or head data the table does not hold yet (axe-core: incomplete)", r.rule.hint,
					"The header cell %q heads no data cells.", truncate(c.textName(ce.n), 40))
				continue
			}
			r.pass()
		}
	}
}

func anyTrue(b []bool, from, to int) bool {
	for k := from; k < to && k < len(b); k++ {
		if b[k] {
			return true
		}
	}
	return false
}

func checkTDHeadersAttr(c *checker, r *ruleRun) {
	for _, t := range c.dataTables() {
		inTable := map[*html.Node]bool{} // cell → whether it is a header cell
		for _, ce := range t.cells {
			inTable[ce.n] = ce.header
		}
		for _, ce := range t.cells {
			v, ok := attr(ce.n, "headers")
			if !ok {
				continue
			}
			ids := strings.Fields(v)
			bad := ""
			for _, id := range ids {
				ref := c.byID(id)
				switch {
				case ref == nil:
					bad = "refers to id " + id + ", which does not exist"
				case ref == ce.n:
					bad = "refers to the cell itself"
				default:
					if header, ok := inTable[ref]; !ok {
						bad = "refers to id " + id + ", which is not a cell of this table"
					} else if !header {
						bad = "refers to id " + id + ", a data cell rather than a header cell"
					}
				}
				if bad != "" {
					break
				}
			}
			if len(ids) == 0 {
				// axe-core: incomplete; an empty list names no header
				r.review(ce.n, "an empty headers attribute associates no header; it may be filled by a script", r.rule.hint, "The cell's headers attribute is empty.")
				continue
			}
			if bad != "" {
				r.fail(ce.n, "The cell's headers attribute %s.", bad)
				continue
			}
			r.pass()
		}
	}
}
