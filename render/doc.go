// Package render writes laid-out pages as a tagged PDF through package
// pdfua. It is the glue between layout and the writer: the structure tree
// comes from the box tree in DOM order, the page content from the display
// lists, and the two are joined by marked-content identifiers (MCIDs).
//
// # Structure mapping
//
// Elements map to standard structure types as follows; elements not listed
// (div, span, em, strong, b, i, code, small…) are transparent: their
// content belongs to the nearest mapped ancestor, so the tree carries no
// junk Span or NonStruct elements. A transparent element whose language
// differs from its parent's becomes a Span (inline) or Div (block) with
// /Lang.
//
//	html                         Document (the root)
//	h1–h6, role=heading          H1–H6 (levels normalised, see below)
//	p, address, pre              P
//	blockquote                   BlockQuote
//	q                            Quote
//	ul, ol, dl, menu             L
//	li                           LI with Lbl (marker text) and LBody
//	dt / dd                      Lbl / LBody inside one LI per dt group
//	figure                       Figure (/Alt: aria-label, else the alt of its img)
//	figcaption, caption          Caption
//	img (not decorative)         Figure with /Alt when outside a figure
//	img alt="" or role=presentation|none   artifact
//	a[href]                      Link (+ one annotation per fragment rectangle)
//	table / thead / tbody / tfoot Table / THead / TBody / TFoot
//	tr / th / td                 TR / TH (/Scope) / TD
//	math, role=math              Formula (/Alt: aria-label, MathML alttext, alt, title, else its text)
//	role=img (not img/svg)       Figure (/Alt as for Formula)
//	role=note                    Note (/ID: its id, else note-<box index>)
//	section, aside, nav          Sect
//	article                      Art
//	main                         Part
//	header, footer               Div
//	text directly in a grouping element   P (an anonymous paragraph)
//
// Heading levels are normalised so the PDF never skips a level: a heading
// deeper than one below the previous heading (or a first heading below
// h1) is tagged at the next allowed level, and each change is reported as
// a "tags" diagnostic.
//
// Right-to-left runs are drawn cluster by cluster in logical order (each
// at its visual position), inside a Span whose /ActualText is the run's
// text, so extraction reads Hebrew and Arabic in logical order.
//
// Backgrounds, borders, rules, underlines, list bullets drawn as shapes
// and decorative images are artifacts (Background or Layout); marker text
// is Lbl content; margin-box content is a Pagination artifact.
package render
