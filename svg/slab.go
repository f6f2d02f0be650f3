package svg

// slabSize is how many paints or strokes one allocation holds.
const slabSize = 64

// segSlab is how many path segments one allocation holds.
const segSlab = 512

// slabs hand out the paints, strokes and basic shapes' paths of a render
// from chunks of slabSize (segSlab segments), one allocation for many
// shapes instead of one each: a chart of thousands of shapes paints most
// of them. A chunk is never grown (a full one is replaced), so the
// pointers stay valid; each path is distinct, as a fresh allocation
// would be, and a path's segments are capped at the room asked for, so
// appending to them reallocates rather than overwriting the next path.
// Paints and strokes are never written once made, so an equal one of
// the last few handed out is shared (the bars of a chart's series, its
// grid lines): see recent.
type slabs struct {
	paints  []Paint
	strokes []Stroke
	paths   []Path
	segs    []Segment
	// recentPaints and recentStrokes are the last ones handed out,
	// most recent at next-1 (a ring).
	recentPaints  recent[Paint]
	recentStrokes recent[Stroke]
}

// recentSize is how many paints (strokes) a render remembers for
// sharing: enough for the series a chart interleaves.
const recentSize = 4

// recent is a ring of the last values handed out.
type recent[T any] struct {
	v    [recentSize]*T
	next int
}

// find returns a remembered value equal to v by eq, or nil.
func (rc *recent[T]) find(v *T, eq func(a, b *T) bool) *T {
	for _, p := range rc.v {
		if p != nil && eq(p, v) {
			return p
		}
	}
	return nil
}

func (rc *recent[T]) add(p *T) {
	rc.v[rc.next] = p
	rc.next = (rc.next + 1) % recentSize
}

// sameStroke reports whether a and b stroke alike: the same dash
// pattern (slice) too.
func sameStroke(a, b *Stroke) bool {
	return a.Paint == b.Paint && a.Width == b.Width && a.DashOffset == b.DashOffset && a.Cap == b.Cap &&
		a.Join == b.Join && a.MiterLimit == b.MiterLimit && len(a.Dash) == len(b.Dash) &&
		(len(a.Dash) == 0 || &a.Dash[0] == &b.Dash[0])
}

func samePaint(a, b *Paint) bool { return *a == *b }

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

// newPaint returns a pointer to a copy of p (or to an equal one of the
// last few).
func (s *slabs) newPaint(p Paint) *Paint {
	if q := s.recentPaints.find(&p, samePaint); q != nil {
		return q
	}
	if len(s.paints) == cap(s.paints) {
		s.paints = make([]Paint, 0, slabSize)
	}
	s.paints = append(s.paints, p)
	q := &s.paints[len(s.paints)-1]
	s.recentPaints.add(q)
	return q
}

// newStroke returns a pointer to a copy of st (or to an equal one of
// the last few).
func (s *slabs) newStroke(st Stroke) *Stroke {
	if q := s.recentStrokes.find(&st, sameStroke); q != nil {
		return q
	}
	if len(s.strokes) == cap(s.strokes) {
		s.strokes = make([]Stroke, 0, slabSize)
	}
	s.strokes = append(s.strokes, st)
	q := &s.strokes[len(s.strokes)-1]
	s.recentStrokes.add(q)
	return q
}
