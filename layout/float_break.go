package layout

import (
	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// Floats across pages and columns (css-break-3 §2, CSS 2.1 §13.3.3): a
// float that does not fit below the content before it moves whole to
// the top of the next fragmentainer unless it starts this one, and one
// taller than the space left there is split at its end. Either way the
// content after it goes on in this fragmentainer, beside what is left
// of the floats; the float's rest is carried in the break token of the
// box whose content breaks (or, when that content ends, of the nearest
// block formatting context root, which grows to hold it) and placed
// first at the top of the next fragmentainer.

// carriedFloat is a float continued on the next page (column): idx is
// the child of the box laying out that it belongs to (-1: carried over
// from an earlier page), t its token.
type carriedFloat struct {
	idx int
	t   *BreakToken
}

// floatCarry collects the floats of a box's content that continue on
// the next page (column).
type floatCarry []carriedFloat

// add records the tokens ts of floats from child idx.
func (fc *floatCarry) add(idx int, ts ...*BreakToken) {
	for _, t := range ts {
		*fc = append(*fc, carriedFloat{idx: idx, t: t})
	}
}

// attach gives t, a token resuming before child k, the floats of the
// children before k (those of k and after are laid out again) and
// returns it.
func (fc floatCarry) attach(t *BreakToken, k int) *BreakToken {
	for _, cf := range fc {
		if cf.idx < k {
			t.Floats = append(t.Floats, cf.t)
		}
	}
	return t
}

// rest is the token resuming b after its n children for its carried
// floats alone (nil when there are none).
func (fc floatCarry) rest(b *box.Box, n int) *BreakToken {
	if len(fc) == 0 {
		return nil
	}
	return fc.attach(&BreakToken{Box: b, Child: n}, n)
}

// bubble records the floats r carries out of child idx, a box whose
// content ended: their offsets become relative to the content box at
// x cx that lays the child out.
func (fc *floatCarry) bubble(idx int, r blockResult, cx float64) {
	if len(r.floats) == 0 {
		return
	}
	f := r.frag
	dx := f.X + f.Border[style.Left] + f.Padding[style.Left] - cx
	for _, t := range r.floats {
		t.FloatDX += dx
		fc.add(idx, t)
	}
}

// carryFloats settles the floats that outlive the content of b (rest,
// from laying it out) in res: a block formatting context root (or the
// root) holds its floats, so it continues on the next page (column)
// with them; any other box passes them to its parent.
func carryFloats(b *box.Box, res *blockResult, rest *BreakToken) {
	if rest == nil || res.next != nil {
		return
	}
	if isBFC(b) || b.Parent == nil {
		res.next = rest
		return
	}
	res.floats = rest.Floats
}

// resumeFloats places the floats carried over to this page (column) by
// ts at its top y, in the content box [cx, cx+cw] of the box resuming,
// appending their fragments to f, and returns the tokens of those that
// go on further.
func (l *layouter) resumeFloats(f *Fragment, ts []*BreakToken, cx, y, cw float64, c fctx) []*BreakToken {
	var more []*BreakToken
	for _, ft := range ts {
		fcw := ft.FloatCW
		if fcw <= 0 {
			fcw = cw
		}
		var tok *BreakToken
		if !ft.Whole {
			tok = ft
		}
		fr := l.float(ft.Box, cx+ft.FloatDX, y, fcw, c, tok, true, true)
		if fr.pushed && c.floats != nil {
			// below other floats it does not fit: on to the next
			c.floats.push(ft.Box.Style.Float == style.FloatLeft, c.bottom)
			more = append(more, ft)
			continue
		}
		if fr.frag == nil {
			continue
		}
		f.Children = append(f.Children, relative(fr.frag, fcw))
		if fr.next != nil {
			fr.next.FloatDX, fr.next.FloatCW = ft.FloatDX, fcw
			more = append(more, fr.next)
		}
	}
	return more
}

// childFloat lays out float ch, child i of a box whose content box is
// [cx, cx+cw], at or below y (resuming at tok), appending its fragment
// to f. A float split at the page (column) bottom, or pushed whole past
// it, goes on in carry; it reports false when the float cannot be
// placed and nothing can carry it (no float context): the box breaks
// before it.
func (l *layouter) childFloat(ch *box.Box, i int, f *Fragment, cx, y, cw float64, c fctx, tok *BreakToken, atTop bool, carry *floatCarry) bool {
	fr := l.float(ch, cx, y, cw, c, tok, atTop, tok != nil)
	if fr.pushed {
		if c.floats == nil {
			return false
		}
		// it moves whole to the next page (column), and so do the
		// floats after it; the content after it goes on here
		c.floats.push(ch.Style.Float == style.FloatLeft, c.bottom)
		carry.add(i, &BreakToken{Box: ch, Whole: true, FloatCW: cw})
		return true
	}
	f.Children = append(f.Children, relative(fr.frag, cw))
	if fr.next != nil {
		fr.next.FloatCW = cw // split at the page bottom
		carry.add(i, fr.next)
	}
	return true
}
