package render

import (
	"context"
	"fmt"
	"math"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/layout/box"
)

// The structure of a part is built as layout reaches its boxes (issue
// 24), not whole when the part begins: the nodes of a long document's
// last pages would otherwise be held, with the owners' slots of their
// boxes, from its first page. The walk is the same depth-first walk in
// the same order (visit), paused between the children of the boxes
// that hold most of the document (the body, a main around it all):
// reach goes on with it up to a box number. The Writer reaches the
// boxes of each page before painting it, and those layout is about to
// let go (Writer.Reach), so that no node is made from a box layout has
// replaced by its stand-in; the part's end finishes the walk.

// walkFrame is a box whose children the walk has entered but not all
// visited: own is the node owning them, parent the one enter took (nil
// for the root, which has no leave), i the next child, end the number
// after the last box of its subtree.
type walkFrame struct {
	b           *box.Box
	own, parent *snode
	i, end      int
}

// beginStructure returns the structure of tree with its root node only;
// reach makes the others. maxCells bounds a table's grid (0: the
// default).
func beginStructure(ctx context.Context, tree *box.Tree, docLang string, maxCells int) *structure {
	s := &structure{owner: newOwners(tree.Root), byNode: map[*html.Node]*snode{}, pad: map[*box.Box][]uint16{},
		spans: map[*box.Box][2]uint16{}, skip: map[*box.Box]bool{}, maxCells: maxCells, ctx: ctx}
	s.root = &snode{typ: "Document", box: tree.Root, more: &snodeMore{lang: docLang}}
	s.nodes = append(s.nodes, s.root)
	s.owner.set(tree.Root, s.root)
	pending := pendingBox(tree.Root, pendingDepth) != nil
	if pending {
		ReadTextsFrom(tree, nil) // the maps the boxes to come add to
	}
	s.texts, s.figureAlts, s.tables.read = tree.Texts, tree.FigureAlts, tree.THIDs
	s.top = s.root
	s.total = s.owner.limit
	if pending {
		s.total, s.seen = -1, s.owner.limit // known once its boxes are all there
		s.tree = tree
	}
	s.frames = []walkFrame{{b: tree.Root, own: s.root, end: s.total}}
	return s
}

// walked reports whether every node of the part is made.
func (s *structure) walked() bool { return len(s.frames) == 0 }

// reach makes the nodes of the boxes numbered below hi (box.Box.Index):
// it visits, in tree order, every subtree whose box is numbered below
// hi, walking into those that hold more than half of the tree's boxes
// (up to maxTopDepth of them) rather than visiting them whole.
func (s *structure) reach(hi int) error {
	from := s.made()
	defer func() {
		if s.flat {
			s.flattenFrom(from)
		}
	}()
	if s.total < 0 {
		s.seen = max(s.seen, boxCount(s.tree.Root))
	}
	if s.tree != nil && len(s.frames) > 0 {
		s.adoptTexts()
	}
	for len(s.frames) > 0 && s.err == nil {
		k := len(s.frames) - 1
		f := &s.frames[k]
		if f.i >= len(f.b.Children) && f.b.Pending() {
			// the children to come are numbered past those present: the
			// walk waits for them, unless it is to be finished
			if hi < math.MaxInt {
				break
			}
			if grew(f.b) {
				continue
			}
		}
		if f.i >= len(f.b.Children) {
			done := *f
			s.frames = s.frames[:k]
			if done.parent != nil {
				s.leave(done.b, done.own, done.parent)
			}
			continue
		}
		c := f.b.Children[f.i]
		if c.Index >= hi {
			break
		}
		end := f.end
		if f.i+1 < len(f.b.Children) {
			end = f.b.Children[f.i+1].Index
			s.owner.limit = max(s.owner.limit, end)
		}
		large := s.candidate(c)
		if large {
			large, end = s.holdsMost(f, c)
		}
		f = &s.frames[k] // (holdsMost may grow the tree, not the frames)
		f.i++
		if !large {
			s.visit(c, f.own)
			continue
		}
		own, in, ok := s.enter(c, f.own)
		if !ok {
			continue
		}
		s.frames = append(s.frames, walkFrame{b: c, own: own, parent: in, end: end})
		if own != in && own.box == c && own.parent == s.top && groupsOnly(own.typ) {
			s.newTop(own)
		}
	}
	if s.err != nil {
		return fmt.Errorf("tagging: %w", s.err)
	}
	if s.walked() && s.frames != nil {
		s.texts, s.figureAlts, s.frames = nil, nil, nil // (the tables' th ids are read as cells are made)
		if len(s.tops) > 0 {
			s.keep = append(s.keep, true) // the last: sealed with the part
			s.links = append(s.links, false)
		}
	}
	return nil
}

// candidate reports whether the walk may go into box c rather than
// visit it whole: a block of blocks, not too deep, which holdsMost then
// checks holds more than half of the tree's boxes.
func (s *structure) candidate(c *box.Box) bool {
	if c.Pending() && len(c.Children) == 0 {
		grew(c) // its first child tells whether it holds lines
	}
	return len(s.frames) <= maxTopDepth && c.Kind == box.KindBlock &&
		c.IsElement() && !c.HasInlineChildren() && !c.OutOfFlow() && c.Footnote() == nil
}

// groupsOnly reports whether elements of type typ only group others
// (PDF/UA does not constrain their kids): the children of one holding
// most of the document are the top-level subtrees sealed one by one.
func groupsOnly(typ string) bool {
	switch typ {
	case "Div", "Sect", "Art", "Part", "NonStruct", "BlockQuote":
		return true
	}
	return false
}

// newTop makes n, a child of the current top holding most of the
// document, the node whose children are the top-level subtrees: those
// recorded before are kept to the end of the part.
func (s *structure) newTop(n *snode) {
	s.top = n
	s.tops, s.keep, s.links, s.pending = nil, nil, nil, nil
	s.done, s.topsBase = 0, 0
}

// recordTop records n, a child of the top node, as a top-level subtree,
// and whether the one before it can be sealed (its nodes are all made).
func (s *structure) recordTop(n *snode) {
	if k := len(s.tops); k > 0 {
		ok, links := s.sealable(s.node(int(s.tops[k-1])), int(n.order)-1)
		s.keep = append(s.keep, !ok)
		s.links = append(s.links, links)
	}
	s.tops = append(s.tops, n.order)
	s.pending = append(s.pending, 0)
}

// flattenFrom retypes the nodes made from index i on (flattenNode).
func (s *structure) flattenFrom(i int) {
	for _, n := range s.span(i, s.made()) {
		flattenNode(n)
	}
}
