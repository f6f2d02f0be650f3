package benchdoc

import (
	"fmt"
	"strings"
)

// The long-document benchmark of issue 24 (bench/longdoc): sections of
// text, a list, a note and a table, each starting a new A4 page and
// fitting on it, under "Page N of M" and a running chapter title. The
// output is deterministic.

// LongHead is the start of the long document, up to its body's first
// section; LongTail its end.
const (
	LongHead = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Long document benchmark</title>
<style>
@page { size: A4; margin: 20mm 18mm;
  @top-left { content: string(chapter); font-size: 8pt }
  @bottom-center { content: "Page " counter(page) " of " counter(pages); font-size: 8pt } }
@page :first { @top-left { content: none } }
body { font-family: serif; font-size: 10.5pt; line-height: 1.4; }
h1, h2, h3 { font-family: sans-serif; }
h2 { string-set: chapter content() }
section { break-before: page }
table { border-collapse: collapse; width: 100%; margin: 8pt 0; }
th, td { border: 1px solid #666; padding: 2pt 4pt; text-align: left; }
thead th { background: #e4e8f0; }
.note { border-left: 3pt solid #2a5; padding-left: 8pt; }
</style>
</head>
<body>
`
	LongTail = "</body>\n</html>\n"
)

// LongDoc is the long document of the given number of pages (a section
// a page).
func LongDoc(pages int) string {
	var sb strings.Builder
	sb.WriteString(LongHead)
	for s := 1; s <= pages; s++ {
		sb.WriteString(LongSection(s))
	}
	sb.WriteString(LongTail)
	return sb.String()
}

var longWords = strings.Fields("survey river basin station level reading season sample depth flow record index north south water field method result analysis trend measure report value change soil team rate site")

// sentence is n words picked from seed, capitalised, with a full stop.
func sentence(n, seed int) string {
	var sb strings.Builder
	for i := range n {
		w := longWords[(seed*7+i*13+i*i)%len(longWords)]
		if i == 0 {
			w = strings.ToUpper(w[:1]) + w[1:]
		} else {
			sb.WriteByte(' ')
		}
		sb.WriteString(w)
	}
	sb.WriteByte('.')
	return sb.String()
}

// LongSection is section s (from 1) of the long document: one page.
func LongSection(s int) string {
	var w strings.Builder
	paragraph := func(seed int) {
		fmt.Fprintf(&w, "<p>%s %s %s %s</p>\n", sentence(14, seed), sentence(11, seed+3), sentence(16, seed+5), sentence(9, seed+8))
	}
	fmt.Fprintf(&w, "<section><h2>Chapter %d. %s</h2>\n", s, sentence(3, s))
	for i := 1; i <= 3; i++ {
		paragraph(s*10 + i)
	}
	fmt.Fprintf(&w, "<ul><li>%s</li><li>%s</li></ul>\n", sentence(8, s), sentence(10, s+1))
	fmt.Fprintf(&w, "<div class=\"note\"><p>%s</p></div>\n", sentence(18, s+4))
	fmt.Fprintf(&w, "<table><caption>Readings, series %d</caption>\n", s)
	w.WriteString(`<thead><tr><th scope="col">Site</th><th scope="col">Date</th><th scope="col">Level</th><th scope="col">Flow</th><th scope="col">Remark</th></tr></thead><tbody>` + "\n")
	for r := 1; r <= 12; r++ {
		fmt.Fprintf(&w, "<tr><th scope=\"row\">S-%d</th><td>2026-%02d-%02d</td><td>%d.%d</td><td>%d</td><td>%s</td></tr>\n",
			(s*31+r)%97+1, r%12+1, r%28+1, (r*37+s)%100, r%10, (r*53)%400, sentence(4, r+s))
	}
	w.WriteString("</tbody></table>\n")
	paragraph(s*10 + 9)
	w.WriteString("</section>\n")
	return w.String()
}
