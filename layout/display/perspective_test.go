package display

import (
	"math"
	"testing"

	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/style"
)

// rotateYThrough returns the 4×4 matrix of rotateY(deg) about the centre
// of box seen through a perspective of d about the same point.
func rotateYThrough(box layout.Rect, deg, d float64) style.Matrix4 {
	cx, cy := box.X+box.W/2, box.Y+box.H/2
	tr := func(x, y float64) style.Matrix4 { m := style.Identity4; m[3], m[7] = x, y; return m }
	sin, cos := math.Sincos(deg * math.Pi / 180)
	rot := style.Identity4
	rot[0], rot[2], rot[8], rot[10] = cos, sin, -sin, cos
	p := style.Identity4
	if d > 0 {
		p[14] = -1 / d
	}
	return style.Mul4(tr(cx, cy), style.Mul4(p, style.Mul4(rot, tr(-cx, -cy))))
}

// TestProjectStrips checks the strips a box seen through perspective is
// cut into: none when the map is affine, more the stronger the
// perspective but never more than MaxStrips, each strip's map off the
// exact projection by little more than stripTolerance at the box's
// points it paints, and the strips covering the box.
func TestProjectStrips(t *testing.T) {
	box := layout.Rect{X: 75, Y: 75, W: 150, H: 150}
	tests := []struct {
		name       string
		deg, d     float64
		minN, maxN int
	}{
		{"no perspective", 45, 0, 0, 0},
		{"no rotation", 0, 200, 0, 0},
		{"slight: one affine map is close enough", 2, 2000, 0, 0},
		{"strong", 45, 200, MaxStrips, MaxStrips},
		{"moderate", 30, 600, 4, MaxStrips - 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := rotateYThrough(box, tt.deg, tt.d).Homography()
			strips, mid := projectStrips(h, box, MaxStrips)
			if n := len(strips); n < tt.minN || n > tt.maxN {
				t.Fatalf("%d strips, want %d…%d", n, tt.minN, tt.maxN)
			}
			worst := 0.0
			for x := box.X; x <= box.X+box.W; x += 1 {
				for _, y := range []float64{box.Y, box.Y + box.H/2, box.Y + box.H} {
					want := project(h, x, y)
					m := mid
					if len(strips) > 0 {
						s := stripAt(strips, want)
						if s == nil {
							t.Fatalf("point %v of the box in no strip", want)
						}
						m = s.Transform
					}
					got := [2]float64{m[0]*x + m[2]*y + m[4], m[1]*x + m[3]*y + m[5]}
					worst = max(worst, math.Hypot(got[0]-want[0], got[1]-want[1]))
				}
			}
			if tt.maxN < MaxStrips && worst > 2*stripTolerance {
				t.Errorf("off by %.2fpt, want at most %.2f", worst, 2*stripTolerance)
			}
		})
	}
}

// stripAt returns the last strip (the one painted on top) whose clip
// holds page point p.
func stripAt(strips []Strip, p [2]float64) *Strip {
	for i := len(strips) - 1; i >= 0; i-- {
		if inside(strips[i].Clip, p) {
			return &strips[i]
		}
	}
	return nil
}

// inside reports whether p lies in convex polygon poly (or on its edge).
func inside(poly [][2]float64, p [2]float64) bool {
	sign := 0.0
	for i, a := range poly {
		b := poly[(i+1)%len(poly)]
		c := (b[0]-a[0])*(p[1]-a[1]) - (b[1]-a[1])*(p[0]-a[0])
		if math.Abs(c) < 1e-6 {
			continue
		}
		if sign == 0 {
			sign = c
		} else if c*sign < 0 {
			return false
		}
	}
	return true
}

// TestThinStrips checks that a group with many items is cut into fewer
// strips, so that its items times its strips stay within MaxStripItems,
// and into none when even two strips would pass it.
func TestThinStrips(t *testing.T) {
	box := layout.Rect{X: 75, Y: 75, W: 150, H: 150}
	h := rotateYThrough(box, 45, 200).Homography()
	for _, tt := range []struct{ items, want int }{{10, MaxStrips}, {1000, MaxStripItems / 1000}, {MaxStripItems, 0}} {
		strips, _ := projectStrips(h, box, MaxStrips)
		g := &Group{Box: box, Strips: strips, proj: &h}
		thinStrips(g, tt.items)
		if len(g.Strips) != tt.want {
			t.Errorf("%d items: %d strips, want %d", tt.items, len(g.Strips), tt.want)
		}
	}
}

// TestProjectStripsOutline checks the box's outline as the strips paint
// it: every strip paints the box's top and bottom edges wherever its clip
// reaches (its overlap into the next strip included, which nothing paints
// over outside the box), so each strip's map must stay near the exact
// projection there, or the edges become a staircase.
func TestProjectStripsOutline(t *testing.T) {
	box := layout.Rect{X: 75, Y: 52.5, W: 52.5, H: 60}
	for _, tt := range []struct {
		name  string
		deg   float64
		d     float64
		limit float64
	}{
		{"gallery tile 39: rotateY(45deg) through 200px", 45, 150, 0.5},
		{"moderate", 30, 600, 0.5},
	} {
		t.Run(tt.name, func(t *testing.T) {
			h := rotateYThrough(box, tt.deg, tt.d).Homography()
			strips, _ := projectStrips(h, box, MaxStrips)
			if len(strips) < 2 {
				t.Fatalf("%d strips, want several", len(strips))
			}
			worst := 0.0
			for x := box.X; x <= box.X+box.W; x += 0.25 {
				for _, y := range []float64{box.Y, box.Y + box.H} {
					want := project(h, x, y)
					for _, s := range strips {
						if !inside(s.Clip, want) {
							continue
						}
						m := s.Transform
						got := [2]float64{m[0]*x + m[2]*y + m[4], m[1]*x + m[3]*y + m[5]}
						worst = max(worst, math.Hypot(got[0]-want[0], got[1]-want[1]))
					}
				}
			}
			t.Logf("%d strips, outline off by %.3fpt at most", len(strips), worst)
			if worst > tt.limit {
				t.Errorf("outline off by %.2fpt, want at most %.2f", worst, tt.limit)
			}
		})
	}
}
