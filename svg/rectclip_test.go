package svg

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/seed28491532/folio/style"
)

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

// TestRectInsideViewportKept: a filled rectangle wholly inside its
// viewport keeps the path New computed and loses the viewport's clip
// without an allocation (before, each one allocated a new rectangle and
// a slice of the clips kept: three a shape), while one spilling out is
// still trimmed to it.
func TestRectInsideViewportKept(t *testing.T) {
	src := func(n int, w int) string {
		var b strings.Builder
		b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">`)
		for i := range n {
			fmt.Fprintf(&b, `<rect x="%d" y="1" width="%d" height="2" fill="#%06x"/>`, i%90, w, i)
		}
		b.WriteString(`</svg>`)
		return b.String()
	}
	opts := RenderOptions{Width: 100, Height: 100, Color: style.Color{A: 255}}
	for _, tt := range []struct {
		name      string
		width     int
		maxAllocs float64
	}{
		{"inside", 5, 0.2},
		{"some spilling out", 50, 3.5},
	} {
		t.Run(tt.name, func(t *testing.T) {
			allocs := func(d *Document) float64 {
				return testing.AllocsPerRun(5, func() {
					if _, err := d.Render(context.Background(), opts); err != nil {
						t.Fatal(err)
					}
				})
			}
			small, large := mustDoc(t, src(64, tt.width)), mustDoc(t, src(640, tt.width))
			if per := (allocs(large) - allocs(small)) / 576; per > tt.maxAllocs {
				t.Errorf("%.2f allocations a shape, want at most %v", per, tt.maxAllocs)
			}
			own := map[*Path]bool{}
			for _, p := range large.paths {
				own[p] = true
			}
			shapes := render(t, large, 100, 100)
			if len(shapes) != 640 {
				t.Fatalf("%d shapes, want 640", len(shapes))
			}
			for i, s := range shapes {
				inside := i%90+tt.width <= 100
				if len(s.Clips) != 0 || own[s.Path] != inside {
					t.Fatalf("shape %d: %d clips, own path %v, want 0 and %v", i, len(s.Clips), own[s.Path], inside)
				}
				x0, _, x1, _, _ := s.Path.Transformed(s.M).Bounds()
				if want := min(float64(i%90+tt.width), 100); x0 != float64(i%90) || x1 != want {
					t.Fatalf("shape %d: x from %v to %v, want %v to %v", i, x0, x1, i%90, want)
				}
			}
		})
	}
}
