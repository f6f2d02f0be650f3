package box

import (
	"github.com/seed28491532/folio/style"
)

// maxFirstLineDepth bounds the boxes the ::first-line code descends
// through (nested blocks, inline boxes).
const maxFirstLineDepth = 64

// attachFirstLine gives the block container holding the first formatted
// line of block container b (b itself, or its first in-flow block
// descendant) a FirstLine box of b's ::first-line style fl. A container
// whose first line is styled already (by its own ::first-line rule,
// built first) keeps that one; a first line inside a table, a flex or
// grid container or a replaced element gets none.
func attachFirstLine(b *Box, fl *style.Style) {
	c := firstLineContainer(b, 0)
	if c == nil || c.FirstLine != nil {
		return
	}
	line := style.FirstLineBox(fl)
	w := &Box{Kind: KindInline, Node: b.Node, Pseudo: style.PseudoFirstLine, Style: line, Parent: c, Index: -1}
	var deco *Decoration
	if line.TextDecoration != 0 {
		deco = &Decoration{Lines: line.TextDecoration, Color: decoColor(line), Style: line.TextDecorationStyle,
			FontSize: line.FontSize, Thickness: line.TextDecorationThickness, Offset: line.TextUnderlineOffset}
	}
	w.Children = cloneForLine(w, c.Children, c.Style, line, deco, 0)
	c.FirstLine = w
}

// firstLineContainer returns the block container b's first formatted
// line lies in: b when its children are inline-level, else its first
// in-flow block child's (nil when that child is not a block container).
func firstLineContainer(b *Box, depth int) *Box {
	if depth > maxFirstLineDepth || !isFlowContainer(b) {
		return nil
	}
	for _, c := range b.Children {
		switch {
		case c.OutOfFlow() || c.Pseudo == style.PseudoMarker:
			continue
		case c.IsInlineLevel():
			return b
		case c.Kind == KindBlock && !c.FlexItem:
			return firstLineContainer(c, depth+1)
		default:
			return nil
		}
	}
	return b
}

// isFlowContainer reports whether b lays its children out in lines or
// blocks (not a flex, grid or table container).
func isFlowContainer(b *Box) bool {
	switch b.Style.Display {
	case style.DisplayFlex, style.DisplayInlineFlex, style.DisplayGrid, style.DisplayInlineGrid:
		return false
	}
	return b.Kind == KindBlock || b.Kind == KindInlineBlock || b.Kind == KindTableCell || b.Kind == KindTableCaption
}

// cloneForLine returns copies, children of parent, of the inline-level
// boxes cs of a block container of style block, restyled as the content of a first line of
// style line (style.FirstLineStyle), with the line's decoration deco
// added to their texts. Atomic inlines, line breaks, markers and
// out-of-flow boxes are not copied: the line shows them as they are.
func cloneForLine(parent *Box, cs []*Box, block, line *style.Style, deco *Decoration, depth int) []*Box {
	out := make([]*Box, len(cs))
	for i, c := range cs {
		out[i] = c
		if c.Pseudo == style.PseudoFirstLetter {
			// always on the first line: restyled where it is
			restyleForLine(c, block, line, deco)
			if c.OutOfFlow() {
				continue
			}
			n := *c
			n.Source, n.Parent = c, parent
			n.Children = append([]*Box(nil), c.Children...)
			out[i] = &n
			continue
		}
		if depth > maxFirstLineDepth || c.OutOfFlow() || c.Pseudo == style.PseudoMarker {
			continue
		}
		switch c.Kind {
		case KindText:
			n := *c
			n.Source, n.Parent, n.Style = c, parent, style.FirstLineStyle(block, line, c.Style)
			if tt := n.Style.TextTransform; tt != c.Style.TextTransform {
				n.Text = transformSame(c.Text, tt)
			}
			if deco != nil {
				n.Decorations = append(c.Decorations[:len(c.Decorations):len(c.Decorations)], *deco)
			}
			out[i] = &n
		case KindInline:
			n := *c
			n.Source, n.Parent, n.Style = c, parent, style.FirstLineStyle(block, line, c.Style)
			n.Children = cloneForLine(&n, c.Children, block, line, deco, depth+1)
			out[i] = &n
		}
	}
	return out
}

// transformSame returns text transformed by tt when that keeps its
// length in bytes (the first line's text must line up with the
// content's, see layout), else text as it is.
func transformSame(text string, tt style.TextTransform) string {
	if t := transform(text, tt); len(t) == len(text) {
		return t
	}
	return text
}

// restyleForLine restyles first-letter box b and its texts, which are on
// the first line of a block container of style block, as content of the
// line of style line.
func restyleForLine(b *Box, block, line *style.Style, deco *Decoration) {
	old := b.Style
	b.Style = style.FirstLineStyle(block, line, b.Style)
	for _, t := range b.Children {
		if t.Kind != KindText {
			continue
		}
		t.Style = b.Style
		if tt := b.Style.TextTransform; tt != old.TextTransform {
			t.Text = transformSame(t.Text, tt)
		}
		if deco != nil {
			t.Decorations = append(t.Decorations[:len(t.Decorations):len(t.Decorations)], *deco)
		}
	}
}
