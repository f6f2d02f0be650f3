package style_test

import (
	"context"
	"fmt"
	"strings"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/style"
)

func ExampleCompute() {
	doc, _ := html.Parse(strings.NewReader(`<!DOCTYPE html>
<html lang="en"><head><style>
@page { size: A5; margin: 15mm; @bottom-center { content: "Page " counter(page) " of " counter(pages) } }
:root { --accent: rgb(0 80 160); }
h1 { color: var(--accent); font: bold 18pt/1.2 sans-serif; break-after: avoid; }
</style></head><body><h1>Title</h1></body></html>`))
	st, err := style.Compute(context.Background(), doc, style.Options{})
	if err != nil {
		panic(err)
	}
	h1 := doc.FirstChild.NextSibling.LastChild.FirstChild // html > body > h1
	s := st.Of(h1, style.PseudoNone)
	fmt.Println(s.Color, s.FontSize, s.FontWeight, s.LineHeightNum, s.FontFamily, s.Lang)
	page := st.Page(style.PageContext{})
	fmt.Printf("%.1f×%.1f margin %.1f\n", page.Size[0], page.Size[1], page.Box.Margin[style.Top].Value)
	fmt.Println(len(page.Margins[style.BottomCenter].Content), "content items at the bottom centre")
	// Output:
	// {0 80 160 255} 18 700 1.2 [sans-serif] en
	// 419.5×595.3 margin 42.5
	// 4 content items at the bottom centre
}
