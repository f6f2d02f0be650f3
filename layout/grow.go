package layout

import "github.com/seed28491532/folio/layout/box"

// A box may get its children as layout asks for them (box.Box.SetGrow):
// a long document's body is parsed, styled and built one top-level child
// at a time (issue 24). Layout reads such a box's children through the
// helpers below, which ask for more when a child past the last present
// is needed, and never takes the children present for all of them while
// the box is pending. What grow appends is final, and appending may move
// the Children slice: layout keeps indexes into it (BreakToken.Child),
// not the slice.

// childAt returns b's child i, asking b for more children while it has
// fewer and is pending; nil when b has no child i.
func childAt(b *box.Box, i int) *box.Box {
	for i >= len(b.Children) {
		if !grew(b) {
			return nil
		}
	}
	return b.Children[i]
}

// grew asks b for more children and reports whether it got some: a
// grow function saying it appended children it did not is taken as
// done, rather than asked again and again.
func grew(b *box.Box) bool {
	n := len(b.Children)
	return b.Grow() && len(b.Children) > n
}

// lookAhead is how many children after the one being laid out a block
// container's flow keeps present: break-before/after between siblings
// and whether a child is the last are decided with them.
const lookAhead = 2

// kidsUpTo returns b.Children after asking a pending b for children
// until it holds child i or has no more.
func kidsUpTo(b *box.Box, i int) []*box.Box {
	childAt(b, i)
	return b.Children
}

// primePending asks the pending boxes among b and its descendants down to
// depth for children until they hold an in-flow one (or have no more):
// whether a box holds lines or blocks, or is empty, is decided by its
// first in-flow child (box.Box.HasInlineChildren), before its layout.
// A box holding lines is asked for all its children.
func primePending(b *box.Box, depth int) {
	if b == nil {
		return
	}
	if b.Pending() {
		for i := 0; ; i++ {
			c := childAt(b, i)
			if c == nil || !c.OutOfFlow() {
				break
			}
		}
		if b.HasInlineChildren() {
			for grew(b) { // lines are made of all the inline content at once
			}
		}
	}
	if depth <= 0 {
		return
	}
	for _, c := range b.Children {
		if !c.Pending() && len(c.Children) == 0 {
			continue
		}
		primePending(c, depth-1)
	}
}

// pendingDepth is how deep below the root layout looks for pending
// boxes: only the body (the root's child) is one.
const pendingDepth = 2

// growAll asks the pending boxes among b and its descendants down to
// depth for all their children: the counting passes of PaginateEach, and
// Paginate, lay the whole document out more than once, or keep it.
func growAll(b *box.Box, depth int) {
	if b == nil {
		return
	}
	for grew(b) {
	}
	if depth <= 0 {
		return
	}
	for _, c := range b.Children {
		growAll(c, depth-1)
	}
}

// pendingIn reports whether a box among root and its descendants down
// to depth is pending.
func pendingIn(b *box.Box, depth int) bool {
	if b == nil {
		return false
	}
	if b.Pending() {
		return true
	}
	if depth <= 0 {
		return false
	}
	for _, c := range b.Children {
		if pendingIn(c, depth-1) {
			return true
		}
	}
	return false
}
