package display

import (
	"strings"
	"testing"

	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/style"
)

func seg(side int, x, y, w, h float64) layout.PaintBorder {
	width := h
	if side == style.Left || side == style.Right {
		width = w
	}
	return layout.PaintBorder{Rect: layout.Rect{X: x, Y: y, W: w, H: h}, Side: side, Width: width,
		Style: style.BorderSolid, Color: style.Color{A: 255}}
}

func TestMergeSegments(t *testing.T) {
	tests := []struct {
		name string
		in   []layout.PaintBorder
		want []layout.Rect
	}{
		{"overlapping top segments of one row join",
			[]layout.PaintBorder{seg(style.Top, 10, 0, 11, 1), seg(style.Top, 0, 0, 11, 1), seg(style.Bottom, 20, 0, 10, 1)},
			[]layout.Rect{{X: 0, Y: 0, W: 30, H: 1}}},
		{"touching left segments of stacked rows join",
			[]layout.PaintBorder{seg(style.Left, 0, 0, 1, 5), seg(style.Right, 0, 5, 1, 5), seg(style.Left, 0, 10, 1, 5)},
			[]layout.Rect{{X: 0, Y: 0, W: 1, H: 15}}},
		{"a gap keeps segments apart",
			[]layout.PaintBorder{seg(style.Top, 0, 0, 10, 1), seg(style.Top, 11, 0, 10, 1)},
			[]layout.Rect{{X: 0, Y: 0, W: 10, H: 1}, {X: 11, Y: 0, W: 10, H: 1}}},
		{"different thickness or line stays apart",
			[]layout.PaintBorder{seg(style.Left, 0, 0, 1, 5), seg(style.Top, 0, 0, 10, 1), seg(style.Top, 10, 0, 10, 2), seg(style.Top, 0, 5, 10, 1)},
			[]layout.Rect{{X: 0, Y: 0, W: 1, H: 5}, {X: 0, Y: 0, W: 10, H: 1}, {X: 10, Y: 0, W: 10, H: 2}, {X: 0, Y: 5, W: 10, H: 1}}},
		{"a segment starting the line again after a gap starts a new run",
			[]layout.PaintBorder{seg(style.Top, 0, 0, 10, 1), seg(style.Top, 20, 0, 10, 1), seg(style.Top, 10, 0, 10, 1)},
			[]layout.Rect{{X: 0, Y: 0, W: 10, H: 1}, {X: 10, Y: 0, W: 20, H: 1}}},
		{"a contained segment disappears",
			[]layout.PaintBorder{seg(style.Top, 0, 0, 10, 1), seg(style.Top, 2, 0, 3, 1)},
			[]layout.Rect{{X: 0, Y: 0, W: 10, H: 1}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := mergeSegments(tt.in, map[uint64]int{})
			var rects []layout.Rect
			for _, s := range got {
				rects = append(rects, s.Rect)
			}
			if len(rects) != len(tt.want) {
				t.Fatalf("got %v, want %v", rects, tt.want)
			}
			for i := range rects {
				if rects[i] != tt.want[i] {
					t.Fatalf("got %v, want %v", rects, tt.want)
				}
			}
		})
	}
}

func TestSolidOpaque(t *testing.T) {
	dashed := seg(style.Top, 0, 0, 1, 1)
	dashed.Style = style.BorderDashed
	red := seg(style.Top, 0, 0, 1, 1)
	red.Color = style.Color{R: 255, A: 255}
	faint := seg(style.Top, 0, 0, 1, 1)
	faint.Color.A = 128
	s := seg(style.Top, 0, 0, 1, 1)
	tests := []struct {
		name string
		in   []layout.PaintBorder
		want bool
	}{
		{"one colour, solid", []layout.PaintBorder{s, s}, true},
		{"one segment", []layout.PaintBorder{s}, false},
		{"a dashed segment", []layout.PaintBorder{s, dashed}, false},
		{"two colours", []layout.PaintBorder{s, red}, false},
		{"translucent", []layout.PaintBorder{faint, faint}, false},
	}
	for _, tt := range tests {
		if got := solidOpaque(tt.in); got != tt.want {
			t.Errorf("%s: solidOpaque = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// collapsedTable lays out a rows×cols table with collapsed borders and
// returns its pages.
func collapsedTable(t testing.TB, rows, cols int, border string) *layout.Document {
	t.Helper()
	var sb strings.Builder
	sb.WriteString(`<html><style>table{border-collapse:collapse} td{border:` + border + `;padding:2px}</style><table>`)
	for r := 0; r < rows; r++ {
		sb.WriteString("<tr>")
		for c := 0; c < cols; c++ {
			sb.WriteString("<td>x</td>")
		}
		sb.WriteString("</tr>")
	}
	sb.WriteString("</table>")
	d := paginate(t, sb.String())
	return d
}

// TestCollapsedBordersMerged checks that a uniform collapsed grid is
// drawn as one rectangle per grid line, covering what the per-cell
// segments covered.
func TestCollapsedBordersMerged(t *testing.T) {
	tests := []struct {
		border string
		want   int
	}{
		{"1px solid black", 4 + 5}, // 3 rows, 4 columns: 4 horizontal and 5 vertical lines
		{"1px dashed black", 0},    // dashed: one segment per cell side, as before
	}
	for _, tt := range tests {
		l := buildLists(t, collapsedTable(t, 3, 4, tt.border))[0]
		var got []layout.Rect
		for _, it := range l.Items {
			if it.Op == OpBorder {
				got = append(got, it.Rect)
			}
		}
		if tt.want == 0 {
			if len(got) < 3*4*2 {
				t.Errorf("%s: %d border items, want one per cell side", tt.border, len(got))
			}
			continue
		}
		if len(got) != tt.want {
			t.Fatalf("%s: %d border items %v, want %d", tt.border, len(got), got, tt.want)
		}
		// every horizontal line spans the table's width, every vertical one its height
		var w, h float64
		for _, r := range got {
			w, h = max(w, r.W), max(h, r.H)
		}
		across, down := 0, 0
		for _, r := range got {
			switch {
			case r.W == w && r.H < 1:
				across++
			case r.H == h && r.W < 1:
				down++
			default:
				t.Errorf("%s: line %+v spans neither the width %v nor the height %v", tt.border, r, w, h)
			}
		}
		if across != 4 || down != 5 {
			t.Errorf("%s: %d horizontal and %d vertical lines, want 4 and 5", tt.border, across, down)
		}
	}
}

// BenchmarkBuildCollapsedTable builds the display lists of a 500-row,
// 6-column table with collapsed borders (11 pages).
func BenchmarkBuildCollapsedTable(b *testing.B) {
	d := collapsedTable(b, 500, 6, "1px solid #666")
	b.ReportAllocs()
	for b.Loop() {
		buildLists(b, d)
	}
	b.ReportMetric(float64(len(d.Pages)), "pages")
}

func TestExtendFill(t *testing.T) {
	clip := &layout.Rect{W: 100, H: 100}
	fill := func(x, y, w, h float64) Item {
		return Item{Op: OpFill, Rect: layout.Rect{X: x, Y: y, W: w, H: h}, Color: style.Color{B: 200, A: 255}, Opacity: 1, Origin: Origin{Artifact: Background}}
	}
	tests := []struct {
		name string
		edit func(it *Item)
		next Item
		want bool
	}{
		{"touching cell of the row", nil, fill(10, 0, 5, 4), true},
		{"overlapping", nil, fill(8, 0, 5, 4), true},
		{"gap", nil, fill(11, 0, 5, 4), false},
		{"other row", nil, fill(10, 4, 5, 4), false},
		{"other height", nil, fill(10, 0, 5, 5), false},
		{"other colour", func(it *Item) { it.Color.R = 1 }, fill(10, 0, 5, 4), false},
		{"translucent colour", func(it *Item) { it.Color.A = 128 }, fill(10, 0, 5, 4), false},
		{"group opacity", func(it *Item) { it.Opacity = 0.5 }, fill(10, 0, 5, 4), false},
		{"rounded", func(it *Item) { it.Radii = &[4][2]float64{{1, 1}} }, fill(10, 0, 5, 4), false},
		{"other clip", func(it *Item) { it.Clip = clip }, fill(10, 0, 5, 4), false},
		{"other artifact", func(it *Item) { it.Origin.Artifact = Pagination }, fill(10, 0, 5, 4), false},
		{"a border", func(it *Item) { it.Op = OpBorder }, fill(10, 0, 5, 4), false},
	}
	for _, tt := range tests {
		last := fill(0, 0, 10, 4)
		next := tt.next
		if tt.edit != nil {
			tt.edit(&next)
		}
		got := extendFill(&last, &next)
		if got != tt.want {
			t.Errorf("%s: extendFill = %v, want %v", tt.name, got, tt.want)
		}
		if want := (layout.Rect{W: max(10, next.Rect.X+next.Rect.W), H: 4}); got && last.Rect != want {
			t.Errorf("%s: merged rectangle %+v, want %+v", tt.name, last.Rect, want)
		}
	}
}

// TestRowBackgroundsMerged checks that the backgrounds of the cells of a
// row are painted as one rectangle per row.
func TestRowBackgroundsMerged(t *testing.T) {
	var sb strings.Builder
	sb.WriteString(`<html><style>table{border-collapse:collapse} td{background:#eef;padding:2px}</style><table>`)
	for r := 0; r < 3; r++ {
		sb.WriteString("<tr><td>a</td><td>b</td><td>c</td></tr>")
	}
	sb.WriteString("</table>")
	d := paginate(t, sb.String())
	var fills []layout.Rect
	for _, it := range buildLists(t, d)[0].Items {
		if it.Op == OpFill {
			fills = append(fills, it.Rect)
		}
	}
	if len(fills) != 3 {
		t.Fatalf("%d fills %v, want one per row", len(fills), fills)
	}
	for _, r := range fills[1:] {
		if r.X != fills[0].X || r.W != fills[0].W {
			t.Errorf("row fill %+v does not span the row like %+v", r, fills[0])
		}
	}
}

// TestRowBackgroundImage checks that a row's background image is
// positioned in the row's box and shown in each of its cells: one
// gradient tile for the whole row, clipped to each cell in turn.
func TestRowBackgroundImage(t *testing.T) {
	l := styledList(t, `<table style="border-spacing:0"><tr style="background:linear-gradient(red,blue) no-repeat">`+
		`<td style="padding:0;width:20pt;height:10pt"></td><td style="padding:0;width:30pt;height:10pt"></td></tr></table>`)
	var tiles []Item
	for _, it := range l.Items {
		if it.Op == OpGradient {
			tiles = append(tiles, it)
		}
	}
	if len(tiles) != 2 {
		t.Fatalf("%d gradient items, want one a cell", len(tiles))
	}
	a, b := tiles[0], tiles[1]
	if a.Rect != b.Rect || a.Rect.W != 50 || a.Rect.H != 10 {
		t.Errorf("tiles %+v and %+v, want both the row's 50×10 box", a.Rect, b.Rect)
	}
	if a.Clip == nil || b.Clip == nil || a.Clip.W != 20 || b.Clip.W != 30 || b.Clip.X != a.Clip.X+20 {
		t.Errorf("clips %+v %+v, want the cells (20 and 30 wide, side by side)", a.Clip, b.Clip)
	}
}

// TestCollapsedCellBackgroundImage checks that a cell of a table with
// collapsed borders paints its own background image, positioned in its
// padding box (inside its half of the collapsed borders).
func TestCollapsedCellBackgroundImage(t *testing.T) {
	l := styledList(t, `<table style="border-collapse:collapse"><tr><td style="padding:0;width:20pt;height:10pt;border:4pt solid;`+
		`background:linear-gradient(red,blue) no-repeat"></td></tr></table>`)
	var g []Item
	for _, it := range l.Items {
		if it.Op == OpGradient {
			g = append(g, it)
		}
	}
	if len(g) != 1 {
		t.Fatalf("%d gradient items, want 1", len(g))
	}
	if r := g[0].Rect; r.W != 20 || r.H != 10 {
		t.Errorf("gradient tile %+v, want the cell's 20×10 padding box", r)
	}
}
