package render

import (
	"runtime"
	"testing"
	"unsafe"
)

// TestTreeHeapPerPage bounds what a long document holds before its
// first page is laid out: the DOM, the computed styles and the box tree,
// built whole (issue 24). It measures the live heap each holds per page
// of longDoc, between a document of 100 pages and one of 400, so fixed
// costs cancel out. About 13.6 KB a page is measured; before the box was
// made smaller (box.Rare, shared decorations) it was 20.7 KB, which the
// bound fails.
func TestTreeHeapPerPage(t *testing.T) {
	if testing.Short() {
		t.Skip("builds 500 pages")
	}
	const small, large = 100, 400
	held := func(n int) uint64 {
		src := longDoc(n)
		liveHeap() // twice: the first GC leaves pools' victims
		base := liveHeap()
		tree, st := buildTree(t, src)
		h := liveHeap()
		runtime.KeepAlive(tree)
		runtime.KeepAlive(st)
		if h < base {
			return 0
		}
		return h - base
	}
	a, b := held(small), held(large)
	perPage := (float64(b) - float64(a)) / float64(large-small) / 1024
	t.Logf("DOM, styles and boxes: %.1f MB for %d pages, %.1f MB for %d: %.1f KB a page", float64(a)/1e6, small, float64(b)/1e6, large, perPage)
	if perPage > 17 {
		t.Errorf("the DOM, styles and box tree hold %.1f KB a page, more than 17 KB", perPage)
	}
}

// TestSnodeSize keeps a structure node at 64 bytes: a long document has
// about a hundred a page, kept until its part ends; what few nodes have
// goes in snodeMore.
func TestSnodeSize(t *testing.T) {
	if got := unsafe.Sizeof(snode{}); got > 64 {
		t.Errorf("snode takes %d bytes, more than 64: put what few nodes have in snodeMore", got)
	}
}
