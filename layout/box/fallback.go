package box

import (
	"golang.org/x/net/html"

	"github.com/seed28491532/folio/style"
)

// fallbackStyle gives an element a minimal user-agent style when the
// style source has none for it (a style source that does not know the
// element). It covers the HTML elements' display, the heading sizes,
// paragraph and list spacing, so a document still lays out readably.
func fallbackStyle(n *html.Node, parent *style.Style) *style.Style {
	s := Inherit(parent)
	s.Display = style.DisplayInline
	if parent == nil {
		s.FontFamily = []string{"serif"}
	}
	pt := func(v float64) style.Length { return style.Length{Value: v, Unit: style.Pt} }
	em := func(v float64) style.Length { return pt(v * s.FontSize) }
	switch n.Data {
	case "head", "script", "style", "title", "meta", "link", "template", "noscript", "base":
		s.Display = style.DisplayNone
	case "html", "body", "div", "section", "article", "aside", "nav", "header", "footer", "main",
		"address", "figcaption", "hgroup", "details", "summary", "form", "fieldset", "center":
		s.Display = style.DisplayBlock
		if n.Data == "body" {
			s.Margin = [4]style.Length{pt(6), pt(6), pt(6), pt(6)}
		}
		if n.Data == "address" {
			s.FontStyle = 1
		}
	case "p", "dl":
		s.Display = style.DisplayBlock
		s.Margin[style.Top], s.Margin[style.Bottom] = em(1), em(1)
	case "blockquote", "figure":
		s.Display = style.DisplayBlock
		s.Margin = [4]style.Length{em(1), pt(30), em(1), pt(30)}
	case "dd":
		s.Display = style.DisplayBlock
		s.Margin[style.Left] = pt(30)
	case "dt":
		s.Display = style.DisplayBlock
	case "h1", "h2", "h3", "h4", "h5", "h6":
		sizes := map[string]float64{"h1": 2, "h2": 1.5, "h3": 1.17, "h4": 1, "h5": 0.83, "h6": 0.67}
		margins := map[string]float64{"h1": 0.67, "h2": 0.83, "h3": 1, "h4": 1.33, "h5": 1.67, "h6": 2.33}
		s.Display = style.DisplayBlock
		s.FontSize = parent.FontSize * sizes[n.Data]
		s.FontWeight = 700
		s.Margin[style.Top], s.Margin[style.Bottom] = em(margins[n.Data]), em(margins[n.Data])
		s.BreakAfter = style.BreakAvoid
	case "ul", "ol", "menu":
		s.Display = style.DisplayBlock
		s.Margin[style.Top], s.Margin[style.Bottom] = em(1), em(1)
		if parent != nil && (parent.Display == style.DisplayListItem) {
			s.Margin[style.Top], s.Margin[style.Bottom] = pt(0), pt(0)
		}
		s.Padding[style.Left] = pt(30)
		if n.Data == "ol" {
			s.ListStyleType = "decimal"
		} else {
			s.ListStyleType = "disc"
		}
	case "li":
		s.Display = style.DisplayListItem
	case "pre":
		s.Display = style.DisplayBlock
		s.WhiteSpace = style.WhiteSpacePre
		s.FontFamily = []string{"monospace"}
		s.Margin[style.Top], s.Margin[style.Bottom] = em(1), em(1)
	case "code", "kbd", "samp", "tt":
		s.FontFamily = []string{"monospace"}
	case "b", "strong", "th":
		s.FontWeight = 700
	case "i", "em", "cite", "var", "dfn":
		s.FontStyle = 1
	case "a":
		if _, ok := Attr(n, "href"); ok {
			s.Color = style.Color{B: 238, A: 255}
			s.TextDecoration = style.DecoUnderline
		}
	case "u", "ins":
		s.TextDecoration = style.DecoUnderline
	case "s", "del", "strike":
		s.TextDecoration = style.DecoLineThrough
	case "sub":
		s.VerticalAlign = style.VAlignSub
		s.FontSize *= 0.83
	case "sup":
		s.VerticalAlign = style.VAlignSuper
		s.FontSize *= 0.83
	case "small":
		s.FontSize *= 0.83
	case "hr":
		s.Display = style.DisplayBlock
		s.Margin[style.Top], s.Margin[style.Bottom] = pt(6), pt(6)
		gray := style.Color{R: 128, G: 128, B: 128, A: 255}
		for i := range s.Border {
			s.Border[i] = style.Border{Width: 0.75, Style: style.BorderInset, Color: gray}
		}
	case "img":
		s.Display = style.DisplayInline
	case "table":
		s.Display = style.DisplayTable
		s.BorderSpacing = [2]float64{1.5, 1.5}
	case "thead":
		s.Display = style.DisplayTableHeaderGroup
	case "tbody":
		s.Display = style.DisplayTableRowGroup
	case "tfoot":
		s.Display = style.DisplayTableFooterGroup
	case "tr":
		s.Display = style.DisplayTableRow
	case "td":
		s.Display = style.DisplayTableCell
		s.Padding = [4]style.Length{pt(1), pt(1), pt(1), pt(1)}
	case "caption":
		s.Display = style.DisplayTableCaption
		s.TextAlign = style.AlignCenter
	case "col":
		s.Display = style.DisplayTableColumn
	case "colgroup":
		s.Display = style.DisplayTableColumnGroup
	}
	if n.Data == "th" {
		s.Display = style.DisplayTableCell
		s.TextAlign = style.AlignCenter
		s.Padding = [4]style.Length{pt(1), pt(1), pt(1), pt(1)}
	}
	if lang, ok := Attr(n, "lang"); ok {
		s.Lang = lang
	}
	if d, ok := Attr(n, "dir"); ok {
		if d == "rtl" {
			s.Direction = style.RTL
		} else if d == "ltr" {
			s.Direction = style.LTR
		}
	}
	return s
}
