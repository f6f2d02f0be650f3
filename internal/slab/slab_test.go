package slab

import "testing"

// TestBlocksGrow checks that blocks double from first to most, that the
// elements handed out are zero and distinct, and that carved slices have
// exactly their capacity (appending to one never reaches the next).
func TestBlocksGrow(t *testing.T) {
	var s Slab[int]
	var lens []int
	seen := map[*int]bool{}
	for range 100 {
		before := len(s.free)
		p := s.One(4, 16)
		if before == 0 {
			lens = append(lens, len(s.free)+1)
		}
		if *p != 0 || seen[p] {
			t.Fatalf("element not fresh")
		}
		seen[p] = true
		*p = 7
	}
	want := []int{4, 8, 16, 16, 16, 16, 16, 16}
	for i, n := range want {
		if i >= len(lens) || lens[i] != n {
			t.Fatalf("block lengths %v, want %v…", lens, want)
		}
	}
	var c Slab[byte]
	a := c.Carve(3, 8, 64)
	b := c.Carve(2, 8, 64)
	if len(a) != 3 || cap(a) != 3 || cap(b) != 2 {
		t.Fatalf("carved len %d cap %d and cap %d, want 3 3 2", len(a), cap(a), cap(b))
	}
	a = append(a, 9)
	if b[0] != 0 {
		t.Fatal("appending to one carved slice changed the next")
	}
	if big := c.Carve(9, 8, 64); len(big) != 9 {
		t.Fatalf("large carve of %d elements", len(big))
	}
}
