package box

import (
	"github.com/seed28491532/folio/style"
)

// maxFirstLineDepth bounds the boxes the ::first-line code descends
// through (nested blocks, inline boxes).
const maxFirstLineDepth = 64

// attachFirstLine gives the block container holding the first formatted
// line of block container b (b itself, or its first in-flow block
// descendant) a FirstLine box of b's ::first-line style fl, and restyles
// the ::first-letter box on that line as the line's content. A container
// whose first line is styled already (by its own ::first-line rule,
// built first) keeps that one; a first line inside a table, a flex or
// grid container or a replaced element gets none.
func attachFirstLine(b *Box, fl *style.Style) {
	c := firstLineContainer(b, 0)
	if c == nil || c.FirstLine() != nil {
		return
	}
	line := style.FirstLineBox(fl)
	c.SetRare().FirstLine = &Box{Kind: KindInline, Node: b.Node, Pseudo: style.PseudoFirstLine, Style: line, Parent: c, Index: -1}
	restyleLetter(c.Children, c.Style, line, lineDecoration(line), 0)
	RefreshFirstLine(c)
}

// RefreshFirstLine copies the inline content of block container c into
// its FirstLine box anew (see Box.FirstLine), so that the copies show the
// content as it is now (layout fills in some generated text late).
func RefreshFirstLine(c *Box) {
	w := c.FirstLine()
	if w == nil {
		return
	}
	w.Children = cloneForLine(w, c.Children, c.Style, w.Style, lineDecoration(w.Style), 0)
}

// lineDecoration returns the text decoration of a first line of style
// line, nil for none.
func lineDecoration(line *style.Style) *Decoration {
	if line.TextDecoration == 0 {
		return nil
	}
	return &Decoration{Lines: line.TextDecoration, Color: decoColor(line), Style: line.TextDecorationStyle,
		FontSize: line.FontSize, Thickness: line.TextDecorationThickness, Offset: line.TextUnderlineOffset}
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
// boxes cs of a block container of style block, restyled as the content
// of a first line of style line (style.FirstLineStyle), with the line's
// decoration deco added to their texts. Atomic inlines, line breaks,
// markers and out-of-flow boxes are not copied: the line shows them as
// they are; nor are the texts of a first letter (restyled in place by
// restyleLetter).
func cloneForLine(parent *Box, cs []*Box, block, line *style.Style, deco *Decoration, depth int) []*Box {
	out := make([]*Box, len(cs))
	for i, c := range cs {
		out[i] = c
		if depth > maxFirstLineDepth || c.OutOfFlow() || c.Pseudo == style.PseudoMarker {
			continue
		}
		switch {
		case c.Pseudo == style.PseudoFirstLetter:
			out[i] = c.lineCopy(parent)
		case c.Kind == KindText:
			n := c.lineCopy(parent)
			n.Style = style.FirstLineStyle(block, line, c.Style)
			if tt := n.Style.TextTransform; tt != c.Style.TextTransform {
				n.Text = transformSame(c.Text, tt)
			}
			if deco != nil {
				n.deco = withExtraDecoration(c.deco, *deco)
			}
			out[i] = n
		case c.Kind == KindInline:
			n := c.lineCopy(parent)
			n.Style = style.FirstLineStyle(block, line, c.Style)
			n.Children = cloneForLine(n, c.Children, block, line, deco, depth+1)
			out[i] = n
		}
	}
	return out
}

// restyleLetter finds the ::first-letter box among the inline content cs
// of a block container of style block (always on the first line) and
// restyles it, its texts too, as content of a first line of style line.
func restyleLetter(cs []*Box, block, line *style.Style, deco *Decoration, depth int) bool {
	for _, c := range cs {
		switch {
		case depth > maxFirstLineDepth:
			return false
		case c.Pseudo == style.PseudoFirstLetter:
			restyleForLine(c, block, line, deco)
			return true
		case c.Kind == KindInline && c.Pseudo != style.PseudoMarker:
			if restyleLetter(c.Children, block, line, deco, depth+1) {
				return true
			}
		}
	}
	return false
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
			t.deco = withExtraDecoration(t.deco, *deco)
		}
	}
}
