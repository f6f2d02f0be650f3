package geom

import (
	"math"
	"testing"
)

func TestMatrix(t *testing.T) {
	m := Matrix{2, 0, 0, 3, 10, 20} // scale, then translate
	if x, y := m.Apply(1, 1); x != 12 || y != 23 {
		t.Errorf("Apply(1, 1) = %v, %v, want 12, 23", x, y)
	}
	rot := Matrix{0, 1, -1, 0, 0, 0} // 90° counter-clockwise
	if x, y := m.Mul(rot).Apply(1, 0); x != -20 || y != 12 {
		t.Errorf("scale and move, then rotate, maps (1, 0) to %v, %v, want -20, 12", x, y)
	}
	inv, ok := m.Invert()
	if !ok || inv.Mul(m) != Identity {
		t.Errorf("Invert = %v, %v; inverse × m = %v", inv, ok, inv.Mul(m))
	}
	if _, ok := (Matrix{1, 2, 2, 4, 0, 0}).Invert(); ok {
		t.Error("a singular matrix inverted")
	}
	if s := m.Scale(); math.Abs(s*s-6) > 1e-12 {
		t.Errorf("Scale = %v, want √6", s)
	}
}
