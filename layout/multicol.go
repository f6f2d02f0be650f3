package layout

import (
	"fmt"
	"math"
	"slices"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// Multi-column layout (CSS Multi-column Layout 1).
//
// A multi-column container lays its content out in column boxes of equal
// width (§3.4), each a fragmentainer of the column height: the content
// flows through the columns in document order, so reading order and
// tags stay in DOM order. Children with column-span: all cut the content
// into column sets: each set is laid out in columns, each spanner across
// the container. A set whose content is done is balanced (column-fill:
// balance, the initial value, or any set of unconstrained height) by
// laying it out again at column heights found by bisection; a set that
// does not end on the page fills the columns to the page bottom and
// continues in the columns of the next page. Column rules are recorded
// on the container's fragment (Fragment.ColumnRules).

// maxColumnNesting bounds nested multi-column containers: one nested
// deeper is laid out as a plain block (balancing each level multiplies
// the layout work of the levels inside it).
const maxColumnNesting = 3

// maxBalancePasses bounds the layouts balancing a column set tries.
const maxBalancePasses = 16

// maxColumns bounds the columns of one set, overflow columns included
// (a multicol of limited height adds columns in the inline direction).
const maxColumns = 1000

// isMulticol reports whether b lays its content out in columns.
func (l *layouter) isMulticol(b *box.Box) bool {
	st := b.Style
	if st == nil || st.ColumnCount == 0 && st.ColumnWidth.IsAuto() {
		return false
	}
	if b.Kind != box.KindBlock && b.Kind != box.KindInlineBlock {
		return false
	}
	switch st.Display {
	case style.DisplayFlex, style.DisplayInlineFlex, style.DisplayGrid, style.DisplayInlineGrid:
		return false
	}
	return l.columnDepth < maxColumnNesting
}

// multicolStyle reports whether st makes a multi-column container (for
// isBFC: such a container establishes a block formatting context).
func multicolStyle(st *style.Style) bool {
	return st.ColumnCount > 0 || !st.ColumnWidth.IsAuto()
}

// colGeom is the used column geometry of a multicol container.
type colGeom struct {
	n      int     // used column count
	w, gap float64 // column width and gap
	x0, cw float64 // content box left and width
	rtl    bool
}

// columnGeometry resolves the used column count and width in a content
// box cw wide (css-multicol-1 §3.4) and the gap (normal: 1em).
func columnGeometry(st *style.Style, cx, cw float64) colGeom {
	g := colGeom{gap: st.FontSize, x0: cx, cw: cw, rtl: st.Direction == style.RTL}
	if !st.ColumnGap.IsAuto() {
		g.gap = math.Max(st.Resolve(st.ColumnGap, cw, 0), 0)
	}
	cw = math.Max(cw, 0)
	if st.ColumnWidth.IsAuto() {
		g.n = max(st.ColumnCount, 1)
	} else {
		// a zero column width counts as 1px, as in browsers
		w := math.Max(st.Resolve(st.ColumnWidth, cw, 0), 0.75)
		g.n = max(1, int(math.Min(math.Floor((cw+g.gap)/(w+g.gap)), maxColumns)))
		if st.ColumnCount > 0 {
			g.n = min(g.n, st.ColumnCount)
		}
	}
	g.w = math.Max(0, (cw-float64(g.n-1)*g.gap)/float64(g.n))
	return g
}

// multicolIntrinsic returns the min- and max-content widths of a
// multicol container of style st from those of its content
// (css-multicol-1 §3.4, css-sizing-3): column-count columns (1 when
// auto) as wide as the content's widest piece, or as column-width when
// wider, with their gaps; a column-width caps the min-content width.
func multicolIntrinsic(st *style.Style, cmin, cmax, cbW float64) (minW, maxW float64) {
	n := float64(max(st.ColumnCount, 1))
	g := columnGeometry(st, 0, cbW)
	if st.ColumnWidth.IsAuto() {
		minW = n*cmin + (n-1)*g.gap
		maxW = n*cmax + (n-1)*g.gap
		return minW, maxW
	}
	w := math.Max(st.Resolve(st.ColumnWidth, cbW, 0), 0)
	return math.Min(cmin, w), n*math.Max(w, cmax) + (n-1)*g.gap
}

// spannersIntrinsic widens the intrinsic widths minW, maxW of multicol
// container b's columns to those of its spanners: a spanner is laid out
// across the container, not in a column (css-multicol-1 §6.1), so the
// column content's measure leaves it out. Spanners nested in blocks of
// the columns count with those blocks' horizontal margins, borders and
// padding left out (an approximation: they are usually none).
func (l *layouter) spannersIntrinsic(b *box.Box, cbW float64, minW, maxW float64) (float64, float64) {
	stack := append([]*box.Box(nil), b.Children...)
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch {
		case c.Style == nil || c.Kind == box.KindText:
		case c.Style.ColumnSpanAll && spannerOf(c) == b:
			cmin, cmax := l.intrinsic(c, cbW)
			m := c.Style.Resolve(c.Style.Margin[style.Left], cbW, 0) + c.Style.Resolve(c.Style.Margin[style.Right], cbW, 0)
			minW, maxW = math.Max(minW, cmin+m), math.Max(maxW, cmax+m)
		case c.Kind == box.KindBlock && !isBFC(c) && !multicolStyle(c.Style):
			// spanners deeper in: the stack holds one level of the
			// tree at a time, so it is bounded by the box count
			stack = append(stack, c.Children...)
		}
	}
	return minW, maxW
}

// x returns the left edge of column i (columns beyond the count
// overflow past the content box).
func (g colGeom) x(i int) float64 {
	off := float64(i) * (g.w + g.gap)
	if g.rtl {
		return g.x0 + g.cw - g.w - off
	}
	return g.x0 + off
}

// multicol lays out the content of multicol container b (fragment f,
// content box at cx, cy, cw wide) from tok: column sets, each ended by
// a spanner (a descendant with column-span: all, laid out across the
// container) or by the end of the content or of the page.
func (l *layouter) multicol(b *box.Box, f *Fragment, cx, cy, cw float64, c fctx, tok *BreakToken) flowResult {
	st := b.Style
	g := columnGeometry(st, cx, cw)
	limit, fixed := c.bottom-cy, false
	if h, ok := definiteContentHeight(st, f); ok {
		if tok != nil {
			h = math.Max(h-tok.Consumed, 0) // the part left after earlier fragments
		}
		if h < limit {
			limit, fixed = h, true
		}
	}
	y, t := cy, tok
	placed := false
	// prevMB is the bottom margin of the last spanner when nothing
	// followed it yet: it collapses with the next spanner's top margin
	prevMB := 0.0
	for range maxSpanners {
		if l.check() != nil {
			return flowResult{y: y}
		}
		if stop := spannerToken(t, b); stop != nil {
			// a spanner: after a column set, or resumed on this page
			sp := stop.Box.Children[stop.Child]
			if v := breakBefore(sp); placed && stop.Inner == nil && forcedBreak(v) && !math.IsInf(c.bottom, 1) {
				next := withSpanner(t, nil)
				spannerToken(next, b).Forced, spannerToken(next, b).Side = true, v
				return flowResult{y: y, next: next}
			}
			sr := l.spanner(b, f, cx, y, cw, c, t, c.atTop && !placed, prevMB)
			if sr.next != nil || sr.empty {
				if sr.empty && !placed && tok == nil {
					return flowResult{empty: true}
				}
				return flowResult{y: sr.y, next: sr.next}
			}
			placed, y, t, prevMB = true, sr.y, pastSpanner(t), sr.mb
			if v := breakAfter(sp); forcedBreak(v) && !math.IsInf(c.bottom, 1) {
				innermost(t).Forced, innermost(t).Side = true, v
				return flowResult{y: y, next: t}
			}
			continue
		}
		rules0 := len(f.ColumnRules)
		// columns as tall as the box's own height would be no taller
		// on the next page: their first column places what it can
		r := l.columnSet(b, f, g, y, limit-(y-cy), fixed, c, t, c.atTop && !placed || fixed)
		if r.empty {
			if !placed && tok == nil {
				return flowResult{empty: true}
			}
			return flowResult{y: y, next: t}
		}
		if r.y > y {
			prevMB = 0 // content between: the spanners' margins do not meet
		}
		placed, y = true, r.y
		if r.next == nil {
			l.stretchRules(f, rules0, b, cy, c, tok)
			return flowResult{y: y}
		}
		if spannerToken(r.next, b) == nil {
			return flowResult{y: y, next: r.next}
		}
		t = r.next
	}
	l.diag("layout", fmt.Sprintf("a multi-column container has more than %d column spanners on a page; the rest continue on the next page", maxSpanners))
	return flowResult{y: y, next: t}
}

// maxSpanners bounds the spanners of one multicol on one page.
const maxSpanners = 10000

// spannerResult is the outcome of laying out a spanner.
type spannerResult struct {
	y     float64 // below the spanner's bottom margin
	mb    float64 // that margin
	next  *BreakToken
	empty bool
}

// spanner lays out the spanner at the innermost position of token t
// across multicol b's content box (at cx, y, cw wide), resuming it from
// the innermost token's Inner.
func (l *layouter) spanner(b *box.Box, f *Fragment, cx, y, cw float64, c fctx, t *BreakToken, atTop bool, prevMB float64) spannerResult {
	in := spannerToken(t, b)
	sp := in.Box.Children[in.Child]
	// adjoining margins of spanners with nothing between them collapse
	mt := strut{}.add(prevMB).add(sp.Style.Resolve(sp.Style.Margin[style.Top], cw, 0)).value() - prevMB
	if in.Inner != nil || atTop && !l.keepTopMargin {
		mt = 0
	}
	r := l.block(sp, cx, y+mt, cw, fctx{bottom: c.bottom, atTop: atTop, floats: &floatCtx{}, abs: c.abs}, in.Inner)
	if !r.empty && !atTop && in.Inner == nil && r.next == nil && r.frag.Y+r.frag.H > c.bottom+0.01 {
		r.empty = true // it may fit on the next page
	}
	if r.empty {
		// it moves to the next page (at the top of a page something is
		// always placed, so this makes progress)
		return spannerResult{y: y, next: withSpanner(t, nil), empty: true}
	}
	f.Children = append(f.Children, inAncestors(relative(r.frag, cw), sp, b))
	if r.next != nil {
		return spannerResult{y: r.frag.Y + r.frag.H, next: withSpanner(t, r.next)}
	}
	return spannerResult{y: r.frag.Y + r.frag.H + r.mbOut.value(), mb: r.mbOut.value()}
}

// spannerToken returns the token of chain t that stops at a spanner of
// multicol mc, or nil.
func spannerToken(t *BreakToken, mc *box.Box) *BreakToken {
	for ; t != nil; t = t.Inner {
		if t.Spanner == mc {
			return t
		}
	}
	return nil
}

// inAncestors returns spanner fragment sf, laid out as a child of
// multicol mc, inside fragments of the spanner's ancestors below mc
// when one of them has an opacity to apply to it: those fragments paint
// nothing of their own (Paint is empty), the spanner's content is
// painted in their group.
func inAncestors(sf *Fragment, sp, mc *box.Box) *Fragment {
	translucent := false
	for a := sp.Parent; a != nil && a != mc; a = a.Parent {
		translucent = translucent || a.Style.Opacity < 1
	}
	if !translucent {
		return sf
	}
	for a := sp.Parent; a != nil && a != mc; a = a.Parent {
		sf = &Fragment{Box: a, X: sf.X, Y: sf.Y, W: sf.W, H: sf.H, Paint: &Paint{}, Children: []*Fragment{sf}}
	}
	return sf
}

// withSpanner copies token chain t, its innermost token resuming the
// spanner it points at from inner.
func withSpanner(t, inner *BreakToken) *BreakToken {
	c := *t
	if t.Inner != nil && t.Spanner == nil {
		c.Inner = withSpanner(t.Inner, inner)
		return &c
	}
	c.Inner, c.Forced = inner, false
	return &c
}

// pastSpanner copies token chain t (stopped at a spanner) to resume the
// column content after the spanner.
func pastSpanner(t *BreakToken) *BreakToken {
	c := *t
	if t.Inner != nil && t.Spanner == nil {
		c.Inner = pastSpanner(t.Inner)
		return &c
	}
	c.Child++
	c.Inner, c.Spanner, c.Forced = nil, nil, false
	return &c
}

// spannerOf returns the multicol whose columns child b spans when b has
// column-span: all: the nearest multicol ancestor, reached through
// blocks that establish no formatting context; nil when there is none.
func spannerOf(b *box.Box) *box.Box {
	if !isSpanner(b) {
		return nil
	}
	for a := b.Parent; a != nil; a = a.Parent {
		if a.Style != nil && multicolStyle(a.Style) {
			return a
		}
		if a.Kind != box.KindBlock || isBFC(a) {
			return nil
		}
	}
	return nil
}

// stopsAtSpanner reports whether the column content being laid out
// ends before child b: a spanner of the multicol whose columns are
// being laid out.
func (l *layouter) stopsAtSpanner(b *box.Box) bool {
	n := len(l.multicols)
	if n == 0 {
		return false
	}
	mc := l.multicols[n-1]
	return b.Style.ColumnSpanAll && spannerOf(b) == mc || renderedLegend(b, mc)
}

// renderedLegend reports whether b is the rendered legend of fieldset
// mc (its first legend child, in flow): it is not part of the
// fieldset's content, so it stays out of the columns (placed over the
// fieldset's top border, fieldset.go).
func renderedLegend(b, mc *box.Box) bool {
	if b.Parent != mc || b.Tag() != "legend" || mc.Tag() != "fieldset" || b.OutOfFlow() {
		return false
	}
	for _, c := range mc.Children {
		if c.Tag() == "legend" {
			return c == b
		}
	}
	return false
}

// stretchRules extends the rules of a multicol's last column set, from
// rule i0 on, to the bottom of its content box when its height is
// definite: its columns are as tall as the box (on this page).
func (l *layouter) stretchRules(f *Fragment, i0 int, b *box.Box, cy float64, c fctx, tok *BreakToken) {
	h, ok := definiteContentHeight(b.Style, f)
	if !ok || i0 >= len(f.ColumnRules) {
		return
	}
	if tok != nil {
		h -= tok.Consumed
	}
	bottom := cy + math.Min(h, c.bottom-cy)
	for i := i0; i < len(f.ColumnRules); i++ {
		r := &f.ColumnRules[i]
		r.H = math.Max(r.H, bottom-r.Y)
	}
}

// isSpanner reports whether b may span columns: an in-flow
// block-level box with column-span: all.
func isSpanner(b *box.Box) bool {
	return b.Style.ColumnSpanAll && !b.IsInlineLevel() && !b.OutOfFlow() && b.Kind != box.KindTableColumn
}

// definiteContentHeight returns the content-box height of a box with a
// definite height in points (the smaller of height and max-height).
func definiteContentHeight(st *style.Style, f *Fragment) (float64, bool) {
	edges := f.Border[style.Top] + f.Padding[style.Top] + f.Border[style.Bottom] + f.Padding[style.Bottom]
	h, ok := math.Inf(1), false
	for _, l := range [...]style.Length{st.Height, st.MaxHeight} {
		if l.Unit != style.Pt {
			continue
		}
		v := l.Value
		if st.BoxSizing == style.BorderBox {
			v -= edges
		}
		h, ok = math.Min(h, math.Max(v, 0)), true
	}
	return h, ok
}

// setResult is the outcome of laying out a column set.
type setResult struct {
	y     float64     // bottom of the set
	next  *BreakToken // where the content continues (nil: the set is done)
	empty bool        // nothing fitted in the first column
}

// columnSet lays out the content of b from tok in columns of geometry
// g, from y down, at most limit high, until the content, the page or a
// spanner ends it, appending the fragments (lines) to f and its column
// rules to f.ColumnRules.
func (l *layouter) columnSet(b *box.Box, f *Fragment, g colGeom, y, limit float64, fixed bool, c fctx, tok *BreakToken, atTop bool) setResult {
	fragmenting := !math.IsInf(c.bottom, 1)
	overflow := fixed || !fragmenting // extra columns go sideways, not to the next page
	pending := l.pendingMarker
	// each layout queues the positioned boxes it meets in a context of
	// its own; those of the layout kept go to the page's
	type trial struct {
		dst *Fragment
		r   runResult
		abs *absCtx
	}
	run := func(h float64) trial {
		l.pendingMarker = pending
		tr := trial{dst: &Fragment{Box: b}}
		if c.abs != nil {
			// what waits for a containing block that goes on in these
			// columns (absStart) is placed by the trial that ends it
			tr.abs = &absCtx{pending: slices.Clone(c.abs.pending)}
		}
		tr.r = l.runColumns(b, tr.dst, g, y, h, c, tr.abs, tok, atTop, overflow && h >= limit)
		return tr
	}
	best := run(limit)
	if best.r.empty {
		l.pendingMarker = pending
		return setResult{empty: true}
	}
	// a set before a spanner is balanced whatever column-fill says
	balance := !b.Style.ColumnFillAuto || math.IsInf(limit, 1) || best.r.spanner
	if best.r.done() && balance && len(best.r.used) > 0 {
		hi, sum := best.r.tallest(), 0.0
		for _, u := range best.r.used {
			sum += u
		}
		// the content's height spread evenly is the least height that
		// can fit (tried first: it fits when the content breaks
		// anywhere); a height that fits is lowered to its tallest
		// column, which snaps it to the content's break points
		lo := math.Max(0, sum/float64(g.n)-0.01)
		mid := math.Min(sum/float64(g.n), hi)
		for pass := 0; pass < maxBalancePasses && hi-lo > 0.05 && l.err == nil; pass++ {
			if tr := run(mid); tr.r.done() && !tr.r.empty && !tr.r.overflow && !tr.r.forced {
				hi, best = math.Min(mid, tr.r.tallest()), tr
			} else {
				lo = mid
			}
			mid = (lo + hi) / 2
		}
	}
	dst, r := best.dst, best.r
	if best.abs != nil {
		c.abs.pending = best.abs.pending
	}
	f.Children = append(f.Children, dst.Children...)
	f.Lines = append(f.Lines, dst.Lines...)
	setH := r.tallest()
	if !r.done() && !r.forced || fixed && r.next == nil && b.Style.ColumnFillAuto {
		setH = math.Max(setH, limit)
	}
	if math.IsInf(setH, 1) {
		setH = r.tallest()
	}
	l.keepRow(b, r.row, y+setH)
	l.columnRules(b, f, g, y, setH, r.used, r.filled)
	return setResult{y: y + setH, next: r.next}
}

// runResult is the outcome of one layout of a column set at one height.
type runResult struct {
	h    float64 // the column height tried
	next *BreakToken
	// used holds the content height of each column used; filled says
	// whether the column holds fragments (content of no height, or only
	// content overflowing a box that ended in an earlier column).
	used   []float64
	filled []bool
	// empty: nothing fitted in the first column; overflow: some column's
	// content runs past the column height; forced: the set stopped at a
	// forced page break.
	empty, overflow, forced bool
	// spanner: the set stopped at a spanner.
	spanner bool
	// row is the row of columns laid out (multicol_abs.go).
	row *colRow
}

// done reports whether the set's content ended: at its end, or at a
// spanner.
func (r *runResult) done() bool { return r.next == nil || r.spanner }

func (r *runResult) tallest() float64 {
	t := 0.0
	for _, u := range r.used {
		t = math.Max(t, u)
	}
	return t
}

// runColumns lays the content out in columns h high into dst: g.n
// columns, or as many as the content needs when extra is set.
func (l *layouter) runColumns(b *box.Box, dst *Fragment, g colGeom, y, h float64, c fctx, abs *absCtx, tok *BreakToken, atTop, extra bool) (rr runResult) {
	rr = runResult{h: h}
	t, prev := tok, tok
	broken := l.brokenAvoids
	defer func() {
		if l.brokenAvoids > broken {
			rr.overflow = true
		}
	}()
	savedKeep, savedCol, savedTop := l.keepTopMargin, l.column, l.fragTop
	l.columnDepth++
	l.multicols = append(l.multicols, b)
	l.fragTop = y
	defer func() {
		l.columnDepth--
		l.multicols = l.multicols[:len(l.multicols)-1]
		l.keepTopMargin, l.column, l.fragTop = savedKeep, savedCol, savedTop
	}()
	cols := g.n
	if extra {
		cols = maxColumns
	}
	row := l.newRow(b, savedCol, tok)
	row.first = columnCtx{g: g, n: cols, top: y, bottom: y + h, parent: rowParent(savedCol, y+h), row: row}
	rr.row = row
	for i := 0; i < maxColumns && (i < g.n || extra); i++ {
		if i > 0 {
			// margins at an unforced column break are truncated, kept
			// after a forced one
			l.keepTopMargin = innermost(t).Forced
		}
		cf := fctx{bottom: y + h, atTop: atTop || i > 0, floats: &floatCtx{}, abs: abs}
		l.column = row.first.at(i)
		row.used = i + 1
		n0 := len(dst.Children) + len(dst.Lines)
		var r flowResult
		if b.HasInlineChildren() {
			r = l.placeLines(b, dst, g.x(i), y, g.w, cf, t)
		} else {
			r = l.children(b, dst, g.x(i), y, g.w, cf, t, false)
		}
		progress := len(dst.Children)+len(dst.Lines) > n0
		if r.next == nil && r.rest != nil {
			r.next = r.rest // the content ended, floats of it go on
		}
		if !progress && r.next != nil && spannerToken(r.next, b) != nil {
			// the set ends at a spanner before any content
			rr.used, rr.filled = append(rr.used, 0), append(rr.filled, false)
			rr.next, rr.spanner = r.next, true
			return rr
		}
		if r.empty || !progress && r.next != nil && i == 0 && !atTop {
			if i == 0 {
				rr.empty = true
				return rr
			}
			break
		}
		bottom := math.Max(r.y+r.strut.value(), cf.floats.bottom())
		rr.used, rr.filled = append(rr.used, math.Max(bottom-y, 0)), append(rr.filled, progress)
		if bottom > y+h+0.01 {
			rr.overflow = true
		}
		if l.err != nil || r.next == nil {
			rr.next = nil
			return rr
		}
		prev, t = t, r.next
		if spannerToken(t, b) != nil {
			rr.next, rr.spanner = t, true
			return rr
		}
		if in := innermost(t); in.Forced && in.Side != style.BreakColumn && !math.IsInf(c.bottom, 1) {
			rr.next, rr.forced = t, true
			return rr
		}
		if !progress && sameToken(prev, t) {
			break // no progress: never loop
		}
	}
	rr.next = t
	return rr
}

// innermost returns the innermost token of t's chain.
func innermost(t *BreakToken) *BreakToken {
	for t.Inner != nil {
		t = t.Inner
	}
	return t
}

// columnRules records the rules between the columns of a set (from y,
// h high) that both hold content (css-multicol-1 §4): content of some
// height, or fragments (filled).
func (l *layouter) columnRules(b *box.Box, f *Fragment, g colGeom, y, h float64, used []float64, filled []bool) {
	st := b.Style
	w := st.ColumnRule.Width // 0 unless the rule's style is visible
	if w <= 0 || h <= 0 || st.ColumnRule.Style == style.BorderNone || st.ColumnRule.Style == style.BorderHidden {
		return
	}
	for i := 0; i+1 < len(used); i++ {
		if used[i+1] <= 0 && (i+1 >= len(filled) || !filled[i+1]) {
			continue
		}
		mid := g.x(i) + g.w + g.gap/2
		if g.rtl {
			mid = g.x(i) - g.gap/2
		}
		f.ColumnRules = append(f.ColumnRules, Rect{X: mid - w/2, Y: y, W: w, H: h})
	}
}

// avoids reports whether break value v avoids a break here: avoid and
// avoid-page, and avoid-column inside columns.
func (l *layouter) avoids(v style.Break) bool {
	return avoidBreak(v) || v == style.BreakAvoidColumn && l.columnDepth > 0
}

// avoidsInside reports whether a break inside b is to be avoided: b has
// break-inside: avoid (avoid-column in columns), or it is monolithic by
// size containment (css-contain-2 §3.1) — broken only when nothing
// precedes it in the page (column), as content taller than a page is
// sliced (css-break-3 §4.1).
func (l *layouter) avoidsInside(b *box.Box) bool {
	return l.avoids(b.Style.BreakInside) || b.Style.SizeContained()
}

// forces reports whether break value v forces a break here: the page
// breaks, and column inside columns.
func (l *layouter) forces(v style.Break) bool {
	return forcedBreak(v) || v == style.BreakColumn && l.columnDepth > 0
}
