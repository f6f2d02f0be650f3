package box

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// firstTable builds body and returns its first table box.
func firstTable(t *testing.T, body string) (*Tree, *Box) {
	t.Helper()
	tr := build(t, "<body>"+body+"</body>", nil)
	var table *Box
	tr.Root.Walk(func(b *Box) bool {
		if b.Kind == KindTable && table == nil {
			table = b
		}
		return table == nil
	})
	if table == nil {
		t.Fatal("no table box")
	}
	return tr, table
}

func TestTableGridSize(t *testing.T) {
	wide := strings.Repeat(`<td colspan=1000>w</td>`, 5)
	tests := []struct {
		name       string
		body       string
		rows, cols int
	}{
		{"plain", `<table><tr><td>a<td>b<tr><td>c</table>`, 2, 2},
		{"colspan clamped to 1000", `<table><tr><td colspan=99999>a</table>`, 1, 1000},
		{"at most 2000 columns", `<table><tr>` + wide + `<tr><td>b</table>`, 2, 2000},
		{"columns of col elements", `<table><colgroup><col span=3><col></colgroup><tr><td>a</table>`, 1, 4},
		{"column group without columns", `<table><colgroup span=7></colgroup><tr><td>a</table>`, 1, 7},
		{"rowspans take columns of the rows below", `<table><tr><td rowspan=3>a<td>b<tr><td>c<td>d<tr><td>e<td>f</table>`, 3, 3},
		{"rowspans end at their group", `<table><tbody><tr><td rowspan=9>a<td>b</tbody><tbody><tr><td>c<td>d</tbody></table>`, 2, 2},
		{"the rowspan bomb", `<table>` + strings.Repeat(`<tr><td rowspan=65534 colspan=1000>x</td></tr>`, 50) + `</table>`, 50, 2000},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, table := firstTable(t, tc.body)
			if rows, cols := TableGridSize(table); rows != tc.rows || cols != tc.cols {
				t.Errorf("grid %d×%d, want %d×%d", rows, cols, tc.rows, tc.cols)
			}
		})
	}
}

// TestGridPlacer checks the slots and used spans of the cells of a group
// with rows spanned from above, a rowspan of 0 and one past the group.
func TestGridPlacer(t *testing.T) {
	_, table := firstTable(t, `<table><tr><td rowspan=2>a<td>b<td rowspan=0>c<tr><td colspan=3>d<tr><td rowspan=5>e</table>`)
	var got []string
	var p GridPlacer
	TableRowGroups(table, nil, func(g RowGroup) {
		p.Group(len(g.Rows))
		for _, r := range g.Rows {
			p.Row()
			for _, c := range r.Children {
				s, ok := p.Cell(c)
				if !ok {
					t.Fatal("cell not placed")
				}
				got = append(got, fmt.Sprintf("%d+%dx%d", s.Col, s.Colspan, s.Rowspan))
			}
		}
	})
	want := "0+1x2 1+1x1 2+1x3 1+3x1 0+1x1"
	if g := strings.Join(got, " "); g != want {
		t.Errorf("slots %s, want %s", g, want)
	}
	if p.Cols != 4 {
		t.Errorf("Cols %d, want 4", p.Cols)
	}
}

func TestCheckTables(t *testing.T) {
	tr, _ := firstTable(t, `<p>x</p><table><tr><td>a<td>b<tr><td>c</table>`)
	if err := CheckTables(context.Background(), tr.Root, 4); err != nil {
		t.Fatalf("4 cells under a limit of 4: %v", err)
	}
	err := CheckTables(context.Background(), tr.Root, 3)
	var te *TableCellsError
	if !errors.As(err, &te) || !errors.Is(err, ErrTableCells) {
		t.Fatalf("error %v, want a *TableCellsError wrapping ErrTableCells", err)
	}
	if want := "table has 4 cells (2 rows × 2 columns after spans), more than the limit of 3 (MaxTableCells)"; err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
	// many boxes: the walk checks the context
	tr, _ = firstTable(t, strings.Repeat("<p>x</p>", 3000)+`<table><tr><td>a</table>`)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := CheckTables(ctx, tr.Root, 0); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: error %v, want context.Canceled", err)
	}
}

// TestTableRowGroups checks rows placed directly in a table form implicit
// groups ended by the next body group (rowspans end with them).
func TestTableRowGroups(t *testing.T) {
	tr := build(t, `<body><div data-d=table>
<div data-d=row><i data-d=cell>a</i></div><div data-d=row><i data-d=cell>b</i></div>
<div data-d=group><div data-d=row><i data-d=cell>c</i></div></div>
<div data-d=row><i data-d=cell>d</i></div>
</div></body>`, displayAttr{})
	var table *Box
	tr.Root.Walk(func(b *Box) bool {
		if b.Kind == KindTable {
			table = b
		}
		return table == nil
	})
	var got []string
	TableRowGroups(table, nil, func(g RowGroup) {
		kind := "implicit"
		if g.Box != nil {
			kind = "group"
		}
		got = append(got, fmt.Sprintf("%s:%d", kind, len(g.Rows)))
	})
	if g, want := strings.Join(got, " "), "implicit:2 group:1 implicit:1"; g != want {
		t.Errorf("groups %s, want %s", g, want)
	}
}
