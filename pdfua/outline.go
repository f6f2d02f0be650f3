package pdfua

import (
	"sort"
	"strings"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// outlineItem is one bookmark.
type outlineItem struct {
	title  string
	level  int
	page   *Page
	y      float64
	closed bool
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
func (d *Document) AddOutlineItem(title string, level int, page *Page, y float64, closed bool) {
	if d.err != nil {
		return
	}
	switch {
	case strings.TrimSpace(title) == "":
		d.failf("outline item with an empty title")
	case level < 1:
		d.failf("outline item %q has level %d; levels start at 1", title, level)
	case page == nil || page.doc != d:
		d.failf("outline item %q points at a page of another document", title)
	default:
		d.outlines = append(d.outlines, outlineItem{title: title, level: level, page: page, y: y, closed: closed})
	}
}

// outlineTree writes the outline hierarchy and returns the outline root.
func (b *builder) outlineTree() pdfobj.Ref {
	type node struct {
		ref      pdfobj.Ref
		item     *outlineItem
		parent   int
		children []int
	}
	nodes := []node{{ref: b.w.Alloc(), parent: -1}}
	stack := []int{0}
	for i := range b.d.outlines {
		it := &b.d.outlines[i]
		for len(stack) > 1 && nodes[stack[len(stack)-1]].item.level >= it.level {
			stack = stack[:len(stack)-1]
		}
		parent := stack[len(stack)-1]
		n := len(nodes)
		nodes = append(nodes, node{ref: b.w.Alloc(), item: it, parent: parent})
		nodes[parent].children = append(nodes[parent].children, n)
		stack = append(stack, n)
	}
	// count is the number of descendants of node i visible when it is
	// open: its children, and theirs below the open ones (PDF 32000-1
	// §12.3.3: a closed item's /Count is that number negated)
	var count func(i int) int
	count = func(i int) int {
		c := len(nodes[i].children)
		for _, k := range nodes[i].children {
			if !nodes[k].item.closed {
				c += count(k)
			}
		}
		return c
	}
	for i, n := range nodes {
		dict := pdfobj.Dict{}
		if i == 0 {
			dict["Type"] = pdfobj.Name("Outlines")
		} else {
			dict["Title"] = pdfobj.TextString(n.item.title)
			dict["Parent"] = nodes[n.parent].ref
			dict["Dest"] = b.destArray(n.item.page, 0, n.item.y)
			sib := nodes[n.parent].children
			pos := sort.SearchInts(sib, i)
			if pos > 0 {
				dict["Prev"] = nodes[sib[pos-1]].ref
			}
			if pos+1 < len(sib) {
				dict["Next"] = nodes[sib[pos+1]].ref
			}
		}
		if len(n.children) > 0 {
			dict["First"] = nodes[n.children[0]].ref
			dict["Last"] = nodes[n.children[len(n.children)-1]].ref
			c := count(i)
			if i > 0 && n.item.closed {
				c = -c
			}
			dict["Count"] = pdfobj.Int(c)
		}
		b.w.Set(n.ref, dict)
	}
	return nodes[0].ref
}
