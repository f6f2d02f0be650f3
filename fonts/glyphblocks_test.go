package fonts

import (
	"strings"
	"testing"
)

// TestShapeResultsDoNotAlias checks that the glyph arrays of separate Shape
// calls, carved from one block, are independent: changing and appending to
// one call's glyphs leaves the others as they were.
func TestShapeResultsDoNotAlias(t *testing.T) {
	r := NewRegistry(Options{})
	q := Query{Families: []string{"serif"}}
	texts := []string{"Page 1 of 3", "Ωμέγα and ffi", "שלום", "Page 2 of 3", "x"}
	var results [][]Run
	var want []string
	for _, text := range texts {
		runs, _ := r.Shape(text, q, 10, ShapeOptions{})
		results = append(results, runs)
		var b strings.Builder
		dumpShape(&b, runs, nil)
		want = append(want, b.String())
	}
	for i, runs := range results {
		if i%2 == 1 {
			continue
		}
		for k := range runs {
			for g := range runs[k].Glyphs {
				runs[k].Glyphs[g] = Glyph{ID: 9999}
			}
			runs[k].Glyphs = append(runs[k].Glyphs, Glyph{ID: 9998}, Glyph{ID: 9997})
		}
	}
	for i, runs := range results {
		if i%2 == 0 {
			continue
		}
		var b strings.Builder
		dumpShape(&b, runs, nil)
		if b.String() != want[i] {
			t.Errorf("%q changed when other results were modified:\n%s\nwant\n%s", texts[i], b.String(), want[i])
		}
	}
}

// TestGlyphBlocks checks the carving bookkeeping, including an array that
// outgrew its capacity.
func TestGlyphBlocks(t *testing.T) {
	var p glyphBlocks
	a, b := p.alloc(4)
	if b == nil || len(a) != 0 || cap(a) != 4 {
		t.Fatalf("alloc(4) = len %d cap %d block %v", len(a), cap(a), b)
	}
	a = append(a, Glyph{ID: 1}, Glyph{ID: 2})
	freeBefore := len(b.free)
	p.release(a, b)
	if got := freeBefore - len(b.free); got != 2 {
		t.Errorf("release used %d glyphs of the block, want 2", got)
	}
	// An array that grew past its capacity was reallocated: its carved
	// capacity is given up, and the block's next array starts after it.
	c, b2 := p.alloc(3)
	c = append(c, make([]Glyph, 5)...)
	freeBefore = len(b2.free)
	p.release(c, b2)
	if got := freeBefore - len(b2.free); got != 3 {
		t.Errorf("release after growth used %d glyphs, want the carved 3", got)
	}
	if big, blk := p.alloc(maxCarved + 1); blk != nil || cap(big) != maxCarved+1 {
		t.Errorf("alloc(%d) carved from a block", maxCarved+1)
	}
}
