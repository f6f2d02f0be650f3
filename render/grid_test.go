package render

import (
	"testing"

	"github.com/seed28491532/folio/layout/box"
)

// TestTableGrid checks the cells each row is padded with and the row
// spans clamped to the rows left, across rowspans carried over rows.
func TestTableGrid(t *testing.T) {
	src := `<!doctype html><html lang="en"><title>t</title><table>
<tr><td rowspan=2>a</td><td>b</td><td>c</td></tr>
<tr><td>d</td></tr>
<tr><td colspan=2>e</td><td id=f rowspan=5>f</td></tr>
<tr><td>g</td></tr>
<tr><td>h</td><td>i</td></tr>
</table>`
	tree, _ := buildTree(t, src)
	var table *box.Box
	var rows []*box.Box
	cells := map[string]*box.Box{}
	tree.Root.Walk(func(b *box.Box) bool {
		switch b.Tag() {
		case "table":
			if b.Kind == box.KindTable {
				table = b
			}
		case "tr":
			rows = append(rows, b)
		case "td":
			if id, _ := b.Attr("id"); id != "" {
				cells[id] = b
			}
		}
		return true
	})
	if table == nil || len(rows) != 5 || cells["f"] == nil {
		t.Fatalf("box tree: table %v, %d rows, cell f %v", table != nil, len(rows), cells["f"] != nil)
	}
	s := &structure{pad: map[*box.Box]int{}, rowspan: map[*box.Box]int{}}
	s.tableGrid(table)
	for i, want := range []int{0, 1, 0, 1, 0} {
		if got := s.pad[rows[i]]; got != want {
			t.Errorf("row %d padded with %d cells, want %d", i+1, got, want)
		}
	}
	if got := s.rowspan[cells["f"]]; got != 3 {
		t.Errorf("rowspan of f clamped to %d, want 3 (the rows left)", got)
	}
	if len(s.rowspan) != 1 {
		t.Errorf("%d clamped spans, want 1", len(s.rowspan))
	}
}
