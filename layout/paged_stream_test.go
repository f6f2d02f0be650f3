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
	d.dump(&d.sb, p)
	return nil
}

// dump writes page p's number, body and margin boxes to sb.
func (d *dumpSink) dump(sb *strings.Builder, p *Page) {
	fmt.Fprintf(sb, "page %d number %d\n", p.Index+1, p.Number)
	if p.Root != nil {
		dumpFrag(sb, p.Root, 1)
	}
	for _, m := range p.Margins {
		dumpFrag(sb, m, 1)
	}
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

// lateDumpSink dumps each page's body when handed on and its margin
// boxes, whenever they come, by page.
type lateDumpSink struct {
	bodies, margins map[int]string
	late            []int
}

func (d *lateDumpSink) Start(Totals) error { return nil }

func (d *lateDumpSink) Page(p *Page) error {
	var sb strings.Builder
	fmt.Fprintf(&sb, "page %d number %d\n", p.Index+1, p.Number)
	if p.Root != nil {
		dumpFrag(&sb, p.Root, 1)
	}
	d.bodies[p.Index] = sb.String()
	d.margin(p)
	return nil
}

func (d *lateDumpSink) margin(p *Page) {
	var sb strings.Builder
	for _, m := range p.Margins {
		dumpFrag(&sb, m, 1)
	}
	d.margins[p.Index] += sb.String()
}

func (d *lateDumpSink) Margins(p *Page) error {
	if p.Root != nil || p.Decorations != 0 {
		return fmt.Errorf("page %d: margin boxes handed on late with a body or decorations", p.Index+1)
	}
	d.late = append(d.late, p.Index)
	d.margin(p)
	return nil
}

// TestLateMarginBoxes checks that a LateSink gets a document longer than
// the pages kept laid out once: each page's body, then the margin boxes
// showing counter(pages) after the last page, the same as those laid out
// with their page when the document is short enough to keep.
func TestLateMarginBoxes(t *testing.T) {
	var sb strings.Builder
	sb.WriteString(`<style>@page { size: 200pt 160pt; margin: 30pt 20pt;
	@top-center { content: string(title) } @bottom-center { content: counter(page) " / " counter(pages) } }
	@page :first { @bottom-center { content: none } }
	h1 { string-set: title content(); break-before: page }</style>`)
	for i := 1; i <= 12; i++ {
		fmt.Fprintf(&sb, `<h1>Chapter %d</h1>`, i)
		for range i % 4 {
			sb.WriteString(`<p>Survey teams measured soil depth, water flow and station records along the river basin.</p>`)
		}
	}
	run := func(keep int) (*lateDumpSink, int) {
		tree, st := boxTree(t, sb.String())
		d := &lateDumpSink{bodies: map[int]string{}, margins: map[int]string{}}
		sum, err := paginateEach(context.Background(), tree, Options{Shaper: fixedShaper{}, Pages: st}, d, keep)
		if err != nil {
			t.Fatal(err)
		}
		return d, sum.Pages
	}
	kept, n := run(keepPages)
	late, n2 := run(3)
	if n != n2 || n < 13 {
		t.Fatalf("%d pages kept, %d late; want the same, at least 13", n, n2)
	}
	if len(kept.late) != 0 || len(late.late) != n-1 {
		t.Errorf("margin boxes late: %d pages kept, %d of %d streamed; want 0 and all but the first", len(kept.late), len(late.late), n)
	}
	for i := range n {
		if kept.bodies[i] != late.bodies[i] || kept.margins[i] != late.margins[i] {
			t.Errorf("page %d differs:\nkept:\n%s%s\nlate:\n%s%s", i+1, kept.bodies[i], kept.margins[i], late.bodies[i], late.margins[i])
		}
	}
	if want := fmt.Sprintf(`"%d / %d"`, n, n); !strings.Contains(late.margins[n-1], want) {
		t.Errorf("last page's margin boxes:\n%s\nwant %s", late.margins[n-1], want)
	}
}
