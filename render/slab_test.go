package render

import "testing"

func TestSlab(t *testing.T) {
	var s slab[[2]int]
	seen := map[*[2]int]bool{}
	for i := 0; i < 3*maxSlab; i++ {
		p := s.next()
		if *p != ([2]int{}) {
			t.Fatalf("value %d is not zero: %v", i, *p)
		}
		if seen[p] {
			t.Fatalf("value %d handed out twice", i)
		}
		seen[p] = true
		p[0], p[1] = i, -i
	}
	if s.size != maxSlab {
		t.Errorf("block size %d, want it capped at %d", s.size, maxSlab)
	}
}
