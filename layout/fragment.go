package layout

import (
	"math"

	"github.com/seed28491532/folio/fonts"
	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// Rect is a rectangle in page coordinates (points, origin top-left, y
// down).
type Rect struct{ X, Y, W, H float64 }

// Fragment is the part of a box laid out on one page.
type Fragment struct {
	Box *box.Box
	// X, Y, W, H is the border box.
	X, Y, W, H float64
	// Border and Padding are the used widths per side (style.Top…); on a
	// fragment that is not the box's first (last), the top (bottom)
	// border and padding are zero (box-decoration-break: slice).
	Border  [4]float64
	Padding [4]float64
	// First and Last say whether this is the box's first or last fragment.
	First, Last bool
	// Repeated marks a copy of a table header (footer) row group repeated
	// on a page after its first (before its last): painted as a
	// pagination artifact, never tagged again.
	Repeated bool
	// AnchorBefore paints a float anchored in the text before the line
	// holding its anchor instead of after it (see Anchor).
	AnchorBefore bool
	Children     []*Fragment
	// Lines are the line boxes of a block container with inline content.
	Lines []*Line
	// Seq orders an atomic inline among the texts of its line (Text.Seq).
	Seq int
	// Anchor, on a float anchored in the text of its parent fragment, is
	// one more than the index of the parent's line after which it is
	// painted (the line holding its anchor), so content order — and the
	// reading order of the tags — follows the text; 0 for other boxes.
	// AnchorBefore paints it before that line instead (its anchor starts
	// the line).
	Anchor int
	// ColumnRules are the column rules of a multi-column container (each
	// rule's area, painted with the box's column-rule style and colour).
	ColumnRules []Rect
	// Paint, when set, replaces the decorations of the box's own style
	// (table parts; see Paint).
	Paint *Paint
}

// newFragment returns a zero fragment from the layouter's slab (one
// allocation for many fragments: a page keeps most of the fragments laid
// out for it).
func (l *layouter) newFragment() *Fragment {
	return l.frags.One(8, 64)
}

// ContentRect returns the content box of f.
func (f *Fragment) ContentRect() Rect {
	return Rect{
		X: f.X + f.Border[style.Left] + f.Padding[style.Left],
		Y: f.Y + f.Border[style.Top] + f.Padding[style.Top],
		W: f.W - f.Border[style.Left] - f.Padding[style.Left] - f.Border[style.Right] - f.Padding[style.Right],
		H: f.H - f.Border[style.Top] - f.Padding[style.Top] - f.Border[style.Bottom] - f.Padding[style.Bottom],
	}
}

// Line is a line box.
type Line struct {
	// X, Y, W, H is the line box; Baseline is the y of its baseline.
	X, Y, W, H float64
	Baseline   float64
	// Texts are the glyph runs in visual order (left to right); Text.Seq
	// gives their logical order.
	Texts []*Text
	// Inlines are the fragments of inline boxes (span, a…) on this line,
	// outermost first: their backgrounds, borders and link areas.
	Inlines []*InlineFragment
	// Atomics are inline-level replaced elements and inline-blocks.
	Atomics []*Fragment
	// Marker is an outside list marker placed on this line.
	Marker *Marker
}

// Text is a run of shaped glyphs of one text box on a line.
type Text struct {
	// Box is the text box (or pseudo-element text) the run belongs to.
	Box *box.Box
	// Face and Size select the font; Glyphs carry final advances
	// (letter- and word-spacing and justification included).
	Face   *fonts.Face
	Size   float64
	Glyphs []fonts.Glyph
	// Text is the source text; Glyphs[i].Cluster indexes into it.
	Text string
	RTL  bool
	// X is the pen position of the first glyph, Baseline its y.
	X, Baseline float64
	// Width is the sum of the advances.
	Width float64
	Color style.Color
	// Ascent and Descent are the font's, for highlighting and link rects.
	Ascent, Descent float64
	// Decorations are the underline, overline and line-through rules.
	Decorations []Rule
	// Seq orders the runs of one box in the document (line order).
	Seq int
}

// Rule is a text decoration line.
type Rule struct {
	X, Y, W   float64 // Y is the centre of the line
	Thickness float64
	Color     style.Color
	Style     style.BorderStyle
}

// InlineFragment is the part of an inline box on one line.
type InlineFragment struct {
	Box *box.Box
	// Rect is the border box: content area height (font ascent+descent)
	// plus vertical padding and borders.
	Rect        Rect
	Border      [4]float64
	Padding     [4]float64
	First, Last bool
}

// Marker is an outside list marker.
type Marker struct {
	Box *box.Box
	// Shape is set for disc/circle/square markers, drawn in Rect.
	Shape box.MarkerShape
	Rect  Rect
	Color style.Color
	// Texts hold the marker text for text markers.
	Texts []*Text
	// Atomics hold the image of a list-style-image marker.
	Atomics []*Fragment
}

// endEdgesPushed reports whether the page (column) breaks between the
// content of block b (fragment f, its content ending at contentEnd, then
// the last child's bottom margin trailM) and its bottom border and
// padding: the content, not empty here, fits above bottom but the margin
// and edges do not. The margin is a gap between the last child and b's
// content edge, a class C break point (css-break-3 §4.1): the margin is
// truncated at the break (§5.2) and the edges move to a fragment of
// their own on the next page. Without a gap there is no break point
// there: the box overflows (a break earlier, before its last line or
// child, is not tried).
func endEdgesPushed(b *box.Box, f *Fragment, contentEnd, trailM, bottom float64) bool {
	edges := trailM + f.Border[style.Bottom] + f.Padding[style.Bottom]
	return trailM > 0.01 && contentEnd > f.Y+f.Border[style.Top]+f.Padding[style.Top]+0.01 &&
		contentEnd <= bottom+0.01 && contentEnd+edges > bottom+0.01 && !math.IsInf(bottom, 1) && splitsHeight(b)
}

// maxContentHeight returns the largest content-box height block b may
// have, from its height, max-height and min-height in points (+Inf when
// neither height nor max-height limits it): no fragment of b is taller
// than what is left of it.
func maxContentHeight(b *box.Box, cbW float64) float64 {
	h := math.Inf(1)
	if d, ok := definiteHeight(b, cbW); ok {
		h = d
	}
	if st := b.Style; st.MaxHeight.Unit == style.Pt {
		m := st.MaxHeight.Value
		if st.BoxSizing == style.BorderBox {
			m -= vEdges(st, cbW, style.Top) + vEdges(st, cbW, style.Bottom)
		}
		h = math.Min(h, math.Max(m, 0))
	}
	if st := b.Style; st.MinHeight.Unit == style.Pt && !math.IsInf(h, 1) {
		m := st.MinHeight.Value // min-height wins over height and max-height
		if st.BoxSizing == style.BorderBox {
			m -= vEdges(st, cbW, style.Top) + vEdges(st, cbW, style.Bottom)
		}
		h = math.Max(h, m)
	}
	return h
}

// avoidedBreakBack finds where to break before sibling kids[k] when the
// break there is avoided (break-after/break-before: avoid) and the
// siblings from start on were placed as the last fragments of placed:
// the latest earlier break between them that is not avoided, or k
// itself when every one is (css-break-3 §4.4: avoid rules are relaxed
// then, and the break stays as late as possible). It returns the child
// to break before and how many of placed stay on this page.
func (l *layouter) avoidedBreakBack(kids []*box.Box, k, start int, placed []*Fragment) (int, int) {
	n := len(placed)
	for j := k - 1; j > start; j-- {
		// kids[j] moves to the next page with those after it; its
		// fragment is the last one left
		if n == 0 || placed[n-1].Box != kids[j] || kids[j].OutOfFlow() {
			break
		}
		n--
		if !l.avoids(kids[j-1].Style.BreakAfter) && !l.avoids(kids[j].Style.BreakBefore) {
			return j, n
		}
	}
	l.brokenAvoids++
	return k, len(placed)
}

// breaksBelowEdges reports whether the content of b's first fragment
// (first), which starts a page (column) below b's top border or padding
// (edges), may move to the next page when it does not fit: there is a
// break point between the edges and the content (class C, css-break-3
// §4.1). Only a plain block's: the content of table cells, flex and
// grid items is laid out in their containers' own steps.
func (l *layouter) breaksBelowEdges(b *box.Box, c fctx, first, edges bool) bool {
	return c.atTop && first && edges && !math.IsInf(c.bottom, 1) && b.Kind == box.KindBlock &&
		!b.FlexItem && !isFlex(b) && !isGrid(b) && (b.Parent == nil || !isGrid(b.Parent))
}
