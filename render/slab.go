package render

// slab hands out pointers to zero values of T allocated in blocks, so
// many small objects that live as long as the render cost a few
// allocations. The zero value is ready to use.
type slab[T any] struct {
	free []T
	size int
}

// maxSlab bounds the block size (blocks double from 16 up to it).
const maxSlab = 1024

// next returns a pointer to a fresh zero T.
func (s *slab[T]) next() *T {
	if len(s.free) == 0 {
		s.size = min(max(2*s.size, 16), maxSlab)
		s.free = make([]T, s.size)
	}
	p := &s.free[0]
	s.free = s.free[1:]
	return p
}
