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
	// flex, for a child of a flex container, is the rectangle its
	// static position is aligned in (flex_abspos.go).
	flex *flexStatic
	// colAt is the column of the static position (queueAbsolute; nil
	// outside columns).
	colAt *columnCtx
}

// absCtx collects the absolutely positioned boxes of one page; the root's
// block call makes it and places what is left at its end.
type absCtx struct {
	pending []absPending
	// owner, when set, is the positioned box the context was made for
	// because its own layout had none (block.go): boxes whose
	// containing block is outside it are laid out where they are met.
	owner *box.Box
}

// holds reports whether ac collects the absolutely positioned boxes
// whose containing block is cb: every one, unless ac is an owner's, which
// holds those of the owner and of its descendants only.
func (ac *absCtx) holds(cb *box.Box) bool {
	if ac.owner == nil {
		return true
	}
	for a := cb; a != nil; a = a.Parent {
		if a == ac.owner {
			return true
		}
	}
	return false
}

// isPositioned reports whether b establishes a containing block for
// absolutely positioned descendants: a positioned box, or one with a
// transform (CSS Transforms 1 §3), which holds fixed ones too.
func isPositioned(b *box.Box) bool {
	p := b.Style.Position
	return p == style.PositionRelative || p == style.PositionAbsolute || p == style.PositionFixed || p == style.PositionSticky ||
		b.Style.HasTransform()
}

// isAbsolute reports whether b is absolutely positioned (absolute or
// fixed) and so out of the flow.
func isAbsolute(b *box.Box) bool {
	return b.OutOfFlow() && (b.Style.Position == style.PositionAbsolute || b.Style.Position == style.PositionFixed)
}

// containingBlock returns the nearest positioned ancestor of absolutely
// positioned b, or nil for the initial containing block (the page area).
// A fixed box uses the page area unless an ancestor has a transform.
func containingBlock(b *box.Box) *box.Box {
	if b.Style.Position == style.PositionFixed {
		return box.TransformedAncestor(b)
	}
	for a := b.Parent; a != nil; a = a.Parent {
		if a.Parent != nil && isPositioned(a) {
			return a
		}
		if mc := spannerOf(a); mc != nil {
			// a spanner's containing block is its multicol container
			// (css-multicol-1 §6.1): the boxes between them hold
			// nothing that is in the spanner
			a = mc
			if mc.Parent != nil && isPositioned(mc) {
				return mc
			}
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
		dx = st.Resolve(in[style.Left], cbW, 0)
	case !in[style.Right].IsAuto():
		dx = -st.Resolve(in[style.Right], cbW, 0)
	}
	switch {
	case !in[style.Top].IsAuto():
		dy = st.Resolve(in[style.Top], cbH, 0)
	case !in[style.Bottom].IsAuto():
		dy = -st.Resolve(in[style.Bottom], cbH, 0)
	}
	return dx, dy
}

// relative shifts fragment f of a relatively positioned box by its
// offsets; the flow keeps the unshifted position.
func relative(f *Fragment, cbW float64) *Fragment {
	return relativeIn(f, cbW, 0)
}

// relativeIn is relative in a containing block cbH high (0 when its
// height is not definite: percentages of it are then auto).
func relativeIn(f *Fragment, cbW, cbH float64) *Fragment {
	if f == nil {
		return f
	}
	var dx, dy float64
	if f.Box.Style.Position == style.PositionRelative {
		dx, dy = relativeOffset(f.Box.Style, cbW, cbH)
	}
	if in := f.Box.InInline(); in != nil {
		// a block in an inline box moves with it (CSS 2.1 §9.2.1.1)
		ix, iy := inlineOffset(in, cbW)
		dx, dy = dx+ix, dy+iy
	}
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
	if l.absStart(cb, all, pad, f).defer_ {
		// the containing block goes on in the next column: its boxes
		// are placed once its whole height is known
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
		start := l.absStart(cb, all, pad, f)
		for _, p := range mine {
			cb := pad
			if p.grid != nil {
				cb = p.grid.rect(pad)
			}
			f.Children = l.appendAbsolute(f.Children, p, cb, ac, start)
		}
	}
}

// queueAbsolute hands the absolutely positioned box of p to ac, the
// nearest positioned ancestor's list (once: a box queued again replaces
// its entry), or, when there is none, lays it out at once into f with
// pad as its containing block.
func (l *layouter) queueAbsolute(ac *absCtx, f *Fragment, p absPending, pad Rect) {
	if l.column != nil {
		p.colAt = l.column
	}
	if ac != nil && ac.holds(p.cb) {
		for i := range ac.pending {
			if ac.pending[i].b == p.b {
				// met again by a line laid out anew: the last layout
				// is the one kept
				ac.pending[i] = p
				return
			}
		}
		ac.pending = append(ac.pending, p)
		return
	}
	f.Children = l.appendAbsolute(f.Children, p, pad, nil, absStart{})
}

// absolute lays out one absolutely positioned box in the padding box pad
// of its containing block (CSS 2.1 §10.3.7, §10.6.4): an auto width with
// left or right auto shrinks to fit; an auto offset pair falls back to
// the static position.
func (l *layouter) absolute(p absPending, pad Rect, ac *absCtx) *Fragment {
	cs := l.absStyle(p, pad)
	f := l.layAbs(p.b, cs, pad.W, ac, 0, 0, math.Inf(1), nil).frag
	x, y := absPosition(p, cs, pad, f)
	return f.translated(x-f.X, y-f.Y)
}

// absStyle returns the style the absolutely positioned box of p is laid
// out with in the padding box pad: its width and height stretched
// between insets given on both sides.
func (l *layouter) absStyle(p absPending, pad Rect) *style.Style {
	b := p.b
	st := b.Style
	in := st.Inset
	left, right := in[style.Left], in[style.Right]
	top, bottom := in[style.Top], in[style.Bottom]
	cs := l.floatStyle(b, pad.W)
	if st.Width.IsAuto() && !left.IsAuto() && !right.IsAuto() && b.Kind != box.KindReplaced {
		w := pad.W - st.Resolve(left, pad.W, 0) - st.Resolve(right, pad.W, 0) -
			cs.Resolve(cs.Margin[style.Left], pad.W, 0) - cs.Resolve(cs.Margin[style.Right], pad.W, 0)
		setBorderBoxWidth(cs, w, pad.W)
	}
	if st.Height.IsAuto() && !top.IsAuto() && !bottom.IsAuto() && b.Kind != box.KindReplaced {
		h := pad.H - st.Resolve(top, pad.H, 0) - st.Resolve(bottom, pad.H, 0) -
			cs.Resolve(cs.Margin[style.Top], pad.W, 0) - cs.Resolve(cs.Margin[style.Bottom], pad.W, 0)
		sz := cs.MutSize()
		sz.Height = style.Length{Value: math.Max(h, 0), Unit: style.Pt}
		if sz.BoxSizing == style.ContentBox {
			sz.Height.Value = math.Max(0, sz.Height.Value-vEdges(st, pad.W, style.Top)-vEdges(st, pad.W, style.Bottom))
		}
	}
	if st.Height.Unit == style.Percent && b.Kind != box.KindReplaced {
		// a percentage of the containing block's padding box, which is
		// definite for an absolutely positioned box (CSS 2.1 §10.5)
		sz := cs.MutSize()
		sz.Height = style.Length{Value: math.Max(st.Height.Resolve(pad.H, 0), 0), Unit: style.Pt}
	}
	return cs
}

// layAbs lays absolutely positioned box b out with used style cs at x, y
// (its margin box's left, its border box's top), in a containing block
// cbW wide, from tok, breaking at bottom.
func (l *layouter) layAbs(b *box.Box, cs *style.Style, cbW float64, ac *absCtx, x, y, bottom float64, tok *BreakToken) blockResult {
	saved := b.Style
	b.Style = cs
	r := l.block(b, x, y, cbW, fctx{bottom: bottom, atTop: true, abs: ac}, tok)
	b.Style = saved
	return r
}

// absPosition returns where the border box of fragment f of the
// absolutely positioned box of p, of used style cs, goes in the padding
// box pad of its containing block.
func absPosition(p absPending, cs *style.Style, pad Rect, f *Fragment) (x, y float64) {
	st := p.b.Style
	in := st.Inset
	left, right := in[style.Left], in[style.Right]
	top, bottom := in[style.Top], in[style.Bottom]
	ml := cs.Resolve(cs.Margin[style.Left], pad.W, 0)
	mr := cs.Resolve(cs.Margin[style.Right], pad.W, 0)
	mt := cs.Resolve(cs.Margin[style.Top], pad.W, 0)
	mb := cs.Resolve(cs.Margin[style.Bottom], pad.W, 0)
	switch {
	case !left.IsAuto():
		x = pad.X + st.Resolve(left, pad.W, 0) + ml
	case !right.IsAuto():
		x = pad.X + pad.W - st.Resolve(right, pad.W, 0) - mr - f.W
	case p.grid != nil:
		x = pad.X + ml + alignOffset(p.grid.justify, pad.W-f.W-ml-mr)
	case p.flex != nil:
		x = p.staticX + ml + p.flex.offset(true, p.staticW-f.W-ml-mr)
	default:
		x = p.staticX + ml
		if st.Direction == style.RTL {
			x = p.staticX + p.staticW - mr - f.W
		}
	}
	switch {
	case !top.IsAuto():
		y = pad.Y + st.Resolve(top, pad.H, 0) + mt
	case !bottom.IsAuto():
		y = pad.Y + pad.H - st.Resolve(bottom, pad.H, 0) - mb - f.H
	case p.grid != nil:
		y = pad.Y + mt + alignOffset(p.grid.align, pad.H-f.H-mt-mb)
	case p.flex != nil:
		y = p.staticY + mt + p.flex.offset(false, p.flex.height()-f.H-mt-mb)
	default:
		y = p.staticY + mt
	}
	return x, y
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
			t.moveBy(dx, dy)
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

// relCBHeight is the height percentages of top and bottom of b's
// relatively positioned children resolve against: b's definite content
// height, or 0.
func relCBHeight(b *box.Box, cw float64) float64 {
	if h, ok := definiteHeight(b, cw); ok {
		return h
	}
	return 0
}
