package layout

import (
	"math"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// floatArea is the margin box of a placed float, in page coordinates.
type floatArea struct {
	left           bool
	x0, x1, y0, y1 float64
}

// overlapsX reports whether the float's margin box spans part of the
// horizontal range [x0, x1]. A range of no width (a containing block 0
// wide) is a line that a float (not 0 wide) covers when it reaches it:
// floats placed there start or end on it.
func (f floatArea) overlapsX(x0, x1 float64) bool {
	if x1 <= x0 {
		return f.x1 > f.x0 && f.x0 <= x0 && f.x1 >= x0
	}
	return f.x0 < x1 && f.x1 > x0
}

// floatCtx holds the floats of one block formatting context on the
// current page. Every BFC root makes its own (block.go), so floats never
// leak into or out of a BFC; a nil *floatCtx has no floats.
type floatCtx struct {
	floats []floatArea
	// lastTop is the top of the most recently placed float: a later float
	// is never placed higher (CSS 2.1 §9.5.1 rule 5).
	lastTop float64
	// pushed says a float moved to the next page (column): the floats
	// after it go there too (they may not be placed higher), and so does
	// a box that clears it (pushedL, pushedR: a left, right one), which
	// clearY puts below end, the page (column) bottom.
	pushed, pushedL, pushedR bool
	end                      float64
}

// count is the number of floats placed (0 for a nil context).
func (fc *floatCtx) count() int {
	if fc == nil {
		return 0
	}
	return len(fc.floats)
}

// push records that a float (left or not) moved to the next page
// (column), which ends at end.
func (fc *floatCtx) push(left bool, end float64) {
	fc.pushed, fc.end = true, end
	if left {
		fc.pushedL = true
	} else {
		fc.pushedR = true
	}
}

// band returns the part [lo, hi) of [x0, x1] free of floats over the
// vertical range [y, y+h).
func (fc *floatCtx) band(x0, x1, y, h float64) (lo, hi float64) {
	lo, hi, _ = fc.bandOf(x0, x1, y, h)
	return lo, hi
}

// bandOf is band, also reporting whether any float narrows the range
// (which a range 0 wide cannot show in lo and hi).
func (fc *floatCtx) bandOf(x0, x1, y, h float64) (lo, hi float64, narrowed bool) {
	lo, hi = x0, x1
	if fc == nil {
		return lo, hi, false
	}
	h = math.Max(h, 1e-3)
	for _, f := range fc.floats {
		if f.y1 <= y+1e-6 || f.y0 >= y+h-1e-6 || !f.overlapsX(x0, x1) {
			continue
		}
		narrowed = true
		if f.left {
			lo = math.Max(lo, f.x1)
		} else {
			hi = math.Min(hi, f.x0)
		}
	}
	return lo, math.Max(hi, lo), narrowed
}

// nextEdge returns the lowest float bottom below y that lies in [x0, x1]
// (+Inf when none): where the free band next widens.
func (fc *floatCtx) nextEdge(x0, x1, y float64) float64 {
	e := math.Inf(1)
	if fc == nil {
		return e
	}
	for _, f := range fc.floats {
		if f.y1 > y+1e-6 && f.y1 < e && f.overlapsX(x0, x1) {
			e = f.y1
		}
	}
	return e
}

// below reports whether some float extends below y.
func (fc *floatCtx) below(y float64) bool {
	if fc == nil {
		return false
	}
	for _, f := range fc.floats {
		if f.y1 > y+1e-6 {
			return true
		}
	}
	return false
}

// clearY is the y a box with clear c must start at or below.
func (fc *floatCtx) clearY(c style.Clear) float64 {
	y := math.Inf(-1)
	if fc == nil || c == style.ClearNone {
		return y
	}
	for _, f := range fc.floats {
		if f.left && c != style.ClearRight || !f.left && c != style.ClearLeft {
			y = math.Max(y, f.y1)
		}
	}
	if fc.pushedL && c != style.ClearRight || fc.pushedR && c != style.ClearLeft {
		y = math.Max(y, fc.end+1) // below the page: after the pushed float
	}
	return y
}

// bottom is the lowest float bottom (-Inf when there are none).
func (fc *floatCtx) bottom() float64 {
	return fc.clearY(style.ClearBoth)
}

// place finds the position of a float's margin box mw×mh in the content
// box [x0, x1] from y on: as high as possible, then as far left (right)
// as possible (CSS 2.1 §9.5.1).
func (fc *floatCtx) place(left bool, mw, mh, x0, x1, y float64) (x, top float64) {
	if fc != nil {
		y = math.Max(y, fc.lastTop)
	}
	for {
		lo, hi, narrowed := fc.bandOf(x0, x1, y, mh)
		if hi-lo >= mw-1e-6 || !narrowed {
			if left {
				return lo, y
			}
			return hi - mw, y
		}
		ny := fc.nextEdge(x0, x1, y)
		if math.IsInf(ny, 1) {
			return lo, y
		}
		y = ny
	}
}

// isFloat reports whether b is floated.
func isFloat(b *box.Box) bool {
	return b.Style != nil && b.Style.Float != style.FloatNone && b.OutOfFlow()
}

// floatStyle returns the style b is laid out with as a float: auto
// margins count as zero and an auto width becomes the shrink-to-fit width
// (CSS 2.1 §10.3.5) in a containing block cbW wide.
func (l *layouter) floatStyle(b *box.Box, cbW float64) *style.Style {
	st := b.Style
	cs := *st
	autoMarginsZero(&cs)
	if st.Width.IsAuto() && b.Kind != box.KindReplaced && b.Kind != box.KindTable {
		minW, maxW := l.intrinsic(b, cbW)
		ml := cs.Resolve(cs.Margin[style.Left], cbW, 0)
		mr := cs.Resolve(cs.Margin[style.Right], cbW, 0)
		setBorderBoxWidth(&cs, math.Min(math.Max(minW, cbW-ml-mr), maxW), cbW)
	}
	return &cs
}

// autoMarginsZero makes the auto margins of s (a copy of a box's style)
// zero.
func autoMarginsZero(s *style.Style) {
	var m *style.MarginGroup
	for i := range s.Margin {
		if s.Margin[i].IsAuto() {
			if m == nil {
				m = s.MutMargin()
			}
			m.Margin[i] = style.Length{Unit: style.Pt}
		}
	}
}

// floatResult is a float laid out and placed.
type floatResult struct {
	frag   *Fragment
	next   *BreakToken
	pushed bool // does not fit on this page: break before it
}

// float lays out float b in the content box [cx, cx+cw] of its parent at
// or below y, registers its margin box in c.floats and returns its
// fragment. A float that does not fit below the page content is split
// at the page bottom; one that cannot be split there (nothing of it fits,
// it avoids breaks inside, or its content is monolithic) moves to the
// next page (pushed) unless it starts the page, where it is placed all
// the same, and so do the floats after a pushed one.
func (l *layouter) float(b *box.Box, cx, y, cw float64, c fctx, tok *BreakToken, atTop, resumed bool) floatResult {
	if !atTop && c.floats != nil && c.floats.pushed {
		return floatResult{pushed: true}
	}
	st := b.Style
	y0 := y
	if !resumed {
		// below the top of the page (column), e.g. after a top padding,
		// a float that does not fit moves on (a class C break point)
		y0 = math.Min(y0, l.fragTop)
	}
	y = math.Max(y, c.floats.clearY(st.Clear))
	ml := st.Resolve(st.Margin[style.Left], cw, 0)
	mr := st.Resolve(st.Margin[style.Right], cw, 0)
	mt := st.Resolve(st.Margin[style.Top], cw, 0)
	mb := st.Resolve(st.Margin[style.Bottom], cw, 0)
	if st.Margin[style.Left].IsAuto() {
		ml = 0
	}
	if st.Margin[style.Right].IsAuto() {
		mr = 0
	}
	if tok != nil {
		mt = 0
	}
	// the float starts the page only where nothing (no clearance, no
	// other float) moved it below the page top
	saved := b.Style
	b.Style = l.floatStyle(b, cw)
	r := l.block(b, 0, y+mt, cw, fctx{bottom: c.bottom, atTop: atTop && y <= y0, abs: c.abs}, tok)
	b.Style = saved
	if r.empty {
		return floatResult{pushed: true}
	}
	f := r.frag
	mw, mh := ml+f.W+mr, mt+f.H+mb
	if r.next != nil {
		mb = 0
		mh = mt + f.H
	}
	left := st.Float == style.FloatLeft
	x, top := c.floats.place(left, mw, mh, cx, cx+cw, y)
	atTop = atTop && top <= y0
	if top != y {
		// moved down by other floats: lay out again there so a split
		// falls at the page bottom
		b.Style = l.floatStyle(b, cw)
		r = l.block(b, 0, top+mt, cw, fctx{bottom: c.bottom, atTop: atTop, abs: c.abs}, tok)
		b.Style = saved
		if r.empty {
			return floatResult{pushed: true}
		}
		f = r.frag
	}
	if !atTop && (r.next != nil && (l.avoids(st.BreakInside) || st.SizeContained() || top+mt >= c.bottom-0.01 || l.fitsFresh(b, cw, c.bottom, tok)) || r.next == nil && top+mt+f.H > c.bottom+0.01) {
		// break-inside: avoid, no room left, a float the next page
		// holds whole, or content that cannot be split
		return floatResult{pushed: true}
	}
	f = f.translated(x+ml-f.X, top+mt-f.Y)
	if c.floats != nil {
		c.floats.floats = append(c.floats.floats, floatArea{left: left, x0: x, x1: x + mw, y0: top, y1: top + mt + f.H + mb})
		c.floats.lastTop = top
	}
	return floatResult{frag: f, next: r.next}
}

// fitsFresh reports whether float b (from tok) fits whole in a page
// (column) as tall as the current one, which ends at bottom: then it
// moves to the next rather than being split (as browsers do; a float
// taller than that is split where it starts).
func (l *layouter) fitsFresh(b *box.Box, cw, bottom float64, tok *BreakToken) bool {
	if bottom-l.fragTop <= 0 || math.IsInf(bottom, 1) {
		return false
	}
	// a trial: what it counts or consumes is kept as it was
	saved, marker, broken := b.Style, l.pendingMarker, l.brokenAvoids
	b.Style = l.floatStyle(b, cw)
	r := l.block(b, 0, l.fragTop, cw, fctx{bottom: bottom, atTop: true}, tok)
	b.Style, l.pendingMarker, l.brokenAvoids = saved, marker, broken
	return !r.empty && r.next == nil && r.frag.Y+r.frag.H <= bottom+0.01
}

// placeLinesAround breaks and places the lines of b one at a time, each
// as wide as the band the floats of its formatting context leave free at
// its height (CSS 2.1 §9.5: line boxes next to a float are shortened). A
// line whose first word does not fit beside the floats moves down to
// where a float ends.
func (l *layouter) placeLinesAround(b *box.Box, f *Fragment, cx, cy, cw float64, c fctx, tok *BreakToken) flowResult {
	saved := l.cbWidth
	l.cbWidth = cw
	p := &para{l: l, block: b}
	p.collect(b, nil, cw)
	p.shape()
	l.cbWidth = saved
	s, lineNo := 0, 0
	oofDone := -1 // out-of-flow units up to here are placed
	if tok != nil {
		s, lineNo, oofDone = tok.Unit, tok.Line, max(tok.Unit, tok.OOFEnd)-1
	}
	indent := b.Style.Resolve(b.Style.TextIndent, cw, 0)
	if b.Anonymous || b.Continuation {
		if b.Parent != nil && len(b.Parent.Children) > 0 && b.Parent.Children[0] != b {
			indent = 0
		}
	}
	est := lineHeight(b.Style, l.metrics(nil, b.Style))
	y := cy
	placed := 0
	n := len(p.units)
	// split are the floats cut at this page's bottom, continued on the
	// next page; brk returns the token that resumes at unit u.
	var split []*BreakToken
	brk := func(u int) *BreakToken {
		// floats anchored in a line that moves to the next page are
		// painted after the last line placed here
		for _, ch := range f.Children {
			if ch.Anchor > len(f.Lines) {
				ch.Anchor, ch.AnchorBefore = len(f.Lines), false
			}
		}
		return &BreakToken{Box: b, ByUnit: true, Unit: u, Line: lineNo, OOFEnd: oofDone + 1, Floats: split}
	}
	if tok != nil {
		// the floats split at (or pushed past) the previous page's
		// bottom go first
		n0 := len(f.Children)
		split = append(split, l.resumeFloats(f, tok.Floats, cx, y, cw, c)...)
		placed += len(f.Children) - n0
	}
	// clearPast moves y below the floats a br's clear cl clears: when
	// they go on past the page (column), so do the lines
	clearPast := func(cl style.Clear) *BreakToken {
		y = math.Max(y, c.floats.clearY(cl))
		if cl == style.ClearNone || y < c.bottom-0.01 || math.IsInf(c.bottom, 1) || c.floats.bottom() < c.bottom-0.01 {
			return nil
		}
		t := brk(s)
		t.Clear = cl
		return t
	}
	if tok != nil {
		if t := clearPast(tok.Clear); t != nil {
			return flowResult{y: c.bottom, next: t}
		}
	}
	// anchor places the floats and positioned boxes anchored in units
	// (oofDone, end) at y; it reports whether one was placed (the free
	// band changed) and the unit of a float that does not fit on the
	// page (-1: none).
	anchor := func(start, end int, lo, hi float64) (changed bool, pushed int) {
		for k := oofDone + 1; k < end; k++ {
			u := p.units[k]
			if u.kind != uOOF {
				continue
			}
			ob := p.items[u.ref].box // (an out-of-flow unit)
			if isAbsolute(ob) {
				l.queueAbsolute(c.abs, f, absPending{b: ob, cb: containingBlock(ob), staticX: lo, staticY: y, staticW: cw}, Rect{X: cx, Y: y, W: cw})
				oofDone = k
				continue
			}
			fy := y
			if start < k {
				// CSS 2.1 §9.5.1 rule 8 as browsers apply it: the float
				// goes beside the current line only if it fits next to
				// the line's content before its anchor
				fs := l.floatStyle(ob, cw)
				_, w, _ := hmetrics(fs, cw, false)
				if ob.Kind == box.KindReplaced {
					w = replacedFragment(ob, cw).W
				}
				ml, mr := fs.Resolve(fs.Margin[style.Left], cw, 0), fs.Resolve(fs.Margin[style.Right], cw, 0)
				if p.cum[k]-p.cum[start]+ml+w+mr > hi-lo+0.01 {
					fy = y + est
				}
			}
			// a float starting the page is placed (a float taller than
			// the page is split at its bottom)
			fr := l.float(ob, cx, fy, cw, c, nil, c.atTop && placed == 0, false)
			if fr.pushed {
				if c.floats == nil {
					return false, k
				}
				// it moves whole to the next page (column), and so do
				// the floats after it; the line goes on here
				c.floats.push(ob.Style.Float == style.FloatLeft, c.bottom)
				split = append(split, &BreakToken{Box: ob, Whole: true, FloatCW: cw})
				oofDone = k
				continue
			}
			if fr.next != nil {
				fr.next.FloatCW = cw
				split = append(split, fr.next)
			}
			ff := relative(fr.frag, cw)
			ff.Anchor = len(f.Lines) + 1
			ff.AnchorBefore = p.cum[k]-p.cum[start] == 0
			if start == end {
				ff.Anchor = len(f.Lines) // after the last line
			}
			f.Children = append(f.Children, ff)
			oofDone = k
			placed++ // a line after it no longer starts the page
			return true, -1
		}
		return false, -1
	}
	for s < n {
		if l.check() != nil {
			return flowResult{y: y}
		}
		w0 := 0.0
		if lineNo == 0 {
			w0 = indent
		}
		lo, hi := c.floats.band(cx, cx+cw, y, est)
		sp, ok := p.nextSpan(s, hi-lo, w0)
		if !ok {
			break
		}
		if changed, pushed := anchor(sp.start, sp.end, lo, hi); pushed >= 0 {
			if placed == 0 {
				return flowResult{empty: true}
			}
			return flowResult{y: y, next: brk(s)}
		} else if changed {
			continue // the line is broken again beside the new float
		}
		if (lo > cx || hi < cx+cw) && p.spanWidth(sp)+w0 > hi-lo+0.01 {
			if ny := c.floats.nextEdge(cx, cx+cw, y); !math.IsInf(ny, 1) {
				y = ny // the line does not fit beside the floats
				continue
			}
		}
		ln := p.buildLine(sp, hi-lo, w0, sp.end >= n)
		ln.W = hi - lo
		end := y + ln.H
		if sp.end >= n {
			end += c.endEdges // the last line goes with the bottom edges
		}
		if (end > c.bottom+0.01 || l.fnStop != nil && lineHasCall(ln, l.fnStop)) && !(c.atTop && placed == 0) {
			if placed == 0 {
				return flowResult{empty: true}
			}
			return flowResult{y: y, next: brk(s)}
		}
		if lineNo == 0 && p.marker != nil {
			ln.Marker = l.marker(p.marker, ln, 0)
		}
		if lineNo == 0 && l.pendingMarker != nil && ln.Marker == nil {
			ln.Marker = l.marker(l.pendingMarker, ln, 0)
			l.pendingMarker = nil
		}
		f.Lines = append(f.Lines, ln.translated(lo, y-ln.Y))
		y += ln.H
		est = ln.H
		s = sp.end
		lineNo++
		placed++
		if t := clearPast(p.brClear(sp)); t != nil {
			return flowResult{y: c.bottom, next: t} // br clear
		}
	}
	for {
		// floats after the last line
		lo, hi := c.floats.band(cx, cx+cw, y, est)
		changed, pushed := anchor(n, n, lo, hi)
		if pushed >= 0 {
			if placed == 0 {
				return flowResult{empty: true}
			}
			return flowResult{y: y, next: brk(pushed)}
		}
		if !changed {
			break
		}
	}
	if placed == 0 && p.marker != nil && lineNo == 0 {
		l.pendingMarker = p.marker
	}
	if len(split) > 0 {
		// the lines are done but floats go on: the box's formatting
		// context continues on the next page with them (carryFloats)
		return flowResult{y: y, rest: brk(n)}
	}
	return flowResult{y: y}
}

// brClear is the clear of the br that ends span sp (none when another
// unit ends it).
func (p *para) brClear(sp span) style.Clear {
	if sp.end <= sp.start || sp.end > len(p.units) {
		return style.ClearNone
	}
	u := p.units[sp.end-1]
	if u.kind != uBreak {
		return style.ClearNone
	}
	if b := p.items[u.ref].box; b != nil && b.Kind == box.KindLineBreak && b.Style != nil {
		return b.Style.Clear
	}
	return style.ClearNone
}

// hasOOF reports whether block container b has a float or positioned box
// among its inline content.
func hasOOF(b *box.Box) bool {
	for _, c := range b.Children {
		if c.OutOfFlow() || c.Kind == box.KindInline && hasOOF(c) {
			return true
		}
	}
	return false
}

// avoidsFloats reports whether the border box of b, a block-level child
// in a block formatting context, must not overlap the floats of that
// context (CSS 2.1 §9.5): a table, a block-level replaced element, or
// the root of a new block formatting context.
func avoidsFloats(b *box.Box) bool {
	return isBFC(b) || b.Kind == box.KindReplaced
}

// besideFloats places b, a box that avoids floats, whose border box
// would start at top in a containing block [cx, cx+cw]: it goes beside
// the floats, narrowed to the free band (its margins may overlap the
// floats or be squeezed, its border box may not), or moves down past float bottoms
// until the band is wide enough for the width it needs (a specified
// width, or a table's min-content width) over its specified height. It
// returns the area given to the box's layout (margins included) and its
// border-box top. The search is bounded by the number of floats.
func (l *layouter) besideFloats(b *box.Box, cx, cw, top float64, fc *floatCtx) (bx, bw, y float64) {
	st := b.Style
	ml := st.Resolve(st.Margin[style.Left], cw, 0)
	mr := st.Resolve(st.Margin[style.Right], cw, 0)
	need, h := l.floatAvoiderSize(b, cw)
	y = top
	for range len(fc.floats) + 1 {
		lo, hi := fc.band(cx, cx+cw, y, h)
		if lo <= cx && hi >= cx+cw {
			return cx, cw, y // no float beside it
		}
		left, right := math.Max(lo, cx+ml), math.Min(hi, cx+cw-mr)
		// it fits when its border box does, its margins squeezed
		if right-left >= need-1e-6 || hi-lo >= need-1e-6 {
			right = math.Max(right, math.Min(left+need, hi))
			return left - ml, right + mr - (left - ml), y
		}
		ny := fc.nextEdge(cx, cx+cw, y)
		if math.IsInf(ny, 1) {
			break
		}
		y = ny
	}
	return cx, cw, y
}

// floatAvoiderSize returns the border-box width b needs beside floats
// (0 when it may be narrowed at will) and the height it will take when
// known before its layout (else the top line's).
func (l *layouter) floatAvoiderSize(b *box.Box, cw float64) (need, h float64) {
	st := b.Style
	hEdges := st.Border[style.Left].Width + st.Border[style.Right].Width +
		st.Resolve(st.Padding[style.Left], cw, 0) + st.Resolve(st.Padding[style.Right], cw, 0)
	switch {
	case b.Kind == box.KindTable:
		// a table is as wide as its width asks, never below its
		// min-content width
		need, _ = l.tableIntrinsic(b)
		if st.Width.Unit == style.Pt {
			need = math.Max(need, st.Width.Value)
		}
	case b.Kind == box.KindReplaced:
		need = replacedFragment(b, cw).W
	case st.Width.Unit == style.Pt:
		need = st.Width.Value
		if st.BoxSizing == style.ContentBox {
			need += hEdges
		}
	}
	h = 1e-3
	if st.Height.Unit == style.Pt {
		h = st.Height.Value
		if st.BoxSizing == style.ContentBox {
			h += st.Border[style.Top].Width + st.Border[style.Bottom].Width +
				st.Resolve(st.Padding[style.Top], cw, 0) + st.Resolve(st.Padding[style.Bottom], cw, 0)
		}
	}
	if st.MinHeight.Unit == style.Pt {
		h = math.Max(h, st.MinHeight.Value)
	}
	return need, h
}
