package render

import (
	"slices"

	"github.com/seed28491532/folio/layout/box"
)

// owners maps boxes to the structure nodes owning their content. Boxes
// are numbered densely by box.Build (Box.Index), so most live in a slice
// indexed by that number; a box whose slot is taken by another (one made
// after numbering, or of another tree) goes to a map.
type owners struct {
	// byIndex[i] is the slot of the box numbered base+i: the slots of
	// the boxes before base were let go (clearRange).
	base    int
	byIndex []ownerSlot
	other   map[*box.Box]*snode
}

type ownerSlot struct {
	box *box.Box
	n   *snode
}

// newOwners returns an owners with a slot for every box of the tree
// rooted at root, numbered by box.Build: the last box in pre-order holds
// the highest number.
func newOwners(root *box.Box) owners {
	last := root
	for len(last.Children) > 0 {
		last = last.Children[len(last.Children)-1]
	}
	n := 0
	if last.Index >= 0 && last.Index < 1<<24 {
		n = last.Index + 1
	}
	return owners{byIndex: make([]ownerSlot, n)}
}

// get returns the owner recorded for b (for a copy of a box on a first
// line, the box's: see box.Box.Source).
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
		if s.box != nil {
			if o.other == nil {
				o.other = map[*box.Box]*snode{}
			}
			o.other[s.box] = s.n
		}
	}
	o.byIndex = slices.Clone(o.byIndex[hi:])
	o.base += hi
}

func (o *owners) get(b *box.Box) (*snode, bool) {
	if src := b.Source(); src != nil {
		b = src
	}
	if i := b.Index - o.base; i >= 0 && i < len(o.byIndex) && o.byIndex[i].box == b {
		return o.byIndex[i].n, true
	}
	n, ok := o.other[b]
	return n, ok
}

// set records n as the owner of b.
func (o *owners) set(b *box.Box, n *snode) {
	i := b.Index - o.base
	if i >= 0 && i < len(o.byIndex) && o.byIndex[i].box == b {
		o.byIndex[i].n = n
		return
	}
	if _, ok := o.other[b]; ok {
		o.other[b] = n
		return
	}
	if i >= len(o.byIndex) && i < 2*len(o.byIndex)+1024 {
		o.byIndex = append(o.byIndex, make([]ownerSlot, i+1-len(o.byIndex))...)
	}
	if i >= 0 && i < len(o.byIndex) && o.byIndex[i].box == nil {
		o.byIndex[i] = ownerSlot{b, n}
		return
	}
	if o.other == nil {
		o.other = map[*box.Box]*snode{}
	}
	o.other[b] = n
}
