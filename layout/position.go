package layout

import (
	"math"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// absPending is an absolutely positioned box met in the flow, waiting for
// its containing block to finish so its padding box is known.
type absPending struct {
	b                *box.Box
	cb               *box.Box // nil: the initial containing block
	staticX, staticY float64  // the static position (CSS 2.1 §10.3.7)
	staticW          float64  // the containing block width of the static position
	// grid, for a child of the grid container that is its containing
	// block, is its grid area (grid.go).
	grid *gridAbsArea
}

// absCtx collects the absolutely positioned boxes of one page; the root's
// block call makes it and places what is left at its end.
type absCtx struct{ pending []absPending }

// isPositioned reports whether b establishes a containing block for
// absolutely positioned descendants.
func isPositioned(b *box.Box) bool {
	p := b.Style.Position
	return p == style.PositionRelative || p == style.PositionAbsolute || p == style.PositionFixed || p == style.PositionSticky
}

// isAbsolute reports whether b is absolutely positioned (absolute or
// fixed) and so out of the flow.
func isAbsolute(b *box.Box) bool {
	return b.OutOfFlow() && (b.Style.Position == style.PositionAbsolute || b.Style.Position == style.PositionFixed)
}

// containingBlock returns the nearest positioned ancestor of absolutely
// positioned b, or nil for the initial containing block (the page area).
// A fixed box always uses the page area.
func containingBlock(b *box.Box) *box.Box {
	if b.Style.Position == style.PositionFixed {
		return nil
	}
	for a := b.Parent; a != nil; a = a.Parent {
		if a.Parent != nil && isPositioned(a) {
			return a
		}
	}
	return nil
}

// relativeOffset returns the offset of a relatively positioned box in a
// containing block cbW×cbH (CSS 2.1 §9.4.3): left wins over right and top
// over bottom.
func relativeOffset(st *style.Style, cbW, cbH float64) (dx, dy float64) {
	in := st.Inset
	switch {
	case !in[style.Left].IsAuto():
		dx = in[style.Left].Resolve(cbW, 0)
	case !in[style.Right].IsAuto():
		dx = -in[style.Right].Resolve(cbW, 0)
	}
	switch {
	case !in[style.Top].IsAuto():
		dy = in[style.Top].Resolve(cbH, 0)
	case !in[style.Bottom].IsAuto():
		dy = -in[style.Bottom].Resolve(cbH, 0)
	}
	return dx, dy
}

// relative shifts fragment f of a relatively positioned box by its
// offsets; the flow keeps the unshifted position.
func relative(f *Fragment, cbW float64) *Fragment {
	if f == nil || f.Box.Style.Position != style.PositionRelative {
		return f
	}
	dx, dy := relativeOffset(f.Box.Style, cbW, 0)
	if dx == 0 && dy == 0 {
		return f
	}
	return f.translated(dx, dy)
}

// resolveAbs lays out the pending absolutely positioned boxes whose
// containing block is cb (every pending box when all is set), inside the
// padding box pad, and appends their fragments to f. Laying one out can
// queue more (a fixed box inside an absolute one, whose containing block
// is the page): they are resolved in turn, never left pending.
func (l *layouter) resolveAbs(ac *absCtx, cb *box.Box, all bool, pad Rect, f *Fragment) {
	if ac == nil {
		return
	}
	for {
		keep := ac.pending[:0]
		var mine []absPending
		for _, p := range ac.pending {
			if p.cb == cb || all {
				mine = append(mine, p)
			} else {
				keep = append(keep, p)
			}
		}
		ac.pending = keep
		if len(mine) == 0 {
			return
		}
		for _, p := range mine {
			cb := pad
			if p.grid != nil {
				cb = p.grid.rect(pad)
			}
			f.Children = append(f.Children, l.absolute(p, cb, ac))
		}
	}
}

// queueAbsolute hands the absolutely positioned box of p to ac, the
// nearest positioned ancestor's list, or, when there is none, lays it out
// at once into f with pad as its containing block.
func (l *layouter) queueAbsolute(ac *absCtx, f *Fragment, p absPending, pad Rect) {
	if ac != nil {
		ac.pending = append(ac.pending, p)
		return
	}
	f.Children = append(f.Children, l.absolute(p, pad, nil))
}

// absolute lays out one absolutely positioned box in the padding box pad
// of its containing block (CSS 2.1 §10.3.7, §10.6.4): an auto width with
// left or right auto shrinks to fit; an auto offset pair falls back to
// the static position.
func (l *layouter) absolute(p absPending, pad Rect, ac *absCtx) *Fragment {
	b := p.b
	st := b.Style
	in := st.Inset
	left, right := in[style.Left], in[style.Right]
	top, bottom := in[style.Top], in[style.Bottom]
	cs := l.floatStyle(b, pad.W)
	if st.Width.IsAuto() && !left.IsAuto() && !right.IsAuto() && b.Kind != box.KindReplaced {
		w := pad.W - left.Resolve(pad.W, 0) - right.Resolve(pad.W, 0) -
			cs.Margin[style.Left].Resolve(pad.W, 0) - cs.Margin[style.Right].Resolve(pad.W, 0)
		sz := cs.MutSize()
		sz.Width = style.Length{Value: math.Max(w, 0), Unit: style.Pt}
		sz.BoxSizing = style.BorderBox
	}
	if st.Height.IsAuto() && !top.IsAuto() && !bottom.IsAuto() && b.Kind != box.KindReplaced {
		h := pad.H - top.Resolve(pad.H, 0) - bottom.Resolve(pad.H, 0) -
			cs.Margin[style.Top].Resolve(pad.W, 0) - cs.Margin[style.Bottom].Resolve(pad.W, 0)
		sz := cs.MutSize()
		sz.Height = style.Length{Value: math.Max(h, 0), Unit: style.Pt}
		if sz.BoxSizing == style.ContentBox {
			sz.Height.Value = math.Max(0, sz.Height.Value-vEdges(st, pad.W, style.Top)-vEdges(st, pad.W, style.Bottom))
		}
	}
	saved := b.Style
	b.Style = cs
	r := l.block(b, 0, 0, pad.W, fctx{bottom: math.Inf(1), atTop: true, abs: ac}, nil)
	b.Style = saved
	f := r.frag
	ml := cs.Margin[style.Left].Resolve(pad.W, 0)
	mr := cs.Margin[style.Right].Resolve(pad.W, 0)
	mt := cs.Margin[style.Top].Resolve(pad.W, 0)
	mb := cs.Margin[style.Bottom].Resolve(pad.W, 0)
	var x, y float64
	switch {
	case !left.IsAuto():
		x = pad.X + left.Resolve(pad.W, 0) + ml
	case !right.IsAuto():
		x = pad.X + pad.W - right.Resolve(pad.W, 0) - mr - f.W
	case p.grid != nil:
		x = pad.X + ml + alignOffset(p.grid.justify, pad.W-f.W-ml-mr)
	default:
		x = p.staticX + ml
		if st.Direction == style.RTL {
			x = p.staticX + p.staticW - mr - f.W
		}
	}
	switch {
	case !top.IsAuto():
		y = pad.Y + top.Resolve(pad.H, 0) + mt
	case !bottom.IsAuto():
		y = pad.Y + pad.H - bottom.Resolve(pad.H, 0) - mb - f.H
	case p.grid != nil:
		y = pad.Y + mt + alignOffset(p.grid.align, pad.H-f.H-mt-mb)
	default:
		y = p.staticY + mt
	}
	return f.translated(x-f.X, y-f.Y)
}

// paddingBox returns the padding box of fragment f.
func paddingBox(f *Fragment) Rect {
	return Rect{X: f.X + f.Border[style.Left], Y: f.Y + f.Border[style.Top],
		W: f.W - f.Border[style.Left] - f.Border[style.Right], H: f.H - f.Border[style.Top] - f.Border[style.Bottom]}
}

// repeatFixed adds a copy of every position: fixed box of the tree that
// is not laid out on this page, as browsers print fixed boxes on every
// page (CSS 2.1 §9.6.1 for paged media). The copies are marked Repeated:
// they are painted as pagination artifacts and tagged only where the box
// is in the flow. An auto offset puts a copy at the page area's edge.
func (l *layouter) repeatFixed(root *box.Box, ac *absCtx, area Rect, f *Fragment) {
	if len(root.Fixed()) == 0 {
		return
	}
	here := map[*box.Box]bool{}
	if ac != nil {
		for _, p := range ac.pending {
			here[p.b] = true
		}
	}
	for _, fx := range root.Fixed() {
		if here[fx] || l.check() != nil {
			continue
		}
		c := l.absolute(absPending{b: fx, staticX: area.X, staticY: area.Y, staticW: area.W}, area, nil)
		c.Repeated = true
		f.Children = append(f.Children, c)
	}
}

// inlineOffset sums the offsets of the relatively positioned inline boxes
// b is inside (b included), up to its block container.
func inlineOffset(b *box.Box, cbW float64) (dx, dy float64) {
	for x := b; x != nil && (x.Kind == box.KindInline || x.Kind == box.KindText || x.Kind == box.KindInlineBlock || x.Kind == box.KindReplaced && x.IsInlineLevel()); x = x.Parent {
		if x.Style != nil && x.Style.Position == style.PositionRelative && x.Kind != box.KindText {
			ox, oy := relativeOffset(x.Style, cbW, 0)
			dx += ox
			dy += oy
		}
	}
	return dx, dy
}

// relativeInlines shifts the content of relatively positioned inline
// boxes on line ln (CSS 2.1 §9.4.3); the line itself keeps its geometry.
func relativeInlines(ln *Line, cbW float64) {
	for _, t := range ln.Texts {
		if dx, dy := inlineOffset(t.Box, cbW); dx != 0 || dy != 0 {
			t.X += dx
			t.Baseline += dy
			for k := range t.Decorations {
				t.Decorations[k].X += dx
				t.Decorations[k].Y += dy
			}
		}
	}
	for _, f := range ln.Inlines {
		if dx, dy := inlineOffset(f.Box, cbW); dx != 0 || dy != 0 {
			f.Rect.X += dx
			f.Rect.Y += dy
		}
	}
	for i, a := range ln.Atomics {
		if dx, dy := inlineOffset(a.Box, cbW); dx != 0 || dy != 0 {
			seq := a.Seq
			ln.Atomics[i] = a.translated(dx, dy)
			ln.Atomics[i].Seq = seq
		}
	}
}
