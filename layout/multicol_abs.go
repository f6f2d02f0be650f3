package layout

import (
	"math"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// columnCtx is the column being laid out: absolutely positioned boxes
// whose containing block is in it are fragmented at its bottom and
// continue at the top of the next columns (css-break-3 §2: they take
// part in the fragmentation of their containing block's fragmentainer).
type columnCtx struct {
	g colGeom
	// i is the column's index in its row, n the row's columns.
	i, n int
	// top and bottom are the column's block extent.
	top, bottom float64
}

// absStart is where the padding box of a positioned box's first
// fragment starts in a row of columns: its column (-1: not in columns)
// and top; defer_ says a later fragment in the row follows this one.
type absStart struct {
	col    int
	y      float64
	defer_ bool
}

// absStart returns where containing block cb, whose fragment f with
// padding box pad is being finished, starts in the current row of
// columns: at its first fragment it records that fragment's column and
// top; a later fragment finds them (col -1 when unknown or not in
// columns, and for the initial containing block, all).
func (l *layouter) absStart(cb *box.Box, all bool, pad Rect, f *Fragment) absStart {
	cc := l.column
	if cc == nil || cb == nil || all {
		return absStart{col: -1}
	}
	s := absStart{col: -1}
	if f.First {
		if l.absStarts == nil {
			l.absStarts = map[*box.Box]absStart{}
		}
		s = absStart{col: cc.i, y: pad.Y}
		l.absStarts[cb] = s
	} else if st, ok := l.absStarts[cb]; ok && st.col <= cc.i {
		s = st
	}
	s.defer_ = s.col >= 0 && !f.Last && cc.i+1 < cc.n
	return s
}

// appendAbsolute lays out the absolutely positioned box of p in the
// padding box pad of its containing block and appends its fragments to
// out. In columns the containing block is taken whole, from the top of
// its first fragment (start) to the bottom of pad, its last, in the flow
// of the row of columns (each column adding its height); the box goes
// down the row from where it lands, fragmented at each column's bottom
// (the last column of the row takes what is left).
func (l *layouter) appendAbsolute(out []*Fragment, p absPending, pad Rect, ac *absCtx, start absStart) []*Fragment {
	cc := l.column
	if cc == nil {
		return append(out, l.absolute(p, pad, ac))
	}
	h := cc.bottom - cc.top
	col := cc.i
	if start.col >= 0 && start.col < cc.i && h > 0 {
		// in the flow coordinates of the first fragment's column
		pad.X += cc.g.x(start.col) - cc.g.x(cc.i)
		pad.H = float64(cc.i-start.col)*h + pad.Y + pad.H - start.y
		pad.Y = start.y
		col = start.col
	}
	if p.col != col {
		p.staticX += cc.g.x(col) - cc.g.x(p.col)
		p.staticY += float64(p.col-col) * h
	}
	cs := l.absStyle(p, pad)
	m := l.measureAbs(p.b, cs, pad.W)
	if isMonolithicBox(m) {
		return append(out, l.absolute(p, pad, ac))
	}
	x, y := absPosition(p, cs, pad, m)
	for y >= cc.bottom-0.01 && col+1 < cc.n && h > 0 {
		// past this column's bottom: in a later column
		col++
		x += cc.g.x(col) - cc.g.x(col-1)
		y -= h
	}
	for y < cc.top-0.01 && col > 0 && h > 0 {
		// above this column's top: in an earlier column
		col--
		x -= cc.g.x(col+1) - cc.g.x(col)
		y += h
	}
	return l.fragmentAbs(out, p.b, cs, pad.W, ac, absAt{x: x - m.X, y: y, col: col})
}

// absAt is where a box fragmented down a row of columns starts: the
// left of its margin box, the top of its border box and its column.
type absAt struct {
	x, y float64
	col  int
}

// measureAbs lays absolutely positioned box b out at the origin, whole
// and outside the columns, to find its size; what it queues is dropped.
func (l *layouter) measureAbs(b *box.Box, cs *style.Style, cbW float64) *Fragment {
	saved := l.column
	l.column = nil
	defer func() { l.column = saved }()
	return l.layAbs(b, cs, cbW, &absCtx{}, 0, 0, math.Inf(1), nil).frag
}

// fragmentAbs lays absolutely positioned box b out where it lands (at)
// in the current row of columns, breaking it at each column's bottom and
// going on at the top of the next (the last column takes what is left),
// and appends its fragments to out. Each fragment is laid out in place,
// with its column as the current one, so what it contains that is
// positioned is fragmented down the same columns.
func (l *layouter) fragmentAbs(out []*Fragment, b *box.Box, cs *style.Style, cbW float64, ac *absCtx, at absAt) []*Fragment {
	cc := l.column
	savedSplit, savedCol := l.absSplit, l.column
	l.absSplit = b
	defer func() { l.absSplit, l.column = savedSplit, savedCol }()
	var tok *BreakToken
	for col, x, y := at.col, at.x, at.y; col < cc.n; col++ {
		bottom := cc.bottom
		if col+1 >= cc.n {
			bottom = math.Inf(1) // no column after: the rest overflows
		}
		l.column = &columnCtx{g: cc.g, i: col, n: cc.n, top: cc.top, bottom: cc.bottom}
		r := l.layAbs(b, cs, cbW, ac, x, y, bottom, tok)
		if r.frag == nil {
			break
		}
		out = append(out, r.frag)
		if r.next == nil || l.err != nil {
			break
		}
		tok = r.next
		if col+1 < cc.n {
			x += cc.g.x(col+1) - cc.g.x(col)
		}
		y = cc.top
	}
	return out
}

// isMonolithicBox reports whether the laid-out fragment f is of a box
// that is not fragmented (a replaced element, or one clipping its
// overflow to a definite height).
func isMonolithicBox(f *Fragment) bool {
	_, ok := monolithicHeight(f.Box, f, true)
	return ok || f.Box.Kind == box.KindReplaced
}
