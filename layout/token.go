package layout

import (
	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// BreakToken says where layout of a box resumes on the next page.
type BreakToken struct {
	Box *box.Box
	// Child is the index of the child to resume with; Inner is that
	// child's own token when it was split (nil: it starts afresh).
	Child int
	Inner *BreakToken
	// Line is the first line to place, for a box with inline content, or
	// the first flex line for a flex container whose lines order or
	// wrap-reverse moves out of child order;
	// Width is the width its lines were broken at (a page of another
	// width breaks them again, resuming at the first unit of Line).
	Line  int
	Width float64
	// ByUnit is set when the lines were broken around floats: Unit is
	// then the first unit (glyph cluster, edge…) of the paragraph to place
	// and Line counts the lines already placed.
	ByUnit bool
	Unit   int
	// OOFEnd, with ByUnit, says the floats and positioned boxes anchored
	// in the units before it were placed on an earlier page.
	OOFEnd int
	// Floats, with ByUnit, are the tokens of the floats anchored in the
	// box's inline content that were split at the page bottom (each
	// token's Box is the float): they continue at the top of the next
	// page, before the lines from Unit. Without ByUnit they are the
	// floats of the box's block-level content that continue on the next
	// page (column) at its top, before child Child: split at the page
	// bottom, or pushed whole (Whole) when they did not fit below the
	// content placed before them.
	Floats []*BreakToken
	// FloatDX and FloatCW, on a float's token in Floats, are the offset
	// of the float's containing block from the content box of the box
	// whose token holds it, and that containing block's width; Whole
	// says the float was pushed whole: it starts afresh.
	FloatDX, FloatCW float64
	Whole            bool
	// Clear, with ByUnit, says the lines resume below the floats it
	// clears: a br with clear ended the line before the break, and
	// those floats went on past the page (column).
	Clear style.Clear
	// Items, on a grid container's token, are the tokens of the items
	// split at the page bottom in the group of rows that resumes at
	// Child, on a flex container's those of the row line that resumes
	// at Child (each token's Box is the item; the items without one are
	// finished).
	Items []*BreakToken
	// Forced is set when the break was forced; Side is left/right when
	// the forced break asks for a page side.
	Forced bool
	Side   style.Break
	// Consumed is the part of a box's definite content height laid out
	// on earlier pages (columns): the box's height is fragmented with it.
	// HeightOnly says the box's content is all laid out: only the rest
	// of its height continues.
	Consumed   float64
	HeightOnly bool
	// Spanner, when set, is the multicol whose column content stopped
	// before child Child, a spanner of its (multicol.go); Inner then
	// resumes the spanner itself.
	Spanner *box.Box
	// Overflow are the tokens of children whose own block size ended on
	// an earlier page (column) while their content overflows it: that
	// content continues at the top of the next one, in parallel with the
	// flow resuming at Child (css-break-3 §4.2 parallel flows; each
	// token's Box is the child, in child order).
	Overflow []*BreakToken
	// Ended says the box's own block size, bottom edges included, ended
	// on an earlier page (column): only content overflowing it continues.
	Ended bool
}
