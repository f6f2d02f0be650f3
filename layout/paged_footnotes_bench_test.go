package layout_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/seed28491532/folio"
)

// footnoteColumnsDoc is an A4 document of paras paragraphs in two
// columns, every other paragraph with a footnote of one or two lines:
// about 4 paragraphs and 2 footnotes a page (100 pages and 200 footnotes
// for 400 paragraphs).
func footnoteColumnsDoc(paras int) []byte {
	var sb strings.Builder
	sb.WriteString(`<!doctype html><html lang="en"><head><title>Footnotes in columns</title><style>
@page { size: A4; margin: 20mm; @footnote { border-top: 0.5pt solid black; padding-top: 3pt } }
body { font: 10pt/1.3 serif } .cols { columns: 2; column-gap: 18pt }
p { margin: 0 0 5pt; text-align: justify } .fn { float: footnote; font-size: 8pt }
</style></head><body><div class="cols">`)
	for i := range paras {
		fn := ""
		if i%2 == 0 {
			fn = fmt.Sprintf(`<span class="fn">Footnote to paragraph %d. %s</span>`, i+1, strings.Repeat("A note runs on. ", 1+i%20/10*8))
		}
		fmt.Fprintf(&sb, "<p>Paragraph %d.%s %s</p>", i+1, fn, strings.Repeat("Columns of words flow from the bottom of one column to the top of the next, around the notes. ", 14))
	}
	sb.WriteString("</div></body></html>")
	return []byte(sb.String())
}

// BenchmarkFootnotePages converts two-column documents with two
// footnotes a page, of about 50, 100 and 200 pages: the time per page
// should stay the same (each page is laid out a bounded number of times
// to fit its footnotes, maxFootnoteAttempts).
func BenchmarkFootnotePages(b *testing.B) {
	for _, paras := range []int{200, 400, 800} {
		src := footnoteColumnsDoc(paras)
		res := convert(b, src, folio.Options{})
		b.Run(fmt.Sprintf("%d-pages", res.Pages), func(b *testing.B) {
			runtime.GC()
			b.ResetTimer()
			c0 := cpuTime()
			for range b.N {
				convert(b, src, folio.Options{})
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N*res.Pages), "ms/page")
			b.ReportMetric(float64((cpuTime()-c0).Microseconds())/1000/float64(b.N*res.Pages), "cpu-ms/page")
		})
	}
}
