package fonts

import "testing"

// TestGlyphPolygons checks glyph outlines as polygons: an H of the
// bundled serif is two vertical stems joined (one contour, within its
// advance and the cap height), an O two contours, a space none.
func TestGlyphPolygons(t *testing.T) {
	f := NewRegistry(Options{}).Match(Query{Families: []string{"serif"}, Weight: 400})
	m := f.Metrics()
	tests := []struct {
		r        rune
		contours int
	}{
		{'H', 1}, {'O', 2}, {' ', 0},
	}
	for _, tt := range tests {
		g, ok := f.GlyphFor(tt.r)
		if !ok {
			t.Fatalf("no glyph for %q", tt.r)
		}
		polys := f.GlyphPolygons(g)
		if len(polys) != tt.contours {
			t.Errorf("%q: %d contours, want %d", tt.r, len(polys), tt.contours)
		}
		slack := float64(m.UnitsPerEm) / 10
		for _, p := range polys {
			for _, pt := range p {
				if pt[0] < -slack || pt[0] > float64(f.Advance(g))+slack || pt[1] < -slack || pt[1] > float64(m.Ascent) {
					t.Fatalf("%q: point %v outside the glyph's box", tt.r, pt)
				}
			}
		}
	}
}
