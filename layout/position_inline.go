package layout

import (
	"math"
	"slices"

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
		l.resolveAbs(ac, cb, false, inlinePadding(cb.Style, first, last), part)
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
