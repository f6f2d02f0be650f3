// Package box builds folio's box tree: the boxes CSS generates for a
// document from its DOM and computed styles, before any layout.
//
// Build walks the DOM in document order and creates one box per element
// according to its computed display (block, inline, inline-block,
// list-item, flow-root, the table parts; none generates nothing, contents
// generates only its children), adds the ::before, ::after and ::marker
// pseudo-element boxes with their generated content (strings, attr(),
// counters, quotes), runs the counters (counter-reset, -increment, -set and
// the implicit list-item counter), formats counters and list markers in
// the counter styles CSS Counter Styles 3 predefines and in the
// document's @counter-style rules (every system, extends with cycles
// broken, fallback chains and symbol repetition bounded), processes
// white space per white-space,
// loads replaced content (img) through a resource loader and wraps stray
// inline content in anonymous boxes so every block container holds either
// only block-level or only inline-level children. ::first-letter splits
// the first letter into a box of its own (firstletter.go); ::first-line
// gives the container of an element's first formatted line a FirstLine
// box of restyled copies of its inline content, which layout sets the
// first line with (firstline.go).
//
// A long document's tree can be built a child of the body at a time
// (Stream, stream.go; issue 24): the same steps (an element is entered,
// given its children and left, element.go) make the same tree, with
// the body's inline runs held until a block-level box says whether
// they get an anonymous block, and the few look-ups into the whole
// document (inline SVG's page, aria-labelledby, reversed counters,
// target-counter()) kept as the children go by or reported by Whole,
// for the caller to build the tree whole instead.
//
// Every box keeps its source node and pseudo-element so the later stages
// can map what they paint back to the document (the PDF structure tree is
// built from this tree in DOM order).
package box
