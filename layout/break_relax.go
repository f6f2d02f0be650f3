package layout

import (
	"math"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// When the break between two siblings is avoided (break-before/after:
// avoid) and the later one does not fit, css-break-3 §4.4 takes the
// latest break that is allowed: inside the earlier sibling, before its
// last content (breakInsideLast), else between earlier siblings
// (avoidedBreakBack); when there is none, orphans and widows give way
// first (relaxed), and the avoided break is taken last.

// laidChild is how a child was laid out in its parent's flow: where,
// with which token and fragmentation context (but for its floats and
// positioned boxes, which the parent's context holds: kept apart so that
// those contexts stay on the stack), and the state of those and of the
// pending list marker before it, so it can be laid out again the same
// with another page bottom.
type laidChild struct {
	box         *box.Box
	x, y, w     float64
	bottom      float64
	atTop, keep bool
	endEdges    float64
	tok         *BreakToken
	nFloats     int
	floatTop    float64
	nAbs        int
	marker      *box.Box
}

// maxLastDepth bounds the walk down to a fragment's last content.
const maxLastDepth = 256

// laid records the layout of child b at (x, y), w wide, in context c from
// tok.
func (l *layouter) laid(b *box.Box, x, y, w float64, c fctx, tok *BreakToken) laidChild {
	lc := laidChild{box: b, x: x, y: y, w: w, bottom: c.bottom, atTop: c.atTop, keep: c.keepMargins, endEdges: c.endEdges, tok: tok, marker: l.pendingMarker}
	if c.floats != nil {
		lc.nFloats, lc.floatTop = len(c.floats.floats), c.floats.lastTop
	}
	if c.abs != nil {
		lc.nAbs = len(c.abs.pending)
	}
	return lc
}

// ctx returns the fragmentation context lc's child was laid out in, with
// the floats and positioned boxes of pc (its parent's context).
func (lc laidChild) ctx(pc fctx) fctx {
	return fctx{bottom: lc.bottom, atTop: lc.atTop, keepMargins: lc.keep, endEdges: lc.endEdges, floats: pc.floats, abs: pc.abs}
}

// again lays out lc's child again, the floats, positioned boxes and
// marker it added the first time dropped, in context c.
func (l *layouter) again(lc laidChild, c fctx) blockResult {
	if c.floats != nil && len(c.floats.floats) >= lc.nFloats {
		c.floats.floats, c.floats.lastTop = c.floats.floats[:lc.nFloats], lc.floatTop
	}
	if c.abs != nil && len(c.abs.pending) >= lc.nAbs {
		c.abs.pending = c.abs.pending[:lc.nAbs]
	}
	l.pendingMarker = lc.marker
	saved := l.relayout
	l.relayout = true
	defer func() { l.relayout = saved }()
	return l.block(lc.box, lc.x, lc.y, lc.w, c, lc.tok)
}

// breakInsideLast lays out again the child lc that ended in fragment fr
// before an avoided break, with the page bottom moved up to the top of
// its last content so it breaks before it. It returns the new fragment
// and token, or a nil token when no such break is allowed (b avoids
// breaks inside, nothing precedes its last content, or the break would
// break an avoid rule inside it); fr then stands.
func (l *layouter) breakInsideLast(lc laidChild, fr *Fragment, pc fctx) (*Fragment, *BreakToken) {
	b := lc.box
	if l.relayout || b == nil || fr.Box != b || b.Kind != box.KindBlock || l.avoidsInside(b) ||
		b.Style.Position == style.PositionRelative || !splitsHeight(b) || isFlex(b) || isGrid(b) || l.isMulticol(b) {
		return nil, nil
	}
	cut, ok := lastContentTop(fr)
	if !ok || cut <= lc.y+0.01 || cut > lc.bottom {
		return nil, nil
	}
	base := lc.ctx(pc)
	c := base
	c.bottom = cut
	broken, saved := l.brokenAvoids, l.snapshot(base)
	r := l.again(lc, c)
	if r.empty || r.next == nil || r.overflowOnly || l.brokenAvoids > broken {
		// no allowed break there: the first layout stands
		l.brokenAvoids = broken
		l.restore(base, saved)
		return nil, nil
	}
	// the box, broken, still fills the page (column)
	for f := r.frag; f != nil && !f.Last; f = lastInFlow(f) {
		f.H = max(f.H, lc.bottom-f.Y)
	}
	return r.frag, r.next
}

// relaxed lays out again the child lc that orphans and widows pushed off
// the page, with them relaxed: the lines that fit stay.
func (l *layouter) relaxed(lc laidChild, pc fctx) blockResult {
	if l.relayout || lc.box == nil || lc.tok != nil {
		return blockResult{}
	}
	base := lc.ctx(pc)
	saved := l.snapshot(base)
	l.relaxLines = true
	r := l.again(lc, base)
	l.relaxLines = false
	if r.empty || r.next == nil || r.frag == nil {
		l.restore(base, saved)
		return blockResult{}
	}
	return r
}

// stateSnap is the state of the floats and positioned boxes of a
// fragmentation context and of the pending marker at one time.
type stateSnap struct {
	marker *box.Box
	floats []floatArea
	top    float64
	abs    []absPending
}

// snapshot copies the floats and positioned boxes of c and the pending
// marker as they are now, for restore.
func (l *layouter) snapshot(c fctx) stateSnap {
	s := stateSnap{marker: l.pendingMarker}
	if c.floats != nil {
		s.floats, s.top = append([]floatArea(nil), c.floats.floats...), c.floats.lastTop
	}
	if c.abs != nil {
		s.abs = append([]absPending(nil), c.abs.pending...)
	}
	return s
}

// restore puts back the state of c saved in s.
func (l *layouter) restore(c fctx, s stateSnap) {
	l.pendingMarker = s.marker
	if c.floats != nil {
		c.floats.floats, c.floats.lastTop = s.floats, s.top
	}
	if c.abs != nil {
		c.abs.pending = s.abs
	}
}

// lastContentTop returns the top of the last content of fragment f —
// its last line, or its last in-flow child's, down to a box with neither
// — and whether f has any.
func lastContentTop(f *Fragment) (float64, bool) {
	for depth := 0; depth < maxLastDepth; depth++ {
		if n := len(f.Lines); n > 0 {
			return f.Lines[n-1].Y, true
		}
		c := lastInFlow(f)
		if c == nil {
			return f.Y, depth > 0
		}
		f = c
	}
	return 0, false
}

// lastInFlow returns f's last child fragment in normal flow (nil: none).
func lastInFlow(f *Fragment) *Fragment {
	for i := len(f.Children) - 1; i >= 0; i-- {
		if c := f.Children[i]; c.Box != nil && !c.Box.OutOfFlow() {
			return c
		}
	}
	return nil
}

// edgesOverflow reports whether the content of block b (fragment f),
// ending at contentEnd, fits above bottom but its bottom padding and
// border do not, with only block children before them (lines make room
// for them themselves: endEdgesRoom).
func edgesOverflow(b *box.Box, f *Fragment, contentEnd, bottom, cbW float64) bool {
	edges := vEdges(b.Style, cbW, style.Bottom)
	if b.HasInlineChildren() || edges <= 0.01 || math.IsInf(bottom, 1) || !b.Style.Height.IsAuto() || !splitsHeight(b) {
		return false
	}
	return contentEnd > f.Y+f.Border[style.Top]+f.Padding[style.Top]+0.01 && contentEnd <= bottom+0.01 && contentEnd+edges > bottom+0.01
}

// breakBeforeLast lays block b out again from entry, with the page bottom
// moved up to the top of its last content in f (the fragment of the first
// layout), so that content and the bottom edges after it move to the next
// page together. It reports false, the first layout standing, when that
// breaks no earlier or breaks an avoid rule.
func (l *layouter) breakBeforeLast(entry laidChild, f *Fragment, pc fctx) (blockResult, bool) {
	b := entry.box
	if l.relayout || b.Kind != box.KindBlock || isFlex(b) || isGrid(b) || l.isMulticol(b) || b.Style.Position == style.PositionRelative {
		return blockResult{}, false
	}
	cut, ok := lastContentTop(f)
	if !ok || cut <= entry.y+0.01 || cut > entry.bottom {
		return blockResult{}, false
	}
	base := entry.ctx(pc)
	c := base
	c.bottom = cut
	broken, saved := l.brokenAvoids, l.snapshot(base)
	r := l.again(entry, c)
	if r.empty || r.next == nil || r.overflowOnly || l.brokenAvoids > broken {
		l.brokenAvoids = broken
		l.restore(base, saved)
		return blockResult{}, false
	}
	for fr := r.frag; fr != nil && !fr.Last; fr = lastInFlow(fr) {
		fr.H = max(fr.H, entry.bottom-fr.Y)
	}
	return r, true
}

// endEdgesRoom returns how many of the n lines of b left, all fitting on
// the page above y, to place there: fewer when b's bottom padding and
// border (c.endEdges) do not fit below them, as nothing separates them
// from the last line (no break point, css-break-3 §4.1). The break is
// taken before the last line instead, or earlier as widows ask, so the
// edges go to the next page with the lines after it; when orphans forbid
// that, all n stay and the edges overflow.
func endEdgesRoom(b *box.Box, c fctx, y float64, n int) int {
	if c.endEdges <= 0 || n < 2 || y+c.endEdges <= c.bottom+0.01 || math.IsInf(c.bottom, 1) {
		return n
	}
	k := n - max(b.Style.Widows, 1)
	if k < max(b.Style.Orphans, 1) {
		return n
	}
	return k
}

// atColumnTop reports whether y is the top of the column being laid out:
// a box starting there gains nothing from a break before it, the next
// column being no taller (content of no height may come before it).
func (l *layouter) atColumnTop(y float64) bool {
	return l.column != nil && y <= l.column.top+0.01
}
