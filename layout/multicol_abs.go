package layout

import (
	"math"

	"github.com/seed28491532/folio/layout/box"
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
	f := l.absolute(p, pad, ac)
	if isMonolithicBox(f) {
		return append(out, f)
	}
	x, y := f.X, f.Y
	for y >= cc.bottom-0.01 && col+1 < cc.n && h > 0 {
		// past this column's bottom: in a later column
		col++
		x += cc.g.x(col) - cc.g.x(col-1)
		y -= h
	}
	if y+f.H <= cc.bottom+0.01 || col+1 >= cc.n {
		return append(out, f.translated(x-f.X, y-f.Y))
	}
	cs := l.absStyle(p, pad)
	bottom := cc.bottom
	var tok *BreakToken
	saved := l.absSplit
	l.absSplit = p.b
	defer func() { l.absSplit = saved }()
	for col < cc.n {
		r := l.layAbs(p.b, cs, pad.W, ac, bottom-y, tok)
		if r.frag == nil {
			break
		}
		out = append(out, r.frag.translated(x-r.frag.X, y-r.frag.Y))
		if r.next == nil {
			break
		}
		tok = r.next
		col++
		x += cc.g.x(col) - cc.g.x(col-1)
		y = cc.top
		if col+1 >= cc.n {
			bottom = math.Inf(1) // no column after: the rest overflows
		}
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
