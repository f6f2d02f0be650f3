package layout

import (
	"math"
	"slices"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// finishAbs lays out, as fragment f of box b is finished, the pending
// absolutely positioned boxes whose containing block is an inline box on
// f's lines, then those whose containing block is b.
func (l *layouter) finishAbs(ac *absCtx, b *box.Box, f *Fragment) {
	l.resolveInlineAbs(ac, f)
	if isPositioned(b) && b.Parent != nil {
		l.resolveAbs(ac, b, false, paddingBox(f), f)
	}
}

// resolveInlineAbs lays out the pending absolutely positioned boxes whose
// containing block is an inline box with fragments on the lines of f, a
// fragment of a block container (CSS 2.1 §10.1 item 4): the containing
// block goes from the top left padding edges of the box's first fragment
// to the bottom right padding edges of its last. In columns, a box on
// the last line of a fragment that goes on in the next column waits for
// its last fragment there.
func (l *layouter) resolveInlineAbs(ac *absCtx, f *Fragment) {
	l.recordSplitStarts(f)
	if ac == nil || len(ac.pending) == 0 || len(f.Lines) == 0 {
		return
	}
	var cbs []*box.Box
	for _, p := range ac.pending {
		if p.cb != nil && p.cb.Kind == box.KindInline && !slices.Contains(cbs, p.cb) {
			cbs = append(cbs, p.cb)
		}
	}
	for _, cb := range cbs {
		first, last, fi, li := inlineExtent(f.Lines, cb)
		if first == nil {
			continue
		}
		// the box begins in f unless it is on the first line of a
		// continued fragment; it ends in f unless it is on the last line
		// of a fragment that goes on (part stands for the box's fragments
		// in f, its positioned boxes go to f)
		for i, p := range ac.pending {
			if p.cb == cb {
				// the static position moves with the relatively
				// positioned inline boxes around it
				dx, dy := inlineOffset(p.b.Parent, f.ContentRect().W)
				ac.pending[i].staticX += dx
				ac.pending[i].staticY += dy
			}
		}
		part := &Fragment{First: f.First || fi > 0, Last: f.Last || li < len(f.Lines)-1}
		pad := inlinePadding(cb.Style, first, last)
		if !l.resolveSplitAbs(ac, cb, pad, part, f.ContentRect().W) {
			l.resolveAbs(ac, cb, false, pad, part)
		}
		f.Children = append(f.Children, part.Children...)
	}
}

// inlineExtent returns the first and last fragments of inline box b on
// lines and the indexes of their lines (nil: b has none there).
func inlineExtent(lines []*Line, b *box.Box) (first, last *InlineFragment, fi, li int) {
	for i, ln := range lines {
		for _, in := range ln.Inlines {
			if in.Box != b {
				continue
			}
			if first == nil {
				first, fi = in, i
			}
			last, li = in, i
		}
	}
	return first, last, fi, li
}

// inlinePadding returns the containing block an inline box of style st
// forms from its first and last fragments: their padding edges, the
// start ones of the first, the end ones of the last.
func inlinePadding(st *style.Style, first, last *InlineFragment) Rect {
	x := first.Rect.X + first.Border[style.Left]
	y := first.Rect.Y + st.Border[style.Top].Width
	right := last.Rect.X + last.Rect.W - last.Border[style.Right]
	bottom := last.Rect.Y + last.Rect.H - st.Border[style.Bottom].Width
	return Rect{X: x, Y: y, W: math.Max(right-x, 0), H: math.Max(bottom-y, 0)}
}

// inlineKey names an element's (or pseudo-element's) inline box, whose
// parts split around blocks share it.
type inlineKey struct {
	node   *html.Node
	pseudo style.Pseudo
}

// inlineStart is where the first part of a positioned inline box split
// around blocks starts: the top left of its padding box and its column
// (nil outside columns).
type inlineStart struct {
	x, y float64
	col  *columnCtx
}

// splitStart reports whether inline box b is the first part of a
// positioned inline box split around blocks: even empty, it starts a
// (zero-height) line, where the containing block it forms for the
// absolutely positioned boxes of all its parts begins (CSS 2.1 §10.1
// item 4).
func splitStart(b *box.Box) bool {
	return b.Kind == box.KindInline && !b.Continuation && b.Continued() && b.Node != nil && isPositioned(b)
}

// recordSplitStarts records where the first parts of positioned inline
// boxes split around blocks start on the lines of f.
func (l *layouter) recordSplitStarts(f *Fragment) {
	for _, ln := range f.Lines {
		for _, in := range ln.Inlines {
			if !in.First || !splitStart(in.Box) {
				continue
			}
			if l.inlineStarts == nil {
				l.inlineStarts = map[inlineKey]inlineStart{}
			}
			pad := inlinePadding(in.Box.Style, in, in)
			l.inlineStarts[inlineKey{in.Box.Node, in.Box.Pseudo}] = inlineStart{x: pad.X, y: pad.Y, col: l.column}
		}
	}
}

// resolveSplitAbs lays out the pending boxes whose containing block is
// cb, a later part of a positioned inline box split around blocks, whose
// fragments in f (part, in a block cbW wide) have padding box pad: the
// containing block goes from the first part's start to pad's end, down
// the columns when they are in different ones, where the boxes are
// fragmented as if the inline boxes were not moved by their relative
// offsets, and then moved by them. It reports false when cb is no such
// part.
func (l *layouter) resolveSplitAbs(ac *absCtx, cb *box.Box, pad Rect, part *Fragment, cbW float64) bool {
	if !cb.Continuation || cb.Node == nil || !isPositioned(cb) {
		return false
	}
	st, ok := l.inlineStarts[inlineKey{cb.Node, cb.Pseudo}]
	if !ok {
		return false
	}
	cc := l.column
	first := locate(cc, st.col)
	if cc == nil || st.col == nil || first == nil || sameColumn(first, cc) {
		// one column (or none): the union of the parts
		right, bottom := pad.X+pad.W, pad.Y+pad.H
		pad = Rect{X: st.x, Y: st.y, W: math.Max(right-st.x, 0), H: math.Max(bottom-st.y, 0)}
		part.First = true
		l.resolveAbs(ac, cb, false, pad, part)
		return true
	}
	if !part.Last && cc.next() != nil {
		return true // placed from the last column the box is in
	}
	dy, ok := flowBetween(first, cc)
	if !ok {
		return false
	}
	// in the first part's column's flow: as tall as from its top down
	// to pad's bottom (appendAbsolute stitches the columns between)
	ox, oy := inlineOffset(cb, cbW)
	pad.X, pad.Y, st.x, st.y = pad.X-ox, pad.Y-oy, st.x-ox, st.y-oy
	h := math.Max(pad.Y+pad.H+dy-st.y, 0)
	start := absStart{first: first, x: st.x, y: st.y, frags: []cbFrag{{x: first.x(), top: first.top, h: h}, {x: cc.x(), top: cc.top}}}
	keep := ac.pending[:0]
	var mine []absPending
	for _, p := range ac.pending {
		if p.cb == cb {
			mine = append(mine, p)
		} else {
			keep = append(keep, p)
		}
	}
	ac.pending = keep
	n := len(part.Children)
	for _, p := range mine {
		p.staticX, p.staticY = p.staticX-ox, p.staticY-oy
		part.Children = l.appendAbsolute(part.Children, p, pad, ac, start)
	}
	for _, c := range part.Children[n:] {
		c.moveBy(ox, oy)
	}
	return true
}
