package style

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// TestPreconvertSame checks that a document whose large stylesheet is
// parsed and converted on several goroutines gets the styles and the
// diagnostics (same order; none for rules under media queries that do not
// apply) of a single-goroutine Compute.
func TestPreconvertSame(t *testing.T) {
	var b strings.Builder
	b.WriteString("<style>@layer a, b;\n")
	for i := range 600 {
		switch i % 6 {
		case 0:
			fmt.Fprintf(&b, ".c%d { color: #%06x; margin: 1pt %dpt; bogus-%d: 1 }\n", i%50, i*7919%0xffffff, i%9, i)
		case 1:
			fmt.Fprintf(&b, "@media screen { .c%d { color: nope-%d } }\n", i%50, i)
		case 2:
			fmt.Fprintf(&b, "@media print { section.c%d p { font-size: %dpt; width: -%dpx } }\n", i%50, i%20+6, i)
		case 3:
			fmt.Fprintf(&b, "@layer b { li.c%d b { font-weight: 700; border: %dpx solid var(--x, red) } }\n", i%50, i%4)
		case 4:
			fmt.Fprintf(&b, "p.c%d em { letter-spacing: 0.%dem; padding: 1pt 2pt 3pt 4pt 5pt }\n", i%50, i%10)
		default:
			fmt.Fprintf(&b, "@supports (display: grid) { a.c%d { text-decoration: underline; color: var(--accent) } }\n", i%50)
		}
	}
	b.WriteString("</style>")
	doc := parseHTML(t, strings.Replace(benchDoc(2000), "<title>bench</title>", "<title>bench</title>"+b.String(), 1))
	seq, err := computeStyles(context.Background(), doc, Options{}, computeConfig{workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(seq.Diagnostics()) < 100 {
		t.Fatalf("%d diagnostics: the sheet should have problems", len(seq.Diagnostics()))
	}
	for _, d := range seq.Diagnostics() {
		if strings.Contains(d.Message, "nope") {
			t.Fatalf("rule under @media screen reported: %v", d)
		}
	}
	for _, workers := range []int{2, 4} {
		par, err := computeStyles(context.Background(), doc, Options{}, computeConfig{workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		sameStyles(t, fmt.Sprintf("%d workers", workers), par, seq)
	}
}
