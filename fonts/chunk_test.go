package fonts

import (
	"strings"
	"testing"
)

// A word longer than maxShapeChunk is shaped in pieces, and no piece starts
// with a mark: every cluster of "é" written as e + U+0301 still starts at
// its e, in both directions, however the pieces fall.
func TestShapeLongWordKeepsMarksWithBase(t *testing.T) {
	r := NewRegistry(Options{})
	cases := []struct {
		name string
		unit string // repeated past maxShapeChunk
		base byte   // first byte of every cluster
		opts ShapeOptions
	}{
		{"latin", "e\u0301", 'e', ShapeOptions{}},
		{"hebrew", "\u05e9\u05b8", "\u05e9"[0], ShapeOptions{Direction: RTL}},
	}
	for _, c := range cases {
		text := strings.Repeat(c.unit, 3*maxShapeChunk/len(c.unit)+7)
		runs, _ := r.Shape(text, Query{Families: []string{"serif"}, Weight: 400}, 12, c.opts)
		checkRuns(t, text, runs)
		clusters := 0
		for _, run := range runs {
			for _, g := range run.Glyphs {
				if run.Text[g.Cluster] != c.base {
					t.Fatalf("%s: a cluster starts at byte %d (%q), not at a base letter", c.name, g.Cluster, run.Text[g.Cluster:g.Cluster+2])
				}
			}
			seen := map[int]bool{}
			for _, g := range run.Glyphs {
				seen[int(g.Cluster)] = true
			}
			clusters += len(seen)
		}
		if want := strings.Count(text, c.unit); clusters != want {
			t.Errorf("%s: %d clusters, want %d", c.name, clusters, want)
		}
	}
}

func TestChunkBounds(t *testing.T) {
	text := "ab\u0301\u0301cd" // a, b + two marks, c, d
	for _, c := range []struct {
		limit, want int
	}{
		{6, 6}, // at c: fine
		{5, 1}, // inside the marks: back to b
		{3, 1}, // at the first mark: back to b
		{2, 1}, // inside b? b is one byte; 2 is the first mark
		{1, 1},
	} {
		if got := ShapingCut(text, 0, c.limit); got != c.want {
			t.Errorf("ShapingCut(limit %d) = %d, want %d", c.limit, got, c.want)
		}
	}
	for _, c := range []struct {
		limit, want int
	}{
		{0, 0}, {2, 6}, {3, 6}, {1, 1}, {6, 6},
	} {
		if got := chunkStart(text, c.limit, len(text)); got != c.want {
			t.Errorf("chunkStart(limit %d) = %d, want %d", c.limit, got, c.want)
		}
	}
	marks := strings.Repeat("\u0301", 10)
	if got := ShapingCut(marks, 0, 5); got != 6 {
		t.Errorf("ShapingCut in a run of marks = %d, want the next character boundary 6", got)
	}
}
