package pdfua

import (
	"strings"
)

// Link describes a link annotation.
type Link struct {
	// Elem is the Link structure element (standard type Link, or a custom
	// type mapped to it) that owns the link text and the annotations.
	Elem *StructElem
	// Rects are the clickable areas, one annotation each (a link that wraps
	// over lines gets one rectangle per line box).
	Rects []Rect
	// URI is an external target; Dest names a destination added with
	// Document.AddDestination. Exactly one must be set.
	URI  string
	Dest string
	// Contents describes the link for assistive technology (PDF/UA needs a
	// non-empty /Contents). When empty, the URI or destination name is used.
	Contents string
}

// annotation is one link annotation on a page.
type annotation struct {
	page     *Page
	elem     *StructElem
	rect     Rect
	uri      string
	dest     string
	contents string
}

// AddLink adds one link annotation per rectangle, each with its own
// /StructParent and an OBJR kid in l.Elem, after the kids added so far.
func (p *Page) AddLink(l Link) {
	d := p.doc
	if d.err != nil {
		return
	}
	switch {
	case l.Elem == nil || l.Elem.doc != d:
		d.failf("page %d: link without a Link element of this document", p.index+1)
		return
	case (l.URI == "") == (l.Dest == ""):
		d.failf("page %d: link needs exactly one of URI and Dest (got %q and %q)", p.index+1, l.URI, l.Dest)
		return
	case len(l.Rects) == 0:
		d.failf("page %d: link to %s has no rectangle", p.index+1, l.URI+l.Dest)
		return
	}
	if st := d.standardType(l.Elem.typ); st != "Link" && standardTypes[l.Elem.typ] {
		d.failf("page %d: link annotation owned by a %s element; it must be a Link element", p.index+1, l.Elem.typ)
		return
	}
	contents := strings.TrimSpace(l.Contents)
	if contents == "" {
		contents = l.URI
		if contents == "" {
			contents = l.Dest
		}
	}
	for _, r := range l.Rects {
		a := &annotation{page: p, elem: l.Elem, rect: r, uri: l.URI, dest: l.Dest, contents: contents}
		p.annots = append(p.annots, a)
		l.Elem.kids = append(l.Elem.kids, kid{page: p, annot: a})
		if l.Elem.page == nil {
			l.Elem.page = p
		}
	}
}

// destination is a named destination: a point on a page.
type destination struct {
	page *Page
	x, y float64
}

// AddDestination defines the named destination name at (x, y) on page
// (the top-left corner of the view). Internal links refer to it by name.
func (d *Document) AddDestination(name string, page *Page, x, y float64) {
	if d.err != nil {
		return
	}
	switch {
	case name == "":
		d.failf("destination with an empty name")
	case page == nil || page.doc != d:
		d.failf("destination %q on a page of another document", name)
	default:
		if _, dup := d.dests[name]; dup {
			d.failf("destination %q defined twice", name)
			return
		}
		d.dests[name] = destination{page: page, x: x, y: y}
	}
}

// outlineItem is one bookmark.
type outlineItem struct {
	title string
	level int
	page  *Page
	y     float64
}

// AddOutline appends a bookmark at level (1 for top level) pointing at y
// on page. Items nest by level: an item is the child of the closest
// preceding item with a smaller level, so headings can be passed in
// document order (a skipped level nests under the last shallower item).
// Outlines make the viewer open with the bookmarks panel (/PageMode
// /UseOutlines).
func (d *Document) AddOutline(title string, level int, page *Page, y float64) {
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
		d.outlines = append(d.outlines, outlineItem{title: title, level: level, page: page, y: y})
	}
}
