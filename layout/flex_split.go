package layout

import (
	"math"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// splitFlexLine lays out row line ln, which runs past the page bottom,
// at y with its items broken at the page bottom side by side (parallel
// flows, CSS Fragmentation 3 §4 and CSS Flexbox 1 §12): each item
// continues at the top of the next page, in its column. toks are the
// items' tokens when the line resumes from an earlier page (an item
// without one is finished). It returns the y below the line's part on
// this page and, when some item continues, the container's token.
func (l *layouter) splitFlexLine(b *box.Box, ln *flexLine, f *Fragment, cx, y, cw, avail, gap float64, c fctx, toks []*BreakToken) (float64, *BreakToken) {
	pos := flexLinePositions(ln, b.Style, cx, y, avail, gap, false)
	bottom := y
	var next []*BreakToken
	for i, it := range ln.items {
		var tok *BreakToken
		iy := pos[i][1]
		if toks != nil {
			if tok = itemToken(toks, it.b); tok == nil {
				continue // finished on an earlier page
			}
			iy = y + it.m[style.Top]
		}
		saved := it.b.Style
		it.b.Style = l.flexItemStyle(it, cw, false, math.NaN())
		ml := it.b.Style.Resolve(it.b.Style.Margin[style.Left], cw, 0)
		r := l.block(it.b, pos[i][0]-ml, iy, cw, fctx{bottom: c.bottom, atTop: true, abs: c.abs}, tok)
		it.b.Style = saved
		if r.frag == nil {
			continue
		}
		f.Children = append(f.Children, relative(r.frag, cw))
		end := r.frag.Y + r.frag.H
		if r.next != nil {
			next = append(next, r.next)
			end = c.bottom
		} else {
			end += it.m[style.Bottom]
		}
		bottom = math.Max(bottom, end)
	}
	if len(next) == 0 {
		return bottom, nil
	}
	return math.Max(bottom, c.bottom), &BreakToken{Box: b, Child: ln.items[0].index, Items: next}
}

// itemToken returns the token in toks of item b, or nil.
func itemToken(toks []*BreakToken, b *box.Box) *BreakToken {
	for _, t := range toks {
		if t.Box == b {
			return t
		}
	}
	return nil
}
