// Package slab hands out zeroed values and short slices from blocks
// allocated ahead, for the many small objects of one conversion that live
// as long as it does (layout fragments and lines, structure nodes, rule
// index entries): a few allocations instead of one each. The first block
// is small and each next one twice as large, up to a bound, so a short
// document does not allocate (and zero) the room a long one uses, while
// a long one soon takes its elements from large blocks.
package slab

// Slab hands out elements of T. The zero value is ready to use; first
// and most, passed on every call, are the first block's length and the
// largest block's.
type Slab[T any] struct {
	free []T
	// next is the length of the next block (0: not grown yet).
	next int
}

// refill replaces what is left with a new block of at least n elements:
// the next in the sequence from first, doubling up to most.
func (s *Slab[T]) refill(n, first, most int) {
	size := max(s.next, first)
	s.next = min(2*size, most)
	s.free = make([]T, max(size, n))
}

// Drop forgets what is left of the current block: the block, and what
// the elements handed out from it point to, is then kept alive only by
// those elements, not by the slab. The next request starts a new block
// of the first block's length, doubling again: a slab dropped often
// (pagination drops its blocks after each page, so that a page let go is
// not kept by the block its last fragments came from) allocates about
// what it hands out rather than a largest block each time.
func (s *Slab[T]) Drop() { s.free, s.next = nil, 0 }

// One returns a pointer to a zero element.
func (s *Slab[T]) One(first, most int) *T {
	if len(s.free) == 0 {
		s.refill(1, first, most)
	}
	e := &s.free[0]
	s.free = s.free[1:]
	return e
}

// Carve returns a zeroed slice of n elements (capacity n); a request
// larger than most/8 gets its own allocation.
func (s *Slab[T]) Carve(n, first, most int) []T {
	if n > most/8 {
		return make([]T, n)
	}
	if len(s.free) < n {
		s.refill(n, first, most)
	}
	e := s.free[:n:n]
	s.free = s.free[n:]
	return e
}
