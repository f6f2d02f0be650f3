package pdfua

import (
	"math"
	"strings"
	"testing"
)

// table builds a table from rows of cell specs: "H" a TH with column
// scope, "h" a TH without scope, "D" a TD; a digit after the letter is a
// column span, "v2" a row span (e.g. "D2", "Dv2").
func table(parent *StructElem, rows ...string) *StructElem {
	t := parent.Add("Table")
	for _, row := range rows {
		tr := t.Add("TR")
		for _, spec := range strings.Fields(row) {
			typ := "TD"
			if spec[0] == 'H' || spec[0] == 'h' {
				typ = "TH"
			}
			c := tr.Add(typ)
			attrs := &TableAttrs{}
			if spec[0] == 'H' {
				attrs.Scope = ScopeColumn
			}
			if len(spec) > 1 {
				if spec[1] == 'v' {
					attrs.RowSpan = int(spec[2] - '0')
				} else {
					attrs.ColSpan = int(spec[1] - '0')
				}
			}
			c.Table = attrs
		}
	}
	return t
}

func TestStructureRules(t *testing.T) {
	tests := []struct {
		name  string
		build func(d *Document)
		want  string // "" means valid
	}{
		{"regular table", func(d *Document) { table(d.Root(), "H H", "D D") }, ""},
		{"TD in Table", func(d *Document) { d.Root().Add("Table").Add("TD") }, "Table cannot contain TD"},
		{"Table through Div", func(d *Document) {
			tr := d.Root().Add("Table").Add("Div").Add("TR")
			tr.Add("TD")
		}, ""},
		{"P in TR", func(d *Document) { d.Root().Add("Table").Add("TR").Add("P") }, "TR cannot contain P"},
		{"LI outside L", func(d *Document) { d.Root().Add("LI") }, "LI inside Document; it must be inside L"},
		{"P in L", func(d *Document) { d.Root().Add("L").Add("P") }, "L cannot contain P"},
		{"LI with P", func(d *Document) { d.Root().Add("L").Add("LI").Add("P") }, "LI cannot contain P"},
		{"list caption last", func(d *Document) {
			l := d.Root().Add("L")
			l.Add("LI")
			l.Add("Caption")
		}, "Caption must be the first kid of L"},
		{"table caption in the middle", func(d *Document) {
			tb := d.Root().Add("Table")
			tb.Add("TR").Add("TD")
			tb.Add("Caption")
			tb.Add("TR").Add("TD")
		}, "first or last kid of Table"},
		{"two THeads", func(d *Document) {
			tb := d.Root().Add("Table")
			tb.Add("THead").Add("TR").Add("TD")
			tb.Add("THead").Add("TR").Add("TD")
			tb.Add("TBody").Add("TR").Add("TD")
		}, "2 THead kids"},
		{"THead without TBody", func(d *Document) { d.Root().Add("Table").Add("THead").Add("TR").Add("TD") }, "needs a TBody"},
		{"TOCI outside TOC", func(d *Document) { d.Root().Add("TOCI") }, "TOCI inside Document"},
		{"short row", func(d *Document) { table(d.Root(), "H H", "D") }, "row 2 has no cell in column 2"},
		{"long row", func(d *Document) { table(d.Root(), "H H", "D D D") }, "row 2 has more columns than the first row (2)"},
		{"column span", func(d *Document) { table(d.Root(), "H2", "D D") }, ""},
		{"row span", func(d *Document) { table(d.Root(), "H H", "Dv2 D", "D") }, ""},
		{"row span past the end", func(d *Document) { table(d.Root(), "H H", "D Dv3") }, "spans 3 rows, past the last row"},
		{"first cell spans past the end", func(d *Document) { table(d.Root(), "H", "Dv9") }, "row spans reach row 10 but the table has 2 rows"},
		{"huge spans", func(d *Document) {
			tb := table(d.Root(), "H", "D")
			tb.kidElem(0).kidElem(0).Table.ColSpan = 1 << 30
			tb.kidElem(1).kidElem(0).Table.RowSpan = 1 << 30
		}, "row spans reach row"},
		{"huge column span", func(d *Document) {
			tb := table(d.Root(), "H", "D")
			tb.kidElem(0).kidElem(0).Table.ColSpan = 1 << 30
		}, "too large to check"},
		{"row span overflowing int", func(d *Document) {
			tb := table(d.Root(), "H", "D")
			tb.kidElem(1).kidElem(0).Table.RowSpan = math.MaxInt
		}, "row spans reach row"},
		{"column span overflowing int past the first cell", func(d *Document) {
			tb := table(d.Root(), "H H", "D D")
			tb.kidElem(1).kidElem(1).Table.ColSpan = math.MaxInt
		}, "row 2 has more columns than the first row (2)"},
		{"row span overflowing int past the first row", func(d *Document) {
			tb := table(d.Root(), "H H", "D D")
			tb.kidElem(1).kidElem(1).Table.RowSpan = math.MaxInt
		}, "past the last row"},
		{"column spans overflowing int", func(d *Document) {
			tb := table(d.Root(), "H H", "D")
			for _, k := range tb.kidElem(0).kids {
				d.child(k).Table.ColSpan = 1 << 62
			}
		}, "too large to check"},
		{"overlap", func(d *Document) { table(d.Root(), "H H H", "D Dv2 D", "D2") }, "cells overlap at row 3, column 2"},
		{"unscoped header without association", func(d *Document) { table(d.Root(), "h h", "D D") }, "has no header"},
		{"one scoped header in the column run", func(d *Document) { table(d.Root(), "h H", "D D") }, "row 2, column 1 has no header"},
		{"headers attribute", func(d *Document) {
			tb := table(d.Root(), "h h", "D D")
			ths := tb.kidElem(0)
			ths.kidElem(0).Attrs().ID, ths.kidElem(1).Attrs().ID = "a", "b"
			tds := tb.kidElem(1)
			tds.kidElem(0).Table.Headers = []string{"a"}
			tds.kidElem(1).Table.Headers = []string{"b"}
		}, ""},
		{"row header scoped in one row only", func(d *Document) {
			tb := table(d.Root(), "h D", "h D")
			tb.kidElem(0).kidElem(0).Table.Scope = ScopeRow
		}, "row 2, column 2 has no header"},
		{"row headers", func(d *Document) {
			tb := table(d.Root(), "h D", "h D")
			for _, r := range tb.kids {
				d.child(r).kidElem(0).Table.Scope = ScopeRow
			}
		}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := newTestDoc()
			d.AddPage(100, 100)
			tc.build(d)
			_, err := d.Bytes()
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("unexpected error: %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Fatalf("error = %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func TestIsStandardType(t *testing.T) {
	std := strings.Fields(`Document Part Art Sect Div BlockQuote Caption TOC TOCI Index NonStruct Private
		P H H1 H2 H3 H4 H5 H6 L LI Lbl LBody Table TR TH TD THead TBody TFoot Span Quote Note Reference
		BibEntry Code Link Annot Ruby RB RT RP Warichu WT WP Figure Formula Form`)
	if len(std) != 49 {
		t.Fatalf("test lists %d types, want the 49 standard types of ISO 32000-1 §14.8.4", len(std))
	}
	for _, typ := range std {
		if !IsStandardType(typ) {
			t.Errorf("IsStandardType(%q) = false", typ)
		}
	}
	for _, typ := range []string{"", "Artifact", "td", "H7", "Sect ", "StructTreeRoot", "Aside"} {
		if IsStandardType(typ) {
			t.Errorf("IsStandardType(%q) = true", typ)
		}
	}
}

// kidElem returns e's kid i, an element.
func (e *StructElem) kidElem(i int) *StructElem { return e.doc.child(e.kids[i]) }
