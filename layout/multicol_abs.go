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
// and top.
type absStart struct {
	col int
	y   float64
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
	if f.First {
		if l.absStarts == nil {
			l.absStarts = map[*box.Box]absStart{}
		}
		s := absStart{col: cc.i, y: pad.Y}
		l.absStarts[cb] = s
		return s
	}
	if s, ok := l.absStarts[cb]; ok && s.col <= cc.i {
		return s
	}
	return absStart{col: -1}
}

// appendAbsolute lays out the absolutely positioned box of p in the
// padding box pad of its containing block and appends its fragments to
// out. In columns an inset top counts from the containing block's first
// fragment (start), in the column it began in: the box goes down the
// row of columns from there, fragmented at each column's bottom (the
// last column of the row takes what is left).
func (l *layouter) appendAbsolute(out []*Fragment, p absPending, pad Rect, ac *absCtx, start absStart) []*Fragment {
	cc := l.column
	col := -1
	if cc != nil {
		col = cc.i
		if start.col >= 0 && start.col < cc.i && !p.b.Style.Inset[style.Top].IsAuto() {
			// placed from the first fragment's top, in its column
			dx := cc.g.x(start.col) - cc.g.x(cc.i)
			pad.X += dx
			p.staticX += dx
			pad.Y = start.y
			col = start.col
		}
	}
	f := l.absolute(p, pad, ac)
	if cc == nil || isMonolithicBox(f) {
		return append(out, f)
	}
	x, y := f.X, f.Y
	h := cc.bottom - cc.top
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
