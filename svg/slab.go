package svg

// slabSize is how many paints or strokes one allocation holds.
const slabSize = 64

// slabs hand out the paints and strokes of a render from chunks of
// slabSize, one allocation for many shapes instead of one each: a chart
// of thousands of shapes paints most of them. A chunk is never grown
// (a full one is replaced), so the pointers stay valid; each value is
// distinct, as a fresh allocation would be.
type slabs struct {
	paints  []Paint
	strokes []Stroke
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
