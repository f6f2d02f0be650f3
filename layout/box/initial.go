package box

import (
	"sync"

	"github.com/seed28491532/folio/style"
)

// Initial returns the CSS initial values of every property. Its groups
// are shared (read-only): derive a style through its Mut methods.
func Initial() style.Style { return initialStyles().inline }

// anonymousStyles are the styles Initial and Inherit start from.
type anonymousStyles struct {
	inline, block style.Style
}

// initialStyles builds the initial styles once per process.
var initialStyles = sync.OnceValue(func() anonymousStyles {
	auto := style.Length{Unit: style.Auto}
	s := style.Blank()
	*s.MutBox() = style.BoxGroup{Display: style.DisplayInline, ZAuto: true, Opacity: 1}
	*s.MutSize() = style.SizeGroup{Width: auto, Height: auto, MaxWidth: auto, MaxHeight: auto,
		Inset: [4]style.Length{auto, auto, auto, auto}}
	*s.MutFont() = style.FontGroup{Color: style.Color{A: 255}, FontFamily: []string{"serif"}, FontSize: 12,
		FontWeight: 400, FontVariant: "normal", LineHeight: auto}
	*s.MutListTable() = style.ListTableGroup{ListStyleType: "disc", Orphans: 2, Widows: 2}
	s.MutText().TabSize = 8
	s.MutText().TextAlign = style.AlignStart // text-align: start
	*s.MutFlex() = style.FlexGroup{FlexShrink: 1, FlexBasis: auto, RowGap: auto, ColumnGap: auto}
	s.MutColumn().ColumnWidth = auto
	block := s
	block.MutBox().Display = style.DisplayBlock
	return anonymousStyles{inline: s, block: block}
})

// InheritInline is Inherit for an anonymous inline box (display inline).
func InheritInline(parent *style.Style) *style.Style {
	s := initialStyles().inline
	if parent != nil {
		s.InheritFrom(parent)
	}
	return &s
}

// Inherit returns the style of an anonymous box (or of a pseudo-element
// without rules) inside parent: inherited properties from parent (its
// groups, shared), the others at their initial values, display block.
func Inherit(parent *style.Style) *style.Style {
	s := initialStyles().block
	if parent != nil {
		s.InheritFrom(parent)
	}
	return &s
}
