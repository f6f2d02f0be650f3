package pdfua

import "testing"

// TestElemTable checks that the elements' table gives back the elements
// not cleared, by index and in order, lets go of the chunks left with
// few elements (their elements moved to the spill map) and of the
// chunks left with none.
func TestElemTable(t *testing.T) {
	const n = 10*elemChunk + 10 // the last chunk not full: it stays
	for _, tc := range []struct {
		name  string
		kept  func(i int) bool // the elements never cleared
		held  int              // chunks held at the end
		spill int              // elements in the spill map
	}{
		{"all cleared", func(i int) bool { return false }, 1, 0},
		{"one in 100 kept", func(i int) bool { return i%100 == 0 }, 1, 26},
		{"one in 2 kept", func(i int) bool { return i%2 == 0 }, 11, 0},
		{"the first 3 of each chunk kept", func(i int) bool { return i%elemChunk < 3 }, 1, 30},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var tab elemTable
			elems := make([]*StructElem, n)
			for i := range elems {
				elems[i] = &StructElem{typ: "P"}
				if got := tab.add(elems[i]); int(got) != i {
					t.Fatalf("element %d added at %d", i, got)
				}
			}
			for i := range n {
				if !tc.kept(i) {
					tab.clear(i)
					tab.clear(i) // twice is harmless
				}
			}
			var order []int
			for i, e := range tab.all() {
				if e != elems[i] {
					t.Fatalf("all gives another element at %d", i)
				}
				order = append(order, i)
			}
			for i := range n {
				want := elems[i]
				if !tc.kept(i) {
					want = nil
				}
				if tab.at(i) != want {
					t.Fatalf("element %d: got %p, want %p", i, tab.at(i), want)
				}
			}
			kept := 0
			for i := range n {
				if tc.kept(i) {
					if kept >= len(order) || order[kept] != i {
						t.Fatalf("all yields %v, not the kept elements in order", order)
					}
					kept++
				}
			}
			if kept != len(order) {
				t.Fatalf("all yields %d elements, want %d", len(order), kept)
			}
			held := 0
			for _, ch := range tab.chunks {
				if ch != nil {
					held++
				}
			}
			if held != tc.held || len(tab.spill) != tc.spill {
				t.Errorf("%d chunks held, %d elements spilled; want %d and %d", held, len(tab.spill), tc.held, tc.spill)
			}
		})
	}
}
