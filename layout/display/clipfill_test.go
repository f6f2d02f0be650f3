package display

import (
	"testing"

	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/style"
)

// TestClipFillCutsRectangles checks that a plain background inside an
// overflow: hidden box is cut to the clip instead of drawn whole under
// a clip path (which renderers anti-alias into the next pixel), and that
// one clipped away entirely is not painted.
func TestClipFillCutsRectangles(t *testing.T) {
	src := `<style>@page { size: 400pt 400pt; margin: 0 } body { margin: 0 }</style>` +
		`<div style="overflow:hidden;width:100pt;height:50pt">` +
		`<div style="width:300pt;height:20pt;background:rgb(0,0,255)"></div>` +
		`<div style="margin-left:150pt;width:30pt;height:20pt;background:rgb(255,0,0)"></div></div>`
	var blue, red int
	for _, it := range buildLists(t, paginate(t, src))[0].Items {
		if it.Op != OpFill {
			continue
		}
		switch it.Color {
		case style.Color{B: 255, A: 255}:
			blue++
			if it.Clip != nil || it.Rect != (layout.Rect{X: 0, Y: 0, W: 100, H: 20}) {
				t.Errorf("blue fill %+v clip %v, want the rectangle 0,0 100x20 and no clip", it.Rect, it.Clip)
			}
		case style.Color{R: 255, A: 255}:
			red++
		}
	}
	if blue != 1 || red != 0 {
		t.Errorf("%d blue and %d red fills, want 1 and 0 (the red one lies outside the clip)", blue, red)
	}
}

// TestClipFillKeepsRoundedClips checks that clipFill leaves fills it
// cannot cut exactly to their clip: rounded clips and rounded fills.
func TestClipFillKeepsRoundedClips(t *testing.T) {
	clip := &layout.Rect{W: 10, H: 10}
	radii := &[4][2]float64{{2, 2}, {2, 2}, {2, 2}, {2, 2}}
	tests := []Item{
		{Op: OpFill, Rect: layout.Rect{W: 20, H: 20}, Clip: clip, ClipRadii: radii},
		{Op: OpFill, Rect: layout.Rect{W: 20, H: 20}, Clip: clip, Radii: radii},
		{Op: OpText, Rect: layout.Rect{W: 20, H: 20}, Clip: clip},
	}
	for i, it := range tests {
		if !clipFill(&it) || it.Clip != clip || it.Rect.W != 20 {
			t.Errorf("item %d changed: %+v", i, it)
		}
	}
}
