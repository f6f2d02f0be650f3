package layout

import (
	"math"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// table lays out table b (CSS 2.1 §17) from token tok on: captions, the
// rows of the grid page by page, the header group repeated at the top and
// the footer group at the bottom of every page the table spans (as
// Repeated fragments, painted as pagination artifacts).
//
// The table's token says which grid row comes next (Child) and how many
// times that row was split already (Line); the cells of a split row keep
// their own tokens in the layouter's table cache.
func (l *layouter) table(b *box.Box, x, y, cbW float64, c fctx, tok *BreakToken) blockResult {
	ts := l.tableState(b)
	l.widths(ts, cbW)
	g := ts.g
	first := tok == nil
	tp := &tablePage{l: l, ts: ts, f: &Fragment{Box: b, X: x + ts.ml, Y: y, W: ts.width, First: first}}
	if !ts.minRowSet {
		ts.minRowSet = true
		ts.minRowH = tp.distributeHeight()
	}
	f := tp.f
	f.Border, f.Padding = ts.border, ts.padding
	collapse := collapsedModel(ts)
	if !first && !collapse {
		f.Border[style.Top], f.Padding[style.Top] = 0, 0
	}
	cy := y
	if first {
		cy = tp.captions(style.CaptionTop, cy)
	}
	tableTop := cy
	cy += f.Border[style.Top] + f.Padding[style.Top]
	vsp := ts.spacing[1]
	bodyEnd := len(g.rows)
	if g.foot >= 0 {
		bodyEnd = g.groups[g.foot].start
	}
	bodyStart := 0
	if g.head >= 0 {
		bodyStart = g.groups[g.head].end
	}
	start := 0
	part := 0
	var resume []*BreakToken
	if tok != nil {
		start, part = tok.Child, tok.Line
		resume = l.tables.resume[tok]
	}
	// the header and footer groups repeat when they leave room for rows
	headH, footH := 0.0, 0.0
	if g.head >= 0 {
		headH = tp.measureRows(g.groups[g.head].start, g.groups[g.head].end)
	}
	if g.foot >= 0 {
		footH = tp.measureRows(g.groups[g.foot].start, g.groups[g.foot].end)
	}
	room := c.bottom - cy
	repeat := headH+footH+2*vsp <= room/2
	tailEdges := f.Border[style.Bottom] + f.Padding[style.Bottom] + vsp + tp.captionsHeight(style.CaptionBottom)
	cy += vsp
	if !first && repeat && g.head >= 0 && start >= bodyStart {
		cy = tp.placeRows(g.groups[g.head].start, g.groups[g.head].end, cy, true) + vsp
	}
	// a footer that does not repeat on this page (or whose rows already
	// started on an earlier one) is laid out in the flow of rows, so it
	// breaks like a body group
	footInFlow := g.foot >= 0 && (!repeat || start >= bodyEnd)
	loopEnd := bodyEnd
	footReserve := 0.0
	if footInFlow {
		loopEnd = len(g.rows)
	} else if g.foot >= 0 {
		footReserve = footH + vsp
	}
	// limitFor is the bottom the rows up to end must stay above: the
	// last rows leave room for the table's bottom edges and captions
	limitFor := func(end int) float64 {
		if end < loopEnd {
			return c.bottom - footReserve
		}
		return c.bottom - tailEdges - footReserve
	}
	// placedBody counts the body (and in-flow footer) rows placed on this
	// page, placedHead the header rows placed in the flow (first page)
	placedBody, placedHead := 0, 0
	var next *BreakToken
	for ri := start; ri < loopEnd; {
		if l.check() != nil {
			break
		}
		// (not when the table is not fragmented, e.g. inside an
		// inline-block: there is no page to go on to)
		if side, ok := tp.forcedBreakBefore(ri); ok && ri > start && !math.IsInf(c.bottom, 1) {
			next = &BreakToken{Box: b, Child: ri, Forced: true, Side: side}
			break
		}
		inHeader := g.head >= 0 && ri < bodyStart
		// the first rows of a page are placed whatever their size; a
		// header placed above them leaves a break point after it
		force := placedBody == 0 && (inHeader || placedHead == 0) && (c.atTop || !first)
		if !force && tp.avoidGroupMoves(ri, cy, limitFor) {
			if placedBody == 0 && first && !c.atTop {
				// the table moves whole rather than break inside the group
				return blockResult{empty: true}
			}
			next = &BreakToken{Box: b, Child: ri}
			break
		}
		re := tp.unitEnd(ri, loopEnd)
		limit := limitFor(re)
		bot := limit
		if re-ri > 1 {
			bot = math.Inf(1) // rows tied by a row span are laid out whole
		}
		if re-ri > maxUnitRows {
			// too many rows tied together to try them whole: cut them
			// at the top of a page
			if !force {
				next = &BreakToken{Box: b, Child: ri}
				break
			}
			k := tp.fitRows(ri, re, cy, limit)
			l.diag("layout", "table rows joined by a row span do not fit on one page; the span is cut at the page break")
			u := tp.layoutUnit(ri, k, cy, math.Inf(1), nil, true)
			tp.commit(u, cy)
			cy += u.h + vsp
			placedBody++
			ri = k
			continue
		}
		u := tp.layoutUnit(ri, re, cy, bot, resume, force)
		if u.next == nil && (cy+u.h <= limit+0.01 || inHeader && !repeat) {
			tp.commit(u, cy)
			cy += u.h + vsp
			resume = nil
			if inHeader {
				placedHead++
			} else {
				placedBody++
			}
			ri = re
			continue
		}
		if !force && re-ri == 1 && u.next != nil && u.progress && !avoidBreak(g.rows[ri].box.Style.BreakInside) && !inHeader {
			// a splittable row starts on this page
			tp.commit(u, cy)
			cy += u.h + vsp
			next = &BreakToken{Box: b, Child: ri, Line: part + 1}
			l.tables.resume[next] = u.next
			break
		}
		if !force {
			if placedBody == 0 && first && !c.atTop {
				// caption and header never stay behind without rows
				return blockResult{empty: true}
			}
			next = &BreakToken{Box: b, Child: ri}
			break
		}
		if re-ri > 1 {
			k := tp.fitRows(ri, re, cy, limit)
			l.diag("layout", "table rows joined by a row span do not fit on one page; the span is cut at the page break")
			u = tp.layoutUnit(ri, k, cy, math.Inf(1), nil, true)
			tp.commit(u, cy)
			cy += u.h + vsp
			placedBody++
			ri = k
			continue
		}
		// at the top of the page: place it, split inside its cells when
		// it is taller than the page
		tp.commit(u, cy)
		cy += u.h + vsp
		placedBody++
		if u.next == nil {
			resume = nil
			ri = re
			continue
		}
		next = &BreakToken{Box: b, Child: ri, Line: part + 1}
		l.tables.resume[next] = u.next
		break
	}
	if g.foot >= 0 && !footInFlow {
		fs, fe := g.groups[g.foot].start, g.groups[g.foot].end
		cy = tp.placeRows(fs, fe, cy, next != nil) + vsp
	}
	if next != nil && !collapse {
		f.Border[style.Bottom], f.Padding[style.Bottom] = 0, 0
	}
	tableBottom := cy + f.Border[style.Bottom] + f.Padding[style.Bottom]
	if first && next == nil {
		// a table without rows to take its height is that tall all
		// the same
		tableBottom = math.Max(tableBottom, tableTop+ts.specifiedHeight(l.pctBase()))
	}
	tp.paint(tableTop, tableBottom, first, next == nil)
	cy = tableBottom
	if next == nil {
		cy = tp.captions(style.CaptionBottom, cy)
		f.Last = true
	}
	f.H = cy - y
	f.Children = tp.kids
	if next != nil {
		return blockResult{frag: f, next: next}
	}
	return blockResult{frag: f, mbOut: strut{}.add(b.Style.Resolve(b.Style.Margin[style.Bottom], cbW, 0))}
}

// tablePage is the layout of a table on one page.
type tablePage struct {
	l      *layouter
	ts     *tableState
	f      *Fragment
	kids   []*Fragment
	placed []placedRow
	// group is the fragment of the row group rows are added to.
	group    *Fragment
	groupIdx int
}

// captions places the captions on side and returns the y below them.
func (tp *tablePage) captions(side style.CaptionSide, y float64) float64 {
	for _, cp := range tp.ts.g.captions {
		if cp.Style.CaptionSide != side {
			continue
		}
		// a caption's top margin stands between it and the box above
		y += cp.Style.Resolve(cp.Style.Margin[style.Top], tp.ts.width, 0)
		r := tp.l.block(cp, tp.f.X, y, tp.ts.width, fctx{bottom: math.Inf(1), atTop: true}, nil)
		tp.kids = append(tp.kids, r.frag)
		y = r.frag.Y + r.frag.H + r.mbOut.value()
	}
	return y
}

func (tp *tablePage) captionsHeight(side style.CaptionSide) float64 {
	h := 0.0
	for _, cp := range tp.ts.g.captions {
		if cp.Style.CaptionSide != side {
			continue
		}
		r := tp.l.block(cp, 0, 0, tp.ts.width, fctx{bottom: math.Inf(1), atTop: true}, nil)
		h += cp.Style.Resolve(cp.Style.Margin[style.Top], tp.ts.width, 0) + r.frag.H + r.mbOut.value()
	}
	return h
}

// unitEnd returns the end of the rows [ri, end) that row spans starting
// in row ri tie together.
func (tp *tablePage) unitEnd(ri, limit int) int {
	e := ri + 1
	for r := ri; r < e && r < limit; r++ {
		for _, c := range tp.ts.g.rows[r].cells {
			e = max(e, c.row+c.rowspan)
		}
	}
	return min(max(e, ri+1), max(limit, ri+1))
}

// maxUnitRows is the most rows tied by row spans that layout tries to
// place whole.
const maxUnitRows = 64

// fitRows returns the end k of the most rows [ri, k) of the unit
// [ri, re) that fit above limit (at least one row), the row spans cut at
// k.
func (tp *tablePage) fitRows(ri, re int, y, limit float64) int {
	fits := func(k int) bool {
		return y+tp.layoutUnit(ri, k, y, math.Inf(1), nil, true).h <= limit+0.01
	}
	lo, hi := ri+1, ri+2
	for hi <= re && fits(hi) {
		lo = hi
		hi = ri + 2*(hi-ri)
	}
	hi = min(hi, re+1)
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if fits(mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
}

// measureRows returns the height of rows [rs, re) laid out whole.
func (tp *tablePage) measureRows(rs, re int) float64 {
	if rs >= re {
		return 0
	}
	h := 0.0
	for ri := rs; ri < re; {
		e := tp.unitEnd(ri, re)
		u := tp.layoutUnit(ri, e, 0, math.Inf(1), nil, true)
		h += u.h + tp.ts.spacing[1]
		ri = e
	}
	return h - tp.ts.spacing[1]
}

// placeRows lays out and places rows [rs, re) at y; repeated marks a
// repeated header or footer copy. It returns the bottom of the last row.
func (tp *tablePage) placeRows(rs, re int, y float64, repeated bool) float64 {
	for ri := rs; ri < re; {
		e := tp.unitEnd(ri, re)
		u := tp.layoutUnit(ri, e, y, math.Inf(1), nil, true)
		u.repeated = repeated
		tp.commit(u, y)
		y += u.h + tp.ts.spacing[1]
		ri = e
	}
	return y - tp.ts.spacing[1]
}

// rowUnit is a laid-out run of rows tied by row spans.
type rowUnit struct {
	rows     []*Fragment
	heights  []float64
	first    int
	h        float64
	next     []*BreakToken
	repeated bool
	// progress says some cell placed content (a split row is not empty).
	progress bool
}

// laidCell is a cell laid out at the origin of its row.
type laidCell struct {
	c       *tcell
	f       *Fragment
	next    *BreakToken
	base    float64
	hasBase bool
	empty   bool // nothing of the cell fitted
}

// layoutUnit lays out rows [rs, re) with their tops at y. With a finite
// bottom (one row only) the cells split at it; resume holds the tokens of
// a row continued from the previous page.
func (tp *tablePage) layoutUnit(rs, re int, y, bottom float64, resume []*BreakToken, atTop bool) *rowUnit {
	ts := tp.ts
	g := ts.g
	split := !math.IsInf(bottom, 1)
	vsp := ts.spacing[1]
	n := re - rs
	nc := 0
	for r := rs; r < re; r++ {
		nc += len(g.rows[r].cells)
	}
	// the laid-out cells, in the table cache's scratch slice (a table
	// nested in a cell finds it taken and makes its own)
	cells := tp.l.tables.cells[:0]
	tp.l.tables.cells = nil
	if cap(cells) < nc {
		cells = make([]laidCell, 0, nc)
	}
	defer func() {
		clear(cells)
		tp.l.tables.cells = cells[:0]
	}()
	u, rowBuf, rowFrags, paints := tp.l.tables.newRowUnit(n)
	rowH, rowBase, ys := rowBuf[:n:n], rowBuf[n:2*n:2*n], rowBuf[2*n:]
	for r := rs; r < re; r++ {
		if h := g.rows[r].box.Style.Height; h.Unit == style.Pt {
			rowH[r-rs] = h.Value
		}
		if ts.minRowH != nil {
			rowH[r-rs] = math.Max(rowH[r-rs], ts.minRowH[r])
		}
		for i, c := range g.rows[r].cells {
			var tok *BreakToken
			if r == rs && i < len(resume) {
				tok = resume[i]
				if tok == nil && resume != nil {
					// finished on an earlier page: an empty continuation
					cells = append(cells, laidCell{c: c, f: tp.emptyCell(c)})
					continue
				}
			}
			_, restricted := ts.cellRestriction(c, tp.l.pctBase())
			res := tp.layoutCell(c, y, bottom, atTop, tok, cellPct{base: math.NaN(), zeroScroll: restricted})
			lc := laidCell{c: c, f: res.frag, next: res.next, empty: res.empty}
			if ln := firstLine(res.frag); ln != nil {
				lc.base, lc.hasBase = ln.Baseline-res.frag.Y, true
			} else {
				lc.base = res.frag.ContentRect().Y + res.frag.ContentRect().H - res.frag.Y
			}
			cells = append(cells, lc)
		}
	}
	// row heights: single-row cells, baselines, then spanning cells
	for _, lc := range cells {
		st := lc.c.box.Style
		h := tp.specifiedHeight(lc)
		if lc.c.rowspan == 1 || split {
			k := lc.c.row - rs
			rowH[k] = math.Max(rowH[k], h)
			if baselineAligned(st) {
				rowBase[k] = math.Max(rowBase[k], lc.base)
			}
		}
	}
	for _, lc := range cells {
		k := lc.c.row - rs
		if (lc.c.rowspan == 1 || split) && baselineAligned(lc.c.box.Style) {
			rowH[k] = math.Max(rowH[k], rowBase[k]-lc.base+lc.f.H)
		}
	}
	for _, lc := range cells {
		if lc.c.rowspan == 1 || split {
			continue
		}
		k := lc.c.row - rs
		e := min(k+lc.c.rowspan, n)
		have := vsp * float64(e-k-1)
		for j := k; j < e; j++ {
			have += rowH[j]
		}
		if need := tp.specifiedHeight(lc); need > have {
			rowH[e-1] += need - have
		}
	}
	for r := rs; r < re; r++ {
		if g.rows[r].box.Style.Visibility == style.Collapse {
			rowH[r-rs] = 0 // a collapsed row takes no room (CSS 2.1 §17.5.5)
		}
	}
	u.first, u.heights = rs, rowH
	anySplit := false
	for _, lc := range cells {
		if lc.next != nil {
			anySplit = true
		}
		if !lc.empty {
			u.progress = true
		}
	}
	if anySplit {
		rowH[0] = math.Max(rowH[0], bottom-y)
		u.next = make([]*BreakToken, len(cells))
		for i, lc := range cells {
			u.next[i] = lc.next
		}
	}
	yy := y
	for k := range rowH {
		ys[k] = yy
		yy += rowH[k] + vsp
	}
	u.h = yy - vsp - y
	gx := tp.f.X + ts.colX0()
	gw := ts.gridWidth()
	for r := rs; r < re; r++ {
		k := r - rs
		rf := &rowFrags[k]
		*rf = Fragment{Box: g.rows[r].box, X: gx, Y: ys[k], W: gw, H: rowH[k], First: true, Last: true, Paint: &paints[k]}
		rf.Children = tp.l.tables.kids.Carve(len(g.rows[r].cells), 16, 1024)[:0]
		u.rows[k] = rf
	}
	cellPaints := tp.l.tables.paints.Carve(len(cells), 8, 512)
	for ci, lc := range cells {
		k := lc.c.row - rs
		e := min(k+lc.c.rowspan, n)
		if split {
			e = k + 1
		}
		h := vsp * float64(e-k-1)
		for j := k; j < e; j++ {
			h += rowH[j]
		}
		if lc.next == nil && !anySplit && cellPercentKids(lc.c.box) {
			if definite, restricted := ts.cellRestriction(lc.c, tp.l.pctBase()); restricted {
				tp.relayoutCell(&lc, y, h, atTop, !definite)
			}
		}
		off := 0.0
		if lc.next == nil && !anySplit {
			switch lc.c.box.Style.VerticalAlign {
			case style.VAlignMiddle:
				off = (h - lc.f.H) / 2
			case style.VAlignBottom:
				off = h - lc.f.H
			case style.VAlignTop:
			default:
				if lc.hasBase || !noInFlowContent(lc.c.box) {
					// a cell of out-of-flow boxes only keeps their
					// static position at its top
					off = rowBase[k] - lc.base
				}
			}
		}
		off = math.Max(off, 0)
		f := lc.f
		nf := f
		if dy := ys[k] + off - f.Y; math.Abs(dy) > 1e-9 {
			// the cell's fragment is fresh from layoutCell: moved in
			// place (its lines are the line cache's first placements,
			// which later placements copy from wherever they are)
			f.moveBy(0, dy)
		}
		nf.Y = ys[k]
		nf.H = h
		nf.Paint = &cellPaints[ci]
		tp.cellPaint(nf.Paint, lc.c, nf, Rect{X: gx, Y: ys[k], W: gw, H: rowH[k]})
		u.rows[k].Children = append(u.rows[k].Children, nf)
	}
	return u
}

// newRowUnit returns a row unit of n rows with its row slice set, the
// buffer of its row heights, baselines and tops (3n), and its row
// fragments and their paints; a unit of one row (the common case) comes
// from a slab.
func (tc *tableCache) newRowUnit(n int) (*rowUnit, []float64, []Fragment, []Paint) {
	if n == 1 {
		a := tc.oneRow.One(4, 128)
		a.u.rows = a.rows[:]
		return &a.u, a.buf[:], a.frag[:], a.paint[:]
	}
	u := &rowUnit{rows: make([]*Fragment, n)}
	return u, make([]float64, 3*n), make([]Fragment, n), make([]Paint, n)
}

// oneRowUnit is a row unit of one row with its storage.
type oneRowUnit struct {
	u     rowUnit
	buf   [3]float64
	rows  [1]*Fragment
	frag  [1]Fragment
	paint [1]Paint
}

// specifiedHeight is the height a cell asks of its rows: its content's,
// or its height property when taller.
func (tp *tablePage) specifiedHeight(lc laidCell) float64 {
	st := lc.c.box.Style
	h := lc.f.H
	if st.Height.Unit == style.Pt {
		sh := st.Height.Value
		if st.BoxSizing == style.ContentBox {
			sh += lc.f.Border[style.Top] + lc.f.Border[style.Bottom] + lc.f.Padding[style.Top] + lc.f.Padding[style.Bottom]
		}
		h = math.Max(h, sh)
	}
	return h
}

func baselineAligned(st *style.Style) bool {
	switch st.VerticalAlign {
	case style.VAlignTop, style.VAlignMiddle, style.VAlignBottom:
		return false
	}
	return true
}

// emptyCell is the fragment of a cell whose content ended on an earlier
// page (its row continues).
func (tp *tablePage) emptyCell(c *tcell) *Fragment {
	x, w := tp.cellX(c)
	return &Fragment{Box: c.box, X: x, W: w, Border: tp.ts.cellBorders(c)}
}

// cellX returns the border-box x and width of a cell.
func (tp *tablePage) cellX(c *tcell) (x, w float64) {
	ts := tp.ts
	e := min(c.col+c.colspan, len(ts.colW)) - 1
	if c.col > e {
		return tp.f.X, 0
	}
	x0 := math.Min(ts.colX[c.col], ts.colX[e])
	x1 := math.Max(ts.colX[c.col]+ts.colW[c.col], ts.colX[e]+ts.colW[e])
	return tp.f.X + x0, x1 - x0
}

// layoutCell lays out the content of cell c at its column, with its top
// at y; pct says what the percentage heights of its children resolve
// against.
func (tp *tablePage) layoutCell(c *tcell, y, bottom float64, atTop bool, tok *BreakToken, pct cellPct) blockResult {
	x, w := tp.cellX(c)
	saved := c.box.Style
	cs := tp.l.tables.scratch(saved)
	sz := cs.size
	sz.Width = style.Length{Value: w, Unit: style.Pt}
	sz.BoxSizing = style.BorderBox
	auto := style.Length{Unit: style.Auto}
	sz.MinWidth, sz.MaxWidth = auto, auto
	sz.Height, sz.MinHeight, sz.MaxHeight = auto, auto, auto
	cs.margin.Margin = [4]style.Length{}
	bw := tp.ts.cellBorders(c)
	for i := range cs.border.Border {
		cs.border.Border[i].Width = bw[i]
	}
	c.box.Style = &cs.style
	if c.ti != nil {
		tp.l.texts.setHint(c.box.Children[0], c.ti)
	}
	savedPct := tp.l.pct
	tp.l.pct.cell, tp.l.pct.cellPct = c.box, pct
	r := tp.l.block(c.box, x, y, w, fctx{bottom: bottom, atTop: atTop}, tok)
	tp.l.pct = savedPct
	tp.l.texts.setHint(nil, nil)
	c.box.Style = saved
	tp.l.tables.release(cs)
	if r.frag == nil {
		r.frag = &Fragment{Box: c.box, X: x, Y: y, W: w, Border: bw}
	}
	if r.frag.W > w {
		// a column narrower than the cell's borders and padding (fixed
		// layout): the cell's box is the column's, its edges overflow
		r.frag.W = w
	}
	if r.empty {
		// nothing fitted: an empty part; the content waits for the next page
		r.frag = &Fragment{Box: c.box, X: x, Y: y, W: w, Border: bw}
		if tok == nil {
			r.next = &BreakToken{Box: c.box}
		} else {
			r.next = tok
		}
	}
	return r
}

// commit adds the rows of u to the page, at their row groups.
func (tp *tablePage) commit(u *rowUnit, y float64) {
	g := tp.ts.g
	for k, rf := range u.rows {
		ri := u.first + k
		gi := g.rows[ri].group
		gr := g.groups[gi]
		if tp.group == nil || tp.groupIdx != gi || tp.group.Repeated != u.repeated {
			// rows directly in the table (no group box) join the table
			gf := &Fragment{Box: gr.box, X: rf.X, Y: rf.Y, W: rf.W, First: true, Last: true, Repeated: u.repeated, Paint: &Paint{}}
			tp.group, tp.groupIdx = gf, gi
			if gf.Box != nil {
				tp.kids = append(tp.kids, gf)
			}
		}
		if tp.group.Box != nil {
			tp.group.Children = append(tp.group.Children, rf)
			tp.group.H = rf.Y + rf.H - tp.group.Y
		} else {
			rf.Repeated = rf.Repeated || u.repeated
			tp.kids = append(tp.kids, rf)
		}
		tp.placed = append(tp.placed, placedRow{row: ri, y: rf.Y - tp.f.Y, h: rf.H})
	}
}

// colX0 is the x of the first column relative to the table.
func (ts *tableState) colX0() float64 {
	if len(ts.colX) == 0 {
		return ts.border[style.Left] + ts.padding[style.Left]
	}
	return math.Min(ts.colX[0], ts.colX[len(ts.colX)-1])
}

// gridWidth is the width from the first column's left to the last's
// right.
func (ts *tableState) gridWidth() float64 {
	if len(ts.colX) == 0 {
		return 0
	}
	n := len(ts.colX) - 1
	return math.Max(ts.colX[n]+ts.colW[n], ts.colX[0]+ts.colW[0]) - ts.colX0()
}

// cellPaint sets p to the backgrounds a cell paints (column group,
// column, row group, row, then its own) and whether it paints its own
// borders; rowBox is the box of the cell's (first) row.
func (tp *tablePage) cellPaint(p *Paint, c *tcell, f *Fragment, rowBox Rect) {
	ts := tp.ts
	g := ts.g
	if ts.borders == nil && c.box.Style.EmptyCellsHide && cellEmpty(c.box) {
		return
	}
	full := Rect{W: f.W, H: f.H}
	e := min(c.col+c.colspan, len(g.cols))
	for _, pick := range []func(tcol) *box.Box{
		func(t tcol) *box.Box { return t.group },
		func(t tcol) *box.Box {
			if t.box != nil && t.box.Style.Display == style.DisplayTableColumn {
				return t.box
			}
			return nil
		},
	} {
		for k := c.col; k < e; k++ {
			if cb := pick(g.cols[k]); cb != nil && cb.Style.BackgroundColor.A > 0 {
				p.Fills = append(p.Fills, PaintFill{Rect: Rect{X: tp.f.X + ts.colX[k] - f.X, W: ts.colW[k], H: f.H}, Color: cb.Style.BackgroundColor})
			}
		}
	}
	row := g.rows[c.row]
	if gb := g.groups[row.group].box; gb != nil && gb.Style.BackgroundColor.A > 0 {
		p.Fills = append(p.Fills, PaintFill{Rect: full, Color: gb.Style.BackgroundColor})
	}
	if rb := row.box; rb.Style.BackgroundColor.A > 0 {
		p.Fills = append(p.Fills, PaintFill{Rect: full, Color: rb.Style.BackgroundColor})
	}
	if rb := row.box; rb.Style.BackgroundImages != nil {
		// the row's images are positioned in the row's box (CSS Tables
		// 3 §5.4), shown where its cells are
		p.Fills = append(p.Fills, PaintFill{Rect: full, Images: rb, Area: Rect{X: rowBox.X - f.X, Y: rowBox.Y - f.Y, W: rowBox.W, H: rowBox.H}})
	}
	if ts.borders != nil {
		if bg := c.box.Style.BackgroundColor; bg.A > 0 {
			p.Fills = append(p.Fills, PaintFill{Rect: full, Color: bg})
		}
		if c.box.Style.BackgroundImages != nil {
			// the cell's own images, in its own box
			p.Fills = append(p.Fills, PaintFill{Rect: full, Images: c.box, Area: full})
		}
		p.Shadows = c.box.Style.BoxShadow != nil
		return
	}
	p.Own = true
}

// paint sets the table fragment's own paint: its background and borders
// around the table box (not the captions), and collapsed borders.
func (tp *tablePage) paint(top, bottom float64, first, last bool) {
	ts, f := tp.ts, tp.f
	st := ts.g.table.Style
	p := &Paint{}
	r := Rect{Y: top - f.Y, W: f.W, H: bottom - top}
	if st.BackgroundColor.A > 0 && r.H > 0 {
		p.Fills = append(p.Fills, PaintFill{Rect: backgroundClipped(r, f, st, ts.borders != nil), Color: st.BackgroundColor})
	}
	if ts.borders != nil {
		p.Borders = ts.paintBorders(tp.placed)
		f.Paint = p
		return
	}
	bw := f.Border
	for side := 0; side < 4; side++ {
		bs := st.Border[side]
		w := bw[side]
		if w <= 0 || bs.Style == style.BorderNone || bs.Style == style.BorderHidden {
			continue
		}
		var sr Rect
		switch side {
		case style.Top:
			sr = Rect{X: r.X, Y: r.Y, W: r.W, H: w}
		case style.Bottom:
			sr = Rect{X: r.X, Y: r.Y + r.H - w, W: r.W, H: w}
		case style.Left:
			sr = Rect{X: r.X, Y: r.Y, W: w, H: r.H}
		case style.Right:
			sr = Rect{X: r.X + r.W - w, Y: r.Y, W: w, H: r.H}
		}
		p.Borders = append(p.Borders, PaintBorder{Rect: sr, Side: side, Width: w, Style: bs.Style, Color: bs.Color})
	}
	f.Paint = p
}

// backgroundClipped returns the part of the table box r (in f's
// coordinates) its background colour paints: the area of the last
// layer's background-clip (CSS Backgrounds 3 §3.12), f's border and
// padding insetting it (a table with collapsed borders keeps its box).
func backgroundClipped(r Rect, f *Fragment, st *style.Style, collapsed bool) Rect {
	area := style.Layer(st.BackgroundClip, max(st.BackgroundLayers-1, 0), style.BorderBoxArea)
	if collapsed || area == style.BorderBoxArea {
		return r
	}
	in := f.Border
	if area == style.ContentBoxArea {
		for i := range in {
			in[i] += f.Padding[i]
		}
	}
	r.X += in[style.Left]
	r.Y += in[style.Top]
	r.W = max(r.W-in[style.Left]-in[style.Right], 0)
	r.H = max(r.H-in[style.Top]-in[style.Bottom], 0)
	return r
}

// firstLine returns the first line box in f.
func firstLine(f *Fragment) *Line {
	if len(f.Lines) > 0 {
		return f.Lines[0]
	}
	for _, c := range f.Children {
		if ln := firstLine(c); ln != nil {
			return ln
		}
	}
	return nil
}
