package pdfua

import "iter"

// elemTable holds a document's structure elements by index (creation
// order), in chunks of elemChunk pointers. A streaming document (see
// StructElem.Seal) clears the elements it wrote; a chunk left with at
// most elemSpill moves them to a map and is let go, so the table of a
// long document holds what is still in memory, not a pointer for every
// element ever made, nor a chunk for the few kept until Write.
type elemTable struct {
	chunks [][]*StructElem // nil once let go
	live   []int32         // elements set in each chunk (or spilled from it)
	spill  map[int32]*StructElem
	n      int
}

const (
	// elemChunk is the number of elements of a chunk.
	elemChunk = 256
	// elemSpill is the number of elements from which a chunk stays.
	elemSpill = 8
)

// len returns the number of elements added.
func (t *elemTable) len() int { return t.n }

// add appends e and returns its index.
func (t *elemTable) add(e *StructElem) int32 {
	c := t.n / elemChunk
	if c == len(t.chunks) {
		t.chunks = append(t.chunks, make([]*StructElem, elemChunk))
		t.live = append(t.live, 0)
	}
	t.chunks[c][t.n%elemChunk] = e
	t.live[c]++
	t.n++
	return int32(t.n - 1)
}

// at returns element i, nil once cleared.
func (t *elemTable) at(i int) *StructElem {
	ch := t.chunks[i/elemChunk]
	if ch == nil {
		return t.spill[int32(i)] // nil when cleared, or no map
	}
	return ch[i%elemChunk]
}

// clear removes element i; its chunk goes with its last element, unless
// elements are still added to it.
func (t *elemTable) clear(i int) {
	c := i / elemChunk
	ch := t.chunks[c]
	if ch == nil {
		if _, ok := t.spill[int32(i)]; ok {
			delete(t.spill, int32(i))
			t.live[c]--
		}
		return
	}
	if ch[i%elemChunk] == nil {
		return
	}
	ch[i%elemChunk] = nil
	if t.live[c]--; t.live[c] <= elemSpill && (c+1)*elemChunk <= t.n {
		for j, e := range ch {
			if e != nil {
				if t.spill == nil {
					t.spill = map[int32]*StructElem{}
				}
				t.spill[int32(c*elemChunk+j)] = e
			}
		}
		t.chunks[c] = nil
	}
}

// all yields the elements in memory with their indexes, in order.
func (t *elemTable) all() iter.Seq2[int, *StructElem] {
	return func(yield func(int, *StructElem) bool) {
		for c, ch := range t.chunks {
			if ch == nil {
				for j := 0; j < elemChunk && t.live[c] > 0; j++ {
					if e := t.spill[int32(c*elemChunk+j)]; e != nil && !yield(c*elemChunk+j, e) {
						return
					}
				}
				continue
			}
			for j, e := range ch {
				if e != nil && !yield(c*elemChunk+j, e) {
					return
				}
			}
		}
	}
}
