package render

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/internal/slab"
	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/pdfua"
	"github.com/seed28491532/folio/style"
)

// snode is a structure element to be, created lazily in DOM order so its
// position among its parent's marked content follows the document. It
// is kept small (a long table has one per cell): what few elements need
// lives in more.
type snode struct {
	typ    string
	parent *snode
	box    *box.Box
	elem   *pdfua.StructElem
	// more holds what few elements have (m).
	more *snodeMore
	// order is the node's number in the order nodes are made (its
	// index in structure.nodes, less structure.base); pos is the DOM
	// position (box index) the element starts at.
	order, pos int32
	// colSpan and rowSpan are a TH's or TD's colspan and rowspan
	// attributes (1 when absent), read while visiting.
	colSpan, rowSpan uint16
	scope            scopeCode
	// cellMore says the cell's id or headers attribute, or a missing
	// scope, needs cellAttrs.
	cellMore bool
	// placed records that content of the node has been painted; a
	// heading keeps its first page and y in more.
	placed bool
}

// scopeCode is a TH's pdfua.Scope in one byte.
type scopeCode uint8

const (
	scopeNone scopeCode = iota
	scopeRow
	scopeColumn
	scopeBoth
)

func scopeCodeOf(sc pdfua.Scope) scopeCode {
	switch sc {
	case pdfua.ScopeRow:
		return scopeRow
	case pdfua.ScopeColumn:
		return scopeColumn
	case pdfua.ScopeBoth:
		return scopeBoth
	}
	return scopeNone
}

func (c scopeCode) scope() pdfua.Scope {
	switch c {
	case scopeRow:
		return pdfua.ScopeRow
	case scopeColumn:
		return pdfua.ScopeColumn
	case scopeBoth:
		return pdfua.ScopeBoth
	}
	return pdfua.ScopeNone
}

// snodeMore is the part of a structure node only some elements need:
// headings, links, figures, lists, notes and elements with an id. It
// keeps the node of every table cell and paragraph small.
type snodeMore struct {
	// lang is the element's language when it differs from its parent's.
	lang  string
	alt   string
	title string
	id    string
	href  string
	level int
	list  string
	// curLI is the current LI of a dl's L.
	curLI *snode
	// hasTHead and hasTFoot record that a Table has its THead, TFoot.
	hasTHead, hasTFoot bool
	// closed is bookmark-state: closed (the outline item starts folded).
	closed bool
	// page and y are where a heading's content starts (see placed).
	page *pdfua.Page
	y    float64
}

// m returns n's rarely used fields, creating them on first use.
func (n *snode) m() *snodeMore {
	if n.more == nil {
		n.more = new(snodeMore)
	}
	return n.more
}

// langOf returns the node's language when it differs from its parent's.
func (n *snode) langOf() string {
	if n.more == nil {
		return ""
	}
	return n.more.lang
}

func (n *snode) effLang() string {
	for x := n; x != nil; x = x.parent {
		if l := x.langOf(); l != "" {
			return l
		}
	}
	return ""
}

// structure maps the box tree to structure elements.
type structure struct {
	root *snode
	// nodes[i] is the node of order base+i: the nodes before base,
	// made and sealed or kept, are not looked up by order again and
	// were let go of (dropDone). made returns the number made.
	nodes     []*snode
	base      int
	owner     owners
	byNode    map[*html.Node]*snode
	next      int
	lastLevel int
	diags     []Diagnostic
	headings  []heading
	fallback  *snode
	// pad holds the column spans of the empty cells each table row needs
	// so the table stays regular (PDF/UA wants every row to fill every
	// column): one per run of free slots.
	pad map[*box.Box][]uint16
	// spans holds the used colspan and rowspan of cells whose written
	// spans the grid clamps; skip the cells past the grid's last column
	// (see tableGrid). loose is tableGrid's scratch.
	spans map[*box.Box][2]uint16
	skip  map[*box.Box]bool
	loose []*box.Box
	// maxCells bounds the cells of a table's grid (Options.MaxTableCells).
	maxCells int
	// ctx ends the walk (checked every 1,024 boxes visited); err is the
	// first error, after which the walk stops.
	ctx   context.Context
	err   error
	steps int
	// tables holds TH IDs and headers targets (table.go).
	tables tableTags
	// nodeSlab and cells hand out nodes and cell attributes in blocks,
	// one allocation for many (a long table has one of each per cell).
	// A top-level subtree starts new blocks, of one element doubling up
	// to 1,024, once blockRun elements were handed out since (nodeRun,
	// cellRun): a subtree kept to the end of the part (a link waiting
	// for a later target, a float) then keeps blocks of at most about
	// twice its own size or of a few small subtrees, not the 64 KB block
	// it shared with the subtrees sealed and let go of around it.
	nodeSlab         slab.Slab[snode]
	cells            slab.Slab[pdfua.TableAttrs]
	nodeRun, cellRun int
	// idPrefix keeps the names of a merged file's parts apart: it starts
	// every structure element ID and link destination the part defines.
	idPrefix string
	// tops are the orders of the root's child nodes, keep whether each
	// must wait for the end of the part, done how many are done (sealed
	// or kept), sealed how many are sealed, headSealed how many headings
	// were looked at for copying out (seal.go); topsBase is the number
	// of tops done and let go of before tops[0] (dropDone).
	// top is the node whose children are the tops: the root or the
	// node holding most of the document.
	top                      *snode
	tops                     []int32
	keep                     []bool
	done, sealed, headSealed int
	topsBase                 int
	// links says which tops have links, pending counts those waiting
	// for their target (linksNow).
	links   []bool
	pending []int32
	// texts and figureAlts are the tree's Texts and FigureAlts while the
	// structure is built
	texts      map[*html.Node]string
	figureAlts map[*html.Node]string
	// frames is the walk still to do, outermost first, total the
	// number of boxes of the tree (lazy.go; -1 while a box of it gets
	// children as layout asks, seen then the most boxes seen present,
	// and tree the tree, set only then);
	// flat retypes the nodes as they are made (Options.FlatTags),
	// counted is how many the Writer has counted against its limit.
	frames []walkFrame
	total  int
	seen   int
	tree   *box.Tree
	// linked, if set, is told the id each internal link made targets
	// (lazy_grow.go)
	linked  func(id string)
	flat    bool
	counted int
}

// asPart makes s the structure of the part with index i of a merged file:
// its root becomes e, a Part element under the Document, with its
// language when that differs from the file's, and its names get the
// prefix "partN-" from the second part on.
func (s *structure) asPart(e *pdfua.StructElem, i int, docLang string) {
	s.root.typ = "Part"
	if l := s.root.langOf(); !strings.EqualFold(l, docLang) {
		e.Attrs().Lang = l
	}
	s.root.elem = e
	if i > 0 {
		s.idPrefix = fmt.Sprintf("part%d-", i+1)
	}
}

// inTOC reports whether n or an ancestor has role="doc-toc" (DPUB-ARIA's
// table of contents), with no list between them: its first lists are
// tagged TOC, their items TOCI (PDF 1.7 §14.8.4.3).
func inTOC(n *html.Node) bool {
	for x := n; x != nil; x = x.Parent {
		if x.Type != html.ElementNode {
			continue
		}
		if x != n && (x.Data == "ul" || x.Data == "ol" || x.Data == "li") {
			return false // a list inside a list's item: handled by its parent
		}
		for _, a := range x.Attr {
			if a.Key == "role" && strings.Contains(" "+strings.ToLower(a.Val)+" ", " doc-toc ") {
				return true
			}
		}
	}
	return false
}

// grouping types cannot hold content directly here: text in them gets an
// anonymous P.
func grouping(typ string) bool {
	switch typ {
	case "Document", "Part", "Art", "Sect", "Div", "BlockQuote", "L", "LI", "Table", "THead", "TBody", "TFoot", "TR":
		return true
	}
	return false
}

func (s *structure) add(parent *snode, typ string, b *box.Box) *snode {
	// Keep list nesting valid (PDF/UA 7.2): whatever sits directly in a
	// list goes into an LI's LBody, whatever sits in an LI into an LBody.
	switch {
	case parent.typ == "L" && typ != "L" && typ != "LI":
		li := s.add(parent, "LI", nil)
		parent = s.add(li, "LBody", nil)
	case parent.typ == "LI" && typ != "Lbl" && typ != "LBody":
		parent = s.add(parent, "LBody", nil)
	}
	if parent == s.top && s.nodeRun >= blockRun {
		s.nodeSlab.Drop() // (see nodeSlab)
		s.nodeRun = 0
	}
	s.nodeRun++
	n := s.nodeSlab.One(1, 1024)
	*n = snode{typ: typ, parent: parent, box: b, order: int32(s.made()), pos: parent.pos}
	if b != nil {
		n.pos = int32(b.Index)
	}
	s.nodes = append(s.nodes, n)
	if parent == s.top {
		s.recordTop(n)
	}
	return n
}

func (s *structure) diag(format string, args ...any) {
	s.diags = append(s.diags, Diagnostic{Stage: "tags", Message: fmt.Sprintf(format, args...)})
}

func blockLevel(b *box.Box) bool { return !b.IsInlineLevel() }

// visit assigns b (and its descendants) to structure nodes.
func (s *structure) visit(b *box.Box, parent *snode) {
	own, parent, ok := s.enter(b, parent)
	if !ok {
		return
	}
	for _, c := range b.Children {
		s.visit(c, own)
	}
	s.leave(b, own, parent)
}

// enter makes the node of b, if any, and returns the node owning its
// children and the parent it took (a block in a link takes the Link);
// ok is false when b's subtree gets no nodes (a text box, a skipped
// cell, or after an error). visit is enter, the children, leave.
func (s *structure) enter(b *box.Box, parent *snode) (own, in *snode, ok bool) {
	if s.steps++; s.steps&1023 == 0 && s.err == nil && s.ctx != nil {
		s.err = s.ctx.Err()
	}
	if s.err != nil || s.skip[b] {
		return nil, nil, false
	}
	own = parent
	switch {
	case b.Pseudo == style.PseudoMarker:
		if n, ok := s.owner.get(b); ok {
			own = n
		}
	case b.Pseudo == style.PseudoFootnoteCall && b.Footnote() != nil:
		// the call refers to its footnote (PDF/UA 7.9), whose Note
		// follows it in reading order (visited below)
		own = s.add(parent, "Reference", b)
	case b.Continuation && s.byNode[b.Node] != nil:
		own = s.byNode[b.Node]
	case b.IsElement():
		if blockLevel(b) {
			// a block inside a link (<a href><div>…</div></a>) sits
			// beside the link's inline parts in the box tree; its
			// content still belongs to the Link
			if l := s.enclosingLink(b, parent); l != nil {
				parent, own = l, l
			}
		}
		own = s.element(b, parent)
		// element is the only reader of what ReadTexts recorded of b's
		// element: let go of it now, whether or not b gets a node that
		// release would find (a box layout let go of is not walked)
		delete(s.texts, b.Node)
		delete(s.figureAlts, b.Node)
		// byNode finds the node of an element again for the later parts
		// of a split inline box and for blocks inside a link: only those
		// elements need an entry
		if own != parent && (b.Kind == box.KindInline || own.typ == "Link") {
			s.byNode[b.Node] = own
		}
	}
	if own == parent && b.Kind != box.KindText && blockLevel(b) && b.HasInlineChildren() && grouping(parent.typ) && b.Pseudo != style.PseudoMarker && hasContent(b) {
		own = s.add(parent, "P", b)
	} else if own != parent && grouping(own.typ) && b.HasInlineChildren() && own.typ != "LI" {
		own = s.add(own, "P", b)
	}
	if b.Kind == box.KindText {
		s.owner.set(b, parent)
		return nil, nil, false
	}
	s.owner.set(b, own)
	return own, parent, true
}

// leave completes the nodes of b once its children are visited: its
// footnote's Note, a table row's padding cells. parent is the one
// enter took.
func (s *structure) leave(b *box.Box, own, parent *snode) {
	if fn := b.Footnote(); fn != nil {
		s.visit(fn, parent)
	}
	if own.typ == "TR" && own.box == b {
		for _, n := range s.pad[b] {
			s.add(own, "TD", nil).colSpan = n
		}
	}
}

// tableGrid places the cells of table t as layout does (box.GridPlacer)
// and records what tagging needs: the empty cells each row needs so the
// table stays regular (PDF/UA wants every row to fill every column), the
// used spans of cells whose written spans the grid clamps, and the cells
// past the last column, which layout does not lay out and tagging leaves
// out. The tag tree is so bounded by the laid-out grid: one empty cell
// spans each run of free slots at the end of a row. A grid of more cells
// than the limit fails.
func (s *structure) tableGrid(t *box.Box) error {
	rows, cols := box.TableGridSize(t)
	if err := box.CheckTableCells(rows, cols, s.maxCells); err != nil {
		return err
	}
	// the first pass finds the columns the cells reach, which every row
	// fills; the second pads each row's free slots
	var first, p box.GridPlacer
	s.placeCells(t, &first, nil)
	width := first.Cols
	s.placeCells(t, &p, func(r *box.Box) {
		var runs []uint16
		for k := p.Next(); k < width; {
			if p.Covered(k) {
				k++
				continue
			}
			n := 0
			for ; k < width && !p.Covered(k); k++ {
				n++
			}
			runs = append(runs, uint16(n))
		}
		if len(runs) > 0 {
			s.pad[r] = runs
		}
	})
	return nil
}

// placeCells places the cells of table t with p, recording the cells
// whose spans the grid clamps and those it leaves out, and calls rowDone
// (if not nil) after the cells of each row.
func (s *structure) placeCells(t *box.Box, p *box.GridPlacer, rowDone func(row *box.Box)) {
	s.loose = box.TableRowGroups(t, s.loose, func(g box.RowGroup) {
		p.Group(len(g.Rows))
		for _, r := range g.Rows {
			p.Row()
			placed := true
			for _, c := range r.Children {
				if c.Kind != box.KindTableCell {
					continue
				}
				var cs box.CellSlot
				if placed {
					cs, placed = p.Cell(c)
				}
				if !placed {
					s.skip[c] = true
					continue
				}
				if cs.Colspan != cs.WantColspan || cs.Rowspan != cs.WantRowspan {
					s.spans[c] = [2]uint16{uint16(cs.Colspan), uint16(cs.Rowspan)}
				}
			}
			if rowDone != nil {
				rowDone(r)
			}
		}
	})
}

// spanValue is the span an attribute value gives: 1 when absent or
// invalid (tableGrid records the used span of a cell the grid clamps).
func spanValue(a string, ok bool) int {
	if !ok {
		return 1 // most cells: no attribute, and no error value to allocate
	}
	v, err := strconv.Atoi(strings.TrimSpace(a))
	if err != nil || v < 1 {
		return 1
	}
	return min(v, box.MaxRowspan)
}

// element creates the node of element box b, or returns parent for a
// transparent element.
func (s *structure) element(b *box.Box, parent *snode) *snode {
	tag := b.Tag()
	var a elemAttrs
	a.read(b.Node)
	role := strings.ToLower(strings.TrimSpace(a.role))
	pl := parent.effLang()
	lang := b.Style.Lang
	if a.hasLang {
		lang = strings.TrimSpace(a.lang)
	}
	if presentationTablePart(b, parent) {
		return parent
	}
	hn := len(tag) == 2 && tag[0] == 'h' && tag[1] >= '1' && tag[1] <= '6' // h1…h6
	var n *snode
	switch {
	case role == "presentation" || role == "none":
		if tag == "img" {
			return parent
		}
	case role == "heading" || hn:
		lv := 2
		if hn {
			lv = int(tag[1] - '0')
		}
		if v, err := strconv.Atoi(a.ariaLevel); err == nil && v >= 1 && v <= 6 {
			lv = v
		}
		if lv > s.lastLevel+1 {
			if s.lastLevel == 0 {
				s.diag("heading <%s> %q tagged H1: the first heading of the document must be level 1 (PDF/UA 7.4.2)", tag, clip(s.textOf(b)))
			} else {
				s.diag("heading <%s> %q tagged H%d: it skips from level %d (PDF/UA 7.4.2)", tag, clip(s.textOf(b)), s.lastLevel+1, s.lastLevel)
			}
			lv = s.lastLevel + 1
		}
		s.lastLevel = lv
		n = s.add(parent, headingType(lv), b)
		n.m().level, n.m().title = lv, s.textOf(b)
		s.headings = append(s.headings, heading{n: n})
	case role == "math" || tag == "math":
		n = s.add(parent, "Formula", b)
		n.m().alt = s.textAlternative(b, "formula", "alttext")
	case role == "img" && tag != "img" && tag != "svg":
		n = s.add(parent, "Figure", b)
		n.m().alt = s.textAlternative(b, "role=img element")
	case role == "note" || b.Style.Float == style.FloatFootnote:
		n = s.add(parent, "Note", b)
		n.m().id = fmt.Sprintf("note-%d", b.Index)
	}
	if n == nil {
		switch tag {
		case "p", "address", "pre":
			n = s.add(parent, "P", b)
		case "blockquote":
			n = s.add(parent, "BlockQuote", b)
		case "q":
			n = s.add(parent, "Quote", b)
		case "ul", "ol", "menu", "dl":
			if tag != "dl" && (parent.typ == "TOCI" || parent.typ != "TOC" && inTOC(b.Node)) {
				// the list of a table of contents (role="doc-toc"), or a
				// nested one inside an entry
				n = s.add(parent, "TOC", b)
				break
			}
			n = s.add(parent, "L", b)
			if tag != "dl" {
				n.m().list = listNumbering(b.Style.ListStyleType)
			}
		case "li":
			if parent.typ == "TOC" {
				n = s.add(parent, "TOCI", b)
				if b.Marker != nil {
					s.owner.set(b.Marker, n)
				}
				break
			}
			if parent.typ != "L" {
				break
			}
			n = s.add(parent, "LI", b)
			if b.Marker != nil {
				if b.Marker.MarkerShape == box.ShapeNone && len(b.Marker.Children) > 0 {
					s.owner.set(b.Marker, s.add(n, "Lbl", b.Marker))
				} else {
					s.owner.set(b.Marker, n)
				}
			}
			body := s.add(n, "LBody", b)
			s.setLang(n, lang, pl)
			return body
		case "dt", "dd":
			if parent.typ != "L" {
				break
			}
			if tag == "dt" || parent.m().curLI == nil {
				parent.m().curLI = s.add(parent, "LI", b)
			}
			typ := "LBody"
			if tag == "dt" {
				typ = "Lbl"
			}
			n = s.add(parent.m().curLI, typ, b)
		case "figure":
			n = s.add(parent, "Figure", b)
			more := n.m()
			more.alt = strings.TrimSpace(attr(b.Node, "aria-label"))
			if more.alt == "" {
				more.alt = s.figureAlt(b.Node)
			}
			if more.alt == "" {
				s.diag("figure without a text alternative: alt text taken from its content")
				more.alt = s.textOf(b)
				if more.alt == "" {
					more.alt = "Figure"
				}
			}
		case "figcaption", "caption":
			n = s.add(parent, "Caption", b)
		case "img", "svg", "object":
			if b.Image == nil || b.Image.Decorative {
				return parent
			}
			for x := parent; x != nil; x = x.parent {
				if x.typ == "Figure" {
					return parent
				}
			}
			n = s.add(parent, "Figure", b)
			more := n.m()
			more.alt = strings.TrimSpace(b.Image.Alt)
			if more.alt == "" {
				more.alt = strings.TrimSpace(attr(b.Node, "aria-label"))
			}
			if more.alt == "" {
				more.alt = strings.TrimSpace(attr(b.Node, "title"))
			}
			if more.alt == "" {
				s.diag("image %q has no alt text; tagged with the placeholder alternative \"Image\"", clip(attr(b.Node, "src")))
				more.alt = "Image"
			}
		case "a":
			href, ok := box.Attr(b.Node, "href")
			if !ok || strings.TrimSpace(href) == "" {
				break
			}
			if h := strings.TrimSpace(href); s.linked != nil && strings.HasPrefix(h, "#") && len(h) > 1 {
				s.linked(h[1:])
			}
			for x := parent; x != nil; x = x.parent {
				if x.typ == "Link" {
					return parent
				}
			}
			n = s.add(parent, "Link", b)
			more := n.m()
			more.href = strings.TrimSpace(href)
			more.title = strings.TrimSpace(attr(b.Node, "title"))
			if more.title == "" {
				more.title = s.textOf(b)
			}
		case "table":
			n = s.add(parent, "Table", b)
			if err := s.tableGrid(b); err != nil {
				s.err = err
				return parent
			}
		case "thead", "tbody", "tfoot":
			n = s.add(parent, s.groupType(parent, b), b)
		case "tr":
			n = s.add(parent, "TR", b)
		case "th":
			n = s.add(parent, "TH", b)
			sc := pdfua.ScopeNone
			switch strings.ToLower(a.scope) {
			case "col", "colgroup":
				sc = pdfua.ScopeColumn
			case "row", "rowgroup":
				sc = pdfua.ScopeRow
			default:
				sc = inferScope(b)
			}
			n.scope = scopeCodeOf(sc)
			s.cell(n, &a)
		case "td":
			n = s.add(parent, "TD", b)
			s.cell(n, &a)
		case "section", "aside", "nav":
			n = s.add(parent, "Sect", b)
		case "article":
			n = s.add(parent, "Art", b)
		case "main":
			n = s.add(parent, "Part", b)
		case "header", "footer":
			n = s.add(parent, "Div", b)
		}
	}
	if n == nil {
		// transparent, unless its language differs or it is a bookmark
		if lang != "" && !sameLang(lang, pl) || b.Style != nil && b.Style.BookmarkLevel > 0 {
			typ := "Span"
			if blockLevel(b) {
				typ = "Div"
				if b.HasInlineChildren() && grouping(parent.typ) {
					typ = "P"
				}
			}
			n = s.add(parent, typ, b)
		} else {
			return parent
		}
	}
	if a.id != "" {
		n.m().id = a.id
	}
	s.bookmark(n, b)
	s.setLang(n, lang, pl)
	return n
}

// bookmark applies bookmark-level, bookmark-label and bookmark-state (css-gcpm-3 §3) to
// the outline item of n: none takes a heading out of the outline, a level
// puts any element in it (or moves a heading), a label replaces its text.
func (s *structure) bookmark(n *snode, b *box.Box) {
	st := b.Style
	if st == nil || st.BookmarkLevel == 0 && st.BookmarkLabel == "" && !st.BookmarkClosed {
		return
	}
	more := n.m()
	more.closed = st.BookmarkClosed
	switch {
	case st.BookmarkLevel < 0:
		more.title = "" // no outline item
		return
	case st.BookmarkLevel > 0:
		if more.level == 0 {
			s.headings = append(s.headings, heading{n: n})
			more.title = s.textOf(b)
		}
		more.level = st.BookmarkLevel
	}
	if more.level > 0 && st.BookmarkLabel != "" {
		more.title = st.BookmarkLabel
	}
}

// ensureAt creates the structure elements that start before DOM
// position pos (so an element without content of its own, such as an
// empty cell or a placeholder figure, still sits between the marked
// content before and after it), then n.
func (s *structure) ensureAt(n *snode, pos int) *pdfua.StructElem {
	for s.next < s.made() && int(s.node(s.next).pos) <= pos {
		s.create(s.node(s.next))
		s.next++
	}
	return s.ensure(n)
}

// ensure creates the structure elements up to n in DOM order.
func (s *structure) ensure(n *snode) *pdfua.StructElem {
	for s.next <= int(n.order) && s.next < s.made() {
		s.create(s.node(s.next))
		s.next++
	}
	return n.elem
}

func (s *structure) create(n *snode) {
	if n.elem != nil || n.parent == nil {
		return
	}
	if n.parent.elem == nil {
		s.create(n.parent)
	}
	e := n.parent.elem.Add(n.typ)
	if n.parent == s.top && s.cellRun >= blockRun {
		s.cells.Drop() // (see nodeSlab)
		s.cellRun = 0
	}
	// most elements have no attributes: set only those that are not
	// empty, so they get none (pdfua.StructElem.Attrs)
	if n.more != nil && n.more.alt != "" {
		e.Attrs().Alt = n.more.alt
	}
	if l := n.langOf(); l != "" {
		e.Attrs().Lang = l
	}
	if n.typ == "Note" {
		e.Attrs().ID = s.idPrefix + n.m().id // PDF/UA 7.9: a Note has a unique ID
	}
	if n.typ == "TH" || n.typ == "TD" {
		ta := pdfua.TableAttrs{Scope: n.scope.scope()}
		if n.colSpan > 0 { // a cell of an element or a pad (of a run of slots)
			if n.colSpan > 1 {
				ta.ColSpan = int(n.colSpan)
			}
			if n.rowSpan > 1 {
				ta.RowSpan = int(n.rowSpan)
			}
		}
		if n.cellMore {
			s.cellAttrs(n, e, &ta)
		}
		// a cell without attributes gets none: the writer would build
		// and drop an empty attribute dictionary for each
		if ta.Scope != pdfua.ScopeNone || len(ta.Headers) > 0 || ta.RowSpan > 1 || ta.ColSpan > 1 {
			s.cellRun++
			e.Table = s.cells.One(1, 1024)
			*e.Table = ta
		}
	}
	if n.typ == "L" && n.more != nil && n.more.list != "" {
		e.Attrs().ListNumbering = n.more.list
	}
	n.elem = e
}

// finish creates the elements that have no content.
func (s *structure) finish() {
	if len(s.nodes) > 0 {
		s.ensure(s.nodes[len(s.nodes)-1])
	}
}

// ownerOf returns the structure node owning content painted for b.
func (s *structure) ownerOf(b *box.Box) *snode {
	for x := b; x != nil; x = x.Parent {
		if n, ok := s.owner.get(x); ok {
			return n
		}
	}
	return s.root
}

// place records that n's content starts on page p at y; only headings
// keep where (for their outline item).
func (n *snode) place(p *pdfua.Page, y float64) {
	n.placed = true
	if n.more != nil && n.more.level > 0 {
		n.more.page, n.more.y = p, y
	}
}
