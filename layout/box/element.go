package box

import (
	"golang.org/x/net/html"

	"github.com/seed28491532/folio/style"
)

// An element's boxes are built in three steps, enter, its children and
// leave (appendElement), so that the body of a long document can be
// entered, given its children one at a time and left (Stream).

// frame is an element between enter and leave: its box is made, its
// children are yet to come.
type frame struct {
	n    *html.Node
	st   *style.Style
	deco *[]Decoration // the decorations its children's text gets
	// b is the element's box; nil for display: contents, whose
	// children go to its parent
	b *Box
	// leaf says b takes no children (a replaced element, a line break)
	leaf     bool
	footnote bool
	// keepSpace says the white space run around the element goes on
	// after it (it is out of flow): lastSpace is put back to saved
	keepSpace, saved bool
}

// enter begins element n in f: it runs its counters and makes its box
// with its marker and ::before (see frame). It reports false when n
// gives no box and no children (display: none, or ctx is done). (f is
// the caller's, on its stack for the elements of Build.)
func (bl *builder) enter(f *frame, n *html.Node, parent *style.Style, deco *[]Decoration) bool {
	bl.steps++
	if bl.steps&1023 == 0 && bl.ctx.Err() != nil {
		return false
	}
	st := bl.styleOf(n, parent)
	if st.Display == style.DisplayNone {
		// its named strings are still set (css-gcpm-3 §1.1), where the
		// next box starts
		bl.hiddenStrings = append(bl.hiddenStrings, bl.stringSet(n, st)...)
		return false
	}
	*f = frame{n: n, st: st, deco: deco, footnote: bl.isFootnote(n, st)}
	switch {
	case st.Display == style.DisplayContents:
		// an element without a box does not touch counters (CSS Lists 3
		// §4.5)
		return true
	case f.footnote:
		bl.footnoteCounter(n, st, func() { bl.counters.apply(n, st) })
	default:
		bl.counters.apply(n, st)
	}
	if st.TextDecoration != 0 {
		f.deco = withDecoration(deco, st)
	}
	b := bl.newBox()
	f.b = b
	b.Kind, b.Node, b.Style = kindOf(st.Display), n, st
	if b.OutOfFlow() && (b.Kind == KindInline || b.Kind == KindInlineBlock) {
		b.Kind = KindBlock // blockified (CSS 2.1 §9.7)
	}
	if b.OutOfFlow() && !f.footnote {
		// an out-of-flow box does not end the white space run around it
		// (a footnote leaves its call, text, in the flow)
		f.keepSpace, f.saved = true, bl.lastSpace
	}
	if bl.replaced(b, n, st) {
		f.leaf = true
		return true
	}
	if b.Kind == KindBlock || b.Kind == KindInlineBlock || b.Kind == KindTableCell || b.Kind == KindTableCaption {
		bl.lastSpace = true
	}
	if ss := bl.stringSet(n, st); ss != nil || bl.hiddenStrings != nil {
		if bl.hiddenStrings != nil {
			ss = append(bl.hiddenStrings, ss...)
			bl.hiddenStrings = nil
		}
		b.SetRare().Strings = ss
	}
	bl.loadBackgrounds(b, n, st)
	if b.Kind == KindReplaced || b.Kind == KindLineBreak {
		f.leaf = true
		return true
	}
	// room for the child nodes' boxes and a list item's marker (the
	// slice grows for ::before and ::after, which few elements have: a
	// long document has a slice per element, kept while its boxes are)
	room := childNodes(n)
	if st.IsListItem() {
		room++
	}
	b.Children = bl.childSlice(room)
	if st.IsListItem() {
		b.ListItem = true
		if m := bl.marker(n, st); m != nil {
			b.Marker = m
			b.add(m)
		}
	}
	if pb := bl.pseudo(n, st, style.PseudoBefore, f.deco); pb != nil {
		b.add(pb)
	}
	return true
}

// replaced makes b, the box of element n, a replaced box or a line
// break when n is one (img, svg, object, iframe, br). It reports
// whether b is done: an inline svg is complete, without the named
// strings and backgrounds other boxes get.
func (bl *builder) replaced(b *Box, n *html.Node, st *style.Style) bool {
	switch n.Data {
	case "img":
		if n.Namespace != "" {
			break
		}
		b.Kind = KindReplaced
		bl.image(b)
		bl.lastSpace = false
	case "svg":
		if n.Namespace != "svg" {
			break
		}
		b.Kind = KindReplaced
		bl.inlineSVG(b, n)
		bl.lastSpace = false
		return true
	case "object":
		if n.Namespace == "" && bl.object(b) {
			b.Kind = KindReplaced
			bl.lastSpace = false
		}
	case "iframe":
		if n.Namespace == "" {
			// a replaced box with no content of its own (Image nil):
			// the nested document is not rendered, its box keeps its
			// place, size and decorations
			b.Kind = KindReplaced
			bl.lastSpace = false
		}
	case "br":
		b.Kind = KindLineBreak
		b.Style = st
		bl.lastSpace = true
	}
	return false
}

// leave ends element f.n once its children are in its box: its
// ::after, the fix-ups of its children (anonymous table parts, flex and
// grid items, anonymous blocks, ::first-letter and ::first-line), a
// footnote's call; it appends the element's box to out and leaves its
// counters' scopes.
func (bl *builder) leave(f *frame, out []*Box) []*Box {
	defer bl.counters.leave(f.n)
	if f.keepSpace {
		defer func(saved bool) { bl.lastSpace = saved }(f.saved)
	}
	b, n, st := f.b, f.n, f.st
	if b == nil {
		return out
	}
	if f.leaf {
		return append(out, b)
	}
	if pa := bl.pseudo(n, st, style.PseudoAfter, f.deco); pa != nil {
		b.add(pa)
	}
	bl.fixChildren(f)
	if f.footnote {
		return append(out, bl.footnoteCall(b, n, st, f.deco))
	}
	return append(out, b)
}

// fixChildren fixes up the children of f's box once they are all there
// (see leave).
func (bl *builder) fixChildren(f *frame) {
	b, n, st := f.b, f.n, f.st
	fixTableParts(b)
	if st.Display == style.DisplayFlex || st.Display == style.DisplayInlineFlex {
		blockifyItems(b)
	}
	if (st.Display == style.DisplayGrid || st.Display == style.DisplayInlineGrid) && b.Kind != KindTable {
		blockifyItems(b)
		wrapGridText(b)
	}
	switch b.Kind {
	case KindBlock, KindInlineBlock, KindTableCell, KindTableCaption:
		if bl.styles != nil {
			if fl := bl.styles.Of(n, style.PseudoFirstLetter); fl != nil {
				splitFirstLetter(b, fl)
			}
		}
		fixBlockContainer(b)
		if bl.styles != nil {
			if fl := bl.styles.Of(n, style.PseudoFirstLine); fl != nil {
				attachFirstLine(b, fl)
			}
		}
		// white space after a block starts a new run; after an
		// inline-block, an atomic inline, it is kept (CSS Text 3 §4.1.1)
		bl.lastSpace = b.Kind != KindInlineBlock
	case KindTable, KindTableRowGroup, KindTableRow, KindTableColumn:
		dropSpaceChildren(b)
	}
}
