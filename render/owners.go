package render

import (
	"slices"
	"weak"

	"github.com/seed28491532/folio/layout/box"
)

// owners maps boxes to the structure nodes owning their content. Boxes
// are numbered densely by box.Build (Box.Index), so most live in a slice
// indexed by that number; a box whose slot is taken by another (one made
// after numbering, or of another tree) goes to a map.
//
// A slot refers to its box weakly: layout lets go of the boxes of the
// pages it has handed on (issue 24), which a table of every box would
// keep for the whole document. Text boxes get no entry: a text box is
// owned by its parent's owner (visit), which ownerOf finds through its
// parent, so only element and anonymous boxes take a weak reference.
type owners struct {
	// byIndex[i] is the slot of the box numbered base+i: the slots of
	// the boxes before base were let go (clearRange). It grows as
	// boxes are set, up to limit, the number of boxes of the tree.
	base    int
	byIndex []ownerSlot
	limit   int
	other   map[*box.Box]*snode
}

type ownerSlot struct {
	box weak.Pointer[box.Box]
	n   *snode
}

// newOwners returns an owners with room for a slot for every box of the
// tree rooted at root, numbered by box.Build (the last box in pre-order
// holds the highest number), the slots made as boxes are set: the
// structure is built as layout goes (reach).
func newOwners(root *box.Box) owners {
	last := root
	for len(last.Children) > 0 {
		last = last.Children[len(last.Children)-1]
	}
	n := 0
	if last.Index >= 0 && last.Index < 1<<24 {
		n = last.Index + 1
	}
	return owners{limit: n}
}

// clearRange forgets the owners of the boxes with an index in [lo, hi).
// Once the slots before hi are more than half the slice, the slice
// starts at hi, in memory of its own, and the slots left before it
// (boxes before the first range cleared, owned by the root) move to the
// map: the slots of a long document go as its subtrees are written.
func (o *owners) clearRange(lo, hi int) {
	lo, hi = max(lo-o.base, 0), min(hi-o.base, len(o.byIndex))
	if lo >= hi {
		return
	}
	clear(o.byIndex[lo:hi])
	if hi <= len(o.byIndex)/2 {
		return
	}
	for _, s := range o.byIndex[:hi] {
		if b := s.box.Value(); b != nil && s.n != nil {
			if o.other == nil {
				o.other = map[*box.Box]*snode{}
			}
			o.other[b] = s.n
		}
	}
	o.byIndex = slices.Clone(o.byIndex[hi:])
	o.base += hi
}

// get returns the owner recorded for b (for a copy of a box on a first
// line, the box's: see box.Box.Source).
func (o *owners) get(b *box.Box) (*snode, bool) {
	if src := b.Source(); src != nil {
		b = src
	}
	// Value, not weak.Make: a box looked up, not set, gets no weak
	// reference of its own
	if i := b.Index - o.base; i >= 0 && i < len(o.byIndex) && o.byIndex[i].n != nil && o.byIndex[i].box.Value() == b {
		return o.byIndex[i].n, true
	}
	n, ok := o.other[b]
	return n, ok
}

// set records n as the owner of b; a text box's is its parent's (see
// owners).
func (o *owners) set(b *box.Box, n *snode) {
	if b.Kind == box.KindText {
		return
	}
	i := b.Index - o.base
	if i >= 0 && i < len(o.byIndex) {
		s := &o.byIndex[i]
		if s.n == nil {
			*s = ownerSlot{weak.Make(b), n}
			return
		}
		if s.box.Value() == b {
			s.n = n
			return
		}
	}
	if _, ok := o.other[b]; ok {
		o.other[b] = n
		return
	}
	if i >= len(o.byIndex) && (i < o.limit-o.base || i < 2*len(o.byIndex)+1024) {
		o.byIndex = append(o.byIndex, make([]ownerSlot, i+1-len(o.byIndex))...)
		o.byIndex[i] = ownerSlot{weak.Make(b), n}
		return
	}
	if o.other == nil {
		o.other = map[*box.Box]*snode{}
	}
	o.other[b] = n
}
