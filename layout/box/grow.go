package box

// A box can get its children as layout asks for them rather than all at
// once (issue 24): a long document's body is parsed, styled and built
// one top-level child at a time, so that the DOM and boxes of its later
// pages do not exist while its first pages are laid out. Layout, the
// structure walk and anything else reading such a box's Children must
// call Grow when it needs a child past the last one present, and treat
// the children as complete only once Pending reports false.

// SetGrow makes b's children come on demand: grow appends one or more
// children to b.Children (with their Parent and Index set) and returns
// true, or returns false when b has no more children. A nil grow
// makes b's children complete.
func (b *Box) SetGrow(grow func() bool) {
	if grow == nil && b.rare == nil {
		return
	}
	b.SetRare().grow = grow
}

// Pending reports whether b may have children not in b.Children yet
// (see SetGrow).
func (b *Box) Pending() bool { return b.rare != nil && b.rare.grow != nil }

// Grow asks a box with pending children for more: it reports whether
// some were appended to b.Children. Once the box's grow function says
// there are no more, b is complete (Pending is false) and Grow reports
// false.
func (b *Box) Grow() bool {
	if !b.Pending() {
		return false
	}
	if b.rare.grow() {
		return true
	}
	b.rare.grow = nil
	return false
}

// GrowAll asks b for all its pending children.
func (b *Box) GrowAll() {
	for b.Grow() {
	}
}
