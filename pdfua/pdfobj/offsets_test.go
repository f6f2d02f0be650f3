package pdfobj

import (
	"testing"
	"unsafe"
)

// TestOffsetTable checks that the streaming writer's table of offsets
// gives back every offset set, in blocks of 4-byte distances and past 4
// GiB of file, and takes about 4 bytes an object.
func TestOffsetTable(t *testing.T) {
	const gib = int64(1) << 30
	for _, tc := range []struct {
		name string
		n    int
		// offset of object i, set in the order of order(i)
		off   func(i int) int64
		order func(n, k int) int
		wide  bool // some block holds 8-byte offsets
	}{
		{"in number order", 3000, func(i int) int64 { return 15 + 100*int64(i) }, func(n, k int) int { return k }, false},
		{"in reverse order", 3000, func(i int) int64 { return 15 + 100*int64(3000-i) }, func(n, k int) int { return n - 1 - k }, false},
		{"past 4 GiB, blocks narrow", 3000, func(i int) int64 { return 5*gib + 100*int64(i) }, func(n, k int) int { return k }, false},
		{"a block spanning 5 GiB", 2000, func(i int) int64 {
			if i%offsetsPer == 7 {
				return 5*gib + int64(i) // written last, far on
			}
			return 15 + 100*int64(i)
		}, func(n, k int) int {
			// every object but those i%offsetsPer == 7, then those
			var rest []int
			for i := range n {
				if i%offsetsPer != 7 {
					rest = append(rest, i)
				}
			}
			for i := range n {
				if i%offsetsPer == 7 {
					rest = append(rest, i)
				}
			}
			return rest[k]
		}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var tab offsetTable
			for range tc.n {
				tab.alloc()
			}
			if tab.len() != tc.n {
				t.Fatalf("len %d, want %d", tab.len(), tc.n)
			}
			half := tc.n / 2
			for k := range tc.n {
				i := tc.order(tc.n, k)
				if k == half {
					// half written: the others read 0
					if got := tab.get(tc.order(tc.n, tc.n-1)); got != 0 {
						t.Fatalf("an object not written has offset %d", got)
					}
				}
				tab.set(i, tc.off(i))
			}
			wide := false
			for _, b := range tab.blocks {
				wide = wide || b.wide != nil
			}
			if wide != tc.wide {
				t.Errorf("8-byte block: %v, want %v", wide, tc.wide)
			}
			for i := range tc.n {
				if got := tab.get(i); got != tc.off(i) {
					t.Fatalf("object %d at %d, want %d", i+1, got, tc.off(i))
				}
			}
		})
	}
	var tab offsetTable
	const n = 100 * offsetsPer
	for range n {
		tab.alloc()
	}
	size := 0
	for _, b := range tab.blocks {
		size += int(unsafe.Sizeof(b)) + 4*cap(b.rel) + 8*cap(b.wide)
	}
	if per := float64(size) / n; per > 4.1 {
		t.Errorf("the table takes %.2f bytes an object, want about 4", per)
	}
}
