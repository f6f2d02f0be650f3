package layout

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// dumpSink dumps each page handed on: its number, body and margin boxes.
type dumpSink struct {
	sb     strings.Builder
	tot    Totals
	starts int
}

func (d *dumpSink) Start(t Totals) error {
	d.tot = t
	d.starts++
	return nil
}

func (d *dumpSink) Page(p *Page) error {
	fmt.Fprintf(&d.sb, "page %d number %d\n", p.Index+1, p.Number)
	if p.Root != nil {
		dumpFrag(&d.sb, p.Root, 1)
	}
	for _, m := range p.Margins {
		dumpFrag(&d.sb, m, 1)
	}
	return nil
}

// TestKeptPagesSameAsLaidOutAgain checks that the pages PaginateEach hands
// on from its counting pass (a short document) are those it lays out
// again when it keeps none (a long one): the body, the page numbers, the
// margin boxes with counter(pages) and running strings, and leaders
// filled by target-counter().
func TestKeptPagesSameAsLaidOutAgain(t *testing.T) {
	var sb strings.Builder
	sb.WriteString(`<style>@page { size: 200pt 160pt; margin: 30pt 20pt;
	@top-center { content: string(title) } @bottom-center { content: counter(page) " / " counter(pages) } }
	h1 { string-set: title content(); break-before: page } a::after { content: leader('.') target-counter(attr(href), page) }</style>
	<nav>`)
	for i := 1; i <= 12; i++ {
		fmt.Fprintf(&sb, `<p><a href="#c%d">Chapter %d</a></p>`, i, i)
	}
	sb.WriteString(`</nav>`)
	for i := 1; i <= 12; i++ {
		fmt.Fprintf(&sb, `<h1 id="c%d">Chapter %d</h1>`, i, i)
		for range i % 4 {
			sb.WriteString(`<p>Survey teams measured soil depth, water flow and station records along the river basin.</p>`)
		}
	}
	src := sb.String()
	run := func(keep int) *dumpSink {
		tree, st := boxTree(t, src)
		d := &dumpSink{}
		sum, err := paginateEach(context.Background(), tree, Options{Shaper: fixedShaper{}, Pages: st}, d, keep)
		if err != nil {
			t.Fatal(err)
		}
		if d.starts != 1 || sum.Pages != d.tot.Pages {
			t.Fatalf("keep %d: %d starts, %d pages laid out, %d counted", keep, d.starts, sum.Pages, d.tot.Pages)
		}
		return d
	}
	kept, again := run(keepPages), run(0)
	if kept.tot.Pages < 13 {
		t.Fatalf("the document has %d pages, want at least 13", kept.tot.Pages)
	}
	if kept.sb.String() != again.sb.String() {
		t.Errorf("pages kept from the counting pass differ from pages laid out again:\nkept:\n%s\nagain:\n%s", kept.sb.String(), again.sb.String())
	}
	if !strings.Contains(kept.sb.String(), fmt.Sprintf(`"%d / %d"`, kept.tot.Pages, kept.tot.Pages)) {
		t.Errorf("no margin box shows the page count %d:\n%s", kept.tot.Pages, kept.sb.String())
	}
}
