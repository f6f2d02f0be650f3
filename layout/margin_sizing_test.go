package layout

import (
	"math/rand/v2"
	"testing"
)

// TestNeedsMinContent checks the promise marginMin relies on: when
// needsMinContent says no, resolveTrio gives the same sizes and offsets
// whatever the boxes' min-content sizes are; and it says yes in a case
// where they matter.
func TestNeedsMinContent(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	skipped := 0
	for range 20000 {
		var items [3]marginItem
		for k := range items {
			it := &items[k]
			it.generated = rng.IntN(4) > 0
			it.auto = rng.IntN(3) > 0
			it.maxC = rng.Float64() * 200
			it.minC = it.maxC * rng.Float64()
			if !it.auto {
				it.size = rng.Float64() * 200
			}
		}
		avail := rng.Float64() * 500
		if needsMinContent(&items, avail) {
			continue
		}
		skipped++
		a, b := items, items
		for k := range b {
			b[k].minC = b[k].maxC * rng.Float64()
		}
		a0, a1, a2 := resolveTrio(avail, &a[0], &a[1], &a[2])
		b0, b1, b2 := resolveTrio(avail, &b[0], &b[1], &b[2])
		if a0 != b0 || a1 != b1 || a2 != b2 || a[0].size != b[0].size || a[1].size != b[1].size || a[2].size != b[2].size {
			t.Fatalf("min-content sizes changed the result though not needed: %+v avail %v", items, avail)
		}
	}
	if skipped < 1000 {
		t.Fatalf("only %d cases without min-content", skipped)
	}
	// A and C overflowing the side: they shrink by their min-content sizes
	items := [3]marginItem{{generated: true, auto: true, minC: 10, maxC: 300}, {}, {generated: true, auto: true, minC: 50, maxC: 300}}
	if !needsMinContent(&items, 200) {
		t.Fatal("overflowing boxes: min-content not asked for")
	}
}
