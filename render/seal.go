package render

import (
	"errors"
	"io"
	"slices"
	"strings"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/layout/display"
	"github.com/seed28491532/folio/pdfua"
)

// errStreamLate is StreamTo's error after the first part began.
var errStreamLate = errors.New("render: StreamTo after the first part began, or twice")

// streamAfter is the number of pages a Writer holds before the file
// starts going out, to the output given to StreamTo or, for Close, to
// memory: a document of up to that many pages is written whole at the
// end as before, and every document gives the same bytes through Close
// and CloseTo.
const streamAfter = 100

// StreamTo makes the Writer write the file to out while the pages are
// written, once the document has more than 100 pages: each page's
// content and each finished top-level structure subtree (a section, a
// table, a paragraph under the body) go out as soon as they are done,
// and the Writer lets go of its structure nodes for them (and so of
// their boxes). Finish with CloseTo(out). Call it before the first
// part. Past the first 100 pages, a document whose tables or lists
// break PDF/UA's nesting rules fails (it cannot be written again flat,
// out holding part of the file).
func (w *Writer) StreamTo(out io.Writer) error {
	if w.err != nil {
		return w.err
	}
	if w.begun > 0 || w.lw != nil {
		return w.fail(errStreamLate)
	}
	w.lw, w.user = &limitWriter{w: out, max: int64(w.maxOut)}, true
	return nil
}

// chunkBuffer is the output of a Writer streaming to memory (Close past
// streamAfter pages): blocks of chunkSize bytes, joined once at the end,
// so a long file is not copied each time a buffer doubles.
type chunkBuffer struct {
	chunks [][]byte
	n      int
}

const chunkSize = 1 << 20

func (c *chunkBuffer) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		k := len(c.chunks) - 1
		if k < 0 || len(c.chunks[k]) == cap(c.chunks[k]) {
			c.chunks = append(c.chunks, make([]byte, 0, chunkSize))
			k++
		}
		m := min(len(p), cap(c.chunks[k])-len(c.chunks[k]))
		c.chunks[k] = append(c.chunks[k], p[:m]...)
		p = p[m:]
	}
	c.n += n
	return n, nil
}

// bytes returns the file, letting go of the blocks.
func (c *chunkBuffer) bytes() []byte {
	out := make([]byte, 0, c.n)
	for i, ch := range c.chunks {
		out = append(out, ch...)
		c.chunks[i] = nil
	}
	return out
}

// maxTopDepth bounds the boxes the structure walk goes into (reach).
const maxTopDepth = 16

// sealDone seals the top-level subtrees that are done once a page whose
// tagged content starts at DOM position minPos is written, in document
// order: a subtree is done when every node up to the next top-level one
// has its element and the page held nothing before that next one. In
// normal flow a subtree laid out is done; a subtree with content that
// layout may place later (floats, positioned boxes, footnotes) or that
// gets more kids at the end of the part (links) is kept until the part
// ends. The nodes sealed are let go.
//
// A subtree with links waits until the file streams, when each page's
// links are annotated as soon as their target is known; one whose links
// wait for a later destination is kept.
func (s *structure) sealDone(minPos int, streaming bool) {
	for s.done+1 < len(s.tops) {
		t, next := s.node(int(s.tops[s.done])), s.node(int(s.tops[s.done+1]))
		last := int(next.order) - 1
		if int(next.pos) > minPos || s.next <= last || s.links[s.done] && !streaming {
			return
		}
		if !s.keep[s.done] && s.pending[s.done] == 0 && t.elem != nil {
			t.elem.Seal()
			s.release(t, next, last)
			s.sealed++
		}
		s.done++
	}
	s.dropDone()
}

// sealable reports whether nothing of t's subtree (nodes t … last) can
// get content after the page that showed what follows it, and whether
// it has links, which get their annotations as their targets are known.
// It is asked when the next top-level node is made (recordTop), before
// layout lets t's boxes go.
func (s *structure) sealable(t *snode, last int) (ok, links bool) {
	if t.box == nil {
		return false, false
	}
	for _, n := range s.span(int(t.order), last+1) {
		switch n.typ {
		case "Note":
			return false, false
		case "Link":
			links = true
		}
	}
	ok = true
	steps := 0
	t.box.Walk(func(b *box.Box) bool {
		if steps++; !ok || steps > maxSealWalk {
			ok = false
			return false
		}
		if b.OutOfFlow() || b.Footnote() != nil || len(b.Fixed()) > 0 {
			ok = false
		}
		if b.Tag() == "a" || b.Kind == box.KindReplaced && b.Image != nil && b.Image.SVG != nil {
			links = true
		}
		return ok
	})
	return ok, links
}

// linksNow annotates the links of page p (height h) whose target is
// known (a URI, a destination placed already) and returns the others,
// counting them against their top-level subtree, which is then kept
// until the part ends (see sealDone).
func (r *renderer) linksNow(p *pdfua.Page, h float64, links []display.Link, dests map[string]bool) []display.Link {
	var later []display.Link
	for _, lk := range links {
		n := r.s.ownerOf(lk.Box)
		href := ""
		switch {
		case lk.SVG != nil:
			href = lk.SVG.Href
		case n != nil && n.typ == "Link" && n.more != nil:
			href = n.more.href
		}
		if strings.HasPrefix(href, "#") && !r.destKnown(href[1:], dests) {
			later = append(later, lk)
			r.s.pendingAt(n)
			continue
		}
		r.links(p, h, []display.Link{lk}, dests)
	}
	return later
}

// pendingAt counts a link waiting for its target against the top-level
// subtree holding n.
func (s *structure) pendingAt(n *snode) {
	for n != nil && n.parent != nil && n.parent != s.top {
		n = n.parent
	}
	if n == nil || n.parent != s.top {
		return
	}
	if i, ok := slices.BinarySearch(s.tops, n.order); ok {
		s.pending[i]++
	}
}

// maxSealWalk bounds the boxes sealable visits in one subtree: a larger
// one is kept until the part ends.
const maxSealWalk = 1 << 20

// release lets go of the nodes t … last, whose elements are sealed:
// what maps boxes and DOM nodes to them, their boxes and elements. What
// the outline needs of the headings among them, at the end of the part,
// is copied out of the nodes (heading.settle).
func (s *structure) release(t, next *snode, last int) {
	forget := func(b *box.Box) bool {
		delete(s.pad, b)
		delete(s.spans, b)
		delete(s.skip, b)
		if b.Node != nil { // (maps keyed by DOM nodes hold the DOM)
			delete(s.byNode, b.Node)
			delete(s.tables.thIDs, b.Node)
			delete(s.tables.read, b.Node)
			delete(s.tables.inferred, b.Node)
			delete(s.texts, b.Node)
			delete(s.figureAlts, b.Node)
		}
		return true
	}
	t.box.Walk(forget)
	// layout may have let go of the subtree's boxes below t's (unlinked
	// them) before it is sealed: the nodes still know theirs
	for _, n := range s.span(int(t.order), last+1) {
		if n != nil && n.box != nil {
			forget(n.box)
		}
	}
	s.owner.clearRange(int(t.pos), int(next.pos))
	for ; s.headSealed < len(s.headings) && s.headings[s.headSealed].order() <= last; s.headSealed++ {
		if h := &s.headings[s.headSealed]; h.order() >= int(t.order) {
			h.settle() // (one in a subtree kept before t keeps its node)
		}
	}
	nodes := s.span(int(t.order), last+1)
	for i, n := range nodes {
		n.box, n.elem, n.parent, n.more = nil, nil, nil, nil
		nodes[i] = nil
	}
}
