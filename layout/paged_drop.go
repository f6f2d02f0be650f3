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
// the one resumed with are finished: each is replaced in its parent's
// slot by a childless stand-in of its own (placeholder), and its
// descendants are unlinked (Children set to nil), so that what no page,
// structure node or cache refers to any longer can be collected. Boxes
// are allocated in blocks (box.Build), and a box left in the tree would
// keep its whole block, and the boxes that block refers to, alive: the
// stand-ins are allocated one by one.
//
// Out-of-flow boxes (floats, positioned boxes) and their subtrees are
// left whole, as a float or a positioned box may be placed on a later
// page than its parent's content (and a fixed box is repeated on every
// page); so is a footnote body, which is not among its call's children.
// Only the final pass of PaginateEach drops boxes, once the sink has
// read the tree (Sink.Start): a counting pass lays the same tree out
// again.
func (l *layouter) dropFinished(tok *BreakToken) {
	if l.dropping != nil {
		if below := l.dropBound(tok); below > 0 {
			if err := l.dropping(below); err != nil {
				l.err = err
				return
			}
		}
	}
	for depth := 0; tok != nil && tok.Box != nil && depth < maxReleaseDepth; depth++ {
		b := tok.Box
		if !inTreeOrder(b, tok) {
			return
		}
		end := min(tok.Child, len(b.Children))
		if l.dropped == nil {
			l.dropped = map[*box.Box]int{}
		}
		var prev *box.Box // the stand-in of the slot before, if any
		if from := l.dropped[b]; from > 0 && from < end {
			prev = b.Children[from-1]
		}
		for i := l.dropped[b]; i < end; i++ {
			c := b.Children[i]
			if c.OutOfFlow() {
				prev = nil
				continue
			}
			l.dropSubtree(c, depth+1)
			prev = l.placeholder(c, prev)
			b.Children[i] = prev
		}
		if end > l.dropped[b] {
			l.dropped[b] = end
		}
		tok = tok.Inner
	}
}

// dropBound returns the number after the highest box number
// dropFinished lets go of at tok (0 when it lets go of none): the
// subtrees it drops end before it, in the tree's pre-order numbering.
func (l *layouter) dropBound(tok *BreakToken) int {
	below := 0
	for depth := 0; tok != nil && tok.Box != nil && depth < maxReleaseDepth; depth++ {
		b := tok.Box
		if !inTreeOrder(b, tok) {
			break
		}
		end := min(tok.Child, len(b.Children))
		if from := l.dropped[b]; end > from {
			last := b.Children[end-1]
			for n := 0; len(last.Children) > 0 && n < maxReleaseDepth; n++ {
				last = last.Children[len(last.Children)-1]
			}
			below = max(below, last.Index+1)
		}
		tok = tok.Inner
	}
	return below
}

// placeholder returns the stand-in of finished box c in its parent's
// slot: what code reading the siblings of a box asks of it (kind, style,
// being in flow), none of its content, nor its element (Node). prev is
// the stand-in of the slot before (nil if that slot holds none): c's
// siblings finished one after the other mostly look alike (the sections
// of a long document), and share one stand-in rather than cost a box
// each. A shared stand-in's Index is that of the first slot it stands
// in: the boxes let go have their structure made before (DropSink) and
// what reads the tree's numbers (render's walk) is past them.
func (l *layouter) placeholder(c, prev *box.Box) *box.Box {
	st := l.standInStyle(c.Style)
	if prev != nil && prev.Anonymous && len(prev.Children) == 0 && prev.Node == nil && prev.Kind == c.Kind &&
		prev.Pseudo == c.Pseudo && prev.Style == st && prev.Parent == c.Parent && !prev.Pending() {
		return prev
	}
	return &box.Box{Kind: c.Kind, Pseudo: c.Pseudo, Anonymous: true, Style: st, Parent: c.Parent, Index: c.Index}
}

// maxStandInStyles bounds the stand-in styles a layout remembers
// (layouter.standIns).
const maxStandInStyles = 64

// standInStyle returns a copy of st, read-only, shared by the stand-ins
// whose styles have the same groups (the sections of a long document
// mostly do). A stand-in does not point to st itself: the box's style
// was carved from a block of styles, which it would keep alive.
func (l *layouter) standInStyle(st *style.Style) *style.Style {
	if st == nil {
		return nil
	}
	if own, ok := l.standIns[*st]; ok {
		return own
	}
	if l.standIns == nil {
		l.standIns = map[style.Style]*style.Style{}
	} else if len(l.standIns) >= maxStandInStyles {
		clear(l.standIns) // a memo: the stand-ins keep their copies
	}
	own := new(style.Style)
	*own = *st
	l.standIns[*st] = own
	return own
}

// inTreeOrder reports whether the children of b before tok.Child are laid
// out, and finished, in tree order when layout resumes at tok: not when
// the content of some of them goes on in parallel (tok.Overflow).
func inTreeOrder(b *box.Box, tok *BreakToken) bool {
	if b.Kind != box.KindBlock || b.Style == nil || tok.Spanner != nil || tok.ByUnit || tok.Line != 0 ||
		len(tok.Floats) > 0 || len(tok.Items) > 0 || len(tok.Overflow) > 0 {
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
func (l *layouter) dropSubtree(b *box.Box, depth int) {
	if b.OutOfFlow() || depth > maxReleaseDepth {
		return
	}
	for _, c := range b.Children {
		l.dropSubtree(c, depth+1)
	}
	b.Children = nil
	delete(l.dropped, b)
}
