package fonts

import (
	"fmt"
	"testing"
)

// TestDropShapeCache: dropping the cache leaves no word reachable, and
// shaping afterwards gives the same runs as before (stored afresh).
func TestDropShapeCache(t *testing.T) {
	r := NewRegistry(Options{})
	q := Query{Families: []string{"serif"}}
	text := "Invoice 2026-0042 for Page 7"
	runs, _ := r.Shape(text, q, 10, ShapeOptions{})
	before := fmt.Sprint(runs)
	if r.cache.words.Load() == 0 || r.cache.styles.Load() == nil {
		t.Fatal("shaping stored no word: nothing to drop")
	}
	r.DropShapeCache()
	if n := r.cache.words.Load(); n != 0 || r.cache.styles.Load() != nil {
		t.Errorf("after DropShapeCache: %d words counted, tables %v", n, r.cache.styles.Load() != nil)
	}
	runs, _ = r.Shape(text, q, 10, ShapeOptions{})
	if after := fmt.Sprint(runs); after != before {
		t.Errorf("shaped after the drop:\n%s\nbefore:\n%s", after, before)
	}
	if r.cache.words.Load() == 0 {
		t.Error("shaping after the drop stored no word")
	}
}
