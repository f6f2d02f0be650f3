package pdfobj

import (
	"container/heap"
	"sort"
)

// RangeIndex answers "which range contains this code" for a list of
// possibly overlapping code ranges, such as the bfrange or cidrange
// entries of a CMap, in O(log n) per query. Where ranges overlap, the one
// defined first wins, as in a linear scan of the list. It is built once in
// O(n log n) and is safe for concurrent queries. The zero value contains
// nothing.
type RangeIndex struct {
	segs []rangeSeg // disjoint, sorted by lo
}

// rangeSeg is a run of codes all won by range idx.
type rangeSeg struct {
	lo, hi uint32
	idx    int
}

// NewRangeIndex indexes n ranges; bounds returns the inclusive bounds of
// range i. Ranges with hi < lo contain nothing.
func NewRangeIndex(n int, bounds func(i int) (lo, hi uint32)) RangeIndex {
	type span struct {
		lo, hi uint32
		idx    int
	}
	spans := make([]span, 0, n)
	points := make([]uint64, 0, 2*n)
	for i := 0; i < n; i++ {
		lo, hi := bounds(i)
		if hi < lo {
			continue
		}
		spans = append(spans, span{lo, hi, i})
		points = append(points, uint64(lo), uint64(hi)+1)
	}
	sort.Slice(spans, func(a, b int) bool { return spans[a].lo < spans[b].lo })
	sort.Slice(points, func(a, b int) bool { return points[a] < points[b] })
	points = compactSorted(points)

	// Sweep the elementary intervals between consecutive points; the set
	// of ranges covering one of them is constant, and its winner is the
	// smallest definition index among them (ended ranges leave the heap
	// lazily, when they reach its top).
	var x RangeIndex
	active := &spanHeap{}
	j := 0
	for k := 0; k+1 < len(points); k++ {
		p := points[k]
		for j < len(spans) && uint64(spans[j].lo) == p {
			heap.Push(active, spanEntry{idx: spans[j].idx, hi: spans[j].hi})
			j++
		}
		for active.Len() > 0 && uint64((*active)[0].hi) < p {
			heap.Pop(active)
		}
		if active.Len() == 0 {
			continue
		}
		win := (*active)[0].idx
		lo, hi := uint32(p), uint32(points[k+1]-1)
		if m := len(x.segs); m > 0 && x.segs[m-1].idx == win && uint64(x.segs[m-1].hi)+1 == p {
			x.segs[m-1].hi = hi
			continue
		}
		x.segs = append(x.segs, rangeSeg{lo: lo, hi: hi, idx: win})
	}
	return x
}

// Find returns the index of the first-defined range containing code.
func (x RangeIndex) Find(code uint32) (int, bool) {
	i := sort.Search(len(x.segs), func(i int) bool { return x.segs[i].hi >= code })
	if i < len(x.segs) && x.segs[i].lo <= code {
		return x.segs[i].idx, true
	}
	return 0, false
}

// Len returns the number of disjoint segments the index holds (at most
// twice the number of ranges).
func (x RangeIndex) Len() int { return len(x.segs) }

// compactSorted removes adjacent duplicates from a sorted slice.
func compactSorted(p []uint64) []uint64 {
	out := p[:0]
	for i, v := range p {
		if i == 0 || v != p[i-1] {
			out = append(out, v)
		}
	}
	return out
}

type spanEntry struct {
	idx int
	hi  uint32
}

// spanHeap is a min-heap of ranges by definition index.
type spanHeap []spanEntry

func (h spanHeap) Len() int           { return len(h) }
func (h spanHeap) Less(i, j int) bool { return h[i].idx < h[j].idx }
func (h spanHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *spanHeap) Push(v any)        { *h = append(*h, v.(spanEntry)) }
func (h *spanHeap) Pop() any {
	old := *h
	v := old[len(old)-1]
	*h = old[:len(old)-1]
	return v
}
