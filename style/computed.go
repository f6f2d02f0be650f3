package style

// This file is the contract between style and its users (layout/box,
// layout, audit/wcag). Field names and types here are relied on elsewhere.

import "strconv"

// Unit says how a Length is to be resolved.
type Unit uint8

// Length units after computation: absolute lengths are converted to points;
// only percentages and auto stay relative.
const (
	Pt      Unit = iota // points (1/72 in); the value is final
	Percent             // percentage of the containing block dimension
	Auto                // the keyword auto (also: normal / none where a length is expected)
	// CalcExpr is a math function whose value depends on the percentage
	// base in a way Percent with Calc cannot express (min(50%, 10em)):
	// its expression is in the document's CalcTable, which Style.Resolve
	// evaluates; Value and Calc hold an approximation, as for Percent
	// (min() and max() by their first argument, clamp() by its
	// preferred one), which Length.Resolve, without the table, returns.
	CalcExpr
)

// Length is a computed length: points, a percentage, or auto.
type Length struct {
	Value float64
	Unit  Unit
	// expr is the index of a CalcExpr's expression in the CalcTable (it
	// fits in the padding after Unit)
	expr uint16
	// Calc is an offset in points added to a percentage, from
	// calc(p% ± length); zero otherwise. Resolve includes it. (float32
	// keeps Length at 16 bytes.)
	Calc float32
}

// Resolve returns the length in points against base (used for
// percentages); auto resolves to def.
func (l Length) Resolve(base, def float64) float64 {
	switch l.Unit {
	case Percent, CalcExpr:
		return l.Value*base/100 + float64(l.Calc)
	case Auto:
		return def
	}
	return l.Value
}

// IsAuto reports whether l is auto.
func (l Length) IsAuto() bool { return l.Unit == Auto }

// HasPercent reports whether l depends on a percentage base (Percent,
// or a math function with percentages).
func (l Length) HasPercent() bool { return l.Unit == Percent || l.Unit == CalcExpr }

// Color is a non-premultiplied sRGB color with alpha, components 0–255.
type Color struct {
	R, G, B, A uint8
}

// Transparent is the fully transparent color.
var Transparent = Color{}

// Display is the computed display of a box.
type Display uint8

// Display values.
const (
	DisplayInline Display = iota
	DisplayBlock
	DisplayInlineBlock
	DisplayListItem
	DisplayNone
	DisplayContents
	DisplayFlowRoot
	DisplayTable
	DisplayInlineTable
	DisplayTableRowGroup
	DisplayTableHeaderGroup
	DisplayTableFooterGroup
	DisplayTableRow
	DisplayTableColumnGroup
	DisplayTableColumn
	DisplayTableCell
	DisplayTableCaption
	DisplayFlex
	DisplayInlineFlex
	DisplayGrid
	DisplayInlineGrid
)

// Position is the CSS position property.
type Position uint8

// Position values. Running is position: running(name) from css-gcpm.
const (
	PositionStatic Position = iota
	PositionRelative
	PositionAbsolute
	PositionFixed
	PositionSticky
	PositionRunning
)

// Float is the CSS float property.
type Float uint8

// Float values.
const (
	FloatNone Float = iota
	FloatLeft
	FloatRight
	// FloatFootnote moves the element into the page's footnote area
	// (css-gcpm-3 §2.2).
	FloatFootnote
)

// Clear is the CSS clear property.
type Clear uint8

// Clear values.
const (
	ClearNone Clear = iota
	ClearLeft
	ClearRight
	ClearBoth
)

// BorderStyle is a border or outline style.
type BorderStyle uint8

// Border styles, in the priority order border-collapse conflict resolution
// uses (hidden wins, none loses, otherwise later is stronger).
const (
	BorderNone BorderStyle = iota
	BorderHidden
	BorderDotted
	BorderDashed
	BorderSolid
	BorderDouble
	BorderGroove
	BorderRidge
	BorderInset
	BorderOutset
)

// Border is one side of a border. Width is 0 when Style is none/hidden.
type Border struct {
	Width float64 // points
	Style BorderStyle
	Color Color
}

// Side indexes per-side arrays: Top, Right, Bottom, Left (CSS order).
const (
	Top = iota
	Right
	Bottom
	Left
)

// TextAlign is the CSS text-align property.
type TextAlign uint8

// Text alignments.
const (
	AlignLeft TextAlign = iota
	AlignRight
	AlignCenter
	AlignJustify
	// AlignStart and AlignEnd are the start and end sides, which the
	// direction of the block whose lines they align decides (the
	// computed value keeps them: an element of another direction
	// inherits them unresolved).
	AlignStart
	AlignEnd
)

// WhiteSpace is the CSS white-space property.
type WhiteSpace uint8

// White-space values.
const (
	WhiteSpaceNormal WhiteSpace = iota
	WhiteSpacePre
	WhiteSpaceNowrap
	WhiteSpacePreWrap
	WhiteSpacePreLine
	WhiteSpaceBreakSpaces
)

// TextTransform is the CSS text-transform property.
type TextTransform uint8

// Text transforms.
const (
	TransformNone TextTransform = iota
	TransformUppercase
	TransformLowercase
	TransformCapitalize
)

// TextDecoration is a bit set of text-decoration-line values.
type TextDecoration uint8

// Text decoration lines.
const (
	DecoUnderline TextDecoration = 1 << iota
	DecoOverline
	DecoLineThrough
)

// VerticalAlign is the keyword part of vertical-align; VAlignLength uses
// Style.VerticalAlignLength.
type VerticalAlign uint8

// Vertical alignments.
const (
	VAlignBaseline VerticalAlign = iota
	VAlignSub
	VAlignSuper
	VAlignTop
	VAlignMiddle
	VAlignBottom
	VAlignTextTop
	VAlignTextBottom
	VAlignLength
)

// Break is a value of break-before / break-after / break-inside (legacy
// page-break-* mapped onto them).
type Break uint8

// Break values.
const (
	BreakAuto Break = iota
	BreakAvoid
	BreakAvoidPage
	BreakPage
	BreakLeft
	BreakRight
	BreakRecto
	BreakVerso
	BreakColumn
	BreakAvoidColumn
)

// ListStylePosition is the CSS list-style-position property.
type ListStylePosition uint8

// List marker positions.
const (
	ListOutside ListStylePosition = iota
	ListInside
)

// BoxSizing is the CSS box-sizing property.
type BoxSizing uint8

// Box sizing values.
const (
	ContentBox BoxSizing = iota
	BorderBox
)

// Overflow is the CSS overflow property (one value for both axes).
type Overflow uint8

// Overflow values.
const (
	OverflowVisible Overflow = iota
	OverflowHidden
	OverflowClip
	OverflowScroll
	OverflowAuto
)

// Visibility is the CSS visibility property.
type Visibility uint8

// Visibility values.
const (
	Visible Visibility = iota
	Hidden
	Collapse
)

// BorderCollapse is the CSS border-collapse property.
type BorderCollapse uint8

// Border models of tables.
const (
	BorderSeparate BorderCollapse = iota
	BorderCollapsed
)

// TableLayout is the CSS table-layout property.
type TableLayout uint8

// Table layout algorithms.
const (
	TableLayoutAuto TableLayout = iota
	TableLayoutFixed
)

// CaptionSide is the CSS caption-side property.
type CaptionSide uint8

// Caption sides.
const (
	CaptionTop CaptionSide = iota
	CaptionBottom
)

// OverflowWrap is the CSS overflow-wrap (word-wrap) property.
type OverflowWrap uint8

// Overflow-wrap values.
const (
	WrapNormal OverflowWrap = iota
	WrapBreakWord
	WrapAnywhere
)

// Hyphens is the CSS hyphens property.
type Hyphens uint8

// Hyphens values.
const (
	HyphensManual Hyphens = iota
	HyphensNone
	HyphensAuto
)

// Direction is the CSS direction property.
type Direction uint8

// Directions.
const (
	LTR Direction = iota
	RTL
)

// ObjectFit is the CSS object-fit property.
type ObjectFit uint8

// Object-fit values.
const (
	FitFill ObjectFit = iota
	FitContain
	FitCover
	FitNone
	FitScaleDown
)

// ContentKind is the kind of one item of a content list.
type ContentKind uint8

// Content list item kinds.
const (
	ContentString        ContentKind = iota // Text
	ContentAttr                             // Name: attribute name, resolved by layout/box from the node
	ContentCounter                          // Name: counter, Style: list-style-type
	ContentCounters                         // Name, Separator (Text), Style
	ContentOpenQuote                        //
	ContentCloseQuote                       //
	ContentNoOpenQuote                      //
	ContentNoCloseQuote                     //
	ContentURL                              // Text: URL (an image)
	ContentNamedString                      // string(Name, Text = first|start|last|first-except)
	ContentTargetCounter                    // Name: URL or attr-resolved target, Text: counter name, Style
	ContentLeader                           // Text: leader string
	ContentElement                          // element(Name): running element
	ContentContents                         // content() / contents keyword; Text: before, after, first-letter or "" (text)
	// ContentTargetText is target-text(): Name (or AttrName) the target
	// URL, Text which text (content, before, after, first-letter).
	ContentTargetText
)

// ContentItem is one item of a content or string-set list.
type ContentItem struct {
	Kind  ContentKind
	Text  string
	Name  string
	Style string // counter style, e.g. decimal, upper-roman
	// AttrName is set for target-counter(attr(href), …): the attribute
	// holding the target URL.
	AttrName string
	// All marks target-counters(): every level of the counter at the
	// target, joined by Separator.
	All       bool
	Separator string
}

// ContentMode says whether content is normal, none, or a list.
type ContentMode uint8

// Content modes.
const (
	ContentNormal ContentMode = iota
	ContentNone
	ContentList
)

// CounterOp is one counter in counter-reset / counter-increment /
// counter-set.
type CounterOp struct {
	Name  string
	Value int
	// Reversed marks reversed(name) in counter-reset (CSS Lists 3
	// §4.4.2); Auto, with it, says no value was given: the counter
	// starts from the increments in its scope.
	Reversed, Auto bool
}

// String formats the op as {name value}, reversed(name) when reversed
// and value auto when not given.
func (o CounterOp) String() string {
	name, v := o.Name, strconv.Itoa(o.Value)
	if o.Reversed {
		name = "reversed(" + name + ")"
	}
	if o.Auto {
		v = "auto"
	}
	return "{" + name + " " + v + "}"
}

// StringSet is one name/value pair of string-set.
type StringSet struct {
	Name  string
	Value []ContentItem
}

// Style is the computed style of an element, pseudo-element, page or margin
// box. Lengths that CSS resolves at computed-value time (em, rem, ex, ch,
// vw, vh, absolute units, calc() without percentages) are in points; only
// percentages and auto remain in Length.
//
// Its properties live in groups (groups.go), embedded by pointer so that
// s.Display or s.FontSize read as fields of Style. Groups are shared: an
// element whose inherited group is unchanged points to its parent's, a
// non-inherited group nobody set points to the initial values, and
// elements with equal groups share one. A Style is therefore read-only
// through its fields: to derive a style, copy the Style (which copies the
// pointers) and write to a private copy of a group from its Mut method,
// as in
//
//	st := *parent
//	st.MutBox().Display = style.DisplayBlock
//
// (TestNoWritesThroughSharedGroups rejects any other write.)
type Style struct {
	// inherited
	*FontGroup
	*TextGroup
	*ListTableGroup
	// not inherited
	*BoxGroup
	*SizeGroup
	*MarginGroup
	*PaddingGroup
	*BorderGroup
	*BackgroundGroup
	*DecorationGroup
	*ContentGroup
	*PagedGroup
	*FlexGroup
	*ColumnGroup
	*GridGroup

	// calcs holds the expressions of the lengths of Unit CalcExpr (the
	// document's table); nil when the style was not computed from a
	// document. It stays last: the fields above are the groups.
	calcs *CalcTable
}

// FontGroup holds the font properties and color (inherited).
type FontGroup struct {
	FontFamily    []string
	FontVariant   string  // font-variant-caps: "normal", "small-caps", "all-small-caps", "petite-caps", "all-petite-caps", "unicase" or "titling-caps"
	FontSize      float64 // points
	FontWeight    int     // 100–900
	LineHeight    Length  // Auto = normal; Pt = absolute; Percent with Value = number×100 for unitless numbers
	LineHeightNum float64 // when > 0, line-height is this unitless multiplier (inherited as a number)
	FontStyle     uint8   // 0 normal, 1 italic, 2 oblique (same order as fonts.Style)
	Color         Color

	// OpenType features (issue #21), each a list of "tag=value" joined
	// by commas in the order they apply, "" for normal/auto: the
	// features of font-variant-ligatures, font-variant-numeric and
	// font-kerning, and font-feature-settings (see Style.FontFeatures).
	FontVariantLigatures string
	FontVariantNumeric   string
	FontKerning          string
	FontFeatureSettings  string

	// Variable fonts and more variants (issue #21): font-stretch as a
	// percentage (0 for normal, 100%), the computed
	// font-variation-settings ("tag=value" items, "" normal),
	// font-variant-position ("", "sub" or "super") and the features of
	// font-variant-east-asian.
	FontStretch           float64
	FontVariationSettings string
	FontVariantPosition   string
	FontVariantEastAsian  string
	// FontOpticalSizingNone is font-optical-sizing: none (auto sets a
	// variable font's opsz axis to the font size).
	FontOpticalSizingNone bool
	// FontSynthesisNone is the set of font-synthesis-* longhands that are
	// none (FontSynthesisWeight…): what must not be synthesised.
	FontSynthesisNone uint8
}

// TextGroup holds the inherited text properties, direction, visibility,
// language and quotes.
type TextGroup struct {
	Lang   string   // from the lang attribute, inherited; "" unknown
	Quotes []string // pairs: open, close, open, close …; nil = auto
	// TextFill is -webkit-text-fill-color (read it with TextColor).
	TextFill TextFill

	TextIndent    Length
	LetterSpacing float64 // points; 0 = normal
	WordSpacing   float64 // points; 0 = normal
	TabSize       float64 // in spaces
	TextAlign     TextAlign
	TextAlignLast TextAlign
	TextTransform TextTransform
	WhiteSpace    WhiteSpace
	OverflowWrap  OverflowWrap
	Hyphens       Hyphens
	// WordBreak and LineBreak are the word-break and line-break
	// properties.
	WordBreak WordBreak
	LineBreak LineBreak
	// HyphenateCharacter is the string drawn at a hyphenation break
	// ("" auto); HyphenateLimitChars the fewest characters of a word
	// hyphenated, before and after a hyphen (0 auto).
	HyphenateCharacter  string
	HyphenateLimitChars [3]uint8
	// TextUnderlineOffset is the distance from the baseline to the top
	// of an underline (Auto: the font's underline position; a
	// percentage of 1em).
	TextUnderlineOffset Length
	Direction           Direction
	Visibility          Visibility

	// textAlignLastAuto records text-align-last: auto (inherited), so
	// that TextAlignLast follows TextAlign.
	textAlignLastAuto bool
	// quotesAuto records quotes: auto (inherited); Quotes then holds the
	// marks of the element's language.
	quotesAuto bool

	// TextShadow holds the layers of text-shadow, first on top; nil for
	// none. Painted by layout/display (issue #17, without blur) and
	// measured by the contrast audit (issue #22).
	TextShadow []TextShadow
}

// ListTableGroup holds the list properties and the inherited table and
// fragmentation properties.
type ListTableGroup struct {
	ListStyleType  string // disc, circle, square, decimal, …, none, or a quoted string
	ListStyleImage string

	Orphans int
	Widows  int

	BorderSpacing     [2]float64 // horizontal, vertical, points
	ListStylePosition ListStylePosition
	BorderCollapse    BorderCollapse
	CaptionSide       CaptionSide
	EmptyCellsHide    bool
}

// BoxGroup holds display, positioning scheme and the box's other
// non-inherited keywords.
type BoxGroup struct {
	// RunningName is the name of position: running(name).
	RunningName string
	UnicodeBidi string

	ZIndex              int
	Opacity             float64
	VerticalAlignLength Length

	Display       Display
	Position      Position
	Float         Float
	Clear         Clear
	ZAuto         bool
	Overflow      Overflow
	VerticalAlign VerticalAlign
	ObjectFit     ObjectFit
	TableLayout   TableLayout
	// OverflowX and OverflowY are overflow-x and overflow-y; Overflow
	// is their combination (apply_overflow.go), for what is one for
	// both axes (clipping at all, a scroll container, a new block
	// formatting context).
	OverflowX, OverflowY Overflow

	// InlineListItem is set for display: inline list-item and inline
	// flow-root list-item (Display is inline or inline-block): the box is
	// a list item too (IsListItem).
	InlineListItem bool
	// ObjectPosition places a replaced element's image in its content
	// box (object-position; initial 50% 50%).
	ObjectPosition BackgroundPosition
	// TextOverflowEllipsis is text-overflow: ellipsis (at the line end).
	TextOverflowEllipsis bool
	// Contain is the contain property (apply_contain.go).
	Contain Containment
}

// SizeGroup holds the box's size and offsets.
type SizeGroup struct {
	Inset               [4]Length // top, right, bottom, left
	Width, Height       Length
	MinWidth, MinHeight Length
	MaxWidth, MaxHeight Length // Auto means none
	BoxSizing           BoxSizing
	// WidthKeyword and HeightKeyword record a width or height of
	// min-content, max-content or fit-content (Width or Height is then
	// auto).
	WidthKeyword, HeightKeyword SizeKeyword
}

// MarginGroup holds the margins.
type MarginGroup struct {
	Margin [4]Length
}

// PaddingGroup holds the paddings.
type PaddingGroup struct {
	Padding [4]Length
}

// BorderGroup holds the borders and their radii.
type BorderGroup struct {
	Border       [4]Border
	BorderRadius [4][2]Length // top-left, top-right, bottom-right, bottom-left; horizontal, vertical
	// Outline is outline-width, -style and -color (see OutlineColor);
	// OutlineOffset is outline-offset in points.
	Outline          Border
	OutlineOffset    float64
	outlineColorAuto bool // outline-color is currentcolor
}

// BackgroundGroup holds the background.
type BackgroundGroup struct {
	// BackgroundImage is the URL of the first background layer that is a
	// URL, or "".
	BackgroundImage string
	// The background layers (background.go), first on top: images (nil
	// for none), and the other longhands, nil for their initial value.
	BackgroundImages   []BackgroundImage
	BackgroundPosition []BackgroundPosition
	BackgroundSize     []BackgroundSize
	BackgroundRepeat   []BackgroundRepeat
	BackgroundOrigin   []BoxArea
	BackgroundClip     []BoxArea
	BackgroundColor    Color
	// BoxShadow holds the layers of box-shadow (issue #17), first on
	// top; nil for none.
	BoxShadow []BoxShadow
	// Paint effects (issue #17, apply_transform.go, apply_clippath.go):
	// the transform list and the individual transforms (nil for none),
	// their origin, clip-path and clip (nil for none), and isolation.
	Transform                []TransformFunc
	Translate, Rotate, Scale *TransformFunc
	TransformOrigin          BackgroundPosition
	ClipPath                 *ClipPath
	Clip                     *[4]Length
	Isolate                  bool
	// BackgroundFixed says which layers are background-attachment:
	// fixed (nil: none); bgPositionX and bgPositionY are the lists of
	// background-position-x and -y that BackgroundPosition pairs
	// (apply_bgaxis.go).
	BackgroundFixed          []bool
	bgPositionX, bgPositionY []PositionAxis
	// TransformBox is the reference box of the transforms: the border
	// box, or the content box for content-box and fill-box.
	TransformBox BoxArea
	// 3D transforms (apply_paint3d.go): the z of transform-origin, the
	// perspective the box gives its children (points, 0 for none), its
	// origin, backface-visibility: hidden and transform-style:
	// preserve-3d.
	TransformOriginZ  float64
	Perspective       float64
	PerspectiveOrigin BackgroundPosition
	BackfaceHidden    bool
	Preserve3D        bool
	// mask layers (apply_mask.go), like the background's: images (nil
	// for none; MaskImage the first URL), and the other longhands, nil
	// for their initial value; MaskLuminance says which layers are
	// luminance masks (nil: all alpha).
	MaskImage     string
	MaskImages    []BackgroundImage
	MaskPosition  []BackgroundPosition
	MaskSize      []BackgroundSize
	MaskRepeat    []BackgroundRepeat
	MaskOrigin    []BoxArea
	MaskClip      []BoxArea
	MaskLuminance []bool
	// BackgroundLocal says which layers are background-attachment:
	// local (nil: none), painted over the scrollable overflow area of a
	// box that clips its overflow (layout/display).
	BackgroundLocal []bool
	// BackgroundLayers is how many layers background-image lists (none
	// included; 0 for one): the last one's background-clip
	// clips the colour.
	BackgroundLayers int
}

// DecorationGroup holds the text decoration (not inherited).
type DecorationGroup struct {
	TextDecorationColor Color // alpha 0 = currentColor
	TextDecoration      TextDecoration
	TextDecorationStyle BorderStyle
	// TextDecorationThickness is the lines' thickness (Auto: the font's;
	// a percentage of 1em).
	TextDecorationThickness Length
}

// ContentGroup holds generated content and counters.
type ContentGroup struct {
	Content          []ContentItem
	CounterReset     []CounterOp
	CounterIncrement []CounterOp
	CounterSet       []CounterOp
	StringSet        []StringSet
	ContentMode      ContentMode
}

// PagedGroup holds the non-inherited fragmentation properties.
type PagedGroup struct {
	Page        string // named page; "" = auto
	BreakBefore Break
	BreakAfter  Break
	BreakInside Break
	// pageSize is the size property of a page context, [0,0] for auto.
	pageSize [2]float64
	// BookmarkLevel is bookmark-level (css-gcpm-3 §3): 0 auto (headings
	// by their level), -1 none, else the outline level. BookmarkLabel is
	// a bookmark-label string, "" for content() (the element's text).
	BookmarkLevel int
	BookmarkLabel string
	// FootnoteDisplay and FootnotePolicy are css-gcpm-3 §2.6 and §2.7;
	// BookmarkClosed is bookmark-state: closed; DecorationClone is
	// box-decoration-break: clone (css-break-3 §5.4).
	FootnoteDisplay FootnoteDisplay
	FootnotePolicy  FootnotePolicy
	BookmarkClosed  bool
	DecorationClone bool
}

// FlexGroup holds the flex and box alignment properties and the gaps.
type FlexGroup struct {
	FlexDirection  string
	FlexWrap       string
	JustifyContent string
	AlignItems     string
	FlexGrow       float64
	FlexShrink     float64
	FlexBasis      Length
	// FlexBasisContent is flex-basis: content (FlexBasis is then auto):
	// the base size is the content size whatever width or height say.
	FlexBasisContent bool
	RowGap           Length
	ColumnGap        Length
}

// GridGroup holds CSS Grid Layout 1 (grid.go, apply_grid.go) and the box
// alignment and order properties of flex and grid items. Templates and
// areas are nil for none, auto tracks nil for auto; the alignment
// properties are kept as written ("normal", "auto", "legacy" …).
type GridGroup struct {
	GridTemplateColumns *GridTemplate
	GridTemplateRows    *GridTemplate
	GridTemplateAreas   *GridAreas
	GridAutoColumns     []GridTrackSize
	GridAutoRows        []GridTrackSize
	GridAutoFlow        GridAutoFlow
	GridRowStart        GridLine
	GridRowEnd          GridLine
	GridColumnStart     GridLine
	GridColumnEnd       GridLine
	JustifyItems        string
	JustifySelf         string
	AlignSelf           string
	AlignContent        string
	// Order is the order property of flex and grid items (visual only:
	// placement and painting, never the reading order).
	Order int
}

// ColumnGroup holds the multi-column properties.
type ColumnGroup struct {
	ColumnCount int // 0 = auto
	ColumnWidth Length
	// ColumnRule is the rule between columns: column-rule-width (0 when
	// the style is none or hidden), -style and -color (currentColor
	// resolved).
	ColumnRule Border
	// ColumnSpanAll is column-span: all; ColumnFillAuto column-fill:
	// auto (balance otherwise).
	ColumnSpanAll  bool
	ColumnFillAuto bool
	// ruleColorAuto records column-rule-color: currentcolor, resolved
	// against the element's color once the rule is visible (finish).
	ruleColorAuto bool
}
