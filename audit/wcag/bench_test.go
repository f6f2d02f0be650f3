package wcag

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/style"
)

// syntheticDoc builds a document of about n elements: sections with
// headings, paragraphs with links and emphasis, figures, lists and tables,
// styled by a small stylesheet.
func syntheticDoc(n int) []byte {
	var b strings.Builder
	b.WriteString(`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Synthetic</title>
<style>body{font:11pt serif;color:#222} h2{color:#035} .note{background:#eef3ee} th{background:#dde} a{color:#0645ad}</style>
</head><body><h1>Synthetic report</h1>`)
	count := 8
	for s := 0; count < n; s++ {
		fmt.Fprintf(&b, "<section id=\"s%d\"><h2>Section %d</h2>\n", s, s)
		for p := 0; p < 4; p++ {
			fmt.Fprintf(&b, "<p class=\"note\">Paragraph %d with <a href=\"#s%d\">a link to section %d</a> and <em>emphasis</em>.</p>\n", p, s, s)
		}
		fmt.Fprintf(&b, "<figure><img src=\"f%d.png\" alt=\"Chart %d of readings\"><figcaption>Figure %d</figcaption></figure>\n", s, s, s)
		b.WriteString("<ul><li>One</li><li>Two</li><li>Three</li></ul>\n")
		b.WriteString("<table><caption>Values</caption><thead><tr><th scope=\"col\">Site</th><th scope=\"col\">Value</th></tr></thead><tbody>")
		for r := 0; r < 3; r++ {
			fmt.Fprintf(&b, "<tr><th scope=\"row\">Site %d</th><td>%d</td></tr>", r, r*7)
		}
		b.WriteString("</tbody></table></section>\n")
		count += 2 + 4*3 + 3 + 4 + 1 + 1 + 1 + 3 + 1 + 3*3
	}
	b.WriteString("</body></html>")
	return []byte(b.String())
}

func countElements(doc *html.Node) int {
	n := 0
	for range elements(doc) {
		n++
	}
	return n
}

// BenchmarkAudit5000 measures the rules on a parsed 5,000-element document
// with its computed styles (parsing and the cascade excluded).
func BenchmarkAudit5000(b *testing.B) {
	src := syntheticDoc(5000)
	doc, err := html.Parse(bytes.NewReader(src))
	if err != nil {
		b.Fatal(err)
	}
	styles, err := style.Compute(context.Background(), doc, style.Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	cpu := startCPU(b)
	for b.Loop() {
		rep, err := Audit(context.Background(), doc, src, styles, Options{})
		if err != nil || rep.Score != 100 {
			b.Fatalf("score %d, err %v: %v", rep.Score, err, rep.Errors)
		}
	}
	cpu.report()
	b.ReportMetric(float64(countElements(doc)), "elements")
}

// BenchmarkAuditHTML5000 measures the whole HTML audit of a 5,000-element
// document: parsing, the cascade, positions and the rules.
func BenchmarkAuditHTML5000(b *testing.B) {
	src := syntheticDoc(5000)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	cpu := startCPU(b)
	for b.Loop() {
		if _, err := AuditHTML(context.Background(), src, Options{}); err != nil {
			b.Fatal(err)
		}
	}
	cpu.report()
}

// BenchmarkAuditCorpus measures the full audit of the field survey.
func BenchmarkAuditCorpus(b *testing.B) {
	src := readCorpus(b, "field-survey.html")
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	cpu := startCPU(b)
	for b.Loop() {
		if _, err := AuditHTML(context.Background(), src, Options{}); err != nil {
			b.Fatal(err)
		}
	}
	cpu.report()
}

// cpuClock reports the process CPU time (user + system) per iteration as
// cpu-ns/op next to the wall time: on a loaded machine the wall time
// mostly measures waiting for a CPU.
type cpuClock struct {
	b     *testing.B
	start time.Duration
}

func startCPU(b *testing.B) cpuClock { return cpuClock{b, processCPU()} }

func (c cpuClock) report() {
	if c.b.N > 0 {
		c.b.ReportMetric(float64(processCPU()-c.start)/float64(c.b.N), "cpu-ns/op")
	}
}

func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
