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
	pBackgroundSize
	pBackgroundRepeat
	pBackgroundOrigin
	pBackgroundClip
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
	pBookmarkLevel
	pBookmarkLabel
	pBorderCollapse
	pBorderSpacing
	pCaptionSide
	pTableLayout
	pEmptyCells
	pObjectFit
	pObjectPosition
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
	pColumnRuleWidth
	pColumnRuleStyle
	pColumnRuleColor
	pColumnSpan
	pColumnFill
	// text-shadow (issue #22: kept for the contrast audit)
	pTextShadow
	pSize
	// CSS Grid Layout 1 and the box alignment properties of grid items
	pGridTemplateColumns
	pGridTemplateRows
	pGridTemplateAreas
	pGridAutoColumns
	pGridAutoRows
	pGridAutoFlow
	pGridRowStart
	pGridColumnStart
	pGridRowEnd
	pGridColumnEnd
	pJustifyItems
	pJustifySelf
	pAlignSelf
	pAlignContent
	pOrder
	// box-shadow (issue #17)
	pBoxShadow
	// fonts and text (issue #21, apply_textfeatures.go)
	pHyphenateCharacter
	pHyphenateLimitChars
	pFontFeatureSettings
	pFontVariantLigatures
	pFontVariantNumeric
	pFontKerning
	pTextDecorationThickness
	pTextUnderlineOffset
	pTextOverflow
	// footnotes, outline state and fragment decorations (issue #19,
	// apply_paged_gcpm.go)
	pFootnoteDisplay
	pFootnotePolicy
	pBookmarkState
	pBoxDecorationBreak
	// paint effects (issue #17)
	pTransform
	pTransformOrigin
	pTranslate
	pRotate
	pScale
	pClipPath
	pClip
	pIsolation
	pBackgroundPositionX
	pBackgroundPositionY
	pBackgroundAttachment
	pTransformBox
	// line breaking (word-break, line-break)
	pWordBreak
	pLineBreak
	// variable fonts and more font-variant-* (issue #21,
	// apply_fontvariant_more.go)
	pFontStretch
	pFontVariationSettings
	pFontVariantPosition
	pFontVariantEastAsian
	pFontOpticalSizing
	// 3D transforms (issue #17, apply_paint3d.go)
	pPerspective
	pPerspectiveOrigin
	pBackfaceVisibility
	pTransformStyle
	// masks (issue #17, apply_mask.go)
	pMaskImage
	pMaskPosition
	pMaskSize
	pMaskRepeat
	pMaskOrigin
	pMaskClip
	pMaskMode
	// font-synthesis longhands (issue #21, apply_fontsynthesis.go)
	pFontSynthesisWeight
	pFontSynthesisStyle
	pFontSynthesisSmallCaps
	pFontSynthesisPosition
	// -webkit-text-fill-color (lists and tables)
	pTextFillColor
	// outline (apply_outline.go)
	pOutlineWidth
	pOutlineStyle
	pOutlineColor
	pOutlineOffset
	// overflow-y; pOverflow is overflow-x (apply_overflow.go)
	pOverflowY
	// contain (apply_contain.go)
	pContain
	numProps
)

// ignoredProperties are valid CSS properties that have no effect on
// folio's output (screen-only, or not modelled); declarations of them are
// accepted silently instead of being reported as unknown.
func ignoredProperty(name string) bool {
	switch name {
	case "cursor", "transition", "transition-property", "transition-duration",
		"transition-timing-function", "transition-delay", "animation", "animation-name", "animation-duration",
		"text-rendering", "user-select", "pointer-events",
		"resize",
		"mix-blend-mode", "filter", "will-change", "content-visibility",
		"text-decoration-skip-ink", "text-underline-position", "text-size-adjust",
		"print-color-adjust", "color-adjust", "image-rendering",
		"marks", "bleed", "aspect-ratio",
		"accent-color", "caret-color", "scroll-behavior", "scroll-margin", "scroll-padding",
		"overscroll-behavior", "touch-action", "appearance",
		"zoom", "color-scheme", "forced-color-adjust", "text-emphasis", "text-wrap",
		"text-wrap-mode", "text-wrap-style", "text-justify", "hanging-punctuation", "text-combine-upright",
		"writing-mode", "text-orientation", "font-display", "speak", "speak-as", "list-style-position-x",
		"image-orientation", "shape-outside", "table-caption-side", "font-language-override",
		"font-size-adjust", "ruby-position", "inset-block", "inset-inline", "counter-style",
		"float-reference", "widows-orphans", "max-lines", "line-clamp", "mask-composite":
		return true
	}
	// vendor prefixes, but the aliases (-webkit-mask-image…) and those
	// the table knows (-webkit-text-fill-color)
	_, alias := propAliases[name]
	_, known := propByName()[name]
	return len(name) > 1 && name[0] == '-' && name[1] != '-' && !alias && !known && name != "-webkit-mask"
}
