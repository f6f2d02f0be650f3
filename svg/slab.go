package svg

// slabSize is how many paints or strokes one allocation holds.
const slabSize = 64

// segSlab is how many path segments one allocation holds.
const segSlab = 512

// slabs hand out the paints, strokes and basic shapes' paths of a render
// from chunks of slabSize (segSlab segments), one allocation for many
// shapes instead of one each: a chart of thousands of shapes paints most
// of them. A chunk is never grown (a full one is replaced), so the
// pointers stay valid; each value is distinct, as a fresh allocation
// would be, and a path's segments are capped at the room asked for, so
// appending to them reallocates rather than overwriting the next path.
type slabs struct {
	paints  []Paint
	strokes []Stroke
	paths   []Path
	segs    []Segment
}

// newPath returns an empty path with room for n segments.
func (s *slabs) newPath(n int) *Path {
	if len(s.paths) == cap(s.paths) {
		s.paths = make([]Path, 0, slabSize)
	}
	if cap(s.segs)-len(s.segs) < n {
		s.segs = make([]Segment, 0, max(n, segSlab))
	}
	at := len(s.segs)
	s.segs = s.segs[:at+n]
	s.paths = append(s.paths, Path{Segs: s.segs[at : at : at+n]})
	return &s.paths[len(s.paths)-1]
}

// newPaint returns a pointer to a copy of p.
func (s *slabs) newPaint(p Paint) *Paint {
	if len(s.paints) == cap(s.paints) {
		s.paints = make([]Paint, 0, slabSize)
	}
	s.paints = append(s.paints, p)
	return &s.paints[len(s.paints)-1]
}

// newStroke returns a pointer to a copy of st.
func (s *slabs) newStroke(st Stroke) *Stroke {
	if len(s.strokes) == cap(s.strokes) {
		s.strokes = make([]Stroke, 0, slabSize)
	}
	s.strokes = append(s.strokes, st)
	return &s.strokes[len(s.strokes)-1]
}
