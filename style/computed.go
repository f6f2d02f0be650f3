package style

// This file is the contract between style and its users (layout/box,
// layout, audit/wcag). Field names and types here are relied on elsewhere.

// Unit says how a Length is to be resolved.
type Unit uint8

// Length units after computation: absolute lengths are converted to points;
// only percentages and auto stay relative.
const (
	Pt      Unit = iota // points (1/72 in); the value is final
	Percent             // percentage of the containing block dimension
	Auto                // the keyword auto (also: normal / none where a length is expected)
)

// Length is a computed length: points, a percentage, or auto.
type Length struct {
	Value float64
	Unit  Unit
	// Calc is an offset in points added to a percentage, from
	// calc(p% ± length); zero otherwise. Resolve includes it. (float32
	// keeps Length at 16 bytes.)
	Calc float32
}

// Resolve returns the length in points against base (used for
// percentages); auto resolves to def.
func (l Length) Resolve(base, def float64) float64 {
	switch l.Unit {
	case Percent:
		return l.Value*base/100 + float64(l.Calc)
	case Auto:
		return def
	}
	return l.Value
}

// IsAuto reports whether l is auto.
func (l Length) IsAuto() bool { return l.Unit == Auto }

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

// TextAlign is the CSS text-align property (start/end resolved against
// direction at computed-value time).
type TextAlign uint8

// Text alignments.
const (
	AlignLeft TextAlign = iota
	AlignRight
	AlignCenter
	AlignJustify
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
	ContentContents                         // content() / contents keyword
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
type Style struct {
	// The fields that hold pointers (strings and slices) come first, each
	// group's under its heading, so that the garbage collector and write
	// barriers, which look only as far as the last pointer, see a third of
	// a Style (the cascade builds thousands of them per document).

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
	// Font and text
	FontFamily  []string
	FontVariant string // "normal" or "small-caps"
	UnicodeBidi string
	Lang        string // from the lang attribute, inherited; "" unknown
	// Lists
	ListStyleType  string // disc, circle, square, decimal, …, none, or a quoted string
	ListStyleImage string
	// Generated content and counters
	Content          []ContentItem
	Quotes           []string // pairs: open, close, open, close …; nil = auto
	CounterReset     []CounterOp
	CounterIncrement []CounterOp
	CounterSet       []CounterOp
	StringSet        []StringSet
	// RunningName is the name of position: running(name).
	RunningName string
	// Fragmentation
	Page string // named page; "" = auto
	// Flex/grid basics (layout may treat flex as block at first)
	FlexDirection  string
	FlexWrap       string
	JustifyContent string
	AlignItems     string

	Display  Display
	Position Position
	Float    Float
	Clear    Clear
	Inset    [4]Length // top, right, bottom, left
	ZIndex   int
	ZAuto    bool

	Width, Height       Length
	MinWidth, MinHeight Length
	MaxWidth, MaxHeight Length // Auto means none
	BoxSizing           BoxSizing
	Margin              [4]Length
	Padding             [4]Length
	Border              [4]Border
	BorderRadius        [4][2]Length // top-left, top-right, bottom-right, bottom-left; horizontal, vertical
	Overflow            Overflow
	Visibility          Visibility
	Opacity             float64

	Color           Color
	BackgroundColor Color

	// Font
	FontSize      float64 // points
	FontWeight    int     // 100–900
	FontStyle     uint8   // 0 normal, 1 italic, 2 oblique (same order as fonts.Style)
	LineHeight    Length  // Auto = normal; Pt = absolute; Percent with Value = number×100 for unitless numbers
	LineHeightNum float64 // when > 0, line-height is this unitless multiplier (inherited as a number)

	// Text
	TextAlign           TextAlign
	TextAlignLast       TextAlign
	TextIndent          Length
	TextTransform       TextTransform
	TextDecoration      TextDecoration
	TextDecorationColor Color // alpha 0 = currentColor
	TextDecorationStyle BorderStyle
	LetterSpacing       float64 // points; 0 = normal
	WordSpacing         float64 // points; 0 = normal
	WhiteSpace          WhiteSpace
	VerticalAlign       VerticalAlign
	VerticalAlignLength Length
	OverflowWrap        OverflowWrap
	Hyphens             Hyphens
	Direction           Direction
	TabSize             float64 // in spaces

	// Lists
	ListStylePosition ListStylePosition

	// Generated content
	ContentMode ContentMode

	// Fragmentation
	BreakBefore Break
	BreakAfter  Break
	BreakInside Break
	Orphans     int
	Widows      int

	// Tables
	BorderCollapse BorderCollapse
	BorderSpacing  [2]float64 // horizontal, vertical, points
	CaptionSide    CaptionSide
	TableLayout    TableLayout
	EmptyCellsHide bool

	// Replaced content
	ObjectFit ObjectFit

	// Flex/grid
	FlexGrow    float64
	FlexShrink  float64
	FlexBasis   Length
	RowGap      Length
	ColumnGap   Length
	ColumnCount int // 0 = auto
	ColumnWidth Length

	// textAlignLastAuto records text-align-last: auto (inherited), so
	// that TextAlignLast follows TextAlign.
	textAlignLastAuto bool
	// quotesAuto records quotes: auto (inherited); Quotes then holds the
	// marks of the element's language.
	quotesAuto bool
	// pageSize is the size property of a page context, [0,0] for auto.
	pageSize [2]float64

	// CSS Grid Layout 1 (grid.go, apply_grid.go). Templates and areas
	// are nil for none, auto tracks nil for auto; the alignment
	// properties are kept as written ("normal", "auto", "legacy" …).
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
	// WidthKeyword and HeightKeyword record a width or height of
	// min-content, max-content or fit-content (Width or Height is then
	// auto).
	WidthKeyword, HeightKeyword SizeKeyword
}
