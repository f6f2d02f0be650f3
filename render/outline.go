package render

import "github.com/seed28491532/folio/pdfua"

// heading is an outline item to be: a heading, or an element with a
// bookmark-level. While its node may still change (its subtree is not
// sealed) it refers to the node; once sealed, what the outline needs is
// copied out and the node let go of, so that a long document keeps
// about 48 bytes and a title for each heading rather than a structure
// node and its extras (issue 24).
type heading struct {
	n      *snode
	title  string
	page   *pdfua.Page
	y      float64
	level  int32
	closed bool
	placed bool
}

// settle copies out of h's node what the outline needs and lets go of
// the node.
func (h *heading) settle() {
	n := h.n
	if n == nil {
		return
	}
	h.n, h.placed = nil, n.placed
	if m := n.more; m != nil {
		h.title, h.page, h.y, h.level, h.closed = m.title, m.page, m.y, int32(m.level), m.closed
	}
}

// order returns the order of h's node; h must not be settled.
func (h *heading) order() int { return int(h.n.order) }

// addOutline adds the outline items of the part's headings, those that
// were placed (painted) and have a title, in document order.
func (s *structure) addOutline(pdf *pdfua.Document) {
	for i := range s.headings {
		h := &s.headings[i]
		h.settle()
		if h.placed && h.title != "" {
			pdf.AddOutlineItem(h.title, int(h.level), h.page, h.y, h.closed)
		}
	}
}

// headingType is the structure type of a heading of level lv (1 to 6),
// without allocating.
func headingType(lv int) string {
	const types = "H1H2H3H4H5H6"
	return types[2*lv-2 : 2*lv]
}
