package layout

import (
	"math"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// strut collects adjoining vertical margins.
type strut struct{ pos, neg float64 }

func (s strut) add(m float64) strut {
	if m > s.pos {
		s.pos = m
	}
	if m < s.neg {
		s.neg = m
	}
	return s
}

func (s strut) join(o strut) strut { return s.add(o.pos).add(o.neg) }

func (s strut) value() float64 { return s.pos + s.neg }

// fctx is the fragmentation context of a box.
type fctx struct {
	bottom float64 // page area bottom; +Inf when not fragmenting
	atTop  bool    // nothing placed yet on this page before this box
	// keepMargins says top margins at the top of the page do not adjoin
	// its start: they lie inside the first fragment of a block
	// formatting context root or below a top border or padding, so they
	// are kept (css-break-3 §5.2 truncates adjoining margins only).
	keepMargins bool
	// floats are the floats of the block formatting context the box is
	// in (nil: none can be placed, e.g. inside a measurement).
	floats *floatCtx
	// abs collects the absolutely positioned boxes of the page (nil: they
	// are placed at once, at their static position).
	abs *absCtx
	// endEdges is the height of the bottom border and padding that
	// follow the box's last line directly: there is no break point
	// between them (css-break-3 §4.1), so that line goes to the next
	// page (column) when they do not fit below it, and the last lines
	// on the page make room for them (endEdgesRoom).
	endEdges float64
}

type blockResult struct {
	frag  *Fragment
	next  *BreakToken
	mbOut strut
	empty bool // nothing fitted: break before the box
	// through is set for an empty box its margins collapse through.
	through bool
	// floats are the tokens of floats inside the box (which ended here)
	// that continue on the next page (column), for its parent to carry:
	// their FloatDX is relative to the box's content box.
	floats []*BreakToken
	// overflowOnly says the box's own block size ended on this page
	// (column): next continues only the content overflowing it, in
	// parallel with what follows the box.
	overflowOnly bool
}

func isBFC(b *box.Box) bool {
	st := b.Style
	return b.Parent == nil || st.Display == style.DisplayFlowRoot || st.Display == style.DisplayInlineBlock ||
		st.Overflow != style.OverflowVisible || b.Kind == box.KindTableCell || b.Kind == box.KindTable || b.Kind == box.KindTableCaption ||
		st.Float != style.FloatNone || st.Display == style.DisplayFlex || st.Display == style.DisplayGrid ||
		st.Display == style.DisplayInlineFlex || st.Display == style.DisplayInlineGrid || b.OutOfFlow() || b.FlexItem || multicolStyle(st) ||
		b.Tag() == "fieldset" || // HTML §15.3.13: a fieldset establishes a block formatting context
		b.Parent != nil && (b.Parent.Style.Display == style.DisplayFlex || b.Parent.Style.Display == style.DisplayInlineFlex ||
			b.Parent.Style.Display == style.DisplayGrid || b.Parent.Style.Display == style.DisplayInlineGrid)
}

func vEdges(st *style.Style, cb float64, side int) float64 {
	return st.Border[side].Width + st.Resolve(st.Padding[side], cb, 0)
}

// collapsedTop returns the top margin of b collapsed with the top margins
// of its first in-flow descendants it is adjoining to.
func collapsedTop(b *box.Box, cb float64) strut { return collapsedTopAfter(b, cb, math.Inf(-1)) }

// collapsedTopAfter is collapsedTop for a box whose formatting context
// holds floats reaching below down to below past its top (-Inf: none).
func collapsedTopAfter(b *box.Box, cb, below float64) strut {
	return collapsedTopBeside(b, cb, below, floatsBefore{w: floatWidth{known: true}})
}

// collapsedTopBeside is collapsedTopAfter for a box placed after floats
// adj wide whose position waits for its margins (leadingMargins).
func collapsedTopBeside(b *box.Box, cb, below float64, adj floatsBefore) strut {
	st := b.Style
	s := strut{}.add(st.Resolve(st.Margin[style.Top], cb, 0))
	if !chainsTop(b, cb) {
		return s
	}
	lead, _, _ := leadingMargins(b, contentWidth(b, cb), below, adj)
	return s.join(lead)
}

// contentWidth returns the content-box width of block b in a containing
// block cb wide, before its layout.
func contentWidth(b *box.Box, cb float64) float64 {
	st := b.Style
	_, w, _ := hmetrics(st, cb, false)
	return w - st.Border[style.Left].Width - st.Border[style.Right].Width -
		st.Resolve(st.Padding[style.Left], cb, 0) - st.Resolve(st.Padding[style.Right], cb, 0)
}

// firstInFlow returns the index of the first in-flow child of p from
// index from on (asking a pending p for more) whose top margin may
// collapse with its parent's, or -1: floats and positioned boxes
// collapse with nothing, and a box with clearance does not collapse
// (CSS 2.1 §8.3.1): one that clears a float among the children before
// it, or floats of its formatting context that reach further below the
// parent's content top (below) than its own top margin.
func firstInFlow(p *box.Box, from int, cb, below float64) int {
	floats := false
	for i := from; childAt(p, i) != nil; i++ {
		k := p.Children[i]
		if k.OutOfFlow() {
			floats = floats || isFloat(k)
			continue
		}
		if k.MarkerOnly() {
			continue // no line: the margins collapse past it
		}
		if k.Style.Clear != style.ClearNone && (floats || below > collapsedTop(k, cb).value()) {
			return -1
		}
		return i
	}
	return -1
}

func forcedBreak(v style.Break) bool {
	return v == style.BreakPage || v == style.BreakLeft || v == style.BreakRight || v == style.BreakRecto || v == style.BreakVerso
}

// breakBefore is the break-before value at the start of b, including the
// values its first descendants propagate (CSS Fragmentation 3 §3.1).
func breakBefore(b *box.Box) style.Break {
	if isAbsolute(b) {
		return style.BreakAuto // break properties do not apply to positioned boxes
	}
	v := b.Style.BreakBefore
	for x := breakEdgeChild(b, true); !forcedBreak(v) && x != nil; x = breakEdgeChild(x, true) {
		if forcedBreak(x.Style.BreakBefore) || x.Style.BreakBefore == style.BreakColumn && v != style.BreakColumn {
			v = x.Style.BreakBefore
		}
	}
	return v
}

// breakAfter is the break-after value at the end of b, including the
// values its last descendants propagate.
func breakAfter(b *box.Box) style.Break {
	if isAbsolute(b) {
		return style.BreakAuto
	}
	v := b.Style.BreakAfter
	for x := breakEdgeChild(b, false); !forcedBreak(v) && x != nil; x = breakEdgeChild(x, false) {
		if forcedBreak(x.Style.BreakAfter) || x.Style.BreakAfter == style.BreakColumn && v != style.BreakColumn {
			v = x.Style.BreakAfter
		}
	}
	return v
}

func avoidBreak(v style.Break) bool { return v == style.BreakAvoid || v == style.BreakAvoidPage }

// block lays out block-level box b with its border box's top-left at
// (x+margin-left, y) in a containing block cbW wide.
func (l *layouter) block(b *box.Box, x, y, cbW float64, c0 fctx, tok *BreakToken) blockResult {
	if l.err != nil {
		return blockResult{frag: &Fragment{Box: b}}
	}
	entry, c := l.laid(b, x, y, cbW, c0, tok), c0 // entry: to lay b out again (break_relax.go)
	switch {
	case b.Kind == box.KindReplaced:
		return l.blockReplaced(b, x, y, cbW, c)
	case b.Kind == box.KindTable:
		return l.table(b, x, y, cbW, c, tok)
	}
	if c.abs == nil && isPositioned(b) && b.Parent != nil {
		// laid out on its own (a flex item, an inline-block, a
		// measurement): the absolutely positioned boxes it contains
		// wait for its padding box, whose height percentages and
		// bottom offsets refer to
		c.abs = &absCtx{owner: b}
	}
	if kw := b.Style.WidthKeyword; kw != 0 && b.Style.Width.IsAuto() && b.Kind != box.KindTableCell {
		// width: min-content, max-content or fit-content
		saved := b.Style
		b.Style = l.keywordWidth(b, cbW, kw)
		defer func() { b.Style = saved }()
	}
	defer l.restorePct(b, l.percentHeights(b, y, cbW, c))
	if restore := pinHeightPercents(b); restore != nil {
		defer restore()
	}
	st := b.Style
	if b.Parent == nil && tok == nil && l.keepTopMargin && b.Tag() == "html" {
		// the root element's top margin: no parent places it (it is
		// kept on the first page as the top margins of its content are)
		y += st.Resolve(st.Margin[style.Top], cbW, 0)
	}
	ml, w, _ := hmetrics(st, cbW, cbRTL(b))
	first := tok == nil
	f := l.newFragment() // zeroed: set field by field (see marginBoxTree)
	f.Box, f.X, f.Y, f.W, f.First = b, x+ml, y, w, first
	for i := range f.Border {
		f.Border[i] = st.Border[i].Width
		f.Padding[i] = st.Resolve(st.Padding[i], cbW, 0)
	}
	// box-decoration-break: clone gives every fragment the box's whole
	// border and padding (css-break-3 §5.4); slice only the first the
	// top ones and the last the bottom ones
	clone := st.DecorationClone && (tok == nil || !tok.Ended) // nothing to clone past the box's end
	if !first && !clone {
		f.Border[style.Top], f.Padding[style.Top] = 0, 0
	}
	legend := l.legendBand(b, f, c, first)
	if d := legend; d > 0 {
		// a rendered legend taller than the top border (fieldset.go)
		b.Style = legendHeight(st, d)
		defer func() { b.Style = st }()
		st = b.Style
		if first {
			y, f.Y = y+d, y+d
			f.Padding[style.Top] += d
		}
	}
	cx := f.X + f.Border[style.Left] + f.Padding[style.Left]
	cw := w - f.Border[style.Left] - f.Padding[style.Left] - f.Border[style.Right] - f.Padding[style.Right]
	top := y + f.Border[style.Top] + f.Padding[style.Top]
	// Top border/padding themselves do not fit: push the box.
	if top > c.bottom && !c.atTop {
		return blockResult{empty: true}
	}
	res := blockResult{frag: f}
	if h, ok := monolithicHeight(b, f, first); ok {
		// a box that clips its overflow to a definite height is not
		// broken across pages (CSS Fragmentation 3 §4.1): it moves whole
		// to the next page when it does not fit, and what overflows it
		// is clipped, never pushed onto pages of its own
		if y+h > c.bottom+0.01 && !c.atTop {
			return blockResult{empty: true}
		}
		// nothing inside breaks: margins inside are not at a break
		// (not truncated at the top of a page or column)
		c.bottom, c.atTop = math.Inf(1), false
	}
	pageBottom, cloneEnd := c.bottom, 0.0
	if clone {
		// the content of each fragment ends above its bottom edges
		cloneEnd = f.Border[style.Bottom] + f.Padding[style.Bottom]
		if !endsBefore(b, tok, top, cloneEnd, c.bottom, cbW) {
			c.bottom -= cloneEnd
		} // else what overflows the box runs on to the page end
	}
	cy := top
	if isBFC(b) {
		// a new block formatting context: its floats stay inside it
		c.floats = &floatCtx{}
	}
	if b.Parent == nil {
		c.abs = &absCtx{}
		defer func() {
			if res.frag != nil {
				area := Rect{X: x, Y: y, W: cbW, H: c.bottom - y}
				l.repeatFixed(b, c.abs, area, res.frag)
				l.resolveAbs(c.abs, nil, true, area, res.frag)
			}
		}()
	}
	inner := strut{}
	collapseBottom := b.Kind == box.KindBlock && !isBFC(b) && vEdges(st, cbW, style.Bottom) == 0 && st.Height.IsAuto()
	var parallel *BreakToken // content overflowing children ended here
	if tok != nil && tok.HeightOnly && len(tok.Overflow) == 0 {
		// the content is done: only the rest of the height continues,
		// and the floats of the content carried over
		if len(tok.Floats) > 0 {
			more := l.resumeFloats(f, tok.Floats, cx, cy, cw, c)
			if len(more) > 0 {
				carryFloats(b, &res, &BreakToken{Box: b, Child: len(b.Children), HeightOnly: true, Floats: more})
			}
		}
	} else if l.isMulticol(b) {
		mr := l.multicol(b, f, cx, cy, cw, c, tok)
		if mr.empty {
			return blockResult{empty: true}
		}
		cy, res.next = mr.y, mr.next
		if l.transformedAbs {
			// (in columns, of a transformed containing block)
			regroupTransformedAbs(f)
			l.transformedAbs = len(l.multicols) > 0 // the enclosing columns' turn
		}
	} else if b.HasInlineChildren() {
		cc := c
		edgeBreak := l.breaksBelowEdges(b, c, first, top > y+0.01)
		cc.atTop = c.atTop && !edgeBreak
		cc.endEdges = 0
		if !clone && !heightConstrained(st) && !math.IsInf(c.bottom, 1) {
			cc.endEdges = f.Border[style.Bottom] + f.Padding[style.Bottom]
		}
		lr := l.placeLines(b, f, cx, cy, cw, cc, tok)
		if lr.empty && edgeBreak {
			// the first line moves on; the top edges stay here
			lr = flowResult{y: cy, next: &BreakToken{Box: b}}
		} else if lr.empty {
			return blockResult{empty: true}
		}
		cy = lr.y
		res.next = lr.next
		carryFloats(b, &res, lr.rest)
	} else {
		absorb := first && !isBFC(b) && vEdges(st, cbW, style.Top) == 0 && b.Kind == box.KindBlock
		var cr flowResult
		switch {
		case isGrid(b):
			cr = l.grid(b, f, cx, cy, cw, c, tok)
		case isFlex(b):
			cr = l.flex(b, f, cx, cy, cw, c, tok)
		default:
			cc := c
			cc.keepMargins = c.keepMargins || c.atTop && first && !absorb && b.Parent != nil
			edgeBreak := l.breaksBelowEdges(b, c, first, top > y+0.01)
			cc.atTop = c.atTop && !edgeBreak
			cr = l.children(b, f, cx, cy, cw, cc, tok, absorb)
			if cr.empty && edgeBreak {
				// the first child moves on; the top edges stay here
				cr = flowResult{y: cy, next: &BreakToken{Box: b}}
			}
		}
		if cr.empty {
			return blockResult{empty: true}
		}
		cy, inner, res.next = cr.y, cr.strut, cr.next
		collapseBottom = collapseBottom && !cr.sealed
		carryFloats(b, &res, cr.rest)
		if cr.overflowOnly {
			// b's own content ended: it is finished as such, the
			// overflowing content continuing in parallel
			parallel, res.next = cr.next, nil
			if st.ClipsY() {
				parallel = nil // clipped, not continued
			}
		}
	}
	consumed := 0.0
	if tok != nil {
		consumed = tok.Consumed
	}
	if res.next != nil {
		// A split box fills the rest of the page; bottom edges go to the
		// last fragment (unless cloned).
		if !clone {
			f.Border[style.Bottom], f.Padding[style.Bottom] = 0, 0
		}
		f.H = math.Max(pageBottom, cy+cloneEnd) - y
		if len(l.multicols) > 0 && spannerToken(res.next, l.multicols[len(l.multicols)-1]) != nil {
			f.H = cy + cloneEnd - y // the content stops at a spanner, not at the page end
		}
		if h := maxContentHeight(b, cbW); !math.IsInf(h, 1) {
			// the box's own height ends on this page: only its
			// overflowing content continues (fragments of no height)
			rest := math.Max(h-consumed, 0)
			f.H = math.Min(f.H, top-y+rest+cloneEnd)
			if tok != nil && tok.Ended && res.next.Box == b || endsHere(b, f, &res, top, rest, pageBottom, cbW) {
				res.next.Ended, res.overflowOnly = true, true
				res.next.Consumed = consumed + rest
				if st.ClipsY() {
					// content past the end of a box clipping in the
					// block axis is clipped, not continued
					res.next, res.overflowOnly, f.Last = nil, false, true
				}
				l.finishAbs(c.abs, b, f)
				return res
			}
		}
		if heightConstrained(st) && res.next.Box == b {
			res.next.Consumed = consumed + f.H - (top - y) - cloneEnd
		}
		l.finishAbs(c.abs, b, f)
		return res
	}
	f.Last = true
	contentH, trailM := cy-top, 0.0 // trailM: the last child's bottom margin, inside
	if !collapseBottom {
		trailM = inner.value()
		contentH += trailM
		inner = strut{}
	}
	if isBFC(b) && c.floats.below(top+contentH) {
		// a block formatting context root contains its floats
		contentH, trailM = c.floats.bottom()-top, 0
	}
	if heightConstrained(st) {
		trailM = 0
		// height, min-height and max-height apply to the box's whole
		// content height, fragments before this one included
		total := consumed + contentH
		if h, ok := definiteHeight(b, cbW); ok {
			total = h
		}
		if st.MaxHeight.Unit == style.Pt {
			total = math.Min(total, st.MaxHeight.Value)
		}
		if st.MinHeight.Unit == style.Pt { // min-height wins over max-height (CSS 2.1 §10.7)
			total = math.Max(total, st.MinHeight.Value)
		}
		natural := contentH
		_, definite := definiteHeight(b, cbW)
		contentH = math.Max(total-consumed, 0)
		if contentH != natural {
			// a min-height or max-height that changes the height keeps
			// the last child's bottom margin from collapsing through
			// the box, as browsers do: it ends inside the height
			inner = strut{}
		}
		room := c.bottom - top
		// the height a constraint adds below the content is split; a
		// definite height is split even when the content overflows the
		// page (column) already — which balancing counts as too low
		overflowing := natural > room+0.01
		// content overflowing the page (column), as a line taller than
		// it, uses its own height of the box's there (as browsers do):
		// the box's rest is what follows it, if any
		used := math.Max(room, natural)
		// (a legend taller than the page (column) the fieldset starts,
		// being monolithic, sends the content on whole: the first
		// fragment ends at the top edges)
		edgesOnly := legend > 0 && c.atTop && first && !clone && room < -0.01
		if top+contentH > c.bottom+0.01 && (room > 0.01 || edgesOnly) && used < contentH-0.01 && (!overflowing || definite) && (splitsHeight(b) || b == l.absSplit) {
			if overflowing {
				l.brokenAvoids++
			}
			// the rest of the height does not fit: the box is fragmented
			// at the page (column) bottom and continues on the next
			// (CSS Fragmentation 3 §4.4)
			f.Last = false
			if !clone {
				f.Border[style.Bottom], f.Padding[style.Bottom] = 0, 0
			}
			f.H = top + used + cloneEnd - y
			res.next = &BreakToken{Box: b, Child: len(b.Children), HeightOnly: true, Consumed: consumed + used, Floats: res.floats, Overflow: overflowOf(parallel)}
			res.floats = nil
			l.finishAbs(c.abs, b, f)
			return res
		}
	}
	if !clone && trailM <= 0.01 && edgesOverflow(b, f, top+contentH, c.bottom, cbW) {
		// no break point between the content and the bottom edges:
		// break before the last content so the edges follow it
		if r, ok := l.breakBeforeLast(entry, f, c0); ok {
			return r
		}
	}
	if !clone && endEdgesPushed(b, f, top+contentH-trailM, trailM, c.bottom) {
		// the content fits but not its last margin or the bottom border
		// and padding: the margin is truncated at the break, the edges
		// go to the next page (column) in a fragment of their own
		f.Last, f.Border[style.Bottom], f.Padding[style.Bottom] = false, 0, 0
		f.H = pageBottom - y
		res.next = &BreakToken{Box: b, Child: len(b.Children), HeightOnly: true, Consumed: consumed + contentH, Floats: res.floats, Overflow: overflowOf(parallel)}
		res.floats = nil
		l.finishAbs(c.abs, b, f)
		return res
	}
	if tok != nil && tok.Ended {
		// the bottom edges were on the page where the box ended
		f.Border[style.Bottom], f.Padding[style.Bottom] = 0, 0
	}
	f.H = f.Border[style.Top] + f.Padding[style.Top] + contentH + f.Border[style.Bottom] + f.Padding[style.Bottom]
	res.mbOut = inner.add(st.Resolve(st.Margin[style.Bottom], cbW, 0))
	l.finishAbs(c.abs, b, f)
	res.through = first && f.H == 0 && len(f.Lines) == 0 && b.Kind == box.KindBlock && zeroOrAutoHeight(b) && !isBFC(b)
	if parallel != nil {
		res.next, res.overflowOnly, f.Last, res.through = parallel, true, false, false
		parallel.Ended, parallel.Consumed = true, consumed+contentH
	}
	return res
}

// keywordWidth returns b's style with its width of keyword kw resolved to
// a border-box length in a containing block cbW wide.
func (l *layouter) keywordWidth(b *box.Box, cbW float64, kw style.SizeKeyword) *style.Style {
	st := b.Style
	mn, mx := l.intrinsic(b, cbW)
	w := mx
	switch kw {
	case style.SizeMinContent:
		w = mn
	case style.SizeFitContent:
		avail := cbW - st.Resolve(st.Margin[style.Left], cbW, 0) - st.Resolve(st.Margin[style.Right], cbW, 0)
		w = math.Min(math.Max(mn, avail), mx)
	}
	cs := *st
	setBorderBoxWidth(&cs, w, cbW)
	return &cs
}

type flowResult struct {
	y     float64
	strut strut
	next  *BreakToken
	empty bool
	// sealed says strut follows an empty box with clearance: it does
	// not collapse with the parent's bottom margin (CSS 2.1 §8.3.1)
	sealed bool
	// rest, when next is nil, is set when the box's content ended but
	// floats of it continue on the next page (column): its Floats are
	// those floats' tokens, and it resumes the box after its content.
	rest *BreakToken
	// overflowOnly says next holds only content overflowing children
	// whose block size ended here (BreakToken.Overflow).
	overflowOnly bool
}

// children lays out the block-level children of b.
func (l *layouter) children(b *box.Box, f *Fragment, cx, cy, cw float64, c fctx, tok *BreakToken, absorb bool) flowResult {
	var par []*BreakToken
	if tok != nil && len(tok.Overflow) > 0 {
		par = l.resumeOverflow(b, f, cx, cy, cw, c, tok.Overflow)
	}
	r := l.childFlow(b, f, cx, cy, cw, c, tok, absorb, &par)
	return withOverflow(b, r, par)
}

// childFlow lays out the block-level children of b from tok in normal
// flow, adding to par the tokens of the children whose content overflows
// their block size ended here.
func (l *layouter) childFlow(b *box.Box, f *Fragment, cx, cy, cw float64, c fctx, tok *BreakToken, absorb bool, par *[]*BreakToken) flowResult {
	start := 0
	var inner *BreakToken
	if tok != nil {
		start, inner = tok.Child, tok.Inner
	}
	s := strut{}
	sealed := false
	placed, laid := 0, 0
	kids := b.Children
	var carry floatCarry // floats going on to the next page (column)
	topFloats := 0       // floats carried over placed at the top
	if tok != nil && len(tok.Floats) > 0 {
		n0 := len(f.Children)
		carry.add(-1, l.resumeFloats(f, tok.Floats, cx, cy, cw, c)...)
		topFloats = len(f.Children) - n0
	}
	var prev, last laidChild // how the last two in-flow children were laid out
	// the first in-flow child's top margin is the parent's (absorb)
	// and so are those of the following children while the ones before
	// are empty and collapse through (leadingMargins)
	lastIn, sep := -1, -1
	if absorb && tok == nil {
		_, lastIn, sep = leadingMargins(b, cw, c.floats.clearY(style.ClearBoth)-cy, floatsAfter(b, cw))
	}
	// a pending b is asked for its children as the flow reaches them
	for i := start; i < len(kidsUpTo(b, i)); i++ {
		if err := l.check(); err != nil {
			return flowResult{y: cy}
		}
		kids = kidsUpTo(b, i+lookAhead)
		ch := kids[i]
		if ch.Kind == box.KindTableColumn || renderedLegend(ch, b) && l.fieldsetLegend(b) == ch {
			continue // (a rendered legend is placed over the border, fieldset.go)
		}
		// margins at the page top are truncated whatever floats come
		// first; what does not fit after them moves on
		truncate := c.atTop && placed == 0 && !l.keepTopMargin && !c.keepMargins
		atTop := c.atTop && placed == 0 && topFloats == 0
		if l.stopsAtSpanner(ch) {
			// the column set ends here; the multicol lays the spanner out
			return flowResult{y: cy, strut: s, next: carry.attach(&BreakToken{Box: b, Child: i, Inner: inner, Spanner: l.multicols[len(l.multicols)-1]}, i)}
		}
		if isAbsolute(ch) {
			y := cy
			if !truncate {
				y = cy + s.value()
			}
			l.queueAbsolute(c.abs, f, absPending{b: ch, cb: containingBlock(ch), staticX: cx, staticY: y, staticW: cw}, Rect{X: cx, Y: y, W: cw})
			inner = nil
			continue
		}
		if isFloat(ch) {
			y := cy
			if !truncate {
				y = cy + s.value()
			}
			ok := l.childFloat(ch, i, f, cx, y, cw, c, inner, atTop, &carry)
			inner = nil
			if !ok {
				return flowResult{y: cy, strut: s, next: carry.attach(&BreakToken{Box: b, Child: i}, i)}
			}
			continue
		}
		// forced breaks between siblings; a layout that is not fragmented
		// (an inline-block, a measurement, a margin or positioned box:
		// bottom is +Inf) has no page to break to and ignores them, or
		// the content after the break would be lost
		if i > start && !math.IsInf(c.bottom, 1) {
			prev := kids[i-1]
			before, after := breakBefore(ch), breakAfter(prev)
			if (l.forces(after) || l.forces(before) || l.pageNameBreak(kids, i)) && (laid > 0 || !c.atTop) {
				side := before
				if !l.forces(side) {
					side = after
				}
				if !l.forces(side) {
					side = style.BreakPage // a change of named page
				}
				return flowResult{y: cy, strut: s, next: carry.attach(&BreakToken{Box: b, Child: i, Forced: true, Side: side}, i)}
			}
		}
		var top float64
		var before strut
		if inner == nil {
			ct := collapsedTopAfter(ch, cw, c.floats.clearY(style.ClearBoth)-cy)
			if i <= lastIn || i == sep {
				ct = strut{} // the parent's, or separated (leadingMargins)
			}
			before = s.join(ct)
			if truncate {
				top = cy
			} else {
				top = cy + before.value()
			}
		} else {
			top = cy
		}
		cleared := false
		if cl := c.floats.clearY(ch.Style.Clear); cl > top && inner == nil {
			top, cleared = cl, true // clearance (CSS 2.1 §9.5.2)
		}
		bx, bw, restore := cx, cw, func() {}
		if avoidsFloats(ch) && c.floats.below(top) {
			// a block formatting context root does not overlap floats
			// (CSS 2.1 §9.5): narrowed to the free band, or below them;
			// its percentages still refer to the containing block
			restore = pinPercents(ch, cw)
			bx, bw, top = l.besideFloats(ch, cx, cw, top, c.floats)
		}
		nf := c.floats.count()
		fc := fctx{bottom: c.bottom, atTop: atTop, keepMargins: c.keepMargins && atTop, floats: c.floats, abs: c.abs}
		prev, last = last, l.laid(ch, bx, top, bw, fc, inner)
		r := l.block(ch, bx, top, bw, fc, inner)
		restore()
		resumed := inner != nil
		inner = nil
		pushed := r.empty
		if !pushed && atTop && !resumed && r.next != nil && l.avoidsInside(ch) {
			l.brokenAvoids++ // broken all the same: it starts the page (column)
		}
		if !pushed && !atTop && !resumed {
			bottom := r.frag.Y + r.frag.H
			if r.next != nil && l.avoidsInside(ch) && l.atColumnTop(r.frag.Y) {
				l.brokenAvoids++ // broken all the same: nothing precedes it in the column
			} else if r.next != nil && l.avoidsInside(ch) {
				pushed = true // break-inside: avoid or monolithic; it may fit on the next page
			} else if r.next == nil && bottom > c.bottom+0.01 && !r.through {
				pushed = true // monolithic or partially overflowing content
			}
		}
		if pushed {
			if atTop {
				// Cannot happen for splittable content; place it anyway.
				pushed = false
			} else {
				k := i
				// keep with the previous sibling when the break is avoided
				avoided := k-1 >= start && (l.avoids(kids[k-1].Style.BreakAfter) || l.avoids(ch.Style.BreakBefore)) && len(f.Children) > 0 && f.Children[len(f.Children)-1].Box == kids[k-1]
				if avoided {
					if fr, nt := l.breakInsideLast(prev, f.Children[len(f.Children)-1], c); nt != nil {
						// the latest break: inside the previous sibling
						f.Children[len(f.Children)-1] = relativeIn(fr, cw, relCBHeight(b, cw))
						return flowResult{y: fr.Y + fr.H, next: &BreakToken{Box: b, Child: k - 1, Inner: nt}}
					}
					if k-1 > start {
						var kept int
						k, kept = l.avoidedBreakBack(kids, k, start, f.Children)
						f.Children = f.Children[:kept]
					} else if tok == nil && !c.atTop && len(f.Children) == 1 {
						// The only break point left inside b is avoided:
						// use the earlier one before b (CSS Fragmentation
						// 3 §4.4), which b's parent may take in turn.
						return flowResult{empty: true}
					}
				}
				if k == i && avoided && r.empty {
					if r2 := l.relaxed(last, c); r2.next != nil {
						// orphans and widows give way before the
						// avoided break does (css-break-3 §4.4)
						f.Children = append(f.Children, relativeIn(r2.frag, cw, relCBHeight(b, cw)))
						return flowResult{y: r2.frag.Y + r2.frag.H, next: &BreakToken{Box: b, Child: i, Inner: r2.next}}
					}
				}
				if k == start && tok == nil && !c.atTop && len(f.Children) == 0 {
					// breaking before the first child is breaking before b
					return flowResult{empty: true}
				}
				return flowResult{y: cy, strut: s, next: carry.attach(&BreakToken{Box: b, Child: k}, k)}
			}
		}
		f.Children = append(f.Children, relativeIn(r.frag, cw, relCBHeight(b, cw)))
		if !resumed || !atTop || r.frag.H > 0 {
			laid++ // an empty rest of a box leaves the page (column) top free
		}
		if !atTop || r.frag.H > 0 || c.floats.count() > nf || len(r.floats) > 0 {
			// so does a box of no height (and no floats) for an
			// unforced break: the next box still starts the page
			placed++
		}
		if r.next != nil && r.overflowOnly {
			// its content continues on the next page (column) in
			// parallel: the flow goes on after its end here
			*par = append(*par, r.next)
			cy, s, sealed = r.frag.Y+r.frag.H, r.mbOut, false
			continue
		}
		if r.next != nil {
			return flowResult{y: r.frag.Y + r.frag.H, next: carry.attach(&BreakToken{Box: b, Child: i, Inner: r.next}, i)}
		}
		carry.bubble(i, r, cx)
		if r.through && cleared {
			// an empty box with clearance keeps its border edge below
			// the floats; the margins after it collapse with its own
			cy, s, sealed = r.frag.Y, r.mbOut, true
			continue
		}
		if r.through {
			s = before.join(r.mbOut)
			if i <= lastIn && collapsesThrough(ch, cw) {
				s = strut{} // the parent took its margins (leadingMargins)
			}
			continue
		}
		cy = r.frag.Y + r.frag.H
		s, sealed = r.mbOut, false
	}
	if placed == 0 && !c.atTop && tok == nil && len(kids) > 0 && false {
		return flowResult{empty: true}
	}
	return flowResult{y: cy, strut: s, sealed: sealed, rest: carry.rest(b, len(b.Children))}
}
