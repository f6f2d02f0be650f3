// Package display turns laid-out pages into display lists: per page, the
// items to paint in the paint order of CSS 2 Appendix E (for the features
// layout supports: block backgrounds and borders in tree order, then the
// inline content of each line — inline box backgrounds and borders,
// underlines and overlines, text, line-throughs, atomic inlines), each item
// with an Origin that says which box it paints or which artifact kind it
// is. The PDF structure is not built from these lists (it comes from the
// box tree); the renderer only joins the two through the Origin.
//
// Lists stay short for long tables: the collapsed borders of a table that
// are all solid in one opaque colour become one rectangle per run of a
// grid line rather than one per cell side, and touching fills of one row
// in one opaque colour, painted one after the other (the backgrounds of
// a row's cells), become one rectangle. Both paint the same pixels in
// renderers that snap single rectangles to the pixel grid, and remove the
// hairline seams anti-aliasing renderers draw between touching ones.
package display
