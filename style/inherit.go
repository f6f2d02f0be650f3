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
	longhands[id].copy(dst, src, id)
}
