package render

import (
	"context"
	"fmt"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/seed28491532/folio/fonts"
)

// tableHTML is a report table of rows×6 cells with a repeated header.
func tableHTML(rows int) string {
	var sb strings.Builder
	sb.WriteString(`<!doctype html><html lang="en"><title>Bench</title><style>
table { border-collapse: collapse; width: 100% } th, td { border: 1px solid #666; padding: 2pt 4pt }
thead th { background: #dde } tr { break-inside: avoid }</style><body><table><caption>Readings</caption>
<thead><tr><th>Site</th><th>Depth</th><th>Flow</th><th>Trend</th><th>Team</th><th>Note</th></tr></thead><tbody>`)
	for i := 0; i < rows; i++ {
		fmt.Fprintf(&sb, "<tr><th scope=row>Site %04d</th><td>%d.%d</td><td>%d</td><td>rising</td><td>north</td><td>sample %d</td></tr>\n", i, i%40, i%10, i*7%1000, i)
	}
	sb.WriteString("</tbody></table></body></html>")
	return sb.String()
}

// BenchmarkTableConvert converts a 6-column table of 500, 2,000 and
// 8,000 rows from HTML to PDF (cascade, boxes, layout, display lists,
// PDF): time should grow linearly with the rows.
func BenchmarkTableConvert(b *testing.B) {
	reg := fonts.NewRegistry(fonts.Options{})
	for _, rows := range []int{500, 2000, 8000} {
		src := tableHTML(rows)
		b.Run(fmt.Sprintf("rows=%d", rows), func(b *testing.B) {
			b.ReportAllocs()
			pages := 0
			c0 := cpuTime()
			for b.Loop() {
				ctx := context.Background()
				tree, ld := layoutHTML(b, reg, src)
				res, err := Render(ctx, tree, ld, displayLists(b, ld), Options{Title: "t", Lang: "en"})
				if err != nil {
					b.Fatal(err)
				}
				pages = res.Pages
			}
			b.ReportMetric(float64(pages), "pages")
			// CPU time too: wall time is noisy on a loaded machine
			b.ReportMetric(float64((cpuTime()-c0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
		})
	}
}

// BenchmarkTableRender isolates this package's part of a table
// conversion: the structure tree and the painting of the display lists
// of a laid-out 2,000-row, 6-column table, and the PDF writing (with
// BenchmarkTableBuildDisplay, the display-list building).
func BenchmarkTableRender(b *testing.B) {
	tree, ld := layoutHTML(b, fonts.NewRegistry(fonts.Options{}), tableHTML(2000))
	lists := displayLists(b, ld)
	b.ReportAllocs()
	c0 := cpuTime()
	for b.Loop() {
		if _, err := Render(context.Background(), tree, ld, lists, Options{Title: "t", Lang: "en"}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64((cpuTime()-c0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
}

// BenchmarkTableBuildDisplay builds the display lists of a laid-out
// 2,000-row, 6-column table.
func BenchmarkTableBuildDisplay(b *testing.B) {
	_, ld := layoutHTML(b, fonts.NewRegistry(fonts.Options{}), tableHTML(2000))
	b.ReportAllocs()
	c0 := cpuTime()
	for b.Loop() {
		displayLists(b, ld)
	}
	b.ReportMetric(float64((cpuTime()-c0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
}

// cpuTime is the process's user+system CPU time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
