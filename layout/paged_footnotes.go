package layout

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// Footnotes (css-gcpm-3 §2). The box builder replaces every float:
// footnote element by its ::footnote-call box, styled by rules, which
// keeps the element as Footnote; the element gets its ::footnote-marker
// box at its start (layout/box/footnote.go). For a tree built without
// styles, extractFootnotes makes default ones (the number, raised and
// smaller; "n. "). Pagination then reserves room at the bottom of each
// page for the footnotes whose calls the page holds (layPage), laid out
// by their footnote-display (paged_footnote_display.go).

// maxFootnoteAttempts bounds the layouts of one page that look for the
// room its footnotes need: each attempt reserves what the previous one's
// footnotes took.
const maxFootnoteAttempts = 10

// maxFootnoteShare is the largest part of the page area the footnote
// area reserves when its style sets no max-height: the body keeps the
// rest, so a footnote taller than that overflows the page bottom (the
// page clips it) instead of pushing its call from page to page.
const maxFootnoteShare = 0.75

// extractFootnotes takes the float: footnote boxes out of the flow and
// numbers them in document order (the footnote counter). It reports
// whether there are any; calling it again on the same tree finds the
// calls it made.
func extractFootnotes(tree *box.Tree) bool {
	if tree == nil || tree.Root == nil {
		return false
	}
	n := 0
	var walk func(b *box.Box)
	walk = func(b *box.Box) {
		for i, c := range b.Children {
			if c.Pseudo == style.PseudoFootnoteCall {
				// made by the box builder, styled by ::footnote-call
				if fn := c.Footnote(); fn != nil {
					fn.Parent = b
				}
				n++
				continue
			}
			st := c.Style
			if st == nil || st.Float != style.FloatFootnote || c.Kind == box.KindText || c.Parent == nil {
				walk(c)
				continue
			}
			n++
			b.Children[i] = footnoteCall(b, c, n)
		}
	}
	walk(tree.Root)
	return n > 0
}

// footnoteCall makes the ::footnote-call box of footnote fn, the n-th of
// the document, and gives fn its ::footnote-marker.
func footnoteCall(parent, fn *box.Box, n int) *box.Box {
	num := strconv.Itoa(n)
	cs := box.InheritInline(parent.Style)
	cs.MutBox().VerticalAlign = style.VAlignSuper
	cs.MutFont().FontSize *= 0.7
	call := &box.Box{Kind: box.KindInline, Pseudo: style.PseudoFootnoteCall, Style: cs, Parent: parent,
		Index: fn.Index}
	call.SetRare().Footnote = fn
	call.Children = []*box.Box{{Kind: box.KindText, Style: cs, Parent: call, Text: num, Index: fn.Index}}
	// the marker goes at the start of the first box holding lines
	at := fn
	for depth := 0; depth < 64 && len(at.Children) > 0 && !at.HasInlineChildren(); depth++ {
		at = at.Children[0]
	}
	if at.Kind == box.KindText || at.IsInlineLevel() {
		at = fn
	}
	ms := box.InheritInline(at.Style)
	marker := &box.Box{Kind: box.KindInline, Pseudo: style.PseudoFootnoteMarker, Style: ms, Parent: at, Index: at.Index}
	marker.Children = []*box.Box{{Kind: box.KindText, Style: ms, Parent: marker, Text: num + ". ", Index: at.Index}}
	if at.HasInlineChildren() || len(at.Children) == 0 {
		at.Children = append([]*box.Box{marker}, at.Children...)
	}
	return call
}

// layPage lays the body of page pg out from tok, leaving room at the
// bottom for the footnotes of the calls it places, and sets
// pg.Footnotes. A call whose footnote does not fit moves to the next
// page with its line (footnote-policy: auto).
//
// The page is first laid out whole; its calls, in order, are the most it
// can hold. Keeping k of them needs the height of their footnotes at the
// bottom and a break before call k+1: layPage looks for the largest k
// that fits, in at most maxFootnoteAttempts layouts of the page (plus
// one to lay out the best found again).
func (l *layouter) layPage(root *box.Box, pg *Page, tok *BreakToken) blockResult {
	a := pg.Area
	keep := l.keepTopMargin
	var fs *style.Style
	if pg.Style != nil {
		fs = pg.Style.Footnote
	}
	most := a.H * maxFootnoteShare
	if fs != nil && fs.MaxHeight.Unit != style.Auto {
		most = min(a.H, fs.MaxHeight.Resolve(a.H, 0))
	}
	defer func() { l.fnStop = nil }()
	var tops []float64
	try := func(reserve float64, stop *box.Box, cut float64) (blockResult, []*box.Box) {
		l.keepTopMargin, l.fnStop, l.fragTop = keep, stop, a.Y
		l.fnLayouts++
		// containing blocks begun on an earlier page are taken from
		// their part on this one (multicol_abs.go)
		l.absStarts, l.colRows, l.inlineStarts = nil, nil, nil
		r := l.block(root, a.X, a.Y, a.W, fctx{bottom: min(a.Y+a.H-min(reserve, most), cut), atTop: true}, tok)
		var calls []*box.Box
		calls, tops = footnoteCalls(r.frag, calls, tops[:0])
		return r, calls
	}
	carry := l.fnCarry
	l.fnCarry = nil
	if l.bodyDone {
		// the body ended on an earlier page: this one holds the rest
		// of a split footnote
		l.placeFootnotes(pg, carry, nil, fs, most)
		return blockResult{}
	}
	r, all := try(0, nil, math.Inf(1))
	if !l.footnotes || l.err != nil || len(all) == 0 && len(carry) == 0 {
		return r
	}
	need := l.footnoteNeeds(carry, all, fs, a)
	// the page ends before the line of the first call left out: the
	// line itself (stop), and what lies beside it, such as the other
	// cells of its table row (cut at the line's top, from the first
	// layout). In columns the cut shortens every column of the page: a
	// call stopped in one column would otherwise move to the top of the
	// next, past its footnote's room.
	cuts := append([]float64(nil), tops...)
	stopAt := func(k int) (*box.Box, float64) {
		if k < len(all) {
			return all[k], cuts[k]
		}
		return nil, math.Inf(1)
	}
	// a footnote starts in the room the area may take, or moves on
	// with its call: the page keeps at most the calls whose footnotes
	// before them leave room (the last kept may split)
	most0 := 0
	for most0 < len(all) && need[most0] < most-0.01 {
		most0++
	}
	// lo is the most calls known (or, for 0, taken) to fit, hi the
	// fewest known not to: all of them first, then the calls the body
	// kept with that room reserved, then halfway between
	lo, hi, k := 0, most0+1, most0
	var calls []*box.Box
	tried := -1
	for attempt := 2; attempt <= maxFootnoteAttempts && lo < k && k < hi; attempt++ {
		stop, cut := stopAt(k)
		r, calls = try(need[k], stop, cut)
		tried = k
		if l.err != nil {
			return r
		}
		// k fits when the body still holds k calls with their room
		// reserved, and no more calls than fit in it (in columns a
		// stopped line can move to the next column: more calls)
		n := len(calls)
		switch {
		case n == k || n > k && need[n] <= need[k]+0.01:
			lo = k
		case n > k && n < hi:
			// calls beside call k (its grid row) come with it: try
			// them all
			k = n
			continue
		default:
			hi = k
		}
		if k = (lo + hi) / 2; attempt == 2 && n < hi && n > lo {
			k = n
		}
	}
	if tried != lo {
		stop, cut := stopAt(lo)
		r, calls = try(need[lo], stop, cut)
	}
	l.placeFootnotes(pg, carry, calls, fs, min(need[lo], most))
	return r
}

// placeFootnotes lays out the footnote area of pg, at the bottom of its
// page area, in at most room: the rest of the footnotes split on earlier
// pages (carry), then the footnotes of calls. What does not fit room is
// carried to the next page (fnCarry).
func (l *layouter) placeFootnotes(pg *Page, carry []fnPart, calls []*box.Box, fs *style.Style, room float64) {
	a := pg.Area
	area, h, _, rest := l.footnoteArea(carry, calls, fs, a, room)
	if area != nil {
		area.moveBy(0, max(a.H-h, a.H-room))
	}
	pg.Footnotes = area
	for i, p := range rest {
		if i < len(carry) && p.box == carry[i].box && sameToken(p.tok, carry[i].tok) {
			// no progress: a part that cannot split (an image taller
			// than the area) overflows instead of moving on forever
			l.diag("layout", fmt.Sprintf("%s: a footnote taller than the footnote area could not be split; the rest is dropped", pageLabel(pg.Index)))
			rest = nil
			break
		}
	}
	l.fnCarry = rest
}

// footnoteNeeds returns, for k from 0 to len(calls), the height the
// footnote area needs for the rest of the footnotes of earlier pages
// (carry) and the first k footnotes of calls.
func (l *layouter) footnoteNeeds(carry []fnPart, calls []*box.Box, fs *style.Style, a Rect) []float64 {
	need := make([]float64, len(calls)+1)
	f, h, ends, _ := l.footnoteArea(carry, calls, fs, a, math.Inf(1))
	// the area's margins are what h adds to its border box
	below := f.Padding[style.Bottom] + f.Border[style.Bottom] + (h - f.H - (f.Y - a.Y))
	top := a.Y
	for k, end := range ends {
		if k > 0 || len(carry) > 0 {
			need[k] = end + below - top
		}
	}
	for k := 1; k <= len(calls); k++ {
		need[k] = max(need[k], need[k-1])
	}
	return need
}

// lineHasCall reports whether ln holds the footnote call call.
func lineHasCall(ln *Line, call *box.Box) bool {
	for _, in := range ln.Inlines {
		if in.Box == call {
			return true
		}
	}
	return false
}

// footnoteCalls appends the footnote calls in f (in document order) to
// calls, and to tops the top of the line of each, leaving out repeated
// table headers and footers, whose calls their first showing placed.
func footnoteCalls(f *Fragment, calls []*box.Box, tops []float64) ([]*box.Box, []float64) {
	if f == nil || f.Repeated {
		return calls, tops
	}
	for _, ln := range f.Lines {
		for _, in := range ln.Inlines {
			if in.Box.Pseudo == style.PseudoFootnoteCall && in.First && !slices.Contains(calls, in.Box) {
				// (a grid or multicol fragment may hold an item's
				// fragment twice)
				top := ln.Y
				if fn := in.Box.Footnote(); fn != nil && fn.Style.FootnotePolicy == style.FootnotePolicyBlock && f.First {
					// footnote-policy: block: the call's paragraph
					// moves with it (unless it began on an earlier page)
					top = f.Y
				}
				calls, tops = append(calls, in.Box), append(tops, top)
			}
		}
		for _, at := range ln.Atomics {
			calls, tops = footnoteCalls(at, calls, tops)
		}
	}
	for _, c := range f.Children {
		calls, tops = footnoteCalls(c, calls, tops)
	}
	return calls, tops
}
