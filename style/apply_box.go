package style

import (
	"math"
	"strings"

	"github.com/seed28491532/folio/css"
)

// The box properties: display, positioning, sizes, margins, padding,
// overflow, visibility and opacity.

func applyDisplay(_ applier, s *Style, _ propID, x value) bool {
	d, ok := displayOf(x.f)
	if !ok {
		return false
	}
	s.Display, s.InlineListItem = d, false
	if d == DisplayListItem && inlineListItem(x.f) {
		s.Display, s.InlineListItem = DisplayInline, true
		if hasWord(x.f, "flow-root") {
			s.Display = DisplayInlineBlock
		}
	}
	return true
}

// IsListItem reports whether the box is a list item: display list-item,
// or an inline one (InlineListItem), also once blockified.
func (s *Style) IsListItem() bool { return s.Display == DisplayListItem || s.InlineListItem }

// inlineListItem reports whether display value f (a list item) has the
// inline outer display.
func inlineListItem(f []css.Token) bool { return hasWord(f, "inline") }

// hasWord reports whether the keywords f include w.
func hasWord(f []css.Token, w string) bool {
	for _, t := range f {
		if t.Kind == css.Ident && strings.EqualFold(t.Text, w) {
			return true
		}
	}
	return false
}

// applyObjectPosition parses object-position: one position, as a
// background-position layer.
func applyObjectPosition(a applier, s *Style, _ propID, x value) bool {
	p, ok := a.lc.position(x.f)
	if !ok {
		return false
	}
	s.ObjectPosition = p
	return true
}

func applyPosition(_ applier, s *Style, _ propID, x value) bool {
	t := x.f[0]
	switch kw := x.kw; {
	case kw == "static":
		s.Position = PositionStatic
	case kw == "relative":
		s.Position = PositionRelative
	case kw == "absolute":
		s.Position = PositionAbsolute
	case kw == "fixed":
		s.Position = PositionFixed
	case kw == "sticky" || kw == "-webkit-sticky":
		s.Position = PositionSticky
	case t.Kind == css.Function && strings.EqualFold(t.Text, "running") && x.single():
		a := css.Fields(t.Args)
		if len(a) != 1 || a[0].Kind != css.Ident {
			return false
		}
		s.Position = PositionRunning
		s.RunningName = a[0].Text
		return true
	default:
		return false
	}
	s.RunningName = ""
	return true
}

func copyPosition(d, s *Style, _ propID) {
	d.Position, d.RunningName = s.Position, s.RunningName
}

func applyFloat(_ applier, s *Style, _ propID, x value) bool {
	switch x.kw {
	case "none":
		s.Float = FloatNone
	case "left", "inline-start":
		s.Float = FloatLeft
	case "right", "inline-end":
		s.Float = FloatRight
	case "footnote":
		s.Float = FloatFootnote
	default:
		return false
	}
	return true
}

func applyClear(_ applier, s *Style, _ propID, x value) bool {
	switch x.kw {
	case "none":
		s.Clear = ClearNone
	case "left", "inline-start":
		s.Clear = ClearLeft
	case "right", "inline-end":
		s.Clear = ClearRight
	case "both":
		s.Clear = ClearBoth
	default:
		return false
	}
	return true
}

// applyInset sets top, right, bottom or left.
func applyInset(a applier, s *Style, id propID, x value) bool {
	l, ok := lengthOrAuto(a.lengths(s), x.f, true, "auto")
	if !ok {
		return false
	}
	s.Inset[id-pTop] = l
	return true
}

func copyInset(d, s *Style, id propID) { d.Inset[id-pTop] = s.Inset[id-pTop] }

func applyZIndex(a applier, s *Style, _ propID, x value) bool {
	if x.kw == "auto" {
		s.ZIndex, s.ZAuto = 0, true
		return x.single()
	}
	n, ok := a.lengths(s).integer(x.f[0])
	if !ok || !x.single() {
		return false
	}
	s.ZIndex, s.ZAuto = n, false
	return true
}

func copyZIndex(d, s *Style, _ propID) { d.ZIndex, d.ZAuto = s.ZIndex, s.ZAuto }

// sizeField returns the field of width, height and their minimum and
// maximum.
func sizeField(s *Style, id propID) *Length {
	switch id {
	case pWidth:
		return &s.Width
	case pHeight:
		return &s.Height
	case pMinWidth:
		return &s.MinWidth
	case pMinHeight:
		return &s.MinHeight
	case pMaxWidth:
		return &s.MaxWidth
	}
	return &s.MaxHeight
}

// applySize sets width, height, min-width, min-height (auto) or max-width,
// max-height (none).
func applySize(a applier, s *Style, id propID, x value) bool {
	kw := "auto"
	if id == pMaxWidth || id == pMaxHeight {
		kw = "none"
	}
	l, ok := lengthOrAuto(a.lengths(s), x.f, false, kw)
	if !ok {
		return false
	}
	*sizeField(s, id) = l
	if k := sizeKeywordField(s, id); k != nil {
		*k = sizeKeywordOf(x)
	}
	return true
}

func copySize(d, s *Style, id propID) {
	*sizeField(d, id) = *sizeField(s, id)
	if k := sizeKeywordField(d, id); k != nil {
		*k = *sizeKeywordField(s, id)
	}
}

func applyBoxSizing(_ applier, s *Style, _ propID, x value) bool {
	switch x.kw {
	case "content-box":
		s.BoxSizing = ContentBox
	case "border-box":
		s.BoxSizing = BorderBox
	default:
		return false
	}
	return true
}

func applyMargin(a applier, s *Style, id propID, x value) bool {
	l, ok := lengthOrAuto(a.lengths(s), x.f, true, "auto")
	if !ok {
		return false
	}
	s.Margin[id-pMarginTop] = l
	return true
}

func copyMargin(d, s *Style, id propID) { d.Margin[id-pMarginTop] = s.Margin[id-pMarginTop] }

func applyPadding(a applier, s *Style, id propID, x value) bool {
	if !x.single() {
		return false
	}
	l, ok := a.lengths(s).length(x.f[0], true, false)
	if !ok {
		return false
	}
	s.Padding[id-pPaddingTop] = l
	return true
}

func copyPadding(d, s *Style, id propID) { d.Padding[id-pPaddingTop] = s.Padding[id-pPaddingTop] }

func applyVisibility(_ applier, s *Style, _ propID, x value) bool {
	switch x.kw {
	case "visible":
		s.Visibility = Visible
	case "hidden":
		s.Visibility = Hidden
	case "collapse":
		s.Visibility = Collapse
	default:
		return false
	}
	return true
}

func applyOpacity(a applier, s *Style, _ propID, x value) bool {
	t := x.f[0]
	n, ok := a.lengths(s).number(t)
	if t.Kind == css.Percentage {
		n, ok = t.Num/100, true
	}
	if !ok || !x.single() {
		return false
	}
	s.Opacity = math.Max(0, math.Min(1, n))
	return true
}

// objectFitOf returns the value of an object-fit keyword.
func objectFitOf(kw string) (ObjectFit, bool) {
	switch kw {
	case "fill":
		return FitFill, true
	case "contain":
		return FitContain, true
	case "cover":
		return FitCover, true
	case "none":
		return FitNone, true
	case "scale-down":
		return FitScaleDown, true
	}
	return 0, false
}

// lengthOrAuto parses a single length/percentage or the keyword kw
// (auto, none or normal), which yields an Auto length.
func lengthOrAuto(lc lengthCtx, f []css.Token, neg bool, kw string) (Length, bool) {
	if len(f) != 1 {
		return Length{}, false
	}
	if f[0].Is(kw) {
		return Length{Unit: Auto}, true
	}
	switch {
	case f[0].Is("min-content") || f[0].Is("max-content") || f[0].Is("fit-content"):
		return Length{Unit: Auto}, kw == "auto" || kw == "none"
	}
	return lc.length(f[0], true, neg)
}

func displayOf(f []css.Token) (Display, bool) {
	if len(f) == 0 || len(f) > 3 {
		return 0, false
	}
	var words []string
	for _, t := range f {
		if t.Kind != css.Ident {
			return 0, false
		}
		words = append(words, strings.ToLower(t.Text))
	}
	if len(words) == 1 {
		return displayKeyword(words[0])
	}
	return displayWords(words)
}

// displayKeyword returns the value of a one-keyword display.
func displayKeyword(w string) (Display, bool) {
	switch w {
	case "inline":
		return DisplayInline, true
	case "block", "run-in":
		return DisplayBlock, true
	case "inline-block":
		return DisplayInlineBlock, true
	case "list-item":
		return DisplayListItem, true
	case "none":
		return DisplayNone, true
	case "contents":
		return DisplayContents, true
	case "flow-root":
		return DisplayFlowRoot, true
	case "table":
		return DisplayTable, true
	case "inline-table":
		return DisplayInlineTable, true
	case "table-row-group":
		return DisplayTableRowGroup, true
	case "table-header-group":
		return DisplayTableHeaderGroup, true
	case "table-footer-group":
		return DisplayTableFooterGroup, true
	case "table-row":
		return DisplayTableRow, true
	case "table-column-group":
		return DisplayTableColumnGroup, true
	case "table-column":
		return DisplayTableColumn, true
	case "table-cell":
		return DisplayTableCell, true
	case "table-caption":
		return DisplayTableCaption, true
	case "flex", "-webkit-box", "-webkit-flex":
		return DisplayFlex, true
	case "inline-flex", "-webkit-inline-box":
		return DisplayInlineFlex, true
	case "grid":
		return DisplayGrid, true
	case "inline-grid":
		return DisplayInlineGrid, true
	}
	return 0, false
}

// displayWords returns the value of a multi-keyword display: outer inner
// [list-item].
func displayWords(words []string) (Display, bool) {
	outer, inner, list := "", "", false
	for _, w := range words {
		switch w {
		case "block", "inline", "run-in":
			if outer != "" {
				return 0, false
			}
			outer = w
		case "flow", "flow-root", "table", "flex", "grid":
			if inner != "" {
				return 0, false
			}
			inner = w
		case "list-item":
			if list {
				return 0, false
			}
			list = true
		default:
			return 0, false
		}
	}
	if outer == "" || outer == "run-in" {
		outer = "block"
	}
	if inner == "" {
		inner = "flow"
	}
	if list {
		if inner != "flow" && inner != "flow-root" {
			return 0, false
		}
		return DisplayListItem, true
	}
	switch outer + " " + inner {
	case "block flow":
		return DisplayBlock, true
	case "block flow-root":
		return DisplayFlowRoot, true
	case "inline flow":
		return DisplayInline, true
	case "inline flow-root":
		return DisplayInlineBlock, true
	case "block table":
		return DisplayTable, true
	case "inline table":
		return DisplayInlineTable, true
	case "block flex":
		return DisplayFlex, true
	case "inline flex":
		return DisplayInlineFlex, true
	case "block grid":
		return DisplayGrid, true
	case "inline grid":
		return DisplayInlineGrid, true
	}
	return 0, false
}
