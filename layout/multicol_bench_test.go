package layout_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/seed28491532/folio"
)

// twoColumnDoc is an A4 document of paras paragraphs of about five
// lines (at a column's width) in a two-column multicol with a rule,
// with a spanning heading every 40 paragraphs.
func twoColumnDoc(paras int) []byte {
	var sb strings.Builder
	sb.WriteString(`<!doctype html><html lang="en"><head><title>Columns</title><style>
body { font: 10pt/1.3 serif } .cols { columns: 2; column-gap: 18pt; column-rule: 0.5pt solid #888 }
h2 { column-span: all; font-size: 13pt; margin: 8pt 0 4pt } p { margin: 0 0 5pt; text-align: justify }
</style></head><body><div class="cols">`)
	for i := range paras {
		if i%40 == 0 {
			fmt.Fprintf(&sb, "<h2>Section %d</h2>", i/40+1)
		}
		fmt.Fprintf(&sb, "<p>Paragraph %d. %s</p>", i+1, strings.Repeat("Columns of words flow from the bottom of one column to the top of the next. ", 3))
	}
	sb.WriteString("</div></body></html>")
	return []byte(sb.String())
}

// BenchmarkMulticolPages converts two-column documents of 25, 50 and
// 100 pages: the time per page should stay the same (only the last
// column set of the document is balanced; full pages are laid out once).
func BenchmarkMulticolPages(b *testing.B) {
	for _, paras := range []int{500, 1000, 2000} {
		src := twoColumnDoc(paras)
		res := convert(b, src, folio.Options{})
		b.Run(fmt.Sprintf("%d-pages", res.Pages), func(b *testing.B) {
			runtime.GC()
			b.ResetTimer()
			for range b.N {
				convert(b, src, folio.Options{})
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N*res.Pages), "ms/page")
		})
	}
}
