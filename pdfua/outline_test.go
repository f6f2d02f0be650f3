package pdfua

import (
	"bytes"
	"io"
	"math"
	"math/rand/v2"
	"runtime"
	"sort"
	"testing"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// refOutlineDicts is the outline as it was written before the compact
// items: a node tree with child lists and a recursive count, node 0 the
// root (object root), node i the item i-1 (object root+i).
func refOutlineDicts(d *Document, root int, pageRefs []pdfobj.Ref) []pdfobj.Dict {
	type node struct {
		item     *outlineItem
		parent   int
		children []int
	}
	nodes := []node{{parent: -1}}
	stack := []int{0}
	for i := range d.outlines.len() {
		it := d.outlines.at(i)
		for len(stack) > 1 && nodes[stack[len(stack)-1]].item.level() >= it.level() {
			stack = stack[:len(stack)-1]
		}
		parent := stack[len(stack)-1]
		nodes = append(nodes, node{item: it, parent: parent})
		nodes[parent].children = append(nodes[parent].children, len(nodes)-1)
		stack = append(stack, len(nodes)-1)
	}
	ref := func(i int) pdfobj.Ref { return pdfobj.Ref{Num: root + i} }
	var count func(i int) int
	count = func(i int) int {
		c := len(nodes[i].children)
		for _, k := range nodes[i].children {
			if !nodes[k].item.closed() {
				c += count(k)
			}
		}
		return c
	}
	dicts := make([]pdfobj.Dict, len(nodes))
	for i, n := range nodes {
		dict := pdfobj.Dict{}
		if i == 0 {
			dict["Type"] = pdfobj.Name("Outlines")
		} else {
			dict["Title"] = pdfobj.TextString(n.item.title)
			dict["Parent"] = ref(n.parent)
			dict["Dest"] = pdfobj.Array{pageRefs[n.item.page], pdfobj.Name("XYZ"), pdfobj.Real(0), pdfobj.Real(n.item.y), pdfobj.Null{}}
			sib := nodes[n.parent].children
			pos := sort.SearchInts(sib, i)
			if pos > 0 {
				dict["Prev"] = ref(sib[pos-1])
			}
			if pos+1 < len(sib) {
				dict["Next"] = ref(sib[pos+1])
			}
		}
		if len(n.children) > 0 {
			dict["First"] = ref(n.children[0])
			dict["Last"] = ref(n.children[len(n.children)-1])
			c := count(i)
			if i > 0 && n.item.closed() {
				c = -c
			}
			dict["Count"] = pdfobj.Int(c)
		}
		dicts[i] = dict
	}
	return dicts
}

// TestOutlineSameBytes checks that the outline's objects, written from
// the flat list of items and their links, are the bytes of the
// dictionaries of the node tree they were written from before: over
// random outlines with skipped levels, levels going back up by several,
// closed items and titles needing escapes or UTF-16.
func TestOutlineSameBytes(t *testing.T) {
	titles := []string{"A", "B (b)", "Ça", "x\\y", "日本"}
	for _, n := range []int{1, 2, 7, 100, 1500} {
		rng := rand.New(rand.NewPCG(uint64(n), 1))
		d := newTestDoc()
		pages := []*Page{d.AddPage(100, 100), d.AddPage(200, 300)}
		for i := range n {
			level := 1 + rng.IntN(5)
			if i == 0 {
				level = 1 + rng.IntN(2)
			}
			d.AddOutlineItem(titles[rng.IntN(len(titles))], level, pages[i%2], rng.Float64()*300, rng.IntN(3) == 0)
		}
		if err := d.Err(); err != nil {
			t.Fatal(err)
		}
		const root = 40
		b := &builder{d: d, pageRefs: []pdfobj.Ref{{Num: 3}, {Num: 9}}}
		links := d.outlineLinks()
		want := refOutlineDicts(d, root, b.pageRefs)
		for i := range n + 1 {
			got := b.appendOutlineNode(nil, root, i, links)
			if w := pdfobj.AppendObject(nil, want[i]); !bytes.Equal(got, w) {
				t.Fatalf("%d items: node %d is\n%s\nwant\n%s", n, i, got, w)
			}
		}
	}
}

// TestOutlineBytesPerHeading bounds what the outline holds of each
// heading (issue 24): the live heap grows by less than maxItem bytes an
// item added, and Write's links by less than maxLinks an item. Before,
// an item of 48 bytes in a slice that doubled and, at Write, a node
// with a child list and a dictionary for each kept about 2–5 MB for
// 10,000 headings, the peak of a long document.
func TestOutlineBytesPerHeading(t *testing.T) {
	const n, maxItem, maxLinks = 20000, 40, 24
	perItem, perLink := math.Inf(1), math.Inf(1)
	for range 3 { // the least of three: other goroutines only add
		i, l := outlineHeap(t, n)
		perItem, perLink = min(perItem, i), min(perLink, l)
	}
	t.Logf("%.1f bytes an item, %.1f bytes of links", perItem, perLink)
	if perItem > maxItem {
		t.Errorf("an outline item keeps %.1f bytes, more than %d", perItem, maxItem)
	}
	if perLink > maxLinks {
		t.Errorf("an outline item's links take %.1f bytes, more than %d", perLink, maxLinks)
	}
}

// outlineHeap returns the live heap an outline of n items adds by item,
// and what their links (at Write) add.
func outlineHeap(t *testing.T, n int) (perItem, perLink float64) {
	live := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	d := newTestDoc()
	p := d.AddPage(100, 100)
	before := live()
	for i := range n {
		d.AddOutlineItem("A heading", 1+i%4, p, 50, false)
	}
	after := live()
	links := d.outlineLinks()
	withLinks := live()
	runtime.KeepAlive(links)
	if err := d.Err(); err != nil {
		t.Fatal(err)
	}
	return (float64(after) - float64(before)) / float64(n), (float64(withLinks) - float64(after)) / float64(n)
}

// TestOutlineWriteBytesPerHeading bounds what Write allocates for the
// outline of a streamed document, a heading a page, by heading: less
// than maxWrite bytes (measured 113: the links, the titles as text
// strings). Before, a node tree with a Dict for each item and a pending
// object each allocated 1,017 bytes a heading.
func TestOutlineWriteBytesPerHeading(t *testing.T) {
	if testing.Short() {
		t.Skip("builds 10,000 pages")
	}
	const n, maxWrite = 5000, 200
	write := func(outline bool) uint64 {
		font := &fakeFont{name: "Fake"}
		d := newTestDoc()
		if err := d.StreamTo(io.Discard); err != nil {
			t.Fatal(err)
		}
		gl := glyphs(10, 11, 12)
		for range n {
			p := d.AddPage(300, 400)
			sect := d.Root().Add("Sect")
			p.BeginTagged(sect.Add("H1"))
			p.ShowText(TextRun{Font: font, Size: 4, X: 10, Y: 390, Text: "abc", Glyphs: gl})
			p.End()
			p.Finish()
			sect.Seal()
			if outline {
				d.AddOutline("Chapter 12. A heading of some length", 1, p, 390.25)
			}
		}
		d.early.Wait()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		if err := d.Write(io.Discard); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc
	}
	per := (float64(write(true)) - float64(write(false))) / n
	t.Logf("Write allocates %.0f bytes a heading", per)
	if per > maxWrite && !raceEnabled {
		t.Errorf("Write allocates %.0f bytes a heading for the outline, more than %d", per, maxWrite)
	}
}
