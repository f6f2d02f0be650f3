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
// Floats (float.go) follow CSS 2.1 §9.5: a float gets its shrink-to-fit
// width, is placed as high as possible and then as far left (right) as
// the floats before it allow, and its margin box is recorded in the float
// context of its block formatting context. Line boxes beside floats are
// broken one at a time, each as wide as the band the floats leave free
// (a line whose first word does not fit moves down to where a float
// ends); clear adds clearance; block formatting context roots
// (overflow other than visible, flow-root, inline-block, table cells,
// floats, flex containers) contain their floats and are narrowed to avoid
// the floats outside them. A float that does not fit below the content
// already on a page starts the next page, with the content after it; a
// float that starts a page and is taller than it is split (except one
// anchored inside a paragraph, which is cut at the page bottom). A float
// anchored in a paragraph's text is placed beside the line holding its
// anchor when it fits next to the text before the anchor, else below
// that line.
//
// Positioning (position.go): position: relative shifts the laid-out
// fragment by its offsets without moving the flow. Absolutely positioned
// boxes leave the flow; they are laid out when their containing block —
// the padding box of the nearest positioned ancestor, else the page area
// — is finished on the page, with a shrink-to-fit width unless left and
// right are both set, and fall back to their static position for auto
// offsets. position: fixed boxes use the page area and are printed on
// every page, as browsers and WeasyPrint do: tagged on the page where
// they are in the flow, a pagination artifact (Fragment.Repeated) on the
// others.
//
// Flex containers (flex.go) lay out their items in lines: flex base size
// from flex-basis, width or max-content; flex-grow and flex-shrink
// distribute the free space (one pass, clamped by min/max and the
// min-content automatic minimum); justify-content, align-items
// (stretch, flex-start, flex-end, center) and row/column gaps place them;
// row-reverse/column-reverse reverse the items. A flex line is not split
// across pages: a line that does not fit starts the next page, and a
// line taller than a page (or a column running past the page) falls back
// to block layout so nothing is lost. Auto margins on the main axis take
// the free space. order, align-self, align-content, cross-axis auto
// margins and baseline alignment are not implemented.
//
// Multi-column containers (multicol.go, css-multicol-1) lay their content
// out in columns of the used count and width (§3.4), each column a
// fragmentainer as tall as the room left on the page (or the box's
// height): content flows through the columns in document order, so
// reading order and tags stay in DOM order. break-before/after: column
// and break-inside: avoid-column apply inside columns. A column set
// whose content ends on the page is balanced (column-fill: balance, or
// any set of unconstrained height) by laying it out again at column
// heights found by bisection, a bounded number of times; one that does
// not end fills the page's columns and continues in the next page's.
// Spanners (column-span: all, on descendants reached through blocks
// that establish no formatting context) end the column set before
// them and are laid out across the container. Column rules are
// recorded on the container's fragment (Fragment.ColumnRules) and
// painted as layout artifacts. Nested multicols are laid out as such
// down to maxColumnNesting levels. A block's definite height (height,
// min-height, max-height) is fragmented with it: what does not fit the
// page or column continues on the next (BreakToken.Consumed).
//
// A block whose height ends on a page or column while its content
// overflows it ends there, and what follows it goes on below it; the
// overflowing content continues from the top of the next page or column
// alongside (parallel.go, css-break-3 §4.2), unless the block clips in
// the block axis (overflow-y other than visible): then it is clipped.
// Lines that fit but leave no room for their box's bottom padding and
// border break before the last line so the edges follow it. A break
// avoided between siblings that cannot be honoured moves into the
// earlier sibling, before its last content, else to an earlier sibling
// boundary; with no allowed break, orphans and widows give way before
// the avoided break is taken (break_relax.go).
//
// Coordinates in fragments are points with the origin at the top-left
// corner of the page and y growing downwards.
package layout
