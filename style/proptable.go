package style

import (
	"slices"
	"sync"

	"github.com/seed28491532/folio/css"
)

// The property table describes every longhand the cascade computes: its
// name, whether it inherits, its initial value, the function that parses
// a declared value into the computed Style and the function that copies
// it from another style (for inherit, initial, unset, revert and invalid
// values at computed-value time). Parsing (sheet.go), the cascade
// (cascade.go), shorthand expansion (shorthand.go) and the name lookups
// are driven by it; the per-property code lives in the apply_*.go files,
// one per group (font, box, border, text, list and content, paged and
// table).
//
// Adding a longhand takes its propID (props.go, in computing order: after
// the properties its value depends on), its field in one of the groups of
// Style (computed.go: an inherited property in an inherited group), its
// entry here (keywordProp builds the apply function of a one-keyword
// property) and a sample value in TestPropertyCopy, which checks that it
// writes to its group only; a name that was accepted as ignored leaves
// ignoredProperty (TestIgnoredProperties). A field of a group that holds a
// slice also goes into the group's equal function (TestInheritedEqual
// checks the inherited ones).

// applyFunc sets longhand id of s from the declared value x; it reports
// false when x is invalid for the property. a is passed by value so that
// calls through the table do not move it to the heap.
type applyFunc func(a applier, s *Style, id propID, x value) bool

// copyFunc copies longhand id from src to dst.
type copyFunc func(dst, src *Style, id propID)

// longhandDef describes a longhand.
type longhandDef struct {
	name      string
	inherited bool
	// group is the group of Style the property lives in: the cascade
	// makes it private before applying the property (cow.own).
	group groupID
	// initial is the initial value as CSS text: initialStyle applies it.
	initial string
	apply   applyFunc
	copy    copyFunc
}

const (
	inherited    = true
	notInherited = false
)

// longhands describes every longhand, indexed by propID (read-only).
var longhands = [numProps]longhandDef{
	pColor:               {"color", inherited, gFont, "black", applyColor, func(d, s *Style, _ propID) { d.Color = s.Color }},
	pDirection:           {"direction", inherited, gText, "ltr", applyDirection, func(d, s *Style, _ propID) { d.Direction = s.Direction }},
	pFontSize:            {"font-size", inherited, gFont, "medium", applyFontSize, func(d, s *Style, _ propID) { d.FontSize = s.FontSize }},
	pFontFamily:          {"font-family", inherited, gFont, "serif", applyFontFamily, func(d, s *Style, _ propID) { d.FontFamily = s.FontFamily }},
	pFontWeight:          {"font-weight", inherited, gFont, "normal", applyFontWeight, func(d, s *Style, _ propID) { d.FontWeight = s.FontWeight }},
	pFontStyle:           {"font-style", inherited, gFont, "normal", applyFontStyle, func(d, s *Style, _ propID) { d.FontStyle = s.FontStyle }},
	pFontVariant:         {"font-variant-caps", inherited, gFont, "normal", applyFontVariant, func(d, s *Style, _ propID) { d.FontVariant = s.FontVariant }},
	pLineHeight:          {"line-height", inherited, gFont, "normal", applyLineHeight, copyLineHeight},
	pDisplay:             {"display", notInherited, gBox, "inline", applyDisplay, func(d, s *Style, _ propID) { d.Display, d.InlineListItem = s.Display, s.InlineListItem }},
	pPosition:            {"position", notInherited, gBox, "static", applyPosition, copyPosition},
	pFloat:               {"float", notInherited, gBox, "none", applyFloat, func(d, s *Style, _ propID) { d.Float = s.Float }},
	pClear:               {"clear", notInherited, gBox, "none", applyClear, func(d, s *Style, _ propID) { d.Clear = s.Clear }},
	pTop:                 {"top", notInherited, gSize, "auto", applyInset, copyInset},
	pRight:               {"right", notInherited, gSize, "auto", applyInset, copyInset},
	pBottom:              {"bottom", notInherited, gSize, "auto", applyInset, copyInset},
	pLeft:                {"left", notInherited, gSize, "auto", applyInset, copyInset},
	pZIndex:              {"z-index", notInherited, gBox, "auto", applyZIndex, copyZIndex},
	pWidth:               {"width", notInherited, gSize, "auto", applySize, copySize},
	pHeight:              {"height", notInherited, gSize, "auto", applySize, copySize},
	pMinWidth:            {"min-width", notInherited, gSize, "auto", applySize, copySize},
	pMinHeight:           {"min-height", notInherited, gSize, "auto", applySize, copySize},
	pMaxWidth:            {"max-width", notInherited, gSize, "none", applySize, copySize},
	pMaxHeight:           {"max-height", notInherited, gSize, "none", applySize, copySize},
	pBoxSizing:           {"box-sizing", notInherited, gSize, "content-box", applyBoxSizing, func(d, s *Style, _ propID) { d.BoxSizing = s.BoxSizing }},
	pMarginTop:           {"margin-top", notInherited, gMargin, "0", applyMargin, copyMargin},
	pMarginRight:         {"margin-right", notInherited, gMargin, "0", applyMargin, copyMargin},
	pMarginBottom:        {"margin-bottom", notInherited, gMargin, "0", applyMargin, copyMargin},
	pMarginLeft:          {"margin-left", notInherited, gMargin, "0", applyMargin, copyMargin},
	pPaddingTop:          {"padding-top", notInherited, gPadding, "0", applyPadding, copyPadding},
	pPaddingRight:        {"padding-right", notInherited, gPadding, "0", applyPadding, copyPadding},
	pPaddingBottom:       {"padding-bottom", notInherited, gPadding, "0", applyPadding, copyPadding},
	pPaddingLeft:         {"padding-left", notInherited, gPadding, "0", applyPadding, copyPadding},
	pBorderTopWidth:      {"border-top-width", notInherited, gBorder, "medium", applyBorderWidth, copyBorderWidth},
	pBorderRightWidth:    {"border-right-width", notInherited, gBorder, "medium", applyBorderWidth, copyBorderWidth},
	pBorderBottomWidth:   {"border-bottom-width", notInherited, gBorder, "medium", applyBorderWidth, copyBorderWidth},
	pBorderLeftWidth:     {"border-left-width", notInherited, gBorder, "medium", applyBorderWidth, copyBorderWidth},
	pBorderTopStyle:      {"border-top-style", notInherited, gBorder, "none", applyBorderStyle, copyBorderStyle},
	pBorderRightStyle:    {"border-right-style", notInherited, gBorder, "none", applyBorderStyle, copyBorderStyle},
	pBorderBottomStyle:   {"border-bottom-style", notInherited, gBorder, "none", applyBorderStyle, copyBorderStyle},
	pBorderLeftStyle:     {"border-left-style", notInherited, gBorder, "none", applyBorderStyle, copyBorderStyle},
	pBorderTopColor:      {"border-top-color", notInherited, gBorder, "currentcolor", applyBorderColor, copyBorderColor},
	pBorderRightColor:    {"border-right-color", notInherited, gBorder, "currentcolor", applyBorderColor, copyBorderColor},
	pBorderBottomColor:   {"border-bottom-color", notInherited, gBorder, "currentcolor", applyBorderColor, copyBorderColor},
	pBorderLeftColor:     {"border-left-color", notInherited, gBorder, "currentcolor", applyBorderColor, copyBorderColor},
	pRadiusTopLeft:       {"border-top-left-radius", notInherited, gBorder, "0", applyRadius, copyRadius},
	pRadiusTopRight:      {"border-top-right-radius", notInherited, gBorder, "0", applyRadius, copyRadius},
	pRadiusBottomRight:   {"border-bottom-right-radius", notInherited, gBorder, "0", applyRadius, copyRadius},
	pRadiusBottomLeft:    {"border-bottom-left-radius", notInherited, gBorder, "0", applyRadius, copyRadius},
	pOverflow:            {"overflow-x", notInherited, gBox, "visible", applyOverflow, copyOverflow},
	pVisibility:          {"visibility", inherited, gText, "visible", applyVisibility, func(d, s *Style, _ propID) { d.Visibility = s.Visibility }},
	pOpacity:             {"opacity", notInherited, gBox, "1", applyOpacity, func(d, s *Style, _ propID) { d.Opacity = s.Opacity }},
	pBackgroundColor:     {"background-color", notInherited, gBackground, "transparent", applyBackgroundColor, func(d, s *Style, _ propID) { d.BackgroundColor = s.BackgroundColor }},
	pBackgroundImage:     {"background-image", notInherited, gBackground, "none", applyBackgroundImage, copyBackgroundImage},
	pBackgroundSize:      {"background-size", notInherited, gBackground, "auto", applyBackgroundSize, func(d, s *Style, _ propID) { d.BackgroundSize = s.BackgroundSize }},
	pBackgroundRepeat:    {"background-repeat", notInherited, gBackground, "repeat", applyBackgroundRepeat, func(d, s *Style, _ propID) { d.BackgroundRepeat = s.BackgroundRepeat }},
	pBackgroundOrigin:    {"background-origin", notInherited, gBackground, "padding-box", applyBackgroundOrigin, func(d, s *Style, _ propID) { d.BackgroundOrigin = s.BackgroundOrigin }},
	pBackgroundClip:      {"background-clip", notInherited, gBackground, "border-box", applyBackgroundClip, func(d, s *Style, _ propID) { d.BackgroundClip = s.BackgroundClip }},
	pTextAlign:           {"text-align", inherited, gText, "start", applyTextAlign, func(d, s *Style, _ propID) { d.TextAlign = s.TextAlign }},
	pTextAlignLast:       {"text-align-last", inherited, gText, "auto", applyTextAlign, copyTextAlignLast},
	pTextIndent:          {"text-indent", inherited, gText, "0", applyTextIndent, func(d, s *Style, _ propID) { d.TextIndent = s.TextIndent }},
	pTextTransform:       {"text-transform", inherited, gText, "none", applyTextTransform, func(d, s *Style, _ propID) { d.TextTransform = s.TextTransform }},
	pTextDecorationLine:  {"text-decoration-line", notInherited, gDecoration, "none", applyTextDecorationLine, func(d, s *Style, _ propID) { d.TextDecoration = s.TextDecoration }},
	pTextDecorationColor: {"text-decoration-color", notInherited, gDecoration, "currentcolor", applyTextDecorationColor, func(d, s *Style, _ propID) { d.TextDecorationColor = s.TextDecorationColor }},
	pTextDecorationStyle: {"text-decoration-style", notInherited, gDecoration, "solid", applyTextDecorationStyle, func(d, s *Style, _ propID) { d.TextDecorationStyle = s.TextDecorationStyle }},
	pLetterSpacing:       {"letter-spacing", inherited, gText, "normal", applySpacing, func(d, s *Style, _ propID) { d.LetterSpacing = s.LetterSpacing }},
	pWordSpacing:         {"word-spacing", inherited, gText, "normal", applySpacing, func(d, s *Style, _ propID) { d.WordSpacing = s.WordSpacing }},
	pWhiteSpace:          {"white-space", inherited, gText, "normal", applyWhiteSpace, func(d, s *Style, _ propID) { d.WhiteSpace = s.WhiteSpace }},
	pVerticalAlign:       {"vertical-align", notInherited, gBox, "baseline", applyVerticalAlign, copyVerticalAlign},
	pOverflowWrap:        {"overflow-wrap", inherited, gText, "normal", applyOverflowWrap, func(d, s *Style, _ propID) { d.OverflowWrap = s.OverflowWrap }},
	pHyphens:             {"hyphens", inherited, gText, "manual", applyHyphens, func(d, s *Style, _ propID) { d.Hyphens = s.Hyphens }},
	pUnicodeBidi:         {"unicode-bidi", notInherited, gBox, "normal", applyUnicodeBidi, func(d, s *Style, _ propID) { d.UnicodeBidi = s.UnicodeBidi }},
	pTabSize:             {"tab-size", inherited, gText, "8", applyTabSize, func(d, s *Style, _ propID) { d.TabSize = s.TabSize }},
	pListStyleType:       {"list-style-type", inherited, gListTable, "disc", applyListStyleType, func(d, s *Style, _ propID) { d.ListStyleType = s.ListStyleType }},
	pListStylePosition:   {"list-style-position", inherited, gListTable, "outside", applyListStylePosition, func(d, s *Style, _ propID) { d.ListStylePosition = s.ListStylePosition }},
	pListStyleImage:      {"list-style-image", inherited, gListTable, "none", applyListStyleImage, func(d, s *Style, _ propID) { d.ListStyleImage = s.ListStyleImage }},
	pContent:             {"content", notInherited, gContent, "normal", applyContent, copyContent},
	pQuotes:              {"quotes", inherited, gText, "auto", applyQuotes, copyQuotes},
	pCounterReset:        {"counter-reset", notInherited, gContent, "none", applyCounter, func(d, s *Style, _ propID) { d.CounterReset = s.CounterReset }},
	pCounterIncrement:    {"counter-increment", notInherited, gContent, "none", applyCounter, func(d, s *Style, _ propID) { d.CounterIncrement = s.CounterIncrement }},
	pCounterSet:          {"counter-set", notInherited, gContent, "none", applyCounter, func(d, s *Style, _ propID) { d.CounterSet = s.CounterSet }},
	pStringSet:           {"string-set", notInherited, gContent, "none", applyStringSet, func(d, s *Style, _ propID) { d.StringSet = s.StringSet }},
	pBreakBefore:         {"break-before", notInherited, gPaged, "auto", applyBreak, func(d, s *Style, _ propID) { d.BreakBefore = s.BreakBefore }},
	pBreakAfter:          {"break-after", notInherited, gPaged, "auto", applyBreak, func(d, s *Style, _ propID) { d.BreakAfter = s.BreakAfter }},
	pBreakInside:         {"break-inside", notInherited, gPaged, "auto", applyBreak, func(d, s *Style, _ propID) { d.BreakInside = s.BreakInside }},
	pOrphans:             {"orphans", inherited, gListTable, "2", applyOrphansWidows, func(d, s *Style, _ propID) { d.Orphans = s.Orphans }},
	pWidows:              {"widows", inherited, gListTable, "2", applyOrphansWidows, func(d, s *Style, _ propID) { d.Widows = s.Widows }},
	pPage:                {"page", notInherited, gPaged, "auto", applyPage, func(d, s *Style, _ propID) { d.Page = s.Page }},
	pBookmarkLevel:       {"bookmark-level", notInherited, gPaged, "auto", applyBookmarkLevel, func(d, s *Style, _ propID) { d.BookmarkLevel = s.BookmarkLevel }},
	pBookmarkLabel:       {"bookmark-label", notInherited, gPaged, "content()", applyBookmarkLabel, func(d, s *Style, _ propID) { d.BookmarkLabel = s.BookmarkLabel }},
	pBorderCollapse:      {"border-collapse", inherited, gListTable, "separate", applyBorderCollapse, func(d, s *Style, _ propID) { d.BorderCollapse = s.BorderCollapse }},
	pBorderSpacing:       {"border-spacing", inherited, gListTable, "0", applyBorderSpacing, func(d, s *Style, _ propID) { d.BorderSpacing = s.BorderSpacing }},
	pCaptionSide:         {"caption-side", inherited, gListTable, "top", applyCaptionSide, func(d, s *Style, _ propID) { d.CaptionSide = s.CaptionSide }},
	pTableLayout:         {"table-layout", notInherited, gBox, "auto", applyTableLayout, func(d, s *Style, _ propID) { d.TableLayout = s.TableLayout }},
	pEmptyCells:          {"empty-cells", inherited, gListTable, "show", applyEmptyCells, func(d, s *Style, _ propID) { d.EmptyCellsHide = s.EmptyCellsHide }},
	pObjectFit:           {"object-fit", notInherited, gBox, "fill", keywordProp(objectFitOf, func(s *Style) *ObjectFit { return &s.ObjectFit }), func(d, s *Style, _ propID) { d.ObjectFit = s.ObjectFit }},
	pObjectPosition:      {"object-position", notInherited, gBox, "50% 50%", applyObjectPosition, func(d, s *Style, _ propID) { d.ObjectPosition = s.ObjectPosition }},
	pFlexDirection:       {"flex-direction", notInherited, gFlex, "row", applyFlexDirection, func(d, s *Style, _ propID) { d.FlexDirection = s.FlexDirection }},
	pFlexWrap:            {"flex-wrap", notInherited, gFlex, "nowrap", applyFlexWrap, func(d, s *Style, _ propID) { d.FlexWrap = s.FlexWrap }},
	pFlexGrow:            {"flex-grow", notInherited, gFlex, "0", applyFlexFactor, func(d, s *Style, _ propID) { d.FlexGrow = s.FlexGrow }},
	pFlexShrink:          {"flex-shrink", notInherited, gFlex, "1", applyFlexFactor, func(d, s *Style, _ propID) { d.FlexShrink = s.FlexShrink }},
	pFlexBasis:           {"flex-basis", notInherited, gFlex, "auto", applyFlexBasis, func(d, s *Style, _ propID) { d.FlexBasis, d.FlexBasisContent = s.FlexBasis, s.FlexBasisContent }},
	pJustifyContent:      {"justify-content", notInherited, gFlex, "normal", applyAlignment, func(d, s *Style, _ propID) { d.JustifyContent = s.JustifyContent }},
	pAlignItems:          {"align-items", notInherited, gFlex, "normal", applyAlignment, func(d, s *Style, _ propID) { d.AlignItems = s.AlignItems }},
	pRowGap:              {"row-gap", notInherited, gFlex, "normal", applyGap, func(d, s *Style, _ propID) { d.RowGap = s.RowGap }},
	pColumnGap:           {"column-gap", notInherited, gFlex, "normal", applyGap, func(d, s *Style, _ propID) { d.ColumnGap = s.ColumnGap }},
	pColumnCount:         {"column-count", notInherited, gColumn, "auto", applyColumnCount, func(d, s *Style, _ propID) { d.ColumnCount = s.ColumnCount }},
	pColumnWidth:         {"column-width", notInherited, gColumn, "auto", applyColumnWidth, func(d, s *Style, _ propID) { d.ColumnWidth = s.ColumnWidth }},
	pColumnRuleWidth:     {"column-rule-width", notInherited, gColumn, "medium", applyColumnRuleWidth, func(d, s *Style, _ propID) { d.ColumnRule.Width = s.ColumnRule.Width }},
	pColumnRuleStyle:     {"column-rule-style", notInherited, gColumn, "none", keywordProp(borderStyleOf, func(s *Style) *BorderStyle { return &s.ColumnRule.Style }), func(d, s *Style, _ propID) { d.ColumnRule.Style = s.ColumnRule.Style }},
	pColumnRuleColor:     {"column-rule-color", notInherited, gColumn, "currentcolor", applyColumnRuleColor, copyColumnRuleColor},
	pColumnSpan:          {"column-span", notInherited, gColumn, "none", applyColumnSpan, func(d, s *Style, _ propID) { d.ColumnSpanAll = s.ColumnSpanAll }},
	pColumnFill:          {"column-fill", notInherited, gColumn, "balance", applyColumnFill, func(d, s *Style, _ propID) { d.ColumnFillAuto = s.ColumnFillAuto }},
	// CSS Grid Layout 1 (apply_grid.go)
	pGridTemplateColumns: {"grid-template-columns", notInherited, gGrid, "none", applyGridTemplate, copyGridTemplate},
	pGridTemplateRows:    {"grid-template-rows", notInherited, gGrid, "none", applyGridTemplate, copyGridTemplate},
	pGridTemplateAreas:   {"grid-template-areas", notInherited, gGrid, "none", applyGridAreas, func(d, s *Style, _ propID) { d.GridTemplateAreas = s.GridTemplateAreas }},
	pGridAutoColumns:     {"grid-auto-columns", notInherited, gGrid, "auto", applyGridAuto, copyGridAuto},
	pGridAutoRows:        {"grid-auto-rows", notInherited, gGrid, "auto", applyGridAuto, copyGridAuto},
	pGridAutoFlow:        {"grid-auto-flow", notInherited, gGrid, "row", applyGridAutoFlow, func(d, s *Style, _ propID) { d.GridAutoFlow = s.GridAutoFlow }},
	pGridRowStart:        {"grid-row-start", notInherited, gGrid, "auto", applyGridLine, copyGridLine},
	pGridColumnStart:     {"grid-column-start", notInherited, gGrid, "auto", applyGridLine, copyGridLine},
	pGridRowEnd:          {"grid-row-end", notInherited, gGrid, "auto", applyGridLine, copyGridLine},
	pGridColumnEnd:       {"grid-column-end", notInherited, gGrid, "auto", applyGridLine, copyGridLine},
	pJustifyItems:        {"justify-items", notInherited, gGrid, "legacy", applyGridAlign, copyGridAlign},
	pJustifySelf:         {"justify-self", notInherited, gGrid, "auto", applyGridAlign, copyGridAlign},
	pAlignSelf:           {"align-self", notInherited, gGrid, "auto", applyGridAlign, copyGridAlign},
	pAlignContent:        {"align-content", notInherited, gGrid, "normal", applyGridAlign, copyGridAlign},
	pOrder:               {"order", notInherited, gGrid, "0", applyOrder, func(d, s *Style, _ propID) { d.Order = s.Order }},
	// text-shadow (issue #22 contrast audit; painted, issue #17)
	pTextShadow: {"text-shadow", inherited, gText, "none", applyTextShadow, copyTextShadow},
	pSize:       {"size", notInherited, gPaged, "auto", applySize2D, func(d, s *Style, _ propID) { d.pageSize = s.pageSize }},
	// box-shadow (issue #17, apply_boxshadow.go)
	pBoxShadow: {"box-shadow", notInherited, gBackground, "none", applyBoxShadow, copyBoxShadow},
	// fonts and text (issue #21, apply_textfeatures.go)
	pHyphenateCharacter:      {"hyphenate-character", inherited, gText, "auto", applyHyphenateCharacter, func(d, s *Style, _ propID) { d.HyphenateCharacter = s.HyphenateCharacter }},
	pHyphenateLimitChars:     {"hyphenate-limit-chars", inherited, gText, "auto", applyHyphenateLimitChars, func(d, s *Style, _ propID) { d.HyphenateLimitChars = s.HyphenateLimitChars }},
	pFontFeatureSettings:     {"font-feature-settings", inherited, gFont, "normal", applyFontFeatureSettings, func(d, s *Style, _ propID) { d.FontFeatureSettings = s.FontFeatureSettings }},
	pFontVariantLigatures:    {"font-variant-ligatures", inherited, gFont, "normal", applyFontVariantLigatures, func(d, s *Style, _ propID) { d.FontVariantLigatures = s.FontVariantLigatures }},
	pFontVariantNumeric:      {"font-variant-numeric", inherited, gFont, "normal", applyFontVariantNumeric, func(d, s *Style, _ propID) { d.FontVariantNumeric = s.FontVariantNumeric }},
	pFontKerning:             {"font-kerning", inherited, gFont, "auto", applyFontKerning, func(d, s *Style, _ propID) { d.FontKerning = s.FontKerning }},
	pTextDecorationThickness: {"text-decoration-thickness", notInherited, gDecoration, "auto", applyTextDecorationThickness, func(d, s *Style, _ propID) { d.TextDecorationThickness = s.TextDecorationThickness }},
	pTextUnderlineOffset:     {"text-underline-offset", inherited, gText, "auto", applyTextUnderlineOffset, func(d, s *Style, _ propID) { d.TextUnderlineOffset = s.TextUnderlineOffset }},
	pTextOverflow:            {"text-overflow", notInherited, gBox, "clip", applyTextOverflow, func(d, s *Style, _ propID) { d.TextOverflowEllipsis = s.TextOverflowEllipsis }},
	// footnotes, outline state and fragment decorations (issue #19,
	// apply_paged_gcpm.go)
	pFootnoteDisplay:    {"footnote-display", notInherited, gPaged, "block", applyPagedKeyword, copyPagedKeyword},
	pFootnotePolicy:     {"footnote-policy", notInherited, gPaged, "auto", applyPagedKeyword, copyPagedKeyword},
	pBookmarkState:      {"bookmark-state", notInherited, gPaged, "open", applyPagedKeyword, copyPagedKeyword},
	pBoxDecorationBreak: {"box-decoration-break", notInherited, gPaged, "slice", applyPagedKeyword, copyPagedKeyword},
	// paint effects (issue #17, apply_transform.go, apply_clippath.go)
	pTransform:       {"transform", notInherited, gBackground, "none", applyTransform, copyTransform},
	pTransformOrigin: {"transform-origin", notInherited, gBackground, "50% 50%", applyTransformOrigin, copyTransform},
	pTranslate:       {"translate", notInherited, gBackground, "none", applyTranslate, copyTransform},
	pRotate:          {"rotate", notInherited, gBackground, "none", applyRotate, copyTransform},
	pScale:           {"scale", notInherited, gBackground, "none", applyScale, copyTransform},
	pClipPath:        {"clip-path", notInherited, gBackground, "none", applyClipPath, copyClip},
	pClip:            {"clip", notInherited, gBackground, "auto", applyClip, copyClip},
	pIsolation:       {"isolation", notInherited, gBackground, "auto", applyIsolation, copyClip},
	// background-position-x/-y and background-attachment (issue #17, apply_bgaxis.go)
	pBackgroundPositionX:  {"background-position-x", notInherited, gBackground, "0%", applyBackgroundPositionAxis, copyBackgroundAxis},
	pBackgroundPositionY:  {"background-position-y", notInherited, gBackground, "0%", applyBackgroundPositionAxis, copyBackgroundAxis},
	pBackgroundAttachment: {"background-attachment", notInherited, gBackground, "scroll", applyBackgroundAttachment, copyBackgroundAxis},
	pTransformBox:         {"transform-box", notInherited, gBackground, "view-box", applyTransformBox, copyTransform},
	// line breaking: word-break, line-break (CSS Text 3 §5)
	pWordBreak: {"word-break", inherited, gText, "normal", applyWordBreak, func(d, s *Style, _ propID) { d.WordBreak = s.WordBreak }},
	pLineBreak: {"line-break", inherited, gText, "auto", applyLineBreak, func(d, s *Style, _ propID) { d.LineBreak = s.LineBreak }},
	// variable fonts and more font-variant-* (issue #21, apply_fontvariant_more.go)
	pFontStretch:           {"font-stretch", inherited, gFont, "normal", applyFontStretch, func(d, s *Style, _ propID) { d.FontStretch = s.FontStretch }},
	pFontVariationSettings: {"font-variation-settings", inherited, gFont, "normal", applyFontVariationSettings, func(d, s *Style, _ propID) { d.FontVariationSettings = s.FontVariationSettings }},
	pFontVariantPosition:   {"font-variant-position", inherited, gFont, "normal", applyFontVariantPosition, func(d, s *Style, _ propID) { d.FontVariantPosition = s.FontVariantPosition }},
	pFontVariantEastAsian:  {"font-variant-east-asian", inherited, gFont, "normal", applyFontVariantEastAsian, func(d, s *Style, _ propID) { d.FontVariantEastAsian = s.FontVariantEastAsian }},
	pFontOpticalSizing:     {"font-optical-sizing", inherited, gFont, "auto", applyFontOpticalSizing, func(d, s *Style, _ propID) { d.FontOpticalSizingNone = s.FontOpticalSizingNone }},
	// 3D transforms (issue #17, apply_paint3d.go)
	pPerspective:        {"perspective", notInherited, gBackground, "none", applyPerspective, copyPaint3D},
	pPerspectiveOrigin:  {"perspective-origin", notInherited, gBackground, "50% 50%", applyPerspectiveOrigin, copyPaint3D},
	pBackfaceVisibility: {"backface-visibility", notInherited, gBackground, "visible", applyBackfaceVisibility, copyPaint3D},
	pTransformStyle:     {"transform-style", notInherited, gBackground, "flat", applyTransformStyle, copyPaint3D},
	// masks (issue #17, apply_mask.go)
	pMaskImage:    {"mask-image", notInherited, gBackground, "none", applyMaskLayer, copyMask},
	pMaskPosition: {"mask-position", notInherited, gBackground, "0% 0%", applyMaskLayer, copyMask},
	pMaskSize:     {"mask-size", notInherited, gBackground, "auto", applyMaskLayer, copyMask},
	pMaskRepeat:   {"mask-repeat", notInherited, gBackground, "repeat", applyMaskLayer, copyMask},
	pMaskOrigin:   {"mask-origin", notInherited, gBackground, "border-box", applyMaskBox, copyMask},
	pMaskClip:     {"mask-clip", notInherited, gBackground, "border-box", applyMaskBox, copyMask},
	pMaskMode:     {"mask-mode", notInherited, gBackground, "match-source", applyMaskMode, copyMask},
	// font-synthesis longhands (issue #21, apply_fontsynthesis.go)
	pFontSynthesisWeight:    {"font-synthesis-weight", inherited, gFont, "auto", applyFontSynthesis, copyFontSynthesis},
	pFontSynthesisStyle:     {"font-synthesis-style", inherited, gFont, "auto", applyFontSynthesis, copyFontSynthesis},
	pFontSynthesisSmallCaps: {"font-synthesis-small-caps", inherited, gFont, "auto", applyFontSynthesis, copyFontSynthesis},
	pFontSynthesisPosition:  {"font-synthesis-position", inherited, gFont, "auto", applyFontSynthesis, copyFontSynthesis},
	// -webkit-text-fill-color (lists and tables)
	pTextFillColor: {"-webkit-text-fill-color", inherited, gText, "currentcolor", applyTextFill, func(d, s *Style, _ propID) { d.TextFill = s.TextFill }},
	// outline (apply_outline.go)
	pOutlineWidth:  {"outline-width", notInherited, gBorder, "medium", applyOutlineWidth, func(d, s *Style, _ propID) { d.Outline.Width = s.Outline.Width }},
	pOutlineStyle:  {"outline-style", notInherited, gBorder, "none", keywordProp(outlineStyleOf, func(s *Style) *BorderStyle { return &s.Outline.Style }), func(d, s *Style, _ propID) { d.Outline.Style = s.Outline.Style }},
	pOutlineColor:  {"outline-color", notInherited, gBorder, "currentcolor", applyOutlineColor, copyOutlineColor},
	pOutlineOffset: {"outline-offset", notInherited, gBorder, "0", applyOutlineOffset, func(d, s *Style, _ propID) { d.OutlineOffset = s.OutlineOffset }},
	// overflow-y; pOverflow is overflow-x (apply_overflow.go)
	pOverflowY: {"overflow-y", notInherited, gBox, "visible", applyOverflow, copyOverflow},
	// contain (apply_contain.go)
	pContain: {"contain", notInherited, gBox, "none", applyContain, func(d, s *Style, _ propID) { d.Contain = s.Contain }},
}

// pageOnly reports whether longhand id is a descriptor of @page rules
// only (size).
func pageOnly(id propID) bool { return id == pSize }

// propAliases are the other names of single longhands: legacy aliases
// and the logical properties, for horizontal-tb and ltr.
var propAliases = map[string]propID{
	// masks (issue #17)
	"-webkit-mask-image": pMaskImage, "-webkit-mask-position": pMaskPosition, "-webkit-mask-size": pMaskSize,
	"-webkit-mask-repeat": pMaskRepeat, "-webkit-mask-origin": pMaskOrigin, "-webkit-mask-clip": pMaskClip,
	"word-wrap": pOverflowWrap, "margin-block-start": pMarginTop, "margin-block-end": pMarginBottom,
	"margin-inline-start": pMarginLeft, "margin-inline-end": pMarginRight,
	"padding-block-start": pPaddingTop, "padding-block-end": pPaddingBottom,
	"padding-inline-start": pPaddingLeft, "padding-inline-end": pPaddingRight,
	"inset-block-start": pTop, "inset-block-end": pBottom, "inset-inline-start": pLeft, "inset-inline-end": pRight,
	"inline-size": pWidth, "block-size": pHeight, "min-inline-size": pMinWidth, "min-block-size": pMinHeight,
	"max-inline-size": pMaxWidth, "max-block-size": pMaxHeight, "grid-row-gap": pRowGap, "grid-column-gap": pColumnGap,
	"border-block-start-width": pBorderTopWidth, "border-block-end-width": pBorderBottomWidth,
	"border-inline-start-width": pBorderLeftWidth, "border-inline-end-width": pBorderRightWidth,
	"border-block-start-color": pBorderTopColor, "border-block-end-color": pBorderBottomColor,
	"border-inline-start-color": pBorderLeftColor, "border-inline-end-color": pBorderRightColor,
	"border-block-start-style": pBorderTopStyle, "border-block-end-style": pBorderBottomStyle,
	"border-inline-start-style": pBorderLeftStyle, "border-inline-end-style": pBorderRightStyle,
}

// propByName maps longhand names and their aliases to ids.
var propByName = sync.OnceValue(func() map[string]propID {
	m := make(map[string]propID, int(numProps)+len(propAliases))
	for id := propID(0); id < numProps; id++ {
		m[longhands[id].name] = id
	}
	for k, v := range propAliases {
		m[k] = v
	}
	return m
})

// shortID indexes shorthands.
type shortID uint8

// expandFunc expands a value of shorthand sh (its tokens vals and fields
// f, not a css-wide keyword) into longhands; ok is false when the value
// is invalid.
type expandFunc func(sh *shorthandDef, vals, f []css.Token) (out []longhand, ok bool)

// shorthandDef describes a shorthand.
type shorthandDef struct {
	name string
	// members are the longhands it sets: all of them for a css-wide
	// keyword, and those a var()-dependent value resets when invalid.
	members []propID
	expand  expandFunc
}

// shorthands describes every shorthand (read-only).
var shorthands = [...]shorthandDef{
	{"margin", seq(pMarginTop, 4), expandFour},
	{"padding", seq(pPaddingTop, 4), expandFour},
	{"inset", seq(pTop, 4), expandFour},
	{"border-width", seq(pBorderTopWidth, 4), expandFour},
	{"border-style", seq(pBorderTopStyle, 4), expandFour},
	{"border-color", seq(pBorderTopColor, 4), expandFour},
	{"margin-inline", []propID{pMarginLeft, pMarginRight}, expandPair},
	{"margin-block", []propID{pMarginTop, pMarginBottom}, expandPair},
	{"padding-inline", []propID{pPaddingLeft, pPaddingRight}, expandPair},
	{"padding-block", []propID{pPaddingTop, pPaddingBottom}, expandPair},
	{"border", slices.Concat(seq(pBorderTopWidth, 4), seq(pBorderTopStyle, 4), seq(pBorderTopColor, 4)), expandBorder},
	{"border-top", borderSides(0), expandBorder},
	{"border-right", borderSides(1), expandBorder},
	{"border-bottom", borderSides(2), expandBorder},
	{"border-left", borderSides(3), expandBorder},
	{"border-block-start", borderSides(0), expandBorder},
	{"border-inline-end", borderSides(1), expandBorder},
	{"border-block-end", borderSides(2), expandBorder},
	{"border-inline-start", borderSides(3), expandBorder},
	{"border-block", borderSides(0, 2), expandBorder},
	{"border-inline", borderSides(3, 1), expandBorder},
	{"border-radius", seq(pRadiusTopLeft, 4), expandRadius},
	{"font", []propID{pFontStyle, pFontVariant, pFontWeight, pFontSize, pLineHeight, pFontFamily,
		pFontVariantLigatures, pFontVariantNumeric, pFontKerning, pFontVariantPosition, pFontVariantEastAsian, pFontStretch}, expandFontResets},
	{"font-synthesis", []propID{pFontSynthesisWeight, pFontSynthesisStyle, pFontSynthesisSmallCaps, pFontSynthesisPosition}, expandFontSynthesis},
	{"font-variant", []propID{pFontVariant, pFontVariantLigatures, pFontVariantNumeric, pFontVariantPosition, pFontVariantEastAsian}, expandFontVariant},
	{"background", []propID{pBackgroundColor, pBackgroundImage, pBackgroundPositionX, pBackgroundPositionY, pBackgroundSize, pBackgroundRepeat, pBackgroundOrigin, pBackgroundClip, pBackgroundAttachment}, expandBackground},
	{"background-position", []propID{pBackgroundPositionX, pBackgroundPositionY}, expandBackgroundPosition},
	{"list-style", []propID{pListStyleType, pListStylePosition, pListStyleImage}, expandListStyle},
	{"flex", []propID{pFlexGrow, pFlexShrink, pFlexBasis}, expandFlex},
	{"flex-flow", []propID{pFlexDirection, pFlexWrap}, expandFlexFlow},
	{"gap", []propID{pRowGap, pColumnGap}, expandPair},
	{"grid-gap", []propID{pRowGap, pColumnGap}, expandPair},
	{"columns", []propID{pColumnWidth, pColumnCount}, expandColumns},
	{"column-rule", []propID{pColumnRuleWidth, pColumnRuleStyle, pColumnRuleColor}, expandColumnRule},
	{"text-decoration", []propID{pTextDecorationLine, pTextDecorationStyle, pTextDecorationColor, pTextDecorationThickness}, expandTextDecoration},
	{"place-items", []propID{pAlignItems, pJustifyItems}, expandPlace},
	{"place-content", []propID{pAlignContent, pJustifyContent}, expandPlace},
	{"place-self", []propID{pAlignSelf, pJustifySelf}, expandPlace},
	{"overflow", []propID{pOverflow, pOverflowY}, expandPair},
	{"page-break-before", []propID{pBreakBefore}, expandPageBreak},
	{"page-break-after", []propID{pBreakAfter}, expandPageBreak},
	{"page-break-inside", []propID{pBreakInside}, expandPageBreak},
	{"white-space-collapse", nil, expandAccepted},
	// CSS Grid Layout 1 (apply_grid.go)
	{"grid-row", []propID{pGridRowStart, pGridRowEnd}, expandGridLines},
	{"grid-column", []propID{pGridColumnStart, pGridColumnEnd}, expandGridLines},
	{"grid-area", []propID{pGridRowStart, pGridColumnStart, pGridRowEnd, pGridColumnEnd}, expandGridLines},
	{"grid-template", []propID{pGridTemplateRows, pGridTemplateColumns, pGridTemplateAreas}, expandGridTemplate},
	{"grid", []propID{pGridTemplateRows, pGridTemplateColumns, pGridTemplateAreas, pGridAutoRows, pGridAutoColumns, pGridAutoFlow}, expandGrid},
	{"all", allMembers(), expandWideOnly},
	// masks (issue #17, apply_mask.go)
	{"mask", maskMembers, expandMask},
	{"-webkit-mask", maskMembers, expandMask},
	// outline (apply_outline.go)
	{"outline", []propID{pOutlineWidth, pOutlineStyle, pOutlineColor}, expandOutline},
}

// maskMembers are the longhands of the mask shorthand.
var maskMembers = []propID{pMaskImage, pMaskPosition, pMaskSize, pMaskRepeat, pMaskOrigin, pMaskClip, pMaskMode}

// shorthands fit shortID.
const _ = shortID(len(shorthands) - 1) // a compile error past 256

// seq returns n consecutive longhands from first.
func seq(first propID, n int) []propID {
	out := make([]propID, n)
	for i := range out {
		out[i] = first + propID(i)
	}
	return out
}

// borderSides returns the width, style and color of the given sides
// (0 top, 1 right, 2 bottom, 3 left), side by side.
func borderSides(sides ...int) []propID {
	var out []propID
	for _, i := range sides {
		out = append(out, pBorderTopWidth+propID(i), pBorderTopStyle+propID(i), pBorderTopColor+propID(i))
	}
	return out
}

// allMembers returns the longhands of all: every property but direction
// and unicode-bidi (css-cascade-4) and the @page descriptors.
func allMembers() []propID {
	out := make([]propID, 0, numProps)
	for id := propID(0); id < numProps; id++ {
		if id != pDirection && id != pUnicodeBidi && !pageOnly(id) {
			out = append(out, id)
		}
	}
	return out
}

// shorthandByName maps shorthand names to their index in shorthands.
var shorthandByName = sync.OnceValue(func() map[string]shortID {
	m := make(map[string]shortID, len(shorthands))
	for i := range shorthands {
		m[shorthands[i].name] = shortID(i)
	}
	return m
})

// value is a declared value being applied to a longhand.
type value struct {
	v []css.Token // the tokens
	f []css.Token // the tokens without whitespace (at least one)
	// kw is f[0] in lower case when it is an identifier, else "".
	kw string
}

// single reports whether the value is one token.
func (x *value) single() bool { return len(x.f) == 1 }

// lengths returns the context for the lengths of s's properties (em
// against s's font size).
func (a *applier) lengths(s *Style) lengthCtx {
	lc := a.lc
	lc.em = s.FontSize
	lc.font = s
	return lc
}
