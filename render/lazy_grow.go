package render

import (
	"maps"
	"reflect"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/pdfua"
)

// A long document's body may get its children as layout asks for them
// (box.Box.SetGrow, issue 24). The structure walk then goes as far as
// the boxes present: it never takes a pending box's children for all of
// them (reach waits at its last child), and decides whether a subtree
// holds most of the document (holdsMost) on the boxes present, asking
// for more only while that is undecided.

// pendingDepth is how deep below the root a pending box is looked for:
// only the body (the root's child) is one.
const pendingDepth = 2

// pendingBox returns the first pending box among b and its descendants
// down to depth, or nil.
func pendingBox(b *box.Box, depth int) *box.Box {
	if b == nil {
		return nil
	}
	if b.Pending() {
		return b
	}
	if depth <= 0 {
		return nil
	}
	for _, c := range b.Children {
		if p := pendingBox(c, depth-1); p != nil {
			return p
		}
	}
	return nil
}

// boxCount returns the number of boxes of the tree rooted at root as
// box.Build numbers them (the last box in pre-order holds the highest
// number), for the boxes present; 0 for numbers out of range.
func boxCount(root *box.Box) int {
	last := root
	for len(last.Children) > 0 {
		last = last.Children[len(last.Children)-1]
	}
	if last.Index >= 0 && last.Index < 1<<24 {
		return last.Index + 1
	}
	return 0
}

// holdsMost reports whether c, the child of f the walk is at (f.i),
// holds more than half of the tree's boxes, and returns the number after
// its subtree's last box (-1 while that is the tree's total, unknown).
// While a box of the tree is pending the total is not known: the
// boxes present bound it from below, and the pending box is asked for
// more while that bound leaves the answer open (c then holds most of
// those present, so that what it asks for is at most as much again).
func (s *structure) holdsMost(f *walkFrame, c *box.Box) (bool, int) {
	for {
		end, endKnown := f.end, true
		if f.i+1 < len(f.b.Children) {
			end = f.b.Children[f.i+1].Index
		} else if f.b.Pending() {
			endKnown = false // c's end comes with its next sibling
		}
		var p *box.Box
		if s.total < 0 {
			if p = pendingBox(s.tree.Root, pendingDepth); p == nil {
				s.total = max(s.seen, boxCount(s.tree.Root))
				s.owner.limit = max(s.owner.limit, s.total)
			}
		}
		if s.total >= 0 {
			if end < 0 {
				end = s.total
			}
			return 2*(end-c.Index) > s.total, end
		}
		s.seen = max(s.seen, boxCount(s.tree.Root))
		switch {
		case endKnown && end >= 0 && 2*(end-c.Index) <= s.seen:
			return false, end // at most half of a part of the tree
		case endKnown && end < 0 && s.seen > 2*c.Index:
			return true, end // c runs to the tree's end: more than half
		}
		if !grew(p) && p.Pending() {
			return false, end // (a grow function appending nothing)
		}
	}
}

// grew asks b for more children and reports whether it got some (see
// layout's).
func grew(b *box.Box) bool {
	n := len(b.Children)
	return b.Grow() && len(b.Children) > n
}

// destCand is where an id was first painted: its destination, should
// a link turn out to target it.
type destCand struct {
	page *pdfua.Page
	x, y float64
}

// keepPlace records where id, which no link known so far targets, is
// first painted: the links of the part are not all known when its
// pages are written (see linksAsTheyCome), and one found later may
// target it.
func (r *renderer) keepPlace(id string, p *pdfua.Page, x, y float64) {
	if _, ok := r.cands[id]; !ok {
		r.cands[id] = destCand{page: p, x: x, y: y}
	}
}

// destKnown reports whether the destination of id is placed, placing it
// where id was first painted when that is known (keepPlace): the file
// holds the destinations by name, so placing one late changes nothing
// of it.
func (r *renderer) destKnown(id string, dests map[string]bool) bool {
	if dests[id] {
		return true
	}
	c, ok := r.cands[id]
	if !ok {
		return false
	}
	delete(r.cands, id)
	dests[id] = true
	r.pdf.AddDestination(r.s.idPrefix+id, c.page, c.x, c.y)
	return true
}

// adoptTexts makes the maps of texts ReadTextsFrom adds to for the
// boxes to come those the structure reads: a caller letting go of the
// tree's maps once the part began (to drop what the writer holds) gets
// new ones from ReadTextsFrom, whose entries join the structure's.
func (s *structure) adoptTexts() {
	t := s.tree
	if s.texts == nil || t == nil {
		return
	}
	s.texts = adopt(s.texts, t.Texts)
	s.figureAlts = adopt(s.figureAlts, t.FigureAlts)
	t.Texts, t.FigureAlts = s.texts, s.figureAlts
	if s.tables.read != nil {
		s.tables.read = adopt(s.tables.read, t.THIDs)
		t.THIDs = s.tables.read
	}
}

// adopt adds the entries of m to held, unless m is held, and returns
// held.
func adopt[V any](held, m map[*html.Node]V) map[*html.Node]V {
	if m == nil || reflect.ValueOf(m).UnsafePointer() == reflect.ValueOf(held).UnsafePointer() {
		return held
	}
	maps.Copy(held, m)
	return held
}

// linksAsTheyCome sets the current part up for links found as its boxes
// come: when its body grows as layout asks, the links of the boxes to
// come are not known when the part begins, nor those whose DOM was
// let go (linkTargets reads the DOM there is); so the place where each
// id is first painted is kept (keepPlace) until a link made later is
// found to target it, and the id of each link made is added to the
// targets, so that its destination is placed where it is painted, as
// when every link is known from the start.
func (w *Writer) linksAsTheyCome() {
	r, cur := w.r, w.cur
	r.cands = map[string]destCand{}
	r.s.linked = func(id string) {
		if !cur.targets[id] && !r.destKnown(id, cur.dests) {
			cur.targets[id] = true
		}
	}
}
