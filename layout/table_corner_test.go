package layout

import (
	"testing"

	"github.com/seed28491532/folio/style"
)

// TestCollapsedCorners checks who paints the corner where collapsed
// borders meet: the winning border (wider here) goes through it, the
// losers stop at its edge; equal borders both go through it.
func TestCollapsedCorners(t *testing.T) {
	tests := []struct {
		name, css string
		// the second cell's top segment starts at the column line plus
		// topStart; the line between the cells starts at the table's
		// top plus vStart
		topStart, vStart float64
	}{
		{"wide vertical wins the corner", `#a{border-right:6pt solid} td{border-top:2pt solid}`, 3, -1},
		{"wide horizontal wins the corner", `#a{border-right:2pt solid} #b{border-top:6pt solid} td{border-top:1pt solid}`, -1, 3},
		{"equal borders", `td{border:2pt solid}`, -1, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := layoutCSS(t, tableBase+`<style>table{border-collapse:collapse}`+tt.css+`</style><table id=t><tr><td id=a>aa</td><td id=b>bb</td></tr></table>`)
			p := d.Pages[0]
			tf := frags(p, "table", "t")[0]
			b := frags(p, "td", "b")[0]
			line := b.X - tf.X // the column line between the cells
			var top, v *PaintBorder
			for i, s := range tf.Paint.Borders {
				switch {
				case s.Side == style.Top && s.Rect.X+s.Rect.W > line+4 && s.Rect.Y < 5:
					top = &tf.Paint.Borders[i]
				case s.Side == style.Left && near(s.Rect.X+s.Rect.W/2, line):
					v = &tf.Paint.Borders[i]
				}
			}
			if top == nil || v == nil {
				t.Fatalf("segments not found in %+v", tf.Paint.Borders)
			}
			rowTop := b.Y - tf.Y
			if !near(top.Rect.X, line+tt.topStart) {
				t.Errorf("second cell's top segment starts at %.2f, want %.2f", top.Rect.X, line+tt.topStart)
			}
			if !near(v.Rect.Y, rowTop+tt.vStart) {
				t.Errorf("vertical segment starts at %.2f, want %.2f", v.Rect.Y, rowTop+tt.vStart)
			}
		})
	}
}
