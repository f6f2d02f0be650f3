package box

import "github.com/seed28491532/folio/style"

// MarkerOnly reports whether b is an anonymous block holding nothing but
// a list item's outside marker and collapsible white space: it makes no
// line of its own (the marker goes to the item's first line further
// on), so margins collapse past it as past an empty block.
func (b *Box) MarkerOnly() bool {
	if !b.Anonymous || b.Kind != KindBlock {
		return false
	}
	marker := false
	for _, c := range b.Children {
		switch {
		case c.Pseudo == style.PseudoMarker && c.Outside:
			marker = true
		case isCollapsibleSpaceOnly(c):
		default:
			return false
		}
	}
	return marker
}
