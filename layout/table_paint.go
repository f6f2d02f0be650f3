package layout

import (
	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// Paint replaces the background and borders the display list would paint
// for a fragment's box from its own style. Table layout sets it on table
// parts: cells carry the backgrounds of their column group, column, row
// group and row under their own (CSS 2.1 §17.5.1), rows and row groups
// paint nothing themselves, and a table with collapsed borders paints the
// resolved border segments after its cells.
//
// Rectangles are relative to the fragment's border-box top-left corner,
// so a translated fragment paints in the right place.
type Paint struct {
	// Fills are painted bottom first, before the children.
	Fills []PaintFill
	// Own paints the box's own background and borders (from its style and
	// Fragment.Border) after Fills.
	Own bool
	// Borders are painted after the children's backgrounds and borders.
	Borders []PaintBorder
	// Shadows paints the box's box-shadow from its style around (and
	// inside) the fragment's border box, outer shadows below Fills and
	// inset ones above: for a cell whose borders are collapsed (Own
	// unset; Fragment.Border holds its half of them).
	Shadows bool
}

// PaintFill is a background layer: a colour over Rect, or, when Images
// is set, the background images of that box (a row, or the cell itself,
// whose border, padding and content boxes are then the fragment's)
// positioned in Area and clipped to Rect.
type PaintFill struct {
	Rect   Rect
	Color  style.Color
	Images *box.Box
	Area   Rect
}

// PaintBorder is one border segment: Rect is its area, Side the side
// (style.Top…) it is drawn as.
type PaintBorder struct {
	Rect  Rect
	Side  int
	Width float64
	Style style.BorderStyle
	Color style.Color
}
