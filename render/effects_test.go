package render

import (
	"testing"

	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/layout/display"
)

// TestImageInside checks when an image item's clip is left out: a whole,
// untiled image with square corners inside its clip rectangle.
func TestImageInside(t *testing.T) {
	clip := layout.Rect{X: 0, Y: 0, W: 100, H: 50}
	radii := &[4][2]float64{{1, 1}}
	tests := []struct {
		name string
		it   display.Item
		want bool
	}{
		{"inside", display.Item{Op: display.OpImage, Rect: layout.Rect{X: 10, Y: 0, W: 90, H: 50}}, true},
		{"overflowing", display.Item{Op: display.OpImage, Rect: layout.Rect{X: 10, Y: 0, W: 91, H: 50}}, false},
		{"tiled", display.Item{Op: display.OpImage, Rect: layout.Rect{W: 10, H: 10}, Tiled: &display.Tiled{StepX: 10, StepY: 10}}, false},
		{"rounded", display.Item{Op: display.OpImage, Rect: layout.Rect{W: 10, H: 10}, Radii: radii}, false},
		{"rounded clip", display.Item{Op: display.OpImage, Rect: layout.Rect{W: 10, H: 10}, ClipRadii: radii}, false},
		{"a gradient", display.Item{Op: display.OpGradient, Rect: layout.Rect{W: 10, H: 10}}, false},
	}
	for _, tt := range tests {
		it := tt.it
		it.Clip = &clip
		if got := imageInside(&it); got != tt.want {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}
