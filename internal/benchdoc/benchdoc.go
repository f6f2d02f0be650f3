// Package benchdoc makes the documents the paged-media benchmarks of
// several packages convert, lay out or render, so that they all measure
// the same thing.
package benchdoc

import (
	"fmt"
	"strings"
)

// MarginRules are the page rules of HundredPages with margin boxes: a
// running chapter title (none on the first page), the document title,
// "Page N of M" and a roman page number.
const MarginRules = `@page { @top-left { content: string(chapter) } @top-right { content: "Bench report" }
	@bottom-center { content: "Page " counter(page) " of " counter(pages) } @bottom-right { content: counter(page, lower-roman) } }
	@page :first { @top-left { content: none } }`

// HundredPages is a 100-page A5 document, one chapter a page (each
// breaking before and setting the running title), with paras paragraphs
// a chapter (9 fill most of a page), and with MarginRules when margins is
// set.
func HundredPages(margins bool, paras int) []byte {
	var sb strings.Builder
	sb.WriteString(`<!doctype html><html lang=en><title>Bench</title><style>@page { size: A5; margin: 2cm }
	h1 { break-before: page; string-set: chapter content() } p { margin: 0 0 6pt }`)
	if margins {
		sb.WriteString(MarginRules)
	}
	sb.WriteString(`</style>`)
	for i := 1; i <= 100; i++ {
		fmt.Fprintf(&sb, "<h1>Chapter %d</h1>", i)
		for range paras {
			sb.WriteString("<p>Survey teams measured soil depth, water flow and station records along the river basin; each reading was checked twice.</p>")
		}
	}
	return []byte(sb.String())
}
