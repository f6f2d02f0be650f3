package display

import (
	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// A box split across pages or columns keeps one background
// (box-decoration-break: slice, CSS Fragmentation 3 §5.4): its layers are
// sized and positioned in the box as if it were not split, its height
// the sum of its fragments', and each fragment shows its slice of them.

// splitBoxes are the fragments, in order, of each split box that has
// background layers.
type splitBoxes map[*box.Box][]*layout.Fragment

// findSlices records the fragments of boxes with background layers on
// every page; boxes with one fragment are dropped.
func findSlices(doc *layout.Document) splitBoxes {
	s := splitBoxes{}
	var walk func(f *layout.Fragment, depth int)
	walk = func(f *layout.Fragment, depth int) {
		if depth > MaxDepth {
			return // Build reports the depth when it paints the page
		}
		if !(f.First && f.Last) && f.Box != nil && f.Box.Style != nil && f.Box.Style.BackgroundImages != nil {
			s[f.Box] = append(s[f.Box], f)
		}
		for _, c := range f.Children {
			walk(c, depth+1)
		}
	}
	for _, p := range doc.Pages {
		if p.Root != nil {
			walk(p.Root, 0)
		}
	}
	for k, l := range s {
		if len(l) < 2 {
			delete(s, k)
		}
	}
	return s
}

// slicedAreas returns the box areas of the whole box fragment f is a
// slice of, and whether f is one.
func (b *builder) slicedAreas(f *layout.Fragment) (boxAreas, bool) {
	frags := b.slices[f.Box]
	if len(frags) < 2 {
		return boxAreas{}, false
	}
	before, total, found := 0.0, 0.0, false
	for _, g := range frags {
		if g == f {
			found = true
		}
		if !found {
			before += g.H
		}
		total += g.H
	}
	if !found {
		return boxAreas{}, false
	}
	// the whole box's borders and paddings: the first fragment has the
	// top ones, the last the bottom ones
	bw, pad := f.Border, f.Padding
	first, last := frags[0], frags[len(frags)-1]
	bw[style.Top], pad[style.Top] = first.Border[style.Top], first.Padding[style.Top]
	bw[style.Bottom], pad[style.Bottom] = last.Border[style.Bottom], last.Padding[style.Bottom]
	return areasOf(layout.Rect{X: f.X, Y: f.Y - before, W: f.W, H: total}, bw, pad), true
}
