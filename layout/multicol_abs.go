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
	// parent is the column of the enclosing multicol container this
	// row of columns fills to its bottom (nil: none, or the row ends
	// above it): the row goes on in the parent's next column, where
	// content that does not fit the row (a fragmented absolutely
	// positioned box) continues (css-break-3 §2, nested fragmentation).
	parent *columnCtx
	// before is the column before the first of this row when the row
	// is a continuation made by next (nil: the row is the first).
	before *columnCtx
	// row is the laid-out row of columns c is in (nil for a row made
	// by next).
	row *colRow
}

// colRow is a row of columns of a multicol container as laid out
// (runColumns). The rows of one layout of the container are linked in
// flow order, past spanners and into the enclosing columns a nested
// container goes on in, so what is fragmented down the columns goes on
// from one row into the next.
type colRow struct {
	first columnCtx // its first column
	used  int       // the columns laid out
	// outer is the row of the enclosing container's columns this one
	// is laid out in (nil: none): rows link only within one.
	outer      *colRow
	prev, next *colRow
}

// newRow starts a row of columns of multicol b laid out from tok (nil:
// its start) inside column outer of an enclosing container (nil: none),
// linked after the last row of b laid out in the same enclosing row.
func (l *layouter) newRow(b *box.Box, outer *columnCtx, tok *BreakToken) *colRow {
	r := &colRow{}
	if outer != nil {
		r.outer = outer.row
	}
	if p := l.colRows[b]; p != nil && tok != nil && p.outer == r.outer {
		r.prev = p
		p.next = r
	}
	return r
}

// keepRow records row r as the last laid out of multicol b: the layout
// of its column set kept, its columns ending at bottom (the set's
// height, whatever height the layout was tried at).
func (l *layouter) keepRow(b *box.Box, r *colRow, bottom float64) {
	if r == nil {
		return
	}
	r.first.bottom = bottom
	if r.prev != nil {
		r.prev.next = r
	}
	if l.colRows == nil {
		l.colRows = map[*box.Box]*colRow{}
	}
	l.colRows[b] = r
}

// next returns the column after c: the next one in its row, else the
// first of the row laid out after it (past a spanner, or where a nested
// container goes on), else the first of a new row in the parent's next
// column; nil when there is none (the last column then takes what is
// left). It recurses through the parents, as deep as the multicol
// containers are nested.
func (c *columnCtx) next() *columnCtx {
	n := *c
	if r := c.row; r != nil && r.next != nil {
		// a row another follows has the columns laid out in it
		if c.i+1 < r.used {
			n.i++
			return &n
		}
		n = r.next.first
		return &n
	}
	if c.i+1 < c.n {
		n.i++
		return &n
	}
	if c.parent == nil {
		return nil
	}
	pn := c.parent.next()
	if pn == nil {
		return nil
	}
	n.g.x0 += pn.g.x(pn.i) - c.parent.g.x(c.parent.i)
	n.i, n.top, n.bottom, n.parent, n.before, n.row = 0, pn.top, pn.bottom, pn, c, nil
	return &n
}

// prev returns the column before c: the previous one in its row, else
// the last laid out of the row before it, else the last of the row a
// continuation row made by next follows; nil when there is none.
func (c *columnCtx) prev() *columnCtx {
	if c.i > 0 {
		return c.at(c.i - 1)
	}
	if c.row != nil && c.row.prev != nil {
		p := c.row.prev
		return p.first.at(max(p.used-1, 0))
	}
	return c.before
}

// at returns the column of c's row with index i.
func (c *columnCtx) at(i int) *columnCtx {
	n := *c
	n.i = i
	return &n
}

// x returns the left edge of column c.
func (c *columnCtx) x() float64 { return c.g.x(c.i) }

// absStart is where the padding box of a positioned box's first
// fragment starts in columns: its column (nil: not in columns) and top;
// defer_ says a later fragment in columns follows this one, so its
// absolutely positioned boxes wait for it.
type absStart struct {
	first *columnCtx
	// x and y are the padding box's left and top there.
	x, y   float64
	defer_ bool
	// frags holds the containing block's fragments in columns from the
	// first on, as far as laid out.
	frags []cbFrag
}

// cbFrag is a fragment of a containing block in columns: its column's
// left and top, which tell the column, and its padding box height.
type cbFrag struct{ x, top, h float64 }

// same reports whether fragment g is in the same column as k.
func (k cbFrag) same(g cbFrag) bool {
	return math.Abs(k.x-g.x) < 0.01 && math.Abs(k.top-g.top) < 0.01
}

// height returns the height of the containing block's fragments
// together: the stitched padding box's height.
func (s absStart) height() float64 {
	h := 0.0
	for _, f := range s.frags {
		h += f.h
	}
	return h
}

// absStart returns where containing block cb, whose fragment f with
// padding box pad is being finished, starts in columns: at its first
// fragment it records that fragment's column and top; a later fragment
// finds them and records its own height (first nil when unknown or not
// in columns, and for the initial containing block, all). The boxes
// wait while a later column, of this row or of a row the nested columns
// go on in, follows; at the last column (the page's end) they are
// placed in what is laid out.
func (l *layouter) absStart(cb *box.Box, all bool, pad Rect, f *Fragment) absStart {
	cc := l.column
	if cc == nil || cb == nil || all {
		return absStart{}
	}
	here := cbFrag{x: cc.x(), top: cc.top, h: pad.H}
	var s absStart
	if f.First {
		if l.absStarts == nil {
			l.absStarts = map[*box.Box]absStart{}
		}
		s = absStart{first: cc, x: pad.X, y: pad.Y, frags: []cbFrag{here}}
		l.absStarts[cb] = s
	} else if st, ok := l.absStarts[cb]; ok {
		// this column's fragment replaces any earlier layout of it
		// (and of the columns after it)
		k := 0
		for k < len(st.frags) && !st.frags[k].same(here) {
			k++
		}
		st.frags = append(st.frags[:k:k], here)
		l.absStarts[cb] = st
		s = st
	}
	s.defer_ = s.first != nil && !f.Last && cc.next() != nil
	return s
}

// appendAbsolute lays out the absolutely positioned box of p in the
// padding box pad of its containing block and appends its fragments to
// out. In columns the containing block is taken whole (css-break-3 §2,
// CSS Positioned Layout 3 §fragmentation): from the top of its first
// fragment (start), as tall as its fragments together, in the flow of
// the row of columns (each column adding its height). The box goes down
// the columns from where it lands, fragmented at each column's bottom,
// on into the columns a nested row continues in (columnCtx.next); the
// last column takes what is left.
func (l *layouter) appendAbsolute(out []*Fragment, p absPending, pad Rect, ac *absCtx, start absStart) []*Fragment {
	cc := l.column
	if cc == nil {
		return append(out, l.absolute(p, pad, ac))
	}
	if p.cb != nil && p.cb.Style.HasTransform() {
		l.transformedAbs = true // its parts may belong to other columns' fragments
	}
	h := cc.bottom - cc.top
	col := cc
	if first := locate(cc, start.first); first != nil && len(start.frags) > 1 && h > 0 {
		// in the flow coordinates of the first fragment's column
		// (its left is the first fragment's: an inline box's first
		// fragment may start further in, its last end further out)
		col = first
		right := pad.X + pad.W + col.x() - cc.x()
		pad.X = start.x
		pad.W = math.Max(right-pad.X, 0)
		pad.H = start.height()
		pad.Y = start.y
	}
	if p.colAt != nil {
		if dy, ok := flowBetween(col, p.colAt); ok {
			p.staticX += col.x() - p.colAt.x()
			p.staticY += dy
		}
	}
	cs := l.absStyle(p, pad)
	m := l.measureAbs(p.b, cs, pad.W)
	if isMonolithicBox(m) {
		return append(out, l.absolute(p, pad, ac))
	}
	x, y := absPosition(p, cs, pad, m)
	for k := 0; y >= col.bottom-0.01 && h > 0 && k < maxColumns; k++ {
		// past this column's bottom: in a later column
		nx := col.next()
		if nx == nil {
			break
		}
		x += nx.x() - col.x()
		y = nx.top + y - col.bottom
		col = nx
	}
	for k := 0; y < col.top-0.01 && h > 0 && k < maxColumns; k++ {
		// above this column's top: in an earlier column
		pv := col.prev()
		if pv == nil {
			break
		}
		x -= col.x() - pv.x()
		y = pv.bottom - (col.top - y)
		col = pv
	}
	return l.fragmentAbs(out, p.b, cs, pad.W, ac, absAt{x: x - m.X, y: y, col: col})
}

// absAt is where a box fragmented down columns starts: the left of its
// margin box, the top of its border box and its column.
type absAt struct {
	x, y float64
	col  *columnCtx
}

// measureAbs lays absolutely positioned box b out at the origin, whole
// and outside the columns, to find its size; what it queues is dropped.
func (l *layouter) measureAbs(b *box.Box, cs *style.Style, cbW float64) *Fragment {
	saved := l.column
	l.column = nil
	defer func() { l.column = saved }()
	return l.layAbs(b, cs, cbW, &absCtx{}, 0, 0, math.Inf(1), nil).frag
}

// fragmentAbs lays absolutely positioned box b out where it lands (at),
// breaking it at each column's bottom and going on at the top of the
// next (columnCtx.next; the last column takes what is left), and
// appends its fragments to out. Each fragment is laid out in place,
// with its column as the current one, so what it contains that is
// positioned is fragmented down the same columns.
func (l *layouter) fragmentAbs(out []*Fragment, b *box.Box, cs *style.Style, cbW float64, ac *absCtx, at absAt) []*Fragment {
	savedSplit, savedCol := l.absSplit, l.column
	l.absSplit = b
	defer func() { l.absSplit, l.column = savedSplit, savedCol }()
	var tok *BreakToken
	col, x, y := at.col, at.x, at.y
	for k := 0; col != nil && k < maxColumns; k++ {
		nx := col.next()
		bottom := col.bottom
		if nx == nil {
			bottom = math.Inf(1) // no column after: the rest overflows
		}
		l.column = col
		r := l.layAbs(b, cs, cbW, ac, x, y, bottom, tok)
		if r.frag == nil {
			break
		}
		out = append(out, r.frag)
		if r.next == nil || nx == nil || l.err != nil {
			break
		}
		tok = r.next
		x += nx.x() - col.x()
		y = nx.top
		col = nx
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

// rowParent returns the column of the enclosing multicol container a
// row of columns ending at bottom goes on from: outer, when the row
// reaches its bottom (the row is fragmented by it), else nil.
func rowParent(outer *columnCtx, bottom float64) *columnCtx {
	if outer == nil || bottom < outer.bottom-0.01 {
		return nil
	}
	return outer
}

// flowBetween returns how far column to is down the flow from column
// from (negative when it comes before: following next, else prev), and
// whether it is found.
func flowBetween(from, to *columnCtx) (float64, bool) {
	same := func(c *columnCtx) bool { return sameColumn(c, to) }
	dy := 0.0
	for c, k := from, 0; c != nil && k < maxColumns; c, k = c.next(), k+1 {
		if same(c) {
			return dy + from.top - to.top, true
		}
		dy += c.bottom - c.top
	}
	dy = 0
	for c, k := from.prev(), 0; c != nil && k < maxColumns; c, k = c.prev(), k+1 {
		dy -= c.bottom - c.top
		if same(c) {
			return dy + from.top - to.top, true
		}
	}
	return 0, false
}

// locate returns the column at the place of column c in the flow that
// leads to column cc (following prev from cc), or nil when there is
// none: c may come from another layout of its row, cc's is the one kept.
func locate(cc, c *columnCtx) *columnCtx {
	if c == nil {
		return nil
	}
	for x, k := cc, 0; x != nil && k < maxColumns; x, k = x.prev(), k+1 {
		if sameColumn(x, c) {
			return x
		}
	}
	return nil
}

// sameColumn reports whether columns a and b are at one place.
func sameColumn(a, b *columnCtx) bool {
	return math.Abs(a.x()-b.x()) < 0.01 && math.Abs(a.top-b.top) < 0.01
}
