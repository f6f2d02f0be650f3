package layout

import "testing"

// TestMoveKeepsDecorations: moving a line, by copy or in place, moves
// the underlines of its texts and of its marker's texts with them, and a
// copy leaves the original where it was.
func TestMoveKeepsDecorations(t *testing.T) {
	newLine := func() *Line {
		under := func(x float64) *Text {
			return &Text{X: x, Baseline: 10, Decorations: []Rule{{X: x, Y: 12, W: 20}}}
		}
		return &Line{Y: 0, Baseline: 10, Texts: []*Text{under(30)}, Marker: &Marker{Texts: []*Text{under(5)}}}
	}
	check := func(name string, ln *Line, dx, dy float64) {
		t.Helper()
		for _, tx := range []*Text{ln.Texts[0], ln.Marker.Texts[0]} {
			d := tx.Decorations[0]
			if d.X != tx.X || d.Y != tx.Baseline+2 || tx.Baseline != 10+dy {
				t.Errorf("%s: text at x %g baseline %g, underline at %g, %g", name, tx.X, tx.Baseline, d.X, d.Y)
			}
		}
		if ln.Texts[0].X != 30+dx || ln.Marker.Texts[0].X != 5+dx {
			t.Errorf("%s: texts at %g and %g", name, ln.Texts[0].X, ln.Marker.Texts[0].X)
		}
	}
	orig := newLine()
	check("translated", orig.translated(7, 3), 7, 3)
	check("original after translated", orig, 0, 0)
	moved := newLine()
	moved.moveBy(7, 3)
	check("moveBy", moved, 7, 3)
}
