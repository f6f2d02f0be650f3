package display

import (
	"testing"

	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/style"
)

// TestClipOneAxis checks overflow-x and overflow-y clip in their own axis
// only: a fill overflowing a 100x50 box is cut in x, in y or in both.
func TestClipOneAxis(t *testing.T) {
	for _, tt := range []struct {
		overflow string
		want     layout.Rect
	}{
		{"overflow-x:clip", layout.Rect{W: 100, H: 200}},
		{"overflow-y:clip", layout.Rect{W: 300, H: 50}},
		{"overflow:clip", layout.Rect{W: 100, H: 50}},
		{"overflow:hidden visible", layout.Rect{W: 100, H: 50}}, // visible computes to auto
		{"overflow:visible", layout.Rect{W: 300, H: 200}},
	} {
		t.Run(tt.overflow, func(t *testing.T) {
			src := `<style>@page { size: 400pt 400pt; margin: 0 } body { margin: 0 }</style>` +
				`<div style="` + tt.overflow + `;width:100pt;height:50pt">` +
				`<div style="width:300pt;height:200pt;background:rgb(0,0,255)"></div></div>`
			var got []layout.Rect
			for _, it := range buildLists(t, paginate(t, src))[0].Items {
				if it.Op == OpFill && it.Color == (style.Color{B: 255, A: 255}) {
					r := it.Rect
					if it.Clip != nil {
						x0, y0 := max(r.X, it.Clip.X), max(r.Y, it.Clip.Y)
						x1, y1 := min(r.X+r.W, it.Clip.X+it.Clip.W), min(r.Y+r.H, it.Clip.Y+it.Clip.H)
						r = layout.Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}
					}
					got = append(got, r)
				}
			}
			if len(got) != 1 || got[0] != tt.want {
				t.Errorf("painted %v, want %v", got, tt.want)
			}
		})
	}
}
