package style

import (
	"context"
)

// Pseudo names a pseudo-element; PseudoNone is the element itself.
type Pseudo uint8

// Pseudo-elements.
const (
	PseudoNone Pseudo = iota
	PseudoBefore
	PseudoAfter
	PseudoMarker
	PseudoFirstLine
	PseudoFirstLetter
	// PseudoFootnoteCall and PseudoFootnoteMarker label the boxes layout
	// generates for a float: footnote element (css-gcpm-3 §2.4).
	PseudoFootnoteCall
	PseudoFootnoteMarker
)

// Loader fetches a resource (a stylesheet for <link> or @import) under the
// caller's resource policy. ref is the URL as written, base the URL of the
// document or stylesheet it appears in. It returns the bytes and the
// resolved URL, which becomes the base for URLs inside the fetched sheet.
type Loader interface {
	Load(ctx context.Context, ref, base string) (data []byte, resolved string, err error)
}

// Options configure Compute.
type Options struct {
	// Loader fetches linked and imported stylesheets; nil disables them
	// (each skipped sheet is a diagnostic).
	Loader Loader
	// BaseURL is the document's URL, the base for relative URLs.
	BaseURL string
	// PageSize, when non-zero, overrides the document's @page size
	// (width, height in points), e.g. from the API's size/orientation.
	PageSize [2]float64
	// UserCSS is extra author-level CSS applied after the document's own.
	UserCSS string
	// Sheets, when set, keeps parsed stylesheets across Computes (shared
	// by every Compute given the same cache); nil parses every sheet.
	Sheets *SheetCache
	// Workers is the number of goroutines the cascade of a large document
	// (1,000 elements or more) may use: 0 means GOMAXPROCS, 1 keeps it on
	// the calling goroutine (for servers that already run a render per
	// core). Small documents are always cascaded sequentially. The result
	// is the same either way.
	Workers int
	// FontUnits, when set, gives the ch and ex of a font (the advance of
	// "0" and the x-height, as fractions of the font size) for the CSS ch
	// and ex units; without it they are half an em.
	FontUnits FontUnits
	// FaceUnits, when set and the document declares @font-face rules,
	// gives the FontUnits to use in place of FontUnits, knowing those
	// faces: ch and ex of a web font are its own, not its fallback's.
	FaceUnits func(faces []FontFace) FontUnits
	// SkipSVGContent leaves the elements inside an <svg> element without
	// computed styles (Of returns nil for them): the svg package cascades
	// an inline drawing's content itself (presentation attributes, its
	// own and the page's style sheets), and a conversion builds no boxes
	// for it. The <svg> element itself is styled. An audit, which reads
	// the visibility of SVG content, leaves it off.
	SkipSVGContent bool
}

// FontUnits returns the ch and ex of the font a family list, weight
// (100–900) and style (as Style.FontStyle) select, as fractions of the
// font size; 0 for one it does not know. It must be safe for concurrent
// use.
type FontUnits func(families []string, weight int, style uint8) (ch, ex float64)

// Diagnostic is a problem found in CSS: a dropped declaration or rule, an
// unknown property, a stylesheet that could not be loaded.
type Diagnostic struct {
	// Source names the stylesheet: "<style> #2", a URL, or "style attribute".
	Source  string
	Line    int
	Column  int
	Message string
}

// FontFace is one @font-face rule.
type FontFace struct {
	Family  string
	Sources []FontSource
	// Weight is the weight range (both equal for a single weight); 0, 0
	// is auto (no descriptor: the font's own).
	Weight [2]int
	// Stretch is the font-stretch range as percentages; 0, 0 is auto.
	Stretch [2]float64
	// Style: 0 normal, 1 italic, 2 oblique; AutoStyle says there is no
	// font-style descriptor (auto: the font's own).
	Style        uint8
	AutoStyle    bool
	UnicodeRange [][2]rune
	// Base is the URL of the stylesheet the rule is in.
	Base string
}

// FontSource is one entry of a @font-face src list.
type FontSource struct {
	URL    string // url(…), possibly a data: URI; "" for local()
	Local  string // local(…) name
	Format string // format(…) hint
}

// PageContext selects the @page rules that apply to one page.
type PageContext struct {
	Name  string // named page from the page property, "" for none
	First bool
	Left  bool // false: a right page
	Blank bool
	// Index is the page's 1-based position in the document and Group its
	// position in the run of consecutive pages named Name (its page group,
	// css-page-3 §4.3); 0 means unknown, and :nth() then does not match;
	// a negative value stands for any position (every :nth() matches).
	Index, Group int
}

// MarginBox identifies one of the sixteen page-margin boxes.
type MarginBox uint8

// The sixteen margin boxes, in css-page-3 order.
const (
	TopLeftCorner MarginBox = iota
	TopLeft
	TopCenter
	TopRight
	TopRightCorner
	RightTop
	RightMiddle
	RightBottom
	BottomRightCorner
	BottomRight
	BottomCenter
	BottomLeft
	BottomLeftCorner
	LeftBottom
	LeftMiddle
	LeftTop
	NumMarginBoxes
)

// PageStyle is the computed style of one page: its size, the page box's own
// style (margins, padding, borders, background) and its margin boxes.
type PageStyle struct {
	// Size is width and height in points.
	Size [2]float64
	// Box is the page box style: Margin gives the page margins.
	Box *Style
	// Margins holds each margin box's style; nil when the box is not
	// generated (content none or normal, or no rule for it).
	Margins [NumMarginBoxes]*Style
	// Footnote is the style of the footnote area (@footnote inside
	// @page, css-gcpm-3 §2.3); never nil.
	Footnote *Style
}
