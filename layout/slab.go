package layout

// slab hands out elements of T from blocks allocated ahead. The first
// block is small and each next one twice as large, up to a bound, so a
// one-page document does not allocate (and zero) the room a long one
// uses, while a long one soon takes its elements from large blocks.
type slab[T any] struct {
	free []T
	// next is the length of the next block (0: not grown yet).
	next int
}

// refill replaces what is left with a new block of at least n elements:
// the next in the sequence from first, doubling up to most.
func (s *slab[T]) refill(n, first, most int) {
	size := max(s.next, first)
	s.next = min(2*size, most)
	s.free = make([]T, max(size, n))
}

// one returns a zero element.
func (s *slab[T]) one(first, most int) *T {
	if len(s.free) == 0 {
		s.refill(1, first, most)
	}
	e := &s.free[0]
	s.free = s.free[1:]
	return e
}

// carve returns a zeroed slice of n elements (capacity n); a request
// larger than most gets its own allocation.
func (s *slab[T]) carve(n, first, most int) []T {
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
