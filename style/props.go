package style

// propID identifies a longhand property the cascade computes.
type propID uint8

// Longhand properties, in the order they are computed: color and the font
// first, because currentColor and em units of the others depend on them.
const (
	pColor propID = iota
	pDirection
	pFontSize
	pFontFamily
	pFontWeight
	pFontStyle
	pFontVariant
	pLineHeight
	pDisplay
	pPosition
	pFloat
	pClear
	pTop
	pRight
	pBottom
	pLeft
	pZIndex
	pWidth
	pHeight
	pMinWidth
	pMinHeight
	pMaxWidth
	pMaxHeight
	pBoxSizing
	pMarginTop
	pMarginRight
	pMarginBottom
	pMarginLeft
	pPaddingTop
	pPaddingRight
	pPaddingBottom
	pPaddingLeft
	pBorderTopWidth
	pBorderRightWidth
	pBorderBottomWidth
	pBorderLeftWidth
	pBorderTopStyle
	pBorderRightStyle
	pBorderBottomStyle
	pBorderLeftStyle
	pBorderTopColor
	pBorderRightColor
	pBorderBottomColor
	pBorderLeftColor
	pRadiusTopLeft
	pRadiusTopRight
	pRadiusBottomRight
	pRadiusBottomLeft
	pOverflow
	pVisibility
	pOpacity
	pBackgroundColor
	pBackgroundImage
	pTextAlign
	pTextAlignLast
	pTextIndent
	pTextTransform
	pTextDecorationLine
	pTextDecorationColor
	pTextDecorationStyle
	pLetterSpacing
	pWordSpacing
	pWhiteSpace
	pVerticalAlign
	pOverflowWrap
	pHyphens
	pUnicodeBidi
	pTabSize
	pListStyleType
	pListStylePosition
	pListStyleImage
	pContent
	pQuotes
	pCounterReset
	pCounterIncrement
	pCounterSet
	pStringSet
	pBreakBefore
	pBreakAfter
	pBreakInside
	pOrphans
	pWidows
	pPage
	pBorderCollapse
	pBorderSpacing
	pCaptionSide
	pTableLayout
	pEmptyCells
	pObjectFit
	pFlexDirection
	pFlexWrap
	pFlexGrow
	pFlexShrink
	pFlexBasis
	pJustifyContent
	pAlignItems
	pRowGap
	pColumnGap
	pColumnCount
	pColumnWidth
	pSize
	numProps
)

// propInfo describes a longhand: its name, whether it inherits, and its
// initial value as CSS text.
type propInfo struct {
	name      string
	inherited bool
	initial   string
}

// props describes every longhand (read-only after initialisation).
var props = propTable()

// propTable returns the description of every longhand, indexed by propID.
func propTable() [numProps]propInfo {
	return [numProps]propInfo{
		pColor:               {"color", true, "black"},
		pDirection:           {"direction", true, "ltr"},
		pFontSize:            {"font-size", true, "medium"},
		pFontFamily:          {"font-family", true, "serif"},
		pFontWeight:          {"font-weight", true, "normal"},
		pFontStyle:           {"font-style", true, "normal"},
		pFontVariant:         {"font-variant-caps", true, "normal"},
		pLineHeight:          {"line-height", true, "normal"},
		pDisplay:             {"display", false, "inline"},
		pPosition:            {"position", false, "static"},
		pFloat:               {"float", false, "none"},
		pClear:               {"clear", false, "none"},
		pTop:                 {"top", false, "auto"},
		pRight:               {"right", false, "auto"},
		pBottom:              {"bottom", false, "auto"},
		pLeft:                {"left", false, "auto"},
		pZIndex:              {"z-index", false, "auto"},
		pWidth:               {"width", false, "auto"},
		pHeight:              {"height", false, "auto"},
		pMinWidth:            {"min-width", false, "auto"},
		pMinHeight:           {"min-height", false, "auto"},
		pMaxWidth:            {"max-width", false, "none"},
		pMaxHeight:           {"max-height", false, "none"},
		pBoxSizing:           {"box-sizing", false, "content-box"},
		pMarginTop:           {"margin-top", false, "0"},
		pMarginRight:         {"margin-right", false, "0"},
		pMarginBottom:        {"margin-bottom", false, "0"},
		pMarginLeft:          {"margin-left", false, "0"},
		pPaddingTop:          {"padding-top", false, "0"},
		pPaddingRight:        {"padding-right", false, "0"},
		pPaddingBottom:       {"padding-bottom", false, "0"},
		pPaddingLeft:         {"padding-left", false, "0"},
		pBorderTopWidth:      {"border-top-width", false, "medium"},
		pBorderRightWidth:    {"border-right-width", false, "medium"},
		pBorderBottomWidth:   {"border-bottom-width", false, "medium"},
		pBorderLeftWidth:     {"border-left-width", false, "medium"},
		pBorderTopStyle:      {"border-top-style", false, "none"},
		pBorderRightStyle:    {"border-right-style", false, "none"},
		pBorderBottomStyle:   {"border-bottom-style", false, "none"},
		pBorderLeftStyle:     {"border-left-style", false, "none"},
		pBorderTopColor:      {"border-top-color", false, "currentcolor"},
		pBorderRightColor:    {"border-right-color", false, "currentcolor"},
		pBorderBottomColor:   {"border-bottom-color", false, "currentcolor"},
		pBorderLeftColor:     {"border-left-color", false, "currentcolor"},
		pRadiusTopLeft:       {"border-top-left-radius", false, "0"},
		pRadiusTopRight:      {"border-top-right-radius", false, "0"},
		pRadiusBottomRight:   {"border-bottom-right-radius", false, "0"},
		pRadiusBottomLeft:    {"border-bottom-left-radius", false, "0"},
		pOverflow:            {"overflow", false, "visible"},
		pVisibility:          {"visibility", true, "visible"},
		pOpacity:             {"opacity", false, "1"},
		pBackgroundColor:     {"background-color", false, "transparent"},
		pBackgroundImage:     {"background-image", false, "none"},
		pTextAlign:           {"text-align", true, "start"},
		pTextAlignLast:       {"text-align-last", true, "auto"},
		pTextIndent:          {"text-indent", true, "0"},
		pTextTransform:       {"text-transform", true, "none"},
		pTextDecorationLine:  {"text-decoration-line", false, "none"},
		pTextDecorationColor: {"text-decoration-color", false, "currentcolor"},
		pTextDecorationStyle: {"text-decoration-style", false, "solid"},
		pLetterSpacing:       {"letter-spacing", true, "normal"},
		pWordSpacing:         {"word-spacing", true, "normal"},
		pWhiteSpace:          {"white-space", true, "normal"},
		pVerticalAlign:       {"vertical-align", false, "baseline"},
		pOverflowWrap:        {"overflow-wrap", true, "normal"},
		pHyphens:             {"hyphens", true, "manual"},
		pUnicodeBidi:         {"unicode-bidi", false, "normal"},
		pTabSize:             {"tab-size", true, "8"},
		pListStyleType:       {"list-style-type", true, "disc"},
		pListStylePosition:   {"list-style-position", true, "outside"},
		pListStyleImage:      {"list-style-image", true, "none"},
		pContent:             {"content", false, "normal"},
		pQuotes:              {"quotes", true, "auto"},
		pCounterReset:        {"counter-reset", false, "none"},
		pCounterIncrement:    {"counter-increment", false, "none"},
		pCounterSet:          {"counter-set", false, "none"},
		pStringSet:           {"string-set", false, "none"},
		pBreakBefore:         {"break-before", false, "auto"},
		pBreakAfter:          {"break-after", false, "auto"},
		pBreakInside:         {"break-inside", false, "auto"},
		pOrphans:             {"orphans", true, "2"},
		pWidows:              {"widows", true, "2"},
		pPage:                {"page", false, "auto"},
		pBorderCollapse:      {"border-collapse", true, "separate"},
		pBorderSpacing:       {"border-spacing", true, "0"},
		pCaptionSide:         {"caption-side", true, "top"},
		pTableLayout:         {"table-layout", false, "auto"},
		pEmptyCells:          {"empty-cells", true, "show"},
		pObjectFit:           {"object-fit", false, "fill"},
		pFlexDirection:       {"flex-direction", false, "row"},
		pFlexWrap:            {"flex-wrap", false, "nowrap"},
		pFlexGrow:            {"flex-grow", false, "0"},
		pFlexShrink:          {"flex-shrink", false, "1"},
		pFlexBasis:           {"flex-basis", false, "auto"},
		pJustifyContent:      {"justify-content", false, "normal"},
		pAlignItems:          {"align-items", false, "normal"},
		pRowGap:              {"row-gap", false, "normal"},
		pColumnGap:           {"column-gap", false, "normal"},
		pColumnCount:         {"column-count", false, "auto"},
		pColumnWidth:         {"column-width", false, "auto"},
		pSize:                {"size", false, "auto"},
	}
}

// ignoredProperties are valid CSS properties that have no effect on
// folio's output (screen-only, or not modelled); declarations of them are
// accepted silently instead of being reported as unknown.
func ignoredProperty(name string) bool {
	switch name {
	case "background-position", "background-repeat", "background-size", "background-attachment",
		"background-origin", "background-clip", "background-position-x", "background-position-y",
		"outline", "outline-width", "outline-style", "outline-color", "outline-offset",
		"box-shadow", "text-shadow", "cursor", "transition", "transition-property", "transition-duration",
		"transition-timing-function", "transition-delay", "animation", "animation-name", "animation-duration",
		"transform", "transform-origin", "font-feature-settings", "font-kerning", "font-variant-ligatures",
		"font-variant-numeric", "font-variant-east-asian", "font-stretch", "font-optical-sizing",
		"font-synthesis", "font-variation-settings", "text-rendering", "user-select", "pointer-events",
		"resize", "align-self", "align-content", "justify-items", "justify-self", "order", "grid",
		"grid-template-columns", "grid-template-rows", "grid-template-areas", "grid-template", "grid-area",
		"grid-column", "grid-row", "grid-column-start", "grid-column-end", "grid-row-start", "grid-row-end",
		"grid-auto-flow", "grid-auto-rows", "grid-auto-columns", "text-overflow", "word-break", "line-break",
		"mix-blend-mode", "filter", "clip-path", "clip", "will-change", "contain", "content-visibility",
		"text-decoration-thickness", "text-underline-offset", "text-underline-position", "text-size-adjust",
		"print-color-adjust", "color-adjust", "column-rule", "column-rule-width", "column-rule-style",
		"column-rule-color", "column-span", "column-fill", "image-rendering", "object-position",
		"bookmark-level", "bookmark-label", "bookmark-state", "marks", "bleed", "aspect-ratio",
		"accent-color", "caret-color", "scroll-behavior", "scroll-margin", "scroll-padding",
		"overscroll-behavior", "touch-action", "appearance", "isolation", "backface-visibility",
		"perspective", "zoom", "color-scheme", "forced-color-adjust", "text-emphasis", "text-wrap",
		"text-wrap-mode", "text-wrap-style", "text-justify", "hanging-punctuation", "text-combine-upright",
		"writing-mode", "text-orientation", "font-display", "speak", "speak-as", "list-style-position-x",
		"image-orientation", "shape-outside", "table-caption-side", "font-language-override",
		"font-size-adjust", "ruby-position", "inset-block", "inset-inline", "counter-style",
		"footnote-display", "footnote-policy", "float-reference", "hyphenate-character",
		"hyphenate-limit-chars", "widows-orphans", "max-lines", "line-clamp", "box-decoration-break":
		return true
	}
	return len(name) > 1 && name[0] == '-' && name[1] != '-' // vendor prefixes
}
