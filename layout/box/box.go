package box

import (
	"golang.org/x/net/html"

	"github.com/seed28491532/folio/style"
)

// Kind is the kind of a box.
type Kind uint8

// Box kinds.
const (
	// KindBlock is a block container: block, list-item, flow-root, an
	// anonymous block, a table caption or cell content.
	KindBlock Kind = iota
	// KindInline is an inline box (span, em, a, ::before…).
	KindInline
	// KindInlineBlock is an inline-level block container.
	KindInlineBlock
	// KindText is a run of text; Text holds it after white-space
	// processing.
	KindText
	// KindReplaced is a replaced element (img); Image holds its content
	// (nil for an iframe, whose nested document is not rendered).
	KindReplaced
	// KindLineBreak is a forced line break (<br>).
	KindLineBreak
	// KindTable is a table or inline-table wrapper.
	KindTable
	// KindTableRowGroup is thead, tbody or tfoot (see Style.Display).
	KindTableRowGroup
	// KindTableRow is a table row.
	KindTableRow
	// KindTableCell is a table cell.
	KindTableCell
	// KindTableCaption is a table caption.
	KindTableCaption
	// KindTableColumn is a column or column group (no content).
	KindTableColumn
)

var kindNames = [...]string{"block", "inline", "inline-block", "text", "replaced", "br",
	"table", "row-group", "row", "cell", "caption", "column"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind?"
}

// MarkerShape is how a list marker is drawn when it is not text.
type MarkerShape uint8

// Marker shapes.
const (
	ShapeNone MarkerShape = iota
	ShapeDisc
	ShapeCircle
	ShapeSquare
)

// NamedString is one string-set value captured on a box for the running
// headers of the paged-media work.
type NamedString struct {
	Name  string
	Value string
}

// Box is one box of the tree. A document has one box per element and
// text, so a box is kept at 112 bytes (TestBoxSize): the one-byte fields
// come first, together, so it takes no padding, and what few boxes have
// lives in Rare.
type Box struct {
	Kind Kind
	// Pseudo is the pseudo-element this box is for (PseudoNone otherwise).
	Pseudo style.Pseudo
	// Anonymous marks boxes CSS generates without an element of their own.
	Anonymous bool
	// Continuation marks the second and later parts of an inline box that
	// was split around a block-level descendant.
	Continuation bool
	// ListItem marks a display: list-item box; Marker is its ::marker box
	// (also its first child), or nil.
	ListItem bool
	// MarkerShape is set on a ::marker box drawn as a shape (disc, circle,
	// square); Outside says it sits outside the principal box.
	MarkerShape MarkerShape
	Outside     bool
	// FlexItem marks an inline-level child of a flex or grid container
	// made a block-level flex or grid item.
	FlexItem bool

	// Node is the source element; nil for anonymous boxes and for the
	// text boxes of the document's text nodes (the box holds the text,
	// and the facade lets the DOM's text go once the structure is read).
	// A text box of generated content has its element.
	Node *html.Node
	// Style is the computed style; anonymous boxes carry an inheriting
	// copy of their parent's.
	Style    *style.Style
	Parent   *Box
	Children []*Box

	// Text is the processed text of a KindText box.
	Text string

	// Marker is the ::marker box of a list item (see ListItem).
	Marker *Box

	// Image is the content of a replaced box.
	Image *Image

	// deco holds the text decorations in effect for a text box (see
	// Decorations), shared by the text boxes of a decorating element.
	deco *[]Decoration

	// rare holds what few boxes have (see Rare); nil for most.
	rare *Rare

	// Index is the box's position in a pre-order walk of the tree; the
	// renderer sorts content by it to keep DOM order.
	Index int
}

// Rare holds the fields of a box that few boxes have, out of the Box so
// the many boxes of a long document (a table cell, a run of text) do not
// carry them. Read them with the Box's methods of the same names; set
// them with Box.SetRare.
type Rare struct {
	// Backgrounds holds the loaded image of each background layer, in
	// the order of Style.BackgroundImages (nil for gradients and none);
	// nil when no layer is a URL.
	Backgrounds []*Image
	// Masks holds the loaded image of each mask layer, in the order of
	// Style.MaskImages, as Backgrounds does.
	Masks []*Image

	// FirstLine, on a block container whose first formatted line has a
	// ::first-line style, is the fictional inline box of that line (CSS
	// Pseudo 4 §2.1): it holds copies of the container's inline content
	// restyled for the first line, which layout lays that line out with.
	// Source, on such a copy, is the box it stands for (the structure
	// and links of the content are the source's).
	FirstLine *Box
	Source    *Box

	// Strings holds the string-set values the box sets.
	Strings []NamedString
	// ContentParts, on a pseudo-element whose content uses
	// target-counter(…, page), holds the text each item of its content
	// list resolved to when built (layout rebuilds the text with the
	// page numbers once it knows them).
	ContentParts []string
	// Fixed lists the position: fixed boxes of the tree in document
	// order; Build sets it on the root only (layout repeats them on every
	// page).
	Fixed []*Box
	// Footnote, on a ::footnote-call box, is the footnote body (the
	// float: footnote element) layout took out of the flow and places in
	// the footnote area of the call's page (css-gcpm-3 §2).
	Footnote *Box
	// Leader, on a text box of generated content, is the leader string
	// of a leader() it shows one copy of: layout repeats it to fill its
	// line (css-gcpm-3 §5).
	Leader string
	// Continued marks a part of an inline box split around a
	// block-level descendant that another part follows: its end edge
	// is not drawn (see Box.Continuation for the start edge).
	Continued bool
	// InInline, on a block-level box taken out of an inline box split
	// around it (CSS 2.1 §9.2.1.1), is the part of that inline box
	// before it: the inline boxes' relative offsets move the block too.
	InInline *Box
	// grow, on a box whose children come as layout asks (SetGrow),
	// appends more of them.
	grow func() bool
}

// SetRare returns b's rare fields for setting, creating them on first
// use.
func (b *Box) SetRare() *Rare {
	if b.rare == nil {
		b.rare = new(Rare)
	}
	return b.rare
}

// InInline returns the part of the inline box a block-level box was
// taken out of (see Rare.InInline), or nil.
func (b *Box) InInline() *Box {
	if b.rare == nil {
		return nil
	}
	return b.rare.InInline
}

// Backgrounds returns the loaded image of each background layer (see
// Rare.Backgrounds).
func (b *Box) Backgrounds() []*Image {
	if b.rare == nil {
		return nil
	}
	return b.rare.Backgrounds
}

// Masks returns the loaded image of each mask layer (see Rare.Masks).
func (b *Box) Masks() []*Image {
	if b.rare == nil {
		return nil
	}
	return b.rare.Masks
}

// Strings returns the string-set values the box sets.
func (b *Box) Strings() []NamedString {
	if b.rare == nil {
		return nil
	}
	return b.rare.Strings
}

// ContentParts returns the resolved items of a pseudo-element's content
// that uses target-counter(…, page) (see Rare.ContentParts).
func (b *Box) ContentParts() []string {
	if b.rare == nil {
		return nil
	}
	return b.rare.ContentParts
}

// Leader returns the leader string of a leader() text box (see
// Rare.Leader), "" for other boxes.
func (b *Box) Leader() string {
	if b.rare == nil {
		return ""
	}
	return b.rare.Leader
}

// Fixed returns the position: fixed boxes of the tree, on the root.
func (b *Box) Fixed() []*Box {
	if b.rare == nil {
		return nil
	}
	return b.rare.Fixed
}

// FirstLine returns the ::first-line box of a block container (see
// Rare.FirstLine); nil for most boxes.
func (b *Box) FirstLine() *Box {
	if b.rare == nil {
		return nil
	}
	return b.rare.FirstLine
}

// Source returns the box a first-line copy stands for (see
// Rare.Source); nil for every other box.
func (b *Box) Source() *Box {
	if b.rare == nil {
		return nil
	}
	return b.rare.Source
}

// lineCopy returns a copy of b for the first line, child of parent,
// standing for b: its rare fields are its own.
func (b *Box) lineCopy(parent *Box) *Box {
	n := *b
	if n.rare != nil {
		r := *n.rare
		n.rare = &r
	}
	n.Parent = parent
	n.SetRare().Source = b
	return &n
}

// Footnote returns the footnote body of a ::footnote-call box.
func (b *Box) Footnote() *Box {
	if b.rare == nil {
		return nil
	}
	return b.rare.Footnote
}

// Continued reports whether b is a part of a split inline box that
// another part follows (see Rare.Continued).
func (b *Box) Continued() bool { return b.rare != nil && b.rare.Continued }

// Tag returns the element name of the box's node, or "".
func (b *Box) Tag() string {
	if b.Node == nil || b.Node.Type != html.ElementNode {
		return ""
	}
	return b.Node.Data
}

// Attr returns the value of attribute name on the box's element.
func (b *Box) Attr(name string) (string, bool) {
	if b.Node == nil {
		return "", false
	}
	return Attr(b.Node, name)
}

// Attr returns the value of attribute name on n; an anonymous box's nil
// node has none.
func Attr(n *html.Node, name string) (string, bool) {
	if n == nil {
		return "", false
	}
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == name {
			return a.Val, true
		}
	}
	return "", false
}

// IsInlineLevel reports whether the box takes part in an inline
// formatting context (text, inline boxes, inline-blocks, inline replaced
// elements, line breaks).
func (b *Box) IsInlineLevel() bool {
	if b.OutOfFlow() || b.FlexItem {
		return false
	}
	switch b.Kind {
	case KindText, KindInline, KindInlineBlock, KindLineBreak:
		return true
	case KindReplaced:
		return b.Style.Display == style.DisplayInline || b.Style.Display == style.DisplayInlineBlock
	case KindTable:
		return b.Style.Display == style.DisplayInlineTable
	}
	return false
}

// OutOfFlow reports whether the box is floated or absolutely (fixed)
// positioned: CSS 2.1 §9.7 blockifies it and takes it out of the flow of
// its siblings.
func (b *Box) OutOfFlow() bool {
	st := b.Style
	if st == nil || b.Kind == KindText || b.Kind == KindLineBreak || b.Parent == nil && b.Kind == KindBlock && b.Anonymous {
		return false
	}
	return st.Float != style.FloatNone || st.Position == style.PositionAbsolute || st.Position == style.PositionFixed
}

// IsElement reports whether the box is the principal box of an element
// (not anonymous, not a pseudo-element, not text).
func (b *Box) IsElement() bool {
	return !b.Anonymous && b.Pseudo == style.PseudoNone && b.Node != nil && b.Node.Type == html.ElementNode
}

// Walk calls fn for b and its descendants in pre-order; fn returning false
// skips the children.
func (b *Box) Walk(fn func(*Box) bool) {
	if !fn(b) {
		return
	}
	for _, c := range b.Children {
		c.Walk(fn)
	}
}

// HasInlineChildren reports whether b is a block container whose children
// are inline-level (it establishes lines).
//
// Build leaves every block container with only block-level or only
// inline-level in-flow children, with floats and positioned boxes
// anywhere among them, so the first in-flow child decides: inline text
// between two positioned boxes is inline content too.
func (b *Box) HasInlineChildren() bool {
	for _, c := range b.Children {
		if c.IsInlineLevel() {
			return true
		}
		if !c.OutOfFlow() {
			return false
		}
	}
	return false
}

// Decorations returns the text decorations in effect for a text box,
// propagated from its ancestors (outermost first).
func (b *Box) Decorations() []Decoration {
	if b.deco == nil {
		return nil
	}
	return *b.deco
}

// withDecoration returns the decorations of deco and st's text
// decoration, a new list the text boxes under st's element share.
func withDecoration(deco *[]Decoration, st *style.Style) *[]Decoration {
	return withExtraDecoration(deco, Decoration{Lines: st.TextDecoration, Color: decoColor(st), Style: st.TextDecorationStyle,
		FontSize: st.FontSize, Thickness: st.TextDecorationThickness, Offset: st.TextUnderlineOffset})
}

// withExtraDecoration returns the decorations of deco with d added, in
// a list of its own.
func withExtraDecoration(deco *[]Decoration, d Decoration) *[]Decoration {
	var cur []Decoration
	if deco != nil {
		cur = *deco
	}
	l := append(cur[:len(cur):len(cur)], d)
	return &l
}

// Decoration is one text-decoration propagated to text.
type Decoration struct {
	Lines style.TextDecoration
	Color style.Color
	Style style.BorderStyle
	// FontSize is the size of the decorating box's font (it sets the
	// thickness).
	FontSize float64
	// Thickness and Offset are the decorating box's
	// text-decoration-thickness and text-underline-offset (Auto: from
	// the font).
	Thickness, Offset style.Length
}

// TransformedAncestor returns the nearest ancestor of b (the root
// excluded) with a transform, or nil: it is the containing block of a
// position: fixed b (CSS Transforms 1 §3), which then scrolls with it
// instead of repeating on every page.
func TransformedAncestor(b *Box) *Box {
	for a := b.Parent; a != nil && a.Parent != nil; a = a.Parent {
		if a.Style != nil && a.Style.HasTransform() {
			return a
		}
	}
	return nil
}
