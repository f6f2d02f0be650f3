package box

import (
	"hash/maphash"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/svg"
)

// What a few elements read from the whole document, a stream keeps as
// the document goes by: inline SVG takes the page's style sheets and
// SVG ids (svgPage), an image's aria-labelledby names an element
// anywhere (elementByID). Each body child is scanned before its boxes
// are built; when what it brings would have changed what an earlier
// child's boxes got, or an element a child names is not in what the
// stream has, the stream needs the whole document (Whole).

// docScan is what a stream keeps of the document for those look-ups.
type docScan struct {
	// page is what inline SVG takes from the page, so far
	page *svg.Page
	// prefix maps the ids of the root, its content before the body and
	// the body to their elements (the first of each), which stay
	seed   maphash.Seed
	prefix map[string]*html.Node
	// seen holds the hashes of the ids of the body children built so
	// far, whose elements may be gone
	seen map[uint64]struct{}
	// cur is the node being built, at depth curDepth in the document;
	// nil when none is
	cur      *html.Node
	curDepth int
	bodyNode *html.Node
}

// Depths in the document of the root element and of a body child (the
// document node is at 0).
const (
	rootDepth      = 1
	bodyChildDepth = 3
)

// startScan sets up the look-ups of s's builder for a document whose
// root is root and body body: the root, its content before the body
// and the body are scanned.
func (s *Stream) startScan(root, body *html.Node) {
	sc := &docScan{page: &svg.Page{IDs: map[string]*html.Node{}}, seed: maphash.MakeSeed(),
		prefix: map[string]*html.Node{}, seen: map[uint64]struct{}{}, bodyNode: body}
	s.scan = sc
	sc.addPrefix(root, false)
	for c := root.FirstChild; c != body; c = c.NextSibling {
		addPageNode(sc.page, c, rootDepth)
		sc.addPrefix(c, true)
	}
	sc.addPrefix(body, false)
	s.bl.page = sc.page
	s.bl.byID = s.byID
	s.bl.counters.start = s.reversedStart
}

// addPrefix records the id of element n, and of its descendants when
// deep, in sc.prefix.
func (sc *docScan) addPrefix(n *html.Node, deep bool) {
	if n.Type == html.ElementNode {
		if id := attrOf(n, "id"); id != "" {
			if _, dup := sc.prefix[id]; !dup {
				sc.prefix[id] = n
			}
		}
	}
	if !deep {
		return
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		sc.addPrefix(c, true)
	}
}

// scanNode scans n, a child of a node at depth depth-1, before its
// boxes are built: what it brings to inline SVG goes into the page (the
// stream needs the whole document when an inline SVG was built before
// it), its ids are returned, to be seen once it is built.
func (s *Stream) scanNode(n *html.Node, depth int) []uint64 {
	sc := s.scan
	sheets, ids := len(sc.page.Sheets), len(sc.page.IDs)
	addPageNode(sc.page, n, depth-1)
	if s.bl.svgs > 0 && (len(sc.page.Sheets) != sheets || len(sc.page.IDs) != ids) {
		s.note("a style sheet or an SVG id comes after an inline SVG, which takes them from the whole page")
	}
	return sc.idHashes(nil, n)
}

// idHashes appends the hashes of the ids in the subtree of x to out.
func (sc *docScan) idHashes(out []uint64, x *html.Node) []uint64 {
	if x.Type == html.ElementNode {
		if id := attrOf(x, "id"); id != "" {
			out = append(out, maphash.String(sc.seed, id))
		}
	}
	for c := x.FirstChild; c != nil; c = c.NextSibling {
		out = sc.idHashes(out, c)
	}
	return out
}

// building marks n, at depth, as the node being built (nil: none) and
// records the ids of the node built before (see scanNode).
func (s *Stream) building(n *html.Node, depth int, seen []uint64) {
	sc := s.scan
	for _, h := range seen {
		sc.seen[h] = struct{}{}
	}
	sc.cur, sc.curDepth = n, depth
}

// byID is elementByID in the part of the document the stream has.
func (s *Stream) byID(_ *html.Node, id string) *html.Node {
	sc := s.scan
	if n, ok := sc.prefix[id]; ok {
		return n
	}
	if _, ok := sc.seen[maphash.String(sc.seed, id)]; ok {
		s.note("aria-labelledby names an element of a body child built before (id " + id + ")")
		return nil
	}
	if sc.cur != nil {
		if n := findID(sc.cur, id, sc.curDepth); n != nil {
			return n
		}
	}
	s.note("aria-labelledby names an element not built yet (id " + id + ")")
	return nil
}

// reversedStart is the builder's reversedStart, which looks at the
// resetting element's following siblings: those of a body child (and
// the body's or root's descendants) are not all there.
func (s *Stream) reversedStart(n *html.Node, name string) int {
	body := s.scan.bodyNode
	if n.Data != pseudoData && (n == body || n.Parent == body || n == s.bl.root) {
		s.note("counter-reset: reversed(" + name + ") without a value counts the body's children to come")
	}
	return s.bl.reversedStart(n, name)
}
