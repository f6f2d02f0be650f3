package layout

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/seed28491532/folio/layout/box"
)

// heapSink is a LateSink that reads the live heap when pages at are
// handed on.
type heapSink struct {
	at   []int
	heap []uint64
	late int
	// margins dumps the last page's margin boxes
	margins strings.Builder
}

func (s *heapSink) Start(Totals) error { return nil }

func (s *heapSink) Page(p *Page) error {
	if len(s.heap) < len(s.at) && p.Index == s.at[len(s.heap)] {
		var ms runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&ms)
		s.heap = append(s.heap, ms.HeapAlloc)
	}
	return nil
}

func (s *heapSink) Margins(p *Page) error {
	s.late++
	s.margins.Reset()
	for _, m := range p.Margins {
		dumpFrag(&s.margins, m, 1)
	}
	return nil
}

// keptDoc is a report of one section: a chapter heading setting a named
// string shown in the page's header, a table of rows, and "Page N of M"
// in the footer, so that its margin boxes are laid out after its last
// page. feedSections repeats the section, with 32 texts of its own.
const keptDoc = `<style>@page { size: 300pt 400pt; margin: 30pt 20pt;
	@top-center { content: string(chapter) } @bottom-center { content: "Page " counter(page) " of " counter(pages) } }
	h2 { string-set: chapter content(); break-before: page } td { padding: 1pt 2pt }</style>
	<section><h2>Chapter</h2><p>Station records of the basin.</p><table>
	<tr><td>Station</td><td>north</td><td>Depth</td><td>Flow</td><td>Note</td><td>mm</td></tr>
	<tr><td>Station</td><td>south</td><td>Depth</td><td>Flow</td><td>Note</td><td>mm</td></tr>
	<tr><td>Station</td><td>east</td><td>Depth</td><td>Flow</td><td>Note</td><td>mm</td></tr>
	<tr><td>Station</td><td>west</td><td>Depth</td><td>Flow</td><td>Note</td><td>mm</td></tr>
	<tr><td>Station</td><td>north</td><td>Depth</td><td>Flow</td><td>Note</td><td>mm</td></tr>
	<tr><td>Station</td><td>south</td><td>Depth</td><td>Flow</td><td>Note</td><td>mm</td></tr>
	<tr><td>Station</td><td>east</td><td>Depth</td><td>Flow</td><td>Note</td><td>mm</td></tr>
	<tr><td>Station</td><td>west</td><td>Depth</td><td>Flow</td><td>Note</td><td>mm</td></tr>
	</table></section>`

// TestLongDocumentKeepsLittlePerPage checks that a long document given
// to a LateSink a section at a time, each section made as layout asks
// for it, holds little more at its 1,857th page than at its 321st: the
// pages whose margin boxes wait for the page count, the stand-ins of the
// sections let go and the texts met (32 new ones a page) cost layout
// under 400 bytes a page (9.3 KB before the text cache had generations
// and the late pages were kept as records, 538 bytes before the records
// were kept in chunks, their named strings derived from the page before
// and the stand-ins of look-alike sections shared: 316 now). The pages
// are 12 times 128 sections apart, 128 being the text cache's
// generation of 4,096 texts: both are as far into one.
func TestLongDocumentKeepsLittlePerPage(t *testing.T) {
	if testing.Short() {
		t.Skip("lays out 1,900 pages")
	}
	const n = 1900
	tree, st := boxTree(t, keptDoc)
	feedSections(t, tree, n)
	s := &heapSink{at: []int{320, 1856}}
	sum, err := paginateEach(context.Background(), tree, Options{Shaper: fixedShaper{}, Pages: st, MaxPages: 2 * n}, s, 3)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Pages != n || s.late != n || len(s.heap) != 2 {
		t.Fatalf("%d sections: %d pages, %d with late margin boxes, %d heap readings; want %d, %d, 2", n, sum.Pages, s.late, len(s.heap), n, n)
	}
	for _, want := range []string{`"Chapter 1900"`, `"Page 1900 of 1900"`} {
		if !strings.Contains(s.margins.String(), want) {
			t.Errorf("the last page's margin boxes do not show %s:\n%s", want, s.margins.String())
		}
	}
	perPage := (float64(s.heap[1]) - float64(s.heap[0])) / float64(s.at[1]-s.at[0])
	t.Logf("live heap: page %d %.0f KB, page %d %.0f KB: %.0f bytes a page", s.at[0]+1, float64(s.heap[0])/1024, s.at[1]+1, float64(s.heap[1])/1024, perPage)
	if perPage > 400 {
		t.Errorf("layout keeps %.0f bytes a page of a long document, want at most 400", perPage)
	}
}

// feedSections gives the body n copies of its one child, one at a time
// as layout asks (box.Box.SetGrow), each made when asked, its chapter
// title (a named string) and its station names, depths, flows and notes
// its own (texts met once).
func feedSections(t *testing.T, tree *box.Tree, n int) {
	t.Helper()
	var body *box.Box
	for _, c := range tree.Root.Children {
		if c.Tag() == "body" {
			body = c
		}
	}
	if body == nil || len(body.Children) != 1 {
		t.Fatal("no body box with one child")
	}
	section := body.Children[0]
	body.Children = nil
	made, texts := 0, 0
	var clone func(b, parent *box.Box) *box.Box
	clone = func(b, parent *box.Box) *box.Box {
		c := new(box.Box)
		*c = *b
		if strs := b.Strings(); len(strs) > 0 {
			// the chapter's own title in the page header: a box of its
			// own extras (a copy shares them)
			c = &box.Box{Kind: b.Kind, Pseudo: b.Pseudo, Anonymous: b.Anonymous, Node: b.Node, Style: b.Style, Text: b.Text, Index: b.Index}
			*c.SetRare() = *b.SetRare()
			c.SetRare().Strings = []box.NamedString{{Name: strs[0].Name, Value: fmt.Sprintf("%s %d", strs[0].Value, made)}}
		}
		c.Parent = parent
		switch b.Text {
		case "Station", "Depth", "Flow", "Note":
			texts++
			c.Text = fmt.Sprintf("%s %d", b.Text, texts)
		}
		c.Children = make([]*box.Box, len(b.Children))
		for i, k := range b.Children {
			c.Children[i] = clone(k, c)
		}
		return c
	}
	body.SetGrow(func() bool {
		if made == n {
			return false
		}
		made++
		body.Children = append(body.Children, clone(section, body))
		return true
	})
}
