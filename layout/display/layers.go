package display

import (
	"sort"

	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// layer is a float or positioned box painted after the in-flow content it
// is a child of, per the painting order of CSS 2.1 Appendix E: in-flow
// block backgrounds, then floats, then in-flow inline content, then
// positioned descendants.
type layer struct {
	f    *layout.Fragment
	op   float64
	clip *layout.Rect
	art  *Origin
	// z is a positioned box's z-index (0 for auto); context says it has
	// one, so it forms a stacking context that paints its positioned
	// descendants itself.
	z       int
	context bool
	// persp is the perspective in force where the layer was met.
	persp *perspectiveCtx
}

// layerKind returns 1 for a float, 2 for a positioned box (relative,
// absolute, fixed) and 0 for a box painted in tree order.
func layerKind(f *layout.Fragment) int {
	st := f.Box.Style
	if st == nil || f.Box.Parent == nil {
		return 0
	}
	switch {
	case st.Position == style.PositionRelative || st.Position == style.PositionAbsolute || st.Position == style.PositionFixed:
		return 2
	case st.Float != style.FloatNone && f.Box.OutOfFlow():
		return 1
	case !st.ZAuto && isItem(f.Box.Parent.Style.Display):
		// a flex or grid item with a z-index paints as a positioned
		// box does (CSS Grid 1 §4.4, CSS Flexbox 1 §4.3)
		return 2
	case hasEffects(st):
		// a transform, opacity, clip-path or isolation makes a stacking
		// context painted as a positioned box (effects.go)
		return 2
	}
	return 0
}

// zApplies reports whether z-index applies to f's box: a positioned box
// or a flex or grid item (a box painted as a layer for its paint effects
// alone ignores it).
func zApplies(f *layout.Fragment) bool {
	st := f.Box.Style
	return st.Position == style.PositionRelative || st.Position == style.PositionAbsolute || st.Position == style.PositionFixed ||
		f.Box.Parent != nil && f.Box.Parent.Style != nil && isItem(f.Box.Parent.Style.Display)
}

// isItem reports whether the children of a box of display d are flex or
// grid items.
func isItem(d style.Display) bool {
	return d == style.DisplayFlex || d == style.DisplayInlineFlex || d == style.DisplayGrid || d == style.DisplayInlineGrid
}

// defer_ records f as a layer to paint later and reports whether it did.
func (b *builder) defer_(f *layout.Fragment, op float64) bool {
	k := layerKind(f)
	if k == 0 || b.painting == f {
		return false
	}
	ly := layer{f: f, op: op, clip: b.clip, art: b.artifact, persp: b.persp}
	if k == 1 {
		b.floats = append(b.floats, ly)
		return true
	}
	if st := f.Box.Style; !st.ZAuto && zApplies(f) {
		ly.z, ly.context = st.ZIndex, true
		b.zSeen = true
	} else if hasEffects(st) {
		ly.context = true
	}
	b.positioned = append(b.positioned, ly)
	return true
}

// paintRoot paints f, the root of the page or of a margin box, as the
// root of a stacking context.
func (b *builder) paintRoot(f *layout.Fragment) {
	b.ctxRoot, b.ctxOwnEnd = f, len(b.list.Items)
	b.decorations(f, 1)
	own := b.ctxOwnEnd
	b.ctxRoot = nil
	b.paintFloats(0)
	b.content(f, 1)
	b.paintPositioned(0, own)
}

// paintPositioned paints the positioned layers recorded from index from
// on, in the order of CSS 2.1 Appendix E within their stacking context:
// negative z-index first, moved in the list to just after the context
// root's own background and borders (index own) so they lie under its
// in-flow content; then z-index auto and 0 in tree order; then positive
// z-index, lowest first. A layer with a z-index is a stacking context:
// it paints its own positioned descendants before the next layer; those
// of a z-index: auto layer join the list and take their turn in it.
// Without any z-index on the page the order is the tree order.
func (b *builder) paintPositioned(from, own int) {
	negEnd := own
	for i := from; i < len(b.positioned); i++ {
		if b.zSeen {
			b.bringLowestZ(i)
		}
		ly := b.positioned[i]
		start := len(b.list.Items)
		savedClip, savedArt, savedPaint, savedPersp := b.clip, b.artifact, b.painting, b.persp
		b.clip, b.artifact, b.painting, b.persp = ly.clip, ly.art, ly.f, ly.persp
		floatMark, posMark := len(b.floats), len(b.positioned)
		savedRoot, savedOwn := b.ctxRoot, b.ctxOwnEnd
		b.ctxRoot, b.ctxOwnEnd = nil, 0
		endGroup := b.beginGroup(ly.f)
		if ly.context {
			b.ctxRoot, b.ctxOwnEnd = ly.f, len(b.list.Items)
		}
		b.decorations(ly.f, ly.op)
		ctxOwn := b.ctxOwnEnd
		b.ctxRoot, b.ctxOwnEnd = savedRoot, savedOwn
		b.paintFloats(floatMark)
		b.painting = ly.f
		b.content(ly.f, ly.op)
		if ly.context {
			posMark = b.adoptOutOfFlow(ly.f.Box, i+1, posMark)
			b.paintPositioned(posMark, ctxOwn)
		} else if len(b.positioned) > posMark {
			// the positioned descendants of a z-index: auto layer take
			// their turn in tree order among the layers still to paint
			// (a fixed box laid out in an ancestor's fragment comes
			// after an absolute one inside it)
			rest := b.positioned[i+1:]
			sort.SliceStable(rest, func(x, y int) bool { return rest[x].f.Box.Index < rest[y].f.Box.Index })
		}
		endGroup()
		b.clip, b.artifact, b.painting, b.persp = savedClip, savedArt, savedPaint, savedPersp
		if ly.z < 0 && start > negEnd {
			moveTail(b.list.Items, start, negEnd)
			negEnd += len(b.list.Items) - start
		} else if ly.z < 0 {
			negEnd = len(b.list.Items)
		}
	}
	b.positioned = b.positioned[:from]
}

// adoptOutOfFlow moves the layers recorded at indexes from to mark
// (still to paint in an enclosing stacking context) whose boxes descend
// from ctx, the box of a stacking context being painted, to the end of
// the list, after those recorded inside ctx, and returns the index where
// they start. An absolutely positioned box whose containing block lies
// outside the stacking context its ancestor forms is laid out under
// that containing block, but belongs to the ancestor's context (CSS 2.1
// Appendix E): it is painted inside its group, under its opacity.
func (b *builder) adoptOutOfFlow(ctx *box.Box, from, mark int) int {
	var moved []layer
	kept := from
	for k := from; k < mark; k++ {
		if ly := b.positioned[k]; outOfFlow(ly.f.Box) && descends(ly.f.Box, ctx) {
			moved = append(moved, ly)
			continue
		}
		b.positioned[kept] = b.positioned[k]
		kept++
	}
	if len(moved) == 0 {
		return mark
	}
	inner := append([]layer(nil), b.positioned[mark:]...)
	b.positioned = append(append(b.positioned[:kept], moved...), inner...)
	rest := b.positioned[kept:]
	sort.SliceStable(rest, func(x, y int) bool { return rest[x].f.Box.Index < rest[y].f.Box.Index })
	return kept
}

// outOfFlow reports whether box x is absolutely positioned (or fixed):
// only such a box can be laid out under a containing block outside the
// stacking contexts of its ancestors.
func outOfFlow(x *box.Box) bool {
	return x.Style != nil && (x.Style.Position == style.PositionAbsolute || x.Style.Position == style.PositionFixed)
}

// descends reports whether box x is a descendant of box a: the walk up
// from x stops at the first box before a in tree order (Box.Index is
// pre-order, so no ancestor of a's descendants comes before a but a's
// own ancestors).
func descends(x, a *box.Box) bool {
	for p := x.Parent; p != nil && p.Index >= a.Index; p = p.Parent {
		if p == a {
			return true
		}
	}
	return false
}

// bringLowestZ moves the first layer of lowest z-index at or after index
// i to index i, keeping the others in tree order.
func (b *builder) bringLowestZ(i int) {
	list := b.positioned
	j := i
	for m := i + 1; m < len(list); m++ {
		if list[m].z < list[j].z {
			j = m
		}
	}
	if j != i {
		ly := list[j]
		copy(list[i+1:j+1], list[i:j])
		list[i] = ly
	}
}

// moveTail moves items[start:] to index at (at < start), shifting
// items[at:start] after them.
func moveTail(items []Item, start, at int) {
	tail := append([]Item(nil), items[start:]...)
	copy(items[at+len(tail):], items[at:start])
	copy(items[at:], tail)
}

// paintFloats paints the floats recorded from index from on, with their
// own backgrounds and content, including floats they record in turn,
// then forgets them. Painting a float can paint floats nested in it (a
// float anchored in a float's text paints the floats recorded inside
// it): each such pass starts from its own mark, so it never paints, and
// so never re-enters, a float an outer pass is still painting.
func (b *builder) paintFloats(from int) {
	for i := from; i < len(b.floats); i++ {
		ly := b.floats[i]
		savedClip, savedArt, savedPaint, savedPersp := b.clip, b.artifact, b.painting, b.persp
		b.clip, b.artifact, b.persp = ly.clip, ly.art, ly.persp
		b.painting = ly.f
		endGroup := b.beginGroup(ly.f)
		b.decorations(ly.f, ly.op)
		b.painting = ly.f
		b.content(ly.f, ly.op)
		endGroup()
		b.clip, b.artifact, b.painting, b.persp = savedClip, savedArt, savedPaint, savedPersp
	}
	b.floats = b.floats[:from]
}

// anchored paints a float anchored in the text of a paragraph right after
// the line holding its anchor: lines never overlap floats, so this keeps
// the look of Appendix E while the content order follows the text.
func (b *builder) anchored(f *layout.Fragment, op float64) {
	saved := b.painting
	b.painting = f
	mark := len(b.floats)
	endGroup := b.beginGroup(f)
	b.decorations(f, op)
	b.paintFloats(mark)
	b.painting = f
	b.content(f, op)
	endGroup()
	b.painting = saved
}
