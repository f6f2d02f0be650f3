package layout

import (
	"math"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// Parallel flows (css-break-3 §4.2): a box whose own block size ends on a
// page (column) while its content overflows it is finished there — its
// bottom edges and margin, and the content after it, follow on the same
// page — and only the overflowing content continues on the next page,
// from its top, alongside the flow that resumes there. The parent's
// token carries the continuations (BreakToken.Overflow); a parent whose
// own content ends with only such continuations left is in turn finished
// (blockResult.overflowOnly), so the rule applies at every level.

// endsHere finishes the fragment f of block b, split with token res.next,
// when b's own block size — rest, the part of its content height left,
// from top, then its bottom padding and border — ends above pageBottom:
// the bottom edges and margin are b's on this page and res.next carries
// only its overflowing content. It reports whether it did.
func endsHere(b *box.Box, f *Fragment, res *blockResult, top, rest, pageBottom, cbW float64) bool {
	st := b.Style
	eb, pb := st.Border[style.Bottom].Width, st.Resolve(st.Padding[style.Bottom], cbW, 0)
	if top+rest+eb+pb > pageBottom+0.01 || res.next == nil || res.next.Box != b || stopsAtSpanner(res.next) || !splitsHeight(b) {
		return false
	}
	f.Border[style.Bottom], f.Padding[style.Bottom] = eb, pb
	f.H = top - f.Y + rest + eb + pb
	res.overflowOnly = true
	res.mbOut = strut{}.add(st.Resolve(st.Margin[style.Bottom], cbW, 0))
	return true
}

// stopsAtSpanner reports whether token chain t stops at a column spanner:
// the multicol lays the spanner out and resumes the column set after it,
// which content continued in parallel (BreakToken.Overflow) would never
// reach.
func stopsAtSpanner(t *BreakToken) bool {
	for ; t != nil; t = t.Inner {
		if t.Spanner != nil {
			return true
		}
	}
	return false
}

// resumeOverflow lays out at (cx, cy), cw wide, the content of b's
// children overflowing the block size they ended with on an earlier page
// (column), from their tokens toks, each from the top of the page in
// parallel with the rest of b's flow; it returns the tokens of the
// content that overflows this page (column) too.
func (l *layouter) resumeOverflow(b *box.Box, f *Fragment, cx, cy, cw float64, c fctx, toks []*BreakToken) []*BreakToken {
	var next []*BreakToken
	for _, t := range toks {
		r := l.block(t.Box, cx, cy, cw, fctx{bottom: c.bottom, atTop: c.atTop, keepMargins: c.keepMargins, floats: c.floats, abs: c.abs}, t)
		if r.empty || r.frag == nil {
			next = append(next, t) // nothing fitted: it waits for the next page
			continue
		}
		f.Children = append(f.Children, relativeIn(r.frag, cw, relCBHeight(b, cw)))
		switch {
		case r.next != nil:
			next = append(next, r.next)
		case len(r.floats) > 0:
			// the content ended here but floats in it go on: at the
			// top of the next page (column), in the box's rest, which
			// has no height of its own
			next = append(next, &BreakToken{Box: t.Box, Child: len(t.Box.Children), Floats: r.floats, Ended: true})
		}
	}
	return next
}

// withOverflow adds to r, the flow of b's children, the tokens par of the
// children whose overflowing content continues on the next page (column):
// to its token, or, when b's content ended, in a token of its own that
// says b's flow is over but for them (overflowOnly). The continuations of
// children that the flow's break moved to the next page are dropped:
// they are laid out there afresh.
func withOverflow(b *box.Box, r flowResult, par []*BreakToken) flowResult {
	if len(par) == 0 || r.empty {
		return r
	}
	if r.next == nil {
		r.next, r.overflowOnly = &BreakToken{Box: b, Child: len(b.Children), Overflow: par}, true
		if r.rest != nil {
			// floats pushed or split past the page (column) ride in
			// the same token: they go on at the top of b's rest
			r.next.Floats, r.rest = r.rest.Floats, nil
		}
		return r
	}
	if r.next.Box != b {
		return r
	}
	kept := par[:0:0]
	for _, t := range par {
		if childIndex(b, t.Box) < r.next.Child {
			kept = append(kept, t)
		}
	}
	r.next.Overflow = kept
	return r
}

// childIndex returns the index of c among b's children (len when it is
// not one).
func childIndex(b, c *box.Box) int {
	for i, k := range b.Children {
		if k == c {
			return i
		}
	}
	return len(b.Children)
}

// overflowOf returns the continuations t carries (none for nil).
func overflowOf(t *BreakToken) []*BreakToken {
	if t == nil {
		return nil
	}
	return t.Overflow
}

// endsBefore reports whether block b, resumed from tok with its content
// from top, ends — the rest of its height, then edges — above bottom.
func endsBefore(b *box.Box, tok *BreakToken, top, edges, bottom, cbW float64) bool {
	h := maxContentHeight(b, cbW)
	if math.IsInf(h, 1) {
		return false
	}
	if tok != nil {
		h -= tok.Consumed
	}
	return top+max(h, 0)+edges <= bottom+0.01
}
