// Package layout lays a box tree out into pages of positioned fragments.
//
// Paginate runs the page loop: for each page it asks the page style for the
// page size and margins, lays the root box out into the page area from the
// break token the previous page ended with, and stops when the content is
// exhausted (or the page limit or the context ends it). Block formatting
// (block.go) handles widths, auto margins, vertical margin collapsing,
// padding, borders, min/max sizes and the break rules (break-before/after,
// break-inside: avoid, orphans, widows, margins truncated at unforced
// breaks, box-decoration-break: slice). Inline formatting (inline.go)
// shapes text through a TextShaper, breaks lines at UAX #14 opportunities,
// aligns and justifies them, reorders right-to-left runs for display and
// sets vertical alignment. Replaced elements (replaced.go) get their used
// size from CSS, attributes and intrinsic size; tables have their own
// formatting context (table*.go). Page-margin boxes (margins.go) are laid
// out once the page count is known, so counter(page) and counter(pages)
// resolve.
//
// Coordinates in fragments are points with the origin at the top-left
// corner of the page and y growing downwards.
package layout
