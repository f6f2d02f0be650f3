package style

import "strings"

// Logical properties (css-logical-1) map to physical ones by the
// element's own direction, which the cascade only knows once direction
// is computed. Declarations keep their horizontal-tb, ltr mapping (the
// prop of the cdecl, margin-inline-start → margin-left) and are marked
// logical; the cascade sets them aside (addLogical) and, once direction
// is computed, gives each its physical side (resolveLogical), where it
// wins over a physical declaration of the same side that came earlier in
// cascade order and loses to a later one (a logical property group shares
// one cascaded value, §4).

// logicalName reports whether a longhand alias or shorthand name is a
// flow-relative property (margin-inline-start, padding-inline, border-
// inline-end-width, inset-inline-start…).
func logicalName(name string) bool {
	return strings.Contains(name, "-inline") || strings.Contains(name, "-block") ||
		strings.HasPrefix(name, "inline-") || strings.HasPrefix(name, "block-")
}

// sidedFamilies are the first longhands (the top side) of the properties
// set per box side, in top, right, bottom, left order.
var sidedFamilies = [...]propID{pMarginTop, pPaddingTop, pTop, pBorderTopWidth, pBorderTopStyle, pBorderTopColor}

// physicalSide returns the longhand a logical declaration whose
// horizontal-tb, ltr mapping is id sets in an element of direction dir:
// in right-to-left text inline-start is the right side and inline-end
// the left one. Block-axis properties and sizes keep their mapping
// (only horizontal-tb writing is supported).
func physicalSide(id propID, dir Direction) propID {
	if dir != RTL {
		return id
	}
	for _, top := range sidedFamilies {
		switch id {
		case top + 1:
			return top + 3
		case top + 3:
			return top + 1
		}
	}
	return id
}

// logicalWin is a logical declaration waiting for the element's
// direction: id is its ltr mapping, order its place in cascade order.
type logicalWin struct {
	d     *cdecl
	order uint32
	id    propID
	ua    bool
}

// addLogical records logical declaration d of longhand id (ltr mapping)
// in cascade order.
func (c *cascader) addLogical(id propID, d *cdecl, ua bool) {
	c.order++
	c.logicals = append(c.logicals, logicalWin{d: d, order: c.order, id: id, ua: ua})
}

// resolveLogical gives the logical declarations of the cascade their
// physical longhands for direction dir; it runs once direction is
// computed and before any longhand it may set.
func (c *cascader) resolveLogical(dir Direction) {
	for _, l := range c.logicals {
		phys := physicalSide(l.id, dir)
		if c.win[phys] != nil && c.winOrder[phys] > l.order {
			continue // a later physical declaration of the same side
		}
		c.setWinner(phys, l.d, l.ua)
		c.winOrder[phys] = l.order
		c.logicalSrc[phys] = l.id
	}
}

// lookupID returns the longhand to read from winning declaration d when
// it sets longhand id: the ltr mapping of a logical declaration, which
// names its value in a shorthand's expansion.
func (c *cascader) lookupID(id propID, d *cdecl) propID {
	if d.logical {
		return c.logicalSrc[id]
	}
	return id
}
