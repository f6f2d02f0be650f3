package pdfua

import (
	"math"
	"strconv"
	"strings"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// outlineItem is one bookmark, kept compact until Write (a long
// document has one for every heading): the page by its index, the level
// negated when the item starts closed.
type outlineItem struct {
	title string
	y     float64
	page  int32
	lv    int32 // level; negative: the item starts closed
}

func (it *outlineItem) level() int32 { return max(it.lv, -it.lv) }
func (it *outlineItem) closed() bool { return it.lv < 0 }

// outlineChunk is the number of items of each block of an outlineList.
const outlineChunk = 512

// outlineList holds the outline items in blocks of outlineChunk, so a
// long document's list grows by a block at a time rather than doubling
// (and copying) a slice of them all.
type outlineList struct {
	blocks [][]outlineItem
	n      int
}

func (l *outlineList) add(it outlineItem) {
	if l.n%outlineChunk == 0 {
		l.blocks = append(l.blocks, make([]outlineItem, 0, outlineChunk))
	}
	b := &l.blocks[len(l.blocks)-1]
	*b = append(*b, it)
	l.n++
}

func (l *outlineList) len() int { return l.n }

func (l *outlineList) at(i int) *outlineItem {
	return &l.blocks[i/outlineChunk][i%outlineChunk]
}

// AddOutline appends a bookmark at level (1 for top level) pointing at y
// on page. Items nest by level: an item is the child of the closest
// preceding item with a smaller level, so headings can be passed in
// document order (a skipped level nests under the last shallower item).
// Outlines make the viewer open with the bookmarks panel (/PageMode
// /UseOutlines).
func (d *Document) AddOutline(title string, level int, page *Page, y float64) {
	d.AddOutlineItem(title, level, page, y, false)
}

// AddOutlineItem is AddOutline for an item that may start closed: its
// children are hidden until the reader opens it (a negative /Count).
// Levels run from 1 to math.MaxInt32.
func (d *Document) AddOutlineItem(title string, level int, page *Page, y float64, closed bool) {
	if d.err != nil {
		return
	}
	switch {
	case strings.TrimSpace(title) == "":
		d.failf("outline item with an empty title")
	case level < 1:
		d.failf("outline item %q has level %d; levels start at 1", title, level)
	case level > math.MaxInt32:
		d.failf("outline item %q has level %d; levels end at %d", title, level, math.MaxInt32)
	case page == nil || page.doc != d:
		d.failf("outline item %q points at a page of another document", title)
	default:
		lv := int32(level)
		if closed {
			lv = -lv
		}
		d.outlines.add(outlineItem{title: title, y: y, page: int32(page.index), lv: lv})
	}
}

// outlineLinks are the links of node i of the outline (0 the root, i
// the item i-1): its parent, previous and next siblings and last child
// by node number (0 for none, but the root's parent), and its /Count.
// Its first child, when it has one, is node i+1.
type outlineLinks struct {
	parent, prev, next, last, count int32
}

// outlineLinks computes the links of the outline's nodes from the flat
// list of items: one pass forward with the stack of open ancestors for
// the siblings, one backward for the counts (a node's descendants come
// after it).
func (d *Document) outlineLinks() []outlineLinks {
	n := d.outlines.len()
	links := make([]outlineLinks, n+1)
	stack := make([]int32, 1, 16) // the root, then the open ancestors
	for i := 1; i <= n; i++ {
		lv := d.outlines.at(i - 1).level()
		for len(stack) > 1 && d.outlines.at(int(stack[len(stack)-1])-1).level() >= lv {
			stack = stack[:len(stack)-1]
		}
		p := stack[len(stack)-1]
		l := &links[i]
		l.parent = p
		if last := links[p].last; last != 0 {
			links[last].next, l.prev = int32(i), last
		}
		links[p].last = int32(i)
		stack = append(stack, int32(i))
	}
	// a node's /Count is the number of its descendants visible when it
	// is open: its children, and theirs below the open ones (PDF
	// 32000-1 §12.3.3: a closed item's is that number negated)
	for i := n; i >= 1; i-- {
		c := int32(1)
		if !d.outlines.at(i - 1).closed() {
			c += links[i].count
		}
		links[links[i].parent].count += c
	}
	for i := 1; i <= n; i++ {
		if d.outlines.at(i - 1).closed() {
			links[i].count = -links[i].count
		}
	}
	return links
}

// outlineTree sets the outline's objects, root first and then the
// items in document order, written from the items and their links when
// the file is assembled, and returns the outline root.
func (b *builder) outlineTree() pdfobj.Ref {
	n := b.d.outlines.len()
	links := b.d.outlineLinks()
	root := b.w.Alloc()
	for range n {
		b.w.Alloc()
	}
	b.w.SetFunc(root, n+1, 160*n, func(buf []byte, i int) []byte {
		return b.appendOutlineNode(buf, root.Num, i, links)
	})
	return root
}

// appendOutlineNode appends the dictionary of node i of the outline
// whose root is object root, its keys in order.
func (b *builder) appendOutlineNode(buf []byte, root, i int, links []outlineLinks) []byte {
	l := &links[i]
	ref := func(buf []byte, key string, node int32) []byte {
		return appendRef(append(buf, key...), pdfobj.Ref{Num: root + int(node)})
	}
	buf = append(buf, "<<"...)
	if l.last != 0 {
		buf = strconv.AppendInt(append(buf, "/Count "...), int64(l.count), 10)
	}
	if i == 0 {
		buf = ref(buf, "/First ", 1)
		buf = ref(buf, "/Last ", l.last)
		return append(buf, "/Type /Outlines>>"...)
	}
	it := b.d.outlines.at(i - 1)
	buf = appendRef(append(buf, "/Dest ["...), b.pageRef(int(it.page)))
	buf = pdfobj.AppendReal(append(buf, " /XYZ 0 "...), it.y)
	buf = append(buf, " null]"...)
	if l.last != 0 {
		buf = ref(buf, "/First ", int32(i+1))
		buf = ref(buf, "/Last ", l.last)
	}
	if l.next != 0 {
		buf = ref(buf, "/Next ", l.next)
	}
	buf = ref(buf, "/Parent ", l.parent)
	if l.prev != 0 {
		buf = ref(buf, "/Prev ", l.prev)
	}
	buf = pdfobj.AppendObject(append(buf, "/Title "...), pdfobj.TextString(it.title))
	return append(buf, ">>"...)
}
