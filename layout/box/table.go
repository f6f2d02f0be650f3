package box

import (
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
	st.Display = d
	if k == KindTableCell {
		st.VerticalAlign = parent.Style.VerticalAlign
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
