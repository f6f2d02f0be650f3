package layout

import (
	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// dropFinished lets go of the box subtrees that layout has finished with
// once the pages holding them are handed on (issue 24): a long document
// is a long sequence of blocks, and the box tree built whole before
// layout would otherwise be held to the end of the document.
//
// tok is where the next page resumes. At each level of its chain whose
// box lays its children out one after the other in tree order (a block
// container of blocks, not a table, flex, grid or multi-column
// container, nor a box resuming inside its lines), the children before
// the one resumed with are finished: their descendants are unlinked
// (Children set to nil), so that what no page, structure node or cache
// refers to any longer can be collected. The children themselves stay
// in their parent's slots, so nothing indexing Children changes.
//
// Out-of-flow boxes (floats, positioned boxes) and their subtrees are
// left whole, as a float or a positioned box may be placed on a later
// page than its parent's content (and a fixed box is repeated on every
// page); so is a footnote body, which is not among its call's children.
// Only the final pass of PaginateEach drops boxes, once the sink has
// read the tree (Sink.Start): a counting pass lays the same tree out
// again.
func dropFinished(tok *BreakToken) {
	for depth := 0; tok != nil && tok.Box != nil && depth < maxReleaseDepth; depth++ {
		b := tok.Box
		if !inTreeOrder(b, tok) {
			return
		}
		end := min(tok.Child, len(b.Children))
		for _, c := range b.Children[:end] {
			dropSubtree(c, depth+1)
		}
		tok = tok.Inner
	}
}

// inTreeOrder reports whether the children of b before tok.Child are laid
// out, and finished, in tree order when layout resumes at tok.
func inTreeOrder(b *box.Box, tok *BreakToken) bool {
	if b.Kind != box.KindBlock || b.Style == nil || tok.Spanner != nil || tok.ByUnit || tok.Line != 0 ||
		len(tok.Floats) > 0 || len(tok.Items) > 0 {
		return false
	}
	switch b.Style.Display {
	case style.DisplayFlex, style.DisplayInlineFlex, style.DisplayGrid, style.DisplayInlineGrid:
		return false
	}
	return !multicolStyle(b.Style) && !b.HasInlineChildren()
}

// dropSubtree unlinks the descendants of the finished in-flow box b (see
// dropFinished). The walk is bounded by maxReleaseDepth.
func dropSubtree(b *box.Box, depth int) {
	if b.OutOfFlow() || depth > maxReleaseDepth {
		return
	}
	for _, c := range b.Children {
		dropSubtree(c, depth+1)
	}
	b.Children = nil
}
