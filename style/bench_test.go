package style

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/css"
)

// benchDoc builds a document of about n elements: sections of headings,
// paragraphs with inline markup, lists and table rows, with classes drawn
// from a pool of 50 and some ids.
func benchDoc(n int) string {
	var b strings.Builder
	b.WriteString("<!DOCTYPE html><html lang=en><head><title>bench</title></head><body>")
	count := 0
	for s := 0; count < n; s++ {
		fmt.Fprintf(&b, `<section class="c%d" id="s%d"><h2 class="title">Section %d</h2>`, s%50, s, s)
		count += 2
		for p := 0; p < 6 && count < n; p++ {
			fmt.Fprintf(&b, `<p class="c%d c%d">Text <em>em</em> and <a href="#s%d" class="c%d">link</a> <span>span</span>.</p>`, (s+p)%50, (s*7+p)%50, p, (p*3)%50)
			count += 4
		}
		b.WriteString(`<ul class="list">`)
		count++
		for i := 0; i < 5 && count < n; i++ {
			fmt.Fprintf(&b, `<li class="c%d">item <b>%d</b></li>`, (s+i)%50, i)
			count += 2
		}
		b.WriteString(`</ul><table class="data"><tbody>`)
		count += 2
		for r := 0; r < 3 && count < n; r++ {
			fmt.Fprintf(&b, `<tr class="r%d"><td>a</td><td class="num">1</td></tr>`, r%2)
			count += 3
		}
		b.WriteString("</tbody></table></section>")
	}
	b.WriteString("</body></html>")
	return b.String()
}

// benchSheet builds a stylesheet of n rules mixing the selector shapes
// real stylesheets use.
func benchSheet(n int) string {
	var b strings.Builder
	b.WriteString(":root { --accent: #336699; --gap: 4pt; }\n")
	shapes := []string{
		".c%d { color: #%06x; margin: 1pt 2pt; }",
		"section.c%d p { font-size: %dpt; line-height: 1.4; }",
		"#s%d h2 { border-bottom: 1px solid var(--accent); padding: var(--gap) 0; }",
		"ul.list > li.c%d:nth-child(2n+1) { background: #%06x; }",
		"p.c%d em, p.c%d span { font-style: italic; letter-spacing: 0.1em; }",
		"table.data tr.r%d td:not(.num) { padding: 2pt %dpt; text-align: left; }",
		"a.c%d:hover, a.c%d[href^='#'] { text-decoration: underline; color: var(--accent); }",
		"section:is(.c%d, .c%d) > h2.title::before { content: counter(section) \". \"; counter-increment: section; }",
		"div.c%d { width: calc(100%% - %dpt); }",
		"li.c%d b { font-weight: 700; break-inside: avoid; }",
	}
	for i := 0; i < n; i++ {
		shape := shapes[i%len(shapes)]
		switch strings.Count(shape, "%") - strings.Count(shape, "%%")*2 {
		case 1:
			fmt.Fprintf(&b, shape+"\n", i%53)
		default:
			fmt.Fprintf(&b, shape+"\n", i%53, (i*7919)%0xffffff)
		}
	}
	return b.String()
}

func BenchmarkCascade(b *testing.B) {
	src := "<style>" + benchSheet(500) + "</style>"
	html := strings.Replace(benchDoc(5000), "<title>bench</title>", "<title>bench</title>"+src, 1)
	doc := parseHTML(b, html)
	elements := 0
	st, err := Compute(context.Background(), doc, Options{})
	if err != nil {
		b.Fatal(err)
	}
	elements = len(st.nodes)
	if d := st.Diagnostics(); len(d) > 0 {
		b.Fatalf("diagnostics: %v", d[0])
	}
	rules := strings.Count(src, "{") - 1 // minus :root
	computeLoop(b, doc)
	b.ReportMetric(float64(elements), "elements")
	b.ReportMetric(float64(rules), "rules")
}

// computeLoop times Compute on doc b.N times, reporting allocations and
// CPU time.
func computeLoop(b *testing.B, doc *html.Node) {
	b.Helper()
	b.ReportAllocs()
	b.ResetTimer()
	cpu := startCPU()
	for i := 0; i < b.N; i++ {
		if _, err := Compute(context.Background(), doc, Options{}); err != nil {
			b.Fatal(err)
		}
	}
	cpu.report(b)
}

// BenchmarkHTMLParseBaseline parses the benchmark document with
// golang.org/x/net/html: a yardstick for BenchmarkCascade on machines
// whose speed is unknown or shared.
func BenchmarkHTMLParseBaseline(b *testing.B) {
	src := benchDoc(5000)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		parseHTML(b, src)
	}
}

// BenchmarkCascadeFieldSurvey cascades the corpus report (tables, lists,
// @page margin boxes).
func BenchmarkCascadeFieldSurvey(b *testing.B) {
	data, err := os.ReadFile(filepath.Join(corpusDir, "field-survey.html"))
	if err != nil {
		b.Fatalf("corpus document missing (expected in conformance/testdata/corpus): %v", err)
	}
	doc := parseHTML(b, string(data))
	computeLoop(b, doc)
}

// zebraTable is a table of rows rows striped with structural
// pseudo-classes, the shape that made matching quadratic in the number of
// siblings.
func zebraTable(rows int) string {
	var b strings.Builder
	b.WriteString(`<!DOCTYPE html><html><head><style>
tbody tr:nth-child(even) { background: #eeeeee; }
tbody tr:nth-child(odd) td:first-child { font-weight: bold; }
tbody tr:nth-last-child(-n+3) { color: #990000; }
tbody tr:last-child td:last-of-type { text-align: right; }
tbody tr:nth-of-type(5n+1):not(:first-child) { border-top: 1pt solid black; }
</style></head><body><table><thead><tr><th>n</th><th>name</th><th>value</th></tr></thead><tbody>`)
	for r := 0; r < rows; r++ {
		fmt.Fprintf(&b, "<tr id=r%d><td>%d</td><td>row</td><td>%d</td></tr>", r+1, r+1, r*7)
	}
	b.WriteString("</tbody></table></body></html>")
	return b.String()
}

// BenchmarkCascadeZebra cascades a 10,000-row table with zebra stripes.
func BenchmarkCascadeZebra(b *testing.B) {
	doc := parseHTML(b, zebraTable(10000))
	computeLoop(b, doc)
}

// BenchmarkCascadeSheetParse parses BenchmarkCascade's stylesheet alone
// (the part of the cascade that runs before the walk), on one goroutine
// and as Compute does (split over GOMAXPROCS goroutines).
func BenchmarkCascadeSheetParse(b *testing.B) {
	src := benchSheet(500)
	for _, workers := range []int{1, defaultWorkers()} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			cpu := startCPU()
			for i := 0; i < b.N; i++ {
				if _, diags := css.Parse(src, css.ParseOptions{ShareValues: true, Workers: workers}); len(diags) > 0 {
					b.Fatal(diags[0])
				}
			}
			cpu.report(b)
		})
	}
}
