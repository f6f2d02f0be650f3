package render

import (
	"context"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/seed28491532/folio/fonts"
	"github.com/seed28491532/folio/layout/box"
)

// gridOf builds src and returns its table, rows and cells by id.
func gridOf(t *testing.T, src string) (*box.Box, []*box.Box, map[string]*box.Box) {
	t.Helper()
	tree, _ := buildTree(t, `<!doctype html><html lang="en"><title>t</title>`+src)
	var table *box.Box
	var rows []*box.Box
	cells := map[string]*box.Box{}
	tree.Root.Walk(func(b *box.Box) bool {
		switch b.Tag() {
		case "table":
			if b.Kind == box.KindTable && table == nil {
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
	if table == nil {
		t.Fatal("no table box")
	}
	return table, rows, cells
}

// TestTableGrid checks the cells each row is padded with, the spans the
// grid clamps (rowspans to the end of their row group, as layout does)
// and the cells past the last column, which are left out.
func TestTableGrid(t *testing.T) {
	wide := strings.Repeat(`<td colspan=1000>w</td>`, 3)
	tests := []struct {
		name  string
		src   string
		pads  [][]uint16 // per row: the spans of its empty cells
		spans map[string][2]uint16
		skip  int
	}{
		{"rowspans carried", `<table>
<tr><td rowspan=2>a</td><td>b</td><td>c</td></tr>
<tr><td>d</td></tr>
<tr><td colspan=2>e</td><td id=f rowspan=5>f</td></tr>
<tr><td>g</td></tr>
<tr><td>h</td><td>i</td></tr>
</table>`, [][]uint16{nil, {1}, nil, {1}, nil}, map[string][2]uint16{"f": {1, 3}}, 0},
		{"rowspan ends at its group", `<table>
<tbody><tr><td id=a rowspan=9>a</td><td>b</td></tr><tr><td>c</td></tr></tbody>
<tbody><tr><td>d</td><td>e</td></tr></tbody>
</table>`, [][]uint16{nil, nil, nil}, map[string][2]uint16{"a": {1, 2}}, 0},
		{"rowspan 0 runs to the end of its group", `<table>
<tr><td id=a rowspan=0>a</td><td>b</td></tr><tr><td>c</td></tr><tr><td>d</td></tr>
</table>`, [][]uint16{nil, nil, nil}, map[string][2]uint16{"a": {1, 3}}, 0},
		{"columns end at 2000", `<table><tr>` + wide + `<td>x</td></tr><tr><td>y</td></tr></table>`,
			[][]uint16{nil, {1999}}, nil, 2},
		{"colspan clamped to 1000", `<table><tr><td id=a colspan=5000>a</td></tr><tr><td>b</td></tr></table>`,
			[][]uint16{nil, {999}}, map[string][2]uint16{"a": {1000, 1}}, 0},
		{"free slots between rowspans get one cell each", `<table>
<tr><td>a</td><td>b</td><td rowspan=2>c</td><td>d</td></tr>
<tr><td>e</td></tr>
</table>`, [][]uint16{nil, {1, 1}}, nil, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			table, rows, cells := gridOf(t, tc.src)
			s := &structure{pad: map[*box.Box][]uint16{}, spans: map[*box.Box][2]uint16{}, skip: map[*box.Box]bool{}}
			if err := s.tableGrid(table); err != nil {
				t.Fatal(err)
			}
			if len(rows) != len(tc.pads) {
				t.Fatalf("%d rows, want %d", len(rows), len(tc.pads))
			}
			for i, want := range tc.pads {
				if got := s.pad[rows[i]]; !slices.Equal(got, want) {
					t.Errorf("row %d padded with cells spanning %v, want %v", i+1, got, want)
				}
			}
			for id, want := range tc.spans {
				if got := s.spans[cells[id]]; got != want {
					t.Errorf("cell %s: used spans %v, want %v", id, got, want)
				}
			}
			if len(s.spans) != len(tc.spans) {
				t.Errorf("%d clamped cells, want %d", len(s.spans), len(tc.spans))
			}
			if len(s.skip) != tc.skip {
				t.Errorf("%d cells left out, want %d", len(s.skip), tc.skip)
			}
		})
	}
}

// renderErr lays src out and renders it with opts.
func renderErr(t *testing.T, src string, opts Options) (*Result, error) {
	t.Helper()
	tree, ld := layoutHTML(t, fonts.NewRegistry(fonts.Options{}), src)
	opts.Title, opts.Lang = "t", "en"
	return Render(context.Background(), tree, ld, displayLists(t, ld), opts)
}

// TestTableTagsBoundedByGrid renders the shapes of issue 28 at growing
// sizes: a first row of cells with large colspans over one-cell rows,
// and rows of rowspan=65534 colspan=1000 cells. The tag tree used to be
// padded cell by cell to the columns the attributes asked for (20 rows of
// 50 such cells: 87 MB; the rowspan shape grew with the square of its
// rows); now it is bounded by the laid-out grid, at most 2,000 columns,
// with one empty cell per run of free slots.
func TestTableTagsBoundedByGrid(t *testing.T) {
	const head = `<!doctype html><html lang="en"><title>t</title><table>`
	colspan := func(n int) string {
		return head + `<tr>` + strings.Repeat(`<td colspan=1000>x</td>`, n) + `</tr>` + strings.Repeat(`<tr><td>y</td></tr>`, 4) + `</table>`
	}
	rowspan := func(n int) string {
		return head + strings.Repeat(`<tr><td rowspan=65534 colspan=1000>x</td></tr>`, n) + `</table>`
	}
	tests := []struct {
		name string
		src  func(int) string
	}{{"colspan", colspan}, {"rowspan", rowspan}}
	ns := []int{2, 4, 12} // 2,000 columns from n=2 on; the old code: 12,000 at n=12
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var sizes []int
			for _, n := range ns {
				res, err := renderErr(t, tc.src(n), Options{})
				if err != nil {
					t.Fatal(err)
				}
				sizes = append(sizes, len(res.PDF))
				for _, d := range res.Diagnostics {
					if strings.Contains(d.Message, "plain Div") {
						t.Errorf("n=%d: the table is not tagged as one: %s", n, d.Message)
					}
				}
			}
			// one empty cell per row pads it to at most 2,000 columns:
			// about 15 kB, with no growth once the 2,000 columns are
			// reached (the old code padded cell by cell to the columns
			// asked for: 4 MB and more at n=12)
			for i, sz := range sizes {
				if sz > 60_000 {
					t.Errorf("n=%d: %d bytes, want < 60,000", ns[i], sz)
				}
			}
			t.Logf("PDF sizes %v", sizes)
			if sizes[2] > sizes[1]*11/10 {
				t.Errorf("sizes %v still grow past the 2,000 columns layout keeps", sizes)
			}
		})
	}
}

// TestRenderLimits checks each limit of Options fails with an error that
// wraps ErrLimit (or box.ErrTableCells) and names the limit and value.
func TestRenderLimits(t *testing.T) {
	table := `<!doctype html><html lang="en"><title>t</title><table>` +
		strings.Repeat(`<tr>`+strings.Repeat(`<td>1</td>`, 10)+`</tr>`, 10) + `</table>`
	tests := []struct {
		name string
		opts Options
		is   error
		want []string
	}{
		{"table cells", Options{MaxTableCells: 99}, box.ErrTableCells,
			[]string{"table has 100 cells", "10 rows × 10 columns", "limit of 99", "MaxTableCells"}},
		{"page items", Options{MaxPageItems: 50}, ErrLimit, []string{"page 1 has", "display items", "limit of 50", "MaxPageItems"}},
		{"output bytes early", Options{MaxOutputBytes: 2000}, ErrLimit, []string{"structure elements", "output limit of 2000 bytes", "MaxOutputBytes"}},
		{"output bytes", Options{MaxOutputBytes: 12000}, ErrLimit, []string{"PDF has", "output limit of 12000 bytes", "MaxOutputBytes"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := renderErr(t, table, tc.opts)
			if !errors.Is(err, tc.is) {
				t.Fatalf("error %v, want one wrapping %v", err, tc.is)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
		})
	}
	// the defaults let the table through
	if _, err := renderErr(t, table, Options{}); err != nil {
		t.Fatal(err)
	}
}

// TestStructureContext checks the structure walk ends with the context.
func TestStructureContext(t *testing.T) {
	src := `<!doctype html><html lang="en"><title>t</title>` + strings.Repeat(`<p>x</p>`, 3000)
	tree, _ := buildTree(t, src)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := newStructure(ctx, tree, "en", 0)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	if _, err := newStructure(context.Background(), tree, "en", 0); err != nil {
		t.Fatalf("uncancelled: %v", err)
	}
}

// newStructure maps tree to structure nodes, all at once. It fails when
// ctx ends or a table's grid has more than maxCells cells (0: the
// default).
func newStructure(ctx context.Context, tree *box.Tree, docLang string, maxCells int) (*structure, error) {
	s := beginStructure(ctx, tree, docLang, maxCells)
	if err := s.reach(math.MaxInt); err != nil {
		return nil, err
	}
	return s, nil
}
