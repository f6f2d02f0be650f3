// Package display turns laid-out pages into display lists: per page, the
// items to paint in the paint order of CSS 2 Appendix E (for the features
// layout supports: block backgrounds and borders in tree order, then the
// inline content of each line — inline box backgrounds and borders,
// underlines and overlines, text, line-throughs, atomic inlines), each item
// with an Origin that says which box it paints or which artifact kind it
// is. The PDF structure is not built from these lists (it comes from the
// box tree); the renderer only joins the two through the Origin.
//
// Background layers (background.go, CSS Backgrounds 3) are painted last
// layer first: each image or gradient is sized, positioned in its
// background-origin box, repeated and clipped to its (rounded)
// background-clip box, as items for the tiles that meet the painting
// area; a layer of many image tiles, or a gradient of more than one, is
// one item that the renderer draws as a tiling pattern. Gradients are
// resolved per tile (gradient.go: the gradient line or ray, stop
// positions, repetition) into stops the renderer draws as PDF shadings.
//
// Lists stay short for long tables: the collapsed borders of a table that
// are all solid in one opaque colour become one rectangle per run of a
// grid line rather than one per cell side, and touching fills of one row
// in one opaque colour, painted one after the other (the backgrounds of
// a row's cells), become one rectangle. Both paint the same pixels in
// renderers that snap single rectangles to the pixel grid, and remove the
// hairline seams anti-aliasing renderers draw between touching ones.
package display
