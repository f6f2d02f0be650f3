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
// this page and, when some item continues, the container's token: at,
// which resumes with the line, given the items' tokens.
func (l *layouter) splitFlexLine(b *box.Box, ln *flexLine, f *Fragment, cx, y, cw, avail, gap float64, c fctx, toks []*BreakToken, at *BreakToken) (float64, *BreakToken) {
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
	at.Items = next
	return math.Max(bottom, c.bottom), at
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

// flowFlexColumn places the items of the single line ln of a column
// flex container of indefinite height from y down, breaking between and
// inside items at the page bottom (CSS Flexbox 1 §12): the items keep
// their flex main sizes and cross sizes and alignment. inner resumes the
// first item; first says the container starts with ln (nothing of it is
// on an earlier page).
func (l *layouter) flowFlexColumn(b *box.Box, ln *flexLine, f *Fragment, cx, y, cw, gap float64, c fctx, inner *BreakToken, first bool) flowResult {
	st := b.Style
	pos := flexLinePositions(ln, st, cx, y, math.Inf(1), gap, true)
	cur := y
	for i, it := range ln.items {
		end := cur // the bottom of the items placed
		if i > 0 {
			cur += gap
		}
		x, top := pos[i][0], cur+it.m[style.Top]
		var tok *BreakToken
		if i == 0 {
			tok = inner
		}
		if tok == nil && top+it.frag.H+it.m[style.Bottom] <= c.bottom+0.01 {
			f.Children = append(f.Children, relative(it.frag.translated(x-it.frag.X, top-it.frag.Y), cw))
			cur = top + it.frag.H + it.m[style.Bottom]
			continue
		}
		// it runs past the page bottom: break inside it, or before it
		atTop := i == 0 && (c.atTop || tok != nil)
		cross := math.NaN()
		if it.stretches(true) {
			cross = ln.cross
		}
		saved := it.b.Style
		it.b.Style = l.flexItemStyle(it, cw, true, cross)
		ml := it.b.Style.Resolve(it.b.Style.Margin[style.Left], cw, 0)
		r := l.block(it.b, x-ml, top, cw, fctx{bottom: c.bottom, atTop: atTop, abs: c.abs}, tok)
		it.b.Style = saved
		overflows := r.frag != nil && r.next == nil && r.frag.Y+r.frag.H > c.bottom+0.01
		if r.empty || r.frag == nil || overflows && !atTop {
			if i == 0 && first && !c.atTop {
				return flowResult{empty: true}
			}
			return flowResult{y: end, next: &BreakToken{Box: b, Child: it.index}}
		}
		f.Children = append(f.Children, relative(r.frag, cw))
		if r.next != nil {
			return flowResult{y: c.bottom, next: &BreakToken{Box: b, Child: it.index, Inner: r.next}}
		}
		cur = r.frag.Y + r.frag.H + it.m[style.Bottom]
	}
	return flowResult{y: cur}
}
