package style

// initialStyle returns the initial value of every property.
func initialStyle() Style {
	auto := Length{Unit: Auto}
	return Style{
		Display:             DisplayInline,
		ZAuto:               true,
		Inset:               [4]Length{auto, auto, auto, auto},
		Width:               auto,
		Height:              auto,
		MinWidth:            auto,
		MinHeight:           auto,
		MaxWidth:            auto,
		MaxHeight:           auto,
		Border:              [4]Border{{Width: 2.25}, {Width: 2.25}, {Width: 2.25}, {Width: 2.25}},
		Opacity:             1,
		Color:               Color{0, 0, 0, 255},
		FontFamily:          []string{"serif"},
		FontSize:            mediumFontSize,
		FontWeight:          400,
		FontVariant:         "normal",
		LineHeight:          auto,
		TextDecorationStyle: BorderSolid,
		UnicodeBidi:         "normal",
		TabSize:             8,
		ListStyleType:       "disc",
		Orphans:             2,
		Widows:              2,
		FlexDirection:       "row",
		FlexWrap:            "nowrap",
		FlexShrink:          1,
		FlexBasis:           auto,
		JustifyContent:      "normal",
		AlignItems:          "normal",
		RowGap:              auto,
		ColumnGap:           auto,
		ColumnWidth:         auto,
		textAlignLastAuto:   true,
		quotesAuto:          true,
	}
}

// inheritFrom copies the inherited properties of p into s.
func inheritFrom(s, p *Style) {
	s.Color = p.Color
	s.Direction = p.Direction
	s.FontFamily = p.FontFamily
	s.FontSize = p.FontSize
	s.FontWeight = p.FontWeight
	s.FontStyle = p.FontStyle
	s.FontVariant = p.FontVariant
	s.LineHeight = p.LineHeight
	s.LineHeightNum = p.LineHeightNum
	s.Visibility = p.Visibility
	s.TextAlign = p.TextAlign
	s.TextAlignLast = p.TextAlignLast
	s.textAlignLastAuto = p.textAlignLastAuto
	s.TextIndent = p.TextIndent
	s.TextTransform = p.TextTransform
	s.LetterSpacing = p.LetterSpacing
	s.WordSpacing = p.WordSpacing
	s.WhiteSpace = p.WhiteSpace
	s.OverflowWrap = p.OverflowWrap
	s.Hyphens = p.Hyphens
	s.TabSize = p.TabSize
	s.Lang = p.Lang
	s.ListStyleType = p.ListStyleType
	s.ListStylePosition = p.ListStylePosition
	s.ListStyleImage = p.ListStyleImage
	s.Quotes = p.Quotes
	s.quotesAuto = p.quotesAuto
	s.Orphans = p.Orphans
	s.Widows = p.Widows
	s.BorderCollapse = p.BorderCollapse
	s.BorderSpacing = p.BorderSpacing
	s.CaptionSide = p.CaptionSide
	s.EmptyCellsHide = p.EmptyCellsHide
}

// copyProp copies longhand id from src to dst (for inherit, initial and
// unset).
func copyProp(dst, src *Style, id propID) {
	switch id {
	case pColor:
		dst.Color = src.Color
	case pDirection:
		dst.Direction = src.Direction
	case pFontSize:
		dst.FontSize = src.FontSize
	case pFontFamily:
		dst.FontFamily = src.FontFamily
	case pFontWeight:
		dst.FontWeight = src.FontWeight
	case pFontStyle:
		dst.FontStyle = src.FontStyle
	case pFontVariant:
		dst.FontVariant = src.FontVariant
	case pLineHeight:
		dst.LineHeight, dst.LineHeightNum = src.LineHeight, src.LineHeightNum
	case pDisplay:
		dst.Display = src.Display
	case pPosition:
		dst.Position, dst.RunningName = src.Position, src.RunningName
	case pFloat:
		dst.Float = src.Float
	case pClear:
		dst.Clear = src.Clear
	case pTop, pRight, pBottom, pLeft:
		dst.Inset[id-pTop] = src.Inset[id-pTop]
	case pZIndex:
		dst.ZIndex, dst.ZAuto = src.ZIndex, src.ZAuto
	case pWidth:
		dst.Width = src.Width
	case pHeight:
		dst.Height = src.Height
	case pMinWidth:
		dst.MinWidth = src.MinWidth
	case pMinHeight:
		dst.MinHeight = src.MinHeight
	case pMaxWidth:
		dst.MaxWidth = src.MaxWidth
	case pMaxHeight:
		dst.MaxHeight = src.MaxHeight
	case pBoxSizing:
		dst.BoxSizing = src.BoxSizing
	case pMarginTop, pMarginRight, pMarginBottom, pMarginLeft:
		dst.Margin[id-pMarginTop] = src.Margin[id-pMarginTop]
	case pPaddingTop, pPaddingRight, pPaddingBottom, pPaddingLeft:
		dst.Padding[id-pPaddingTop] = src.Padding[id-pPaddingTop]
	case pBorderTopWidth, pBorderRightWidth, pBorderBottomWidth, pBorderLeftWidth:
		dst.Border[id-pBorderTopWidth].Width = src.Border[id-pBorderTopWidth].Width
	case pBorderTopStyle, pBorderRightStyle, pBorderBottomStyle, pBorderLeftStyle:
		dst.Border[id-pBorderTopStyle].Style = src.Border[id-pBorderTopStyle].Style
	case pBorderTopColor, pBorderRightColor, pBorderBottomColor, pBorderLeftColor:
		dst.Border[id-pBorderTopColor].Color = src.Border[id-pBorderTopColor].Color
	case pRadiusTopLeft, pRadiusTopRight, pRadiusBottomRight, pRadiusBottomLeft:
		dst.BorderRadius[id-pRadiusTopLeft] = src.BorderRadius[id-pRadiusTopLeft]
	case pOverflow:
		dst.Overflow = src.Overflow
	case pVisibility:
		dst.Visibility = src.Visibility
	case pOpacity:
		dst.Opacity = src.Opacity
	case pBackgroundColor:
		dst.BackgroundColor = src.BackgroundColor
	case pBackgroundImage:
		dst.BackgroundImage = src.BackgroundImage
	case pTextAlign:
		dst.TextAlign = src.TextAlign
	case pTextAlignLast:
		dst.TextAlignLast, dst.textAlignLastAuto = src.TextAlignLast, src.textAlignLastAuto
	case pTextIndent:
		dst.TextIndent = src.TextIndent
	case pTextTransform:
		dst.TextTransform = src.TextTransform
	case pTextDecorationLine:
		dst.TextDecoration = src.TextDecoration
	case pTextDecorationColor:
		dst.TextDecorationColor = src.TextDecorationColor
	case pTextDecorationStyle:
		dst.TextDecorationStyle = src.TextDecorationStyle
	case pLetterSpacing:
		dst.LetterSpacing = src.LetterSpacing
	case pWordSpacing:
		dst.WordSpacing = src.WordSpacing
	case pWhiteSpace:
		dst.WhiteSpace = src.WhiteSpace
	case pVerticalAlign:
		dst.VerticalAlign, dst.VerticalAlignLength = src.VerticalAlign, src.VerticalAlignLength
	case pOverflowWrap:
		dst.OverflowWrap = src.OverflowWrap
	case pHyphens:
		dst.Hyphens = src.Hyphens
	case pUnicodeBidi:
		dst.UnicodeBidi = src.UnicodeBidi
	case pTabSize:
		dst.TabSize = src.TabSize
	case pListStyleType:
		dst.ListStyleType = src.ListStyleType
	case pListStylePosition:
		dst.ListStylePosition = src.ListStylePosition
	case pListStyleImage:
		dst.ListStyleImage = src.ListStyleImage
	case pContent:
		dst.Content, dst.ContentMode = src.Content, src.ContentMode
	case pQuotes:
		dst.Quotes, dst.quotesAuto = src.Quotes, src.quotesAuto
	case pCounterReset:
		dst.CounterReset = src.CounterReset
	case pCounterIncrement:
		dst.CounterIncrement = src.CounterIncrement
	case pCounterSet:
		dst.CounterSet = src.CounterSet
	case pStringSet:
		dst.StringSet = src.StringSet
	case pBreakBefore:
		dst.BreakBefore = src.BreakBefore
	case pBreakAfter:
		dst.BreakAfter = src.BreakAfter
	case pBreakInside:
		dst.BreakInside = src.BreakInside
	case pOrphans:
		dst.Orphans = src.Orphans
	case pWidows:
		dst.Widows = src.Widows
	case pPage:
		dst.Page = src.Page
	case pBorderCollapse:
		dst.BorderCollapse = src.BorderCollapse
	case pBorderSpacing:
		dst.BorderSpacing = src.BorderSpacing
	case pCaptionSide:
		dst.CaptionSide = src.CaptionSide
	case pTableLayout:
		dst.TableLayout = src.TableLayout
	case pEmptyCells:
		dst.EmptyCellsHide = src.EmptyCellsHide
	case pObjectFit:
		dst.ObjectFit = src.ObjectFit
	case pFlexDirection:
		dst.FlexDirection = src.FlexDirection
	case pFlexWrap:
		dst.FlexWrap = src.FlexWrap
	case pFlexGrow:
		dst.FlexGrow = src.FlexGrow
	case pFlexShrink:
		dst.FlexShrink = src.FlexShrink
	case pFlexBasis:
		dst.FlexBasis = src.FlexBasis
	case pJustifyContent:
		dst.JustifyContent = src.JustifyContent
	case pAlignItems:
		dst.AlignItems = src.AlignItems
	case pRowGap:
		dst.RowGap = src.RowGap
	case pColumnGap:
		dst.ColumnGap = src.ColumnGap
	case pColumnCount:
		dst.ColumnCount = src.ColumnCount
	case pColumnWidth:
		dst.ColumnWidth = src.ColumnWidth
	case pSize:
		dst.pageSize = src.pageSize
	}
}
