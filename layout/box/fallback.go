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
	// a style of its own (fallback styles are rare): its groups are
	// written in place
	s := Inherit(parent).Clone()
	font, text, lt, bx, mg, pd, bd, deco, pg := s.FontGroup, s.TextGroup, s.ListTableGroup, s.BoxGroup, s.MarginGroup, s.PaddingGroup, s.BorderGroup, s.DecorationGroup, s.PagedGroup
	bx.Display = style.DisplayInline
	if parent == nil {
		font.FontFamily = []string{"serif"}
	}
	pt := func(v float64) style.Length { return style.Length{Value: v, Unit: style.Pt} }
	em := func(v float64) style.Length { return pt(v * font.FontSize) }
	switch n.Data {
	case "head", "script", "style", "title", "meta", "link", "template", "noscript", "base":
		bx.Display = style.DisplayNone
	case "html", "body", "div", "section", "article", "aside", "nav", "header", "footer", "main",
		"address", "figcaption", "hgroup", "details", "summary", "form", "fieldset", "center":
		bx.Display = style.DisplayBlock
		if n.Data == "body" {
			mg.Margin = [4]style.Length{pt(6), pt(6), pt(6), pt(6)}
		}
		if n.Data == "address" {
			font.FontStyle = 1
		}
	case "p", "dl":
		bx.Display = style.DisplayBlock
		mg.Margin[style.Top], mg.Margin[style.Bottom] = em(1), em(1)
	case "blockquote", "figure":
		bx.Display = style.DisplayBlock
		mg.Margin = [4]style.Length{em(1), pt(30), em(1), pt(30)}
	case "dd":
		bx.Display = style.DisplayBlock
		mg.Margin[style.Left] = pt(30)
	case "dt":
		bx.Display = style.DisplayBlock
	case "h1", "h2", "h3", "h4", "h5", "h6":
		sizes := map[string]float64{"h1": 2, "h2": 1.5, "h3": 1.17, "h4": 1, "h5": 0.83, "h6": 0.67}
		margins := map[string]float64{"h1": 0.67, "h2": 0.83, "h3": 1, "h4": 1.33, "h5": 1.67, "h6": 2.33}
		bx.Display = style.DisplayBlock
		font.FontSize = parent.FontSize * sizes[n.Data]
		font.FontWeight = 700
		mg.Margin[style.Top], mg.Margin[style.Bottom] = em(margins[n.Data]), em(margins[n.Data])
		pg.BreakAfter = style.BreakAvoid
	case "ul", "ol", "menu":
		bx.Display = style.DisplayBlock
		mg.Margin[style.Top], mg.Margin[style.Bottom] = em(1), em(1)
		if parent != nil && (parent.Display == style.DisplayListItem) {
			mg.Margin[style.Top], mg.Margin[style.Bottom] = pt(0), pt(0)
		}
		pd.Padding[style.Left] = pt(30)
		if n.Data == "ol" {
			lt.ListStyleType = "decimal"
		} else {
			lt.ListStyleType = "disc"
		}
	case "li":
		bx.Display = style.DisplayListItem
	case "pre":
		bx.Display = style.DisplayBlock
		text.WhiteSpace = style.WhiteSpacePre
		font.FontFamily = []string{"monospace"}
		mg.Margin[style.Top], mg.Margin[style.Bottom] = em(1), em(1)
	case "code", "kbd", "samp", "tt":
		font.FontFamily = []string{"monospace"}
	case "b", "strong", "th":
		font.FontWeight = 700
	case "i", "em", "cite", "var", "dfn":
		font.FontStyle = 1
	case "a":
		if _, ok := Attr(n, "href"); ok {
			font.Color = style.Color{B: 238, A: 255}
			deco.TextDecoration = style.DecoUnderline
		}
	case "u", "ins":
		deco.TextDecoration = style.DecoUnderline
	case "s", "del", "strike":
		deco.TextDecoration = style.DecoLineThrough
	case "sub":
		bx.VerticalAlign = style.VAlignSub
		font.FontSize *= 0.83
	case "sup":
		bx.VerticalAlign = style.VAlignSuper
		font.FontSize *= 0.83
	case "small":
		font.FontSize *= 0.83
	case "hr":
		bx.Display = style.DisplayBlock
		mg.Margin[style.Top], mg.Margin[style.Bottom] = pt(6), pt(6)
		gray := style.Color{R: 128, G: 128, B: 128, A: 255}
		for i := range bd.Border {
			bd.Border[i] = style.Border{Width: 0.75, Style: style.BorderInset, Color: gray}
		}
	case "img":
		bx.Display = style.DisplayInline
	case "table":
		bx.Display = style.DisplayTable
		lt.BorderSpacing = [2]float64{1.5, 1.5}
	case "thead":
		bx.Display = style.DisplayTableHeaderGroup
	case "tbody":
		bx.Display = style.DisplayTableRowGroup
	case "tfoot":
		bx.Display = style.DisplayTableFooterGroup
	case "tr":
		bx.Display = style.DisplayTableRow
	case "td":
		bx.Display = style.DisplayTableCell
		pd.Padding = [4]style.Length{pt(1), pt(1), pt(1), pt(1)}
	case "caption":
		bx.Display = style.DisplayTableCaption
		text.TextAlign = style.AlignCenter
	case "col":
		bx.Display = style.DisplayTableColumn
	case "colgroup":
		bx.Display = style.DisplayTableColumnGroup
	}
	if n.Data == "th" {
		bx.Display = style.DisplayTableCell
		text.TextAlign = style.AlignCenter
		pd.Padding = [4]style.Length{pt(1), pt(1), pt(1), pt(1)}
	}
	if lang, ok := Attr(n, "lang"); ok {
		text.Lang = lang
	}
	if d, ok := Attr(n, "dir"); ok {
		if d == "rtl" {
			text.Direction = style.RTL
		} else if d == "ltr" {
			text.Direction = style.LTR
		}
	}
	return s
}
