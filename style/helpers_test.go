package style

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/css"
)

func parseHTML(t testing.TB, src string) *html.Node {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

func compute(t testing.TB, src string, opts Options) (*Styles, *html.Node) {
	t.Helper()
	doc := parseHTML(t, src)
	st, err := Compute(context.Background(), doc, opts)
	if err != nil {
		t.Fatal(err)
	}
	return st, doc
}

// find returns the first element with the given id, or tag name.
func find(n *html.Node, key string) *html.Node {
	if n.Type == html.ElementNode {
		if n.Data == key || attr(n, "id") == key {
			return n
		}
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if f := find(c, key); f != nil {
			return f
		}
	}
	return nil
}

func fmtLength(l Length) string {
	switch l.Unit {
	case Auto:
		return "auto"
	case Percent:
		if l.Calc != 0 {
			return fmt.Sprintf("%s%%%+gpt", num(l.Value), l.Calc)
		}
		return num(l.Value) + "%"
	}
	return num(l.Value) + "pt"
}

func num(v float64) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.2f", v), "0"), ".")
}

func fmtColor(c Color) string {
	if c.A == 255 {
		return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B)
	}
	return fmt.Sprintf("#%02x%02x%02x%02x", c.R, c.G, c.B, c.A)
}

func fmtContent(items []ContentItem) string {
	var parts []string
	for _, it := range items {
		switch it.Kind {
		case ContentString:
			parts = append(parts, fmt.Sprintf("%q", it.Text))
		case ContentAttr:
			parts = append(parts, "attr("+it.Name+")")
		case ContentCounter:
			parts = append(parts, "counter("+it.Name+","+it.Style+")")
		case ContentCounters:
			parts = append(parts, fmt.Sprintf("counters(%s,%q,%s)", it.Name, it.Text, it.Style))
		case ContentOpenQuote:
			parts = append(parts, "open-quote")
		case ContentCloseQuote:
			parts = append(parts, "close-quote")
		case ContentNoOpenQuote:
			parts = append(parts, "no-open-quote")
		case ContentNoCloseQuote:
			parts = append(parts, "no-close-quote")
		case ContentURL:
			parts = append(parts, "url("+it.Text+")")
		case ContentNamedString:
			parts = append(parts, "string("+it.Name+","+it.Text+")")
		case ContentTargetCounter:
			parts = append(parts, fmt.Sprintf("target-counter(%s|attr(%s),%s,%s)", it.Name, it.AttrName, it.Text, it.Style))
		case ContentLeader:
			parts = append(parts, fmt.Sprintf("leader(%q)", it.Text))
		case ContentElement:
			parts = append(parts, "element("+it.Name+")")
		case ContentContents:
			parts = append(parts, "contents")
		}
	}
	return strings.Join(parts, " ")
}

// prop renders one named property of s for dumps and table tests.
func prop(s *Style, name string) string {
	if s == nil {
		return "<nil>"
	}
	sides := func(ls [4]Length) string {
		return fmt.Sprintf("%s %s %s %s", fmtLength(ls[0]), fmtLength(ls[1]), fmtLength(ls[2]), fmtLength(ls[3]))
	}
	switch name {
	case "display":
		d := [...]string{"inline", "block", "inline-block", "list-item", "none", "contents", "flow-root", "table",
			"inline-table", "table-row-group", "table-header-group", "table-footer-group", "table-row",
			"table-column-group", "table-column", "table-cell", "table-caption", "flex", "inline-flex", "grid", "inline-grid"}[s.Display]
		if s.InlineListItem {
			d += " list-item"
		}
		return d
	case "position":
		return [...]string{"static", "relative", "absolute", "fixed", "sticky", "running(" + s.RunningName + ")"}[s.Position]
	case "float":
		return [...]string{"none", "left", "right"}[s.Float]
	case "margin":
		return sides(s.Margin)
	case "padding":
		return sides(s.Padding)
	case "inset":
		return sides(s.Inset)
	case "border":
		var parts []string
		for _, b := range s.Border {
			parts = append(parts, fmt.Sprintf("%spt/%d/%s", num(b.Width), b.Style, fmtColor(b.Color)))
		}
		return strings.Join(parts, " ")
	case "border-radius":
		var parts []string
		for _, r := range s.BorderRadius {
			parts = append(parts, fmtLength(r[0])+"/"+fmtLength(r[1]))
		}
		return strings.Join(parts, " ")
	case "width":
		return fmtLength(s.Width)
	case "height":
		return fmtLength(s.Height)
	case "max-width":
		return fmtLength(s.MaxWidth)
	case "color":
		return fmtColor(s.Color)
	case "background-color":
		return fmtColor(s.BackgroundColor)
	case "background-image":
		return s.BackgroundImage
	case "font-family":
		return strings.Join(s.FontFamily, "|")
	case "font-size":
		return num(s.FontSize) + "pt"
	case "font-weight":
		return fmt.Sprint(s.FontWeight)
	case "font-style":
		return [...]string{"normal", "italic", "oblique"}[s.FontStyle]
	case "font-variant":
		return s.FontVariant
	case "line-height":
		if s.LineHeightNum > 0 {
			return num(s.LineHeightNum)
		}
		return fmtLength(s.LineHeight)
	case "text-align":
		return [...]string{"left", "right", "center", "justify", "start", "end"}[s.TextAlign]
	case "text-align-last":
		return [...]string{"left", "right", "center", "justify", "start", "end"}[s.TextAlignLast]
	case "text-decoration":
		var parts []string
		if s.TextDecoration&DecoUnderline != 0 {
			parts = append(parts, "underline")
		}
		if s.TextDecoration&DecoOverline != 0 {
			parts = append(parts, "overline")
		}
		if s.TextDecoration&DecoLineThrough != 0 {
			parts = append(parts, "line-through")
		}
		if len(parts) == 0 {
			return "none"
		}
		return strings.Join(parts, " ")
	case "text-indent":
		return fmtLength(s.TextIndent)
	case "white-space":
		return [...]string{"normal", "pre", "nowrap", "pre-wrap", "pre-line", "break-spaces"}[s.WhiteSpace]
	case "vertical-align":
		if s.VerticalAlign == VAlignLength {
			return fmtLength(s.VerticalAlignLength)
		}
		return [...]string{"baseline", "sub", "super", "top", "middle", "bottom", "text-top", "text-bottom"}[s.VerticalAlign]
	case "list-style":
		return fmt.Sprintf("%s %s %s", s.ListStyleType, [...]string{"outside", "inside"}[s.ListStylePosition], s.ListStyleImage)
	case "content":
		switch s.ContentMode {
		case ContentNormal:
			return "normal"
		case ContentNone:
			return "none"
		}
		return fmtContent(s.Content)
	case "quotes":
		return fmt.Sprintf("%q", s.Quotes)
	case "counters":
		return fmt.Sprintf("reset%v increment%v set%v", s.CounterReset, s.CounterIncrement, s.CounterSet)
	case "string-set":
		var parts []string
		for _, ss := range s.StringSet {
			parts = append(parts, ss.Name+"="+fmtContent(ss.Value))
		}
		return strings.Join(parts, ", ")
	case "break":
		return fmt.Sprintf("before=%d after=%d inside=%d", s.BreakBefore, s.BreakAfter, s.BreakInside)
	case "orphans":
		return fmt.Sprintf("%d/%d", s.Orphans, s.Widows)
	case "page":
		return s.Page
	case "lang":
		return s.Lang
	case "border-collapse":
		return fmt.Sprintf("%d spacing=%s/%s", s.BorderCollapse, num(s.BorderSpacing[0]), num(s.BorderSpacing[1]))
	case "opacity":
		return num(s.Opacity)
	case "z-index":
		if s.ZAuto {
			return "auto"
		}
		return fmt.Sprint(s.ZIndex)
	case "flex":
		return fmt.Sprintf("%s %s %s %s %s", num(s.FlexGrow), num(s.FlexShrink), fmtLength(s.FlexBasis), s.FlexDirection, s.FlexWrap)
	case "gap":
		return fmtLength(s.RowGap) + " " + fmtLength(s.ColumnGap)
	case "columns":
		return fmt.Sprintf("%d %s", s.ColumnCount, fmtLength(s.ColumnWidth))
	case "overflow":
		return fmt.Sprint(s.Overflow)
	case "visibility":
		return fmt.Sprint(s.Visibility)
	case "box-sizing":
		return fmt.Sprint(s.BoxSizing)
	case "letter-spacing":
		return num(s.LetterSpacing) + "pt"
	case "word-spacing":
		return num(s.WordSpacing) + "pt"
	case "direction":
		return fmt.Sprint(s.Direction)
	case "text-transform":
		return fmt.Sprint(s.TextTransform)
	}
	return "?" + name
}

func bytesReader(b []byte) *strings.Reader { return strings.NewReader(string(b)) }

func parseUA() (any, []css.Diagnostic) {
	sheet, diags := css.Parse(uaCSS, css.ParseOptions{})
	return sheet, diags
}
