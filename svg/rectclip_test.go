package svg

import "testing"

// TestRectTrimmedToViewport checks that a rectangle filled with a colour
// and spilling out of its viewports is trimmed to them in its user
// space and drawn without their clips (so no rasteriser lets a sliver
// of it show past the viewport's edge), and that other shapes keep
// their clips.
func TestRectTrimmedToViewport(t *testing.T) {
	tests := []struct {
		name, body string
		// clips is how many clips the shape keeps; box is its output
		// bounds when it has none
		clips int
		box   [4]float64
	}{
		{"spilling right and down", `<rect x="50" y="60" width="600" height="300" fill="red"/>`, 0, [4]float64{50, 60, 100, 100}},
		{"spilling on every side", `<rect x="-10" y="-10" width="600" height="300"/>`, 0, [4]float64{0, 0, 100, 100}},
		{"inside", `<rect x="10" y="10" width="20" height="20"/>`, 0, [4]float64{10, 10, 30, 30}},
		{"scaled user space", `<g transform="scale(2)"><rect x="10" y="10" width="600" height="300"/></g>`, 0, [4]float64{20, 20, 100, 100}},
		{"flipped user space", `<g transform="translate(100 0) scale(-1 1)"><rect x="10" y="0" width="600" height="10"/></g>`, 0, [4]float64{0, 0, 90, 10}},
		{"nested viewport", `<svg x="20" y="20" width="30" height="30"><rect width="600" height="300"/></svg>`, 0, [4]float64{20, 20, 50, 50}},
		{"rotated", `<rect width="600" height="300" transform="rotate(10)"/>`, 1, [4]float64{}},
		{"stroked", `<rect width="600" height="300" stroke="red"/>`, 1, [4]float64{}},
		{"gradient", `<linearGradient id="g"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient><rect width="600" height="300" fill="url(#g)"/>`, 1, [4]float64{}},
		{"not a rectangle", `<path d="M0 0 H600 L300 300 Z"/>`, 1, [4]float64{}},
		{"clip path kept", `<clipPath id="c"><circle cx="50" cy="50" r="10"/></clipPath><rect width="600" height="300" clip-path="url(#c)"/>`, 1, [4]float64{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var shapes []Shape
			for _, s := range render(t, mustDoc(t, `<svg width="100" height="100">`+tt.body+`</svg>`), 100, 100) {
				if s.Path != nil && s.Group == NoGroup {
					shapes = append(shapes, s)
				}
			}
			if len(shapes) != 1 {
				t.Fatalf("%d shapes, want 1", len(shapes))
			}
			s := shapes[0]
			if len(s.Clips) != tt.clips {
				t.Fatalf("%d clips, want %d", len(s.Clips), tt.clips)
			}
			if tt.clips != 0 {
				return
			}
			x0, y0, x1, y1, _ := s.Path.Transformed(s.M).Bounds()
			if got := [4]float64{x0, y0, x1, y1}; got != tt.box {
				t.Errorf("drawn at %v, want %v", got, tt.box)
			}
		})
	}
}

// TestIsRect checks which paths count as axis-aligned rectangles.
func TestIsRect(t *testing.T) {
	tests := []struct {
		d    string
		want bool
	}{
		{"M0 0 H10 V10 H0 Z", true},
		{"M0 0 V10 H10 V0 Z", true},
		{"M0 0 H10 V10 H0 V0", true},
		{"M0 0 H10 V10 H0 V0 Z", true},
		{"M0 0 H10 V10 Z", false},
		{"M0 0 L10 1 V10 H0 Z", false},
		{"M0 0 H10 H20 V10 Z", false},
		{"M0 0 H10 V0 H0 Z", false},
		{"M0 0 H10 V10 H0 Z M20 20 H30 V30 Z", false},
	}
	for _, tt := range tests {
		p, over := parsePath(tt.d, 100)
		if over {
			t.Fatalf("%s: over budget", tt.d)
		}
		if got := isRect(p); got != tt.want {
			t.Errorf("isRect(%q) = %v, want %v", tt.d, got, tt.want)
		}
	}
}
