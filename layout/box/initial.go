package box

import "github.com/seed28491532/folio/style"

// Initial returns the CSS initial values of every property.
func Initial() style.Style {
	auto := style.Length{Unit: style.Auto}
	return style.Style{
		Display:       style.DisplayInline,
		ZAuto:         true,
		Width:         auto,
		Height:        auto,
		MaxWidth:      auto,
		MaxHeight:     auto,
		Inset:         [4]style.Length{auto, auto, auto, auto},
		Opacity:       1,
		Color:         style.Color{A: 255},
		FontFamily:    []string{"serif"},
		FontSize:      12,
		FontWeight:    400,
		FontVariant:   "normal",
		LineHeight:    auto,
		ListStyleType: "disc",
		Orphans:       2,
		Widows:        2,
		TabSize:       8,
		FlexShrink:    1,
		FlexBasis:     auto,
		RowGap:        auto,
		ColumnGap:     auto,
		ColumnWidth:   auto,
	}
}

// Inherit returns the style of an anonymous box (or of a pseudo-element
// without rules) inside parent: inherited properties from parent, the
// others at their initial values, display block.
func Inherit(parent *style.Style) *style.Style {
	s := Initial()
	s.Display = style.DisplayBlock
	if parent == nil {
		return &s
	}
	p := parent
	s.Visibility = p.Visibility
	s.Color = p.Color
	s.FontFamily = p.FontFamily
	s.FontSize = p.FontSize
	s.FontWeight = p.FontWeight
	s.FontStyle = p.FontStyle
	s.FontVariant = p.FontVariant
	s.LineHeight = p.LineHeight
	s.LineHeightNum = p.LineHeightNum
	s.TextAlign = p.TextAlign
	s.TextAlignLast = p.TextAlignLast
	s.TextIndent = p.TextIndent
	s.TextTransform = p.TextTransform
	s.LetterSpacing = p.LetterSpacing
	s.WordSpacing = p.WordSpacing
	s.WhiteSpace = p.WhiteSpace
	s.OverflowWrap = p.OverflowWrap
	s.Hyphens = p.Hyphens
	s.Direction = p.Direction
	s.TabSize = p.TabSize
	s.Lang = p.Lang
	s.ListStyleType = p.ListStyleType
	s.ListStylePosition = p.ListStylePosition
	s.ListStyleImage = p.ListStyleImage
	s.Quotes = p.Quotes
	s.Orphans = p.Orphans
	s.Widows = p.Widows
	s.BorderCollapse = p.BorderCollapse
	s.BorderSpacing = p.BorderSpacing
	s.CaptionSide = p.CaptionSide
	s.EmptyCellsHide = p.EmptyCellsHide
	return &s
}
