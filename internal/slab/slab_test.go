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

// TestDrop checks that Drop starts a fresh block of the first length and
// that the elements handed out before stay as they were.
func TestDrop(t *testing.T) {
	var s Slab[int]
	var old []*int
	for range 40 {
		p := s.One(4, 16)
		*p = 7
		old = append(old, p)
	}
	s.Drop()
	p := s.One(4, 16)
	if *p != 0 || len(s.free) != 3 {
		t.Fatalf("after Drop: element %d, %d left in the block, want a fresh block of 4", *p, len(s.free))
	}
	for _, o := range old {
		if o == p || *o != 7 {
			t.Fatal("an element handed out before Drop was reused or changed")
		}
	}
}
