package display

import (
	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/layout/box"
)

// clipEntry is a clipping box entered while painting, with the clip in
// force outside it.
type clipEntry struct {
	box        *box.Box
	saved      *layout.Rect
	savedRadii *[4][2]float64
}

// markerClip sets the clip in force to that of the list item marker m
// belongs to: an outside marker hangs beside the item's first line but
// is the item's, so the clipping boxes inside the item (an overflow:
// hidden first child) do not clip it. It returns the function that
// restores the clip.
func (b *builder) markerClip(m *box.Box) func() {
	li := m.Parent
	for li != nil && !li.ListItem {
		li = li.Parent
	}
	if li == nil || len(b.clips) == 0 {
		return func() {}
	}
	for _, e := range b.clips {
		if !insideOf(e.box, li) {
			continue
		}
		saved, savedRadii := b.clip, b.clipRadii
		b.clip, b.clipRadii = e.saved, e.savedRadii
		return func() { b.clip, b.clipRadii = saved, savedRadii }
	}
	return func() {}
}

// insideOf reports whether box c is a descendant of box a.
func insideOf(c, a *box.Box) bool {
	for x := c.Parent; x != nil; x = x.Parent {
		if x == a {
			return true
		}
	}
	return false
}
