package layout

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"weak"

	"github.com/seed28491532/folio/layout/box"
)

// reachSink counts, when page at is handed on, the boxes still
// reachable from the root of the tree being laid out, and those still in
// memory: boxes holds a weak pointer to every box of the tree.
type reachSink struct {
	root  *box.Box
	boxes []weak.Pointer[box.Box]
	pages int
	// start is the count when the sink is started, last after page at;
	// distinct is the different boxes among those last (a stand-in
	// shared by slots counts once); alive is the boxes in memory then
	at, start, last, distinct, alive int
}

func countBoxes(root *box.Box) int {
	n := 0
	root.Walk(func(*box.Box) bool { n++; return true })
	return n
}

func (s *reachSink) Start(Totals) error {
	s.start = countBoxes(s.root)
	return nil
}

func (s *reachSink) Page(*Page) error {
	if s.pages++; s.pages != s.at {
		return nil
	}
	s.last = countBoxes(s.root)
	seen := map[*box.Box]bool{}
	s.root.Walk(func(b *box.Box) bool { seen[b] = true; return true })
	s.distinct = len(seen)
	runtime.GC()
	s.alive = 0
	for _, w := range s.boxes {
		if w.Value() != nil {
			s.alive++
		}
	}
	return nil
}

// TestDropFinishedBoxes checks issue 24's release of the box tree: once
// the pages of a section are handed on, the section's boxes are no
// longer reachable from the root, and no longer in memory, so a long
// document holds the boxes of the pages in progress rather than the whole
// tree. Counted, not timed: before, every box stayed reachable; with
// boxes allocated in blocks (box.Build), the boxes kept (a stand-in's
// parent, the section in progress) kept their blocks and, through their
// parents, blocks before them: 3,096 of 10,802 boxes (29 now). The
// 428 slots reachable at the end were 428 different boxes before
// look-alike sections shared a stand-in (30 now).
func TestDropFinishedBoxes(t *testing.T) {
	const sections = 400
	var sb strings.Builder
	sb.WriteString(`<style>@page { size: 300pt 300pt; margin: 20pt } section { break-before: page } td { border: 1px solid }</style>`)
	for i := range sections {
		fmt.Fprintf(&sb, `<section><h2>Part %d</h2><p>Readings of <em>station</em> %d along the river.</p><ul><li>depth</li><li>flow</li></ul>
		<table><tr><td>a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr></table></section>`, i, i)
	}
	for _, tc := range []struct {
		name string
		css  string
	}{
		{"laid out once", ""},
		{"counted first", `@page { @bottom-center { content: counter(page) " of " counter(pages) } }`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tree, st := boxTree(t, `<style>`+tc.css+`</style>`+sb.String())
			s := &reachSink{root: tree.Root, at: sections}
			tree.Root.Walk(func(b *box.Box) bool {
				s.boxes = append(s.boxes, weak.Make(b))
				return true
			})
			sum, err := PaginateEach(context.Background(), tree, Options{Shaper: fixedShaper{}, Pages: st}, s)
			if err != nil {
				t.Fatal(err)
			}
			if sum.Pages < sections {
				t.Fatalf("%d sections gave %d pages", sections, sum.Pages)
			}
			perSection := float64(s.start) / sections
			t.Logf("%d boxes reachable at the start (%.1f a section), %d at the last page (%d different); %d of %d in memory",
				s.start, perSection, s.last, s.distinct, s.alive, len(s.boxes))
			if perSection < 10 {
				t.Fatalf("%.1f boxes a section: the document is not what the test means", perSection)
			}
			// what stays: the root, body, each finished section's box
			// (its slot in the body) and the last section's subtree
			if max := 2*sections + int(perSection) + 10; s.last > max {
				t.Errorf("%d boxes reachable from the root after the last page, more than %d: finished sections are kept whole", s.last, max)
			}
			// the finished sections look alike: their slots share a
			// stand-in rather than keep a box each
			if max := int(perSection) + 40; s.distinct > max {
				t.Errorf("%d different boxes reachable after the last page, more than %d: finished sections keep a stand-in each", s.distinct, max)
			}
			// what a block of child slots still in use refers to stays
			// (a bounded number, not a share of the document)
			if s.alive > len(s.boxes)/10 {
				t.Errorf("%d of %d boxes still in memory after the last page, more than a tenth: finished boxes are kept", s.alive, len(s.boxes))
			}
		})
	}
}

// TestDropFinishedSameLayout checks that letting finished boxes go
// changes no page: a document with what is laid out after its parent's
// content (floats, positioned and fixed boxes, footnotes), table headers
// repeated on every page, lists and running strings lays out the same
// page by page (PaginateEach, dropping) as whole (Paginate, which keeps
// every box).
func TestDropFinishedSameLayout(t *testing.T) {
	var sb strings.Builder
	sb.WriteString(`<style>@page { size: 240pt 200pt; margin: 20pt; @top-center { content: string(t) } }
	h2 { string-set: t content() } .fx { position: fixed; top: 0; left: 0 }
	.fl { float: right; width: 40pt; height: 30pt } .rel { position: relative } .abs { position: absolute; top: 2pt; right: 2pt }
	.fn { float: footnote }</style><div class=fx>Header</div>`)
	for i := range 8 {
		fmt.Fprintf(&sb, `<section><h2>Part %d</h2><div class=rel><div class=abs>A%d</div><div class=fl>F%d</div>
		<p>Readings of the station along the river<span class=fn>Note %d.</span> and more text to wrap.</p></div>
		<div style="height:20pt"><div style="height:260pt">Overflowing %d</div></div><p>Beside the overflow</p>
		<div class=fl style="height:400pt">Tall float %d</div>
		<ol><li>depth</li><li>flow</li></ol><table><thead><tr><th>Head %d</th></tr></thead>`, i, i, i, i, i, i, i)
		for r := range 12 {
			fmt.Fprintf(&sb, `<tr><td>row %d of part %d</td></tr>`, r, i)
		}
		sb.WriteString(`</table></section>`)
	}
	src := sb.String()
	tree, st := boxTree(t, src)
	whole, err := Paginate(context.Background(), tree, Options{Shaper: fixedShaper{}, Pages: st})
	if err != nil {
		t.Fatal(err)
	}
	var want strings.Builder
	for _, p := range whole.Pages {
		(&dumpSink{}).dump(&want, p)
	}
	tree, st = boxTree(t, src)
	d := &dumpSink{}
	if _, err := PaginateEach(context.Background(), tree, Options{Shaper: fixedShaper{}, Pages: st}, d); err != nil {
		t.Fatal(err)
	}
	if len(whole.Pages) < 10 {
		t.Fatalf("%d pages, want at least 10", len(whole.Pages))
	}
	sameDumps(t, d.sb.String(), want.String(), "page by page", "whole")
}
