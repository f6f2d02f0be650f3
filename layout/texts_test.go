package layout

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// TestTextGenerations checks that the text cache keeps at most two
// generations of texts, and that how often it lets one go changes
// nothing of the pages: a table whose cells repeat some values (met
// again from the generation before) among values shown once, and
// paragraphs repeating a text, laid out with generations of 1, 3 and 50
// texts give the pages of the default generation.
func TestTextGenerations(t *testing.T) {
	var sb strings.Builder
	sb.WriteString(`<style>@page { size: 300pt 200pt; margin: 20pt } td { padding: 1pt 3pt }</style><table>`)
	for i := range 120 {
		fmt.Fprintf(&sb, `<tr><td>Row %d</td><td>%s</td><td>%d.%02d</td><td>EUR</td></tr>`, i, []string{"Paid", "Due", "Overdue and reminded"}[i%3], i*37%1000, i%100)
	}
	sb.WriteString(`</table>`)
	for i := range 40 {
		fmt.Fprintf(&sb, `<p>Note %d</p><p>See the terms of payment.</p>`, i%7)
	}
	src := sb.String()
	run := func(gen int) (string, int) {
		tree, st := boxTree(t, src)
		l := newLayouter(context.Background(), Options{Shaper: fixedShaper{}, Pages: st})
		l.texts.generation = gen
		doc, err := l.paginate(tree, Options{Shaper: fixedShaper{}, Pages: st})
		if err != nil {
			t.Fatal(err)
		}
		var d dumpSink
		var out strings.Builder
		for _, p := range doc.Pages {
			d.dump(&out, p)
		}
		return out.String(), len(l.texts.texts) + len(l.texts.old)
	}
	want, n := run(0)
	if n < 200 {
		t.Fatalf("the default generation holds %d texts, want the document's (at least 200)", n)
	}
	for _, gen := range []int{1, 3, 50} {
		got, kept := run(gen)
		if kept > 2*gen {
			t.Errorf("generation %d: %d texts kept, want at most %d", gen, kept, 2*gen)
		}
		sameDumps(t, want, got, "default generation", fmt.Sprintf("generation %d", gen))
	}
}
