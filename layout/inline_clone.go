package layout

import (
	"slices"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// Inline boxes with box-decoration-break: clone (css-break-3 §5.4) have
// their start and end edges (margin, border, padding) on every line they
// take part of: the line breaker counts the edges of the boxes a line
// starts inside of and ends inside of, and buildLine repeats their edge
// units there.

// cloneEdge is an inline box with box-decoration-break: clone in a
// paragraph: the indexes of its start and end edge units (close is the
// number of units when the paragraph ends inside the box) and their
// widths.
type cloneEdge struct {
	open, close   int
	openW, closeW float64
}

// cloneEdges returns the paragraph's cloned inline boxes in the order of
// their start edges, found on first use.
func (p *para) cloneEdges() []cloneEdge {
	if p.clonesFound {
		return p.clones
	}
	p.clonesFound = true
	any := false
	for i := range p.items {
		if it := &p.items[i]; it.kind == uOpen && it.box.Style.DecorationClone {
			any = true
			break
		}
	}
	if !any {
		return nil
	}
	var stack []int
	for i := range p.units {
		u := &p.units[i]
		switch u.kind {
		case uOpen:
			stack = append(stack, i)
		case uClose:
			if len(stack) == 0 {
				continue
			}
			o := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if p.items[p.itemOf(&p.units[o])].box.Style.DecorationClone {
				p.clones = append(p.clones, cloneEdge{open: o, close: i, openW: p.units[o].width, closeW: u.width})
			}
		}
	}
	for _, o := range stack {
		if p.items[p.itemOf(&p.units[o])].box.Style.DecorationClone {
			p.clones = append(p.clones, cloneEdge{open: o, close: len(p.units), openW: p.units[o].width})
		}
	}
	slices.SortFunc(p.clones, func(a, b cloneEdge) int { return a.open - b.open })
	return p.clones
}

// cloneExtra is the width the cloned edges add to a line whose content
// starts at unit ls and which ends before unit k: the start edges of the
// boxes open at ls and the end edges of those still open at k.
func (p *para) cloneExtra(ls, k int) float64 {
	w := 0.0
	for _, c := range p.clones {
		if c.open < ls && c.close >= ls {
			w += c.openW
		}
		if c.open < k && c.close >= k {
			w += c.closeW
		}
	}
	return w
}

// contentStart returns the first unit at or after s a line's content
// starts with: collapsible spaces, end edges, out-of-flow units and
// start edges of no width before it are not part of the line's
// content (a line holding only empty inline boxes without margin,
// border or padding at their start or end is no line, CSS 2.1 §9.4.2),
// unless they hold a float or positioned box, placed from their line.
func (p *para) contentStart(s int) int {
	n := len(p.units)
	for s < n && (p.units[s].space && collapsesSpace(p.items[p.itemOf(&p.units[s])].box.Style) || p.units[s].kind == uClose || p.units[s].kind == uOOF ||
		p.units[s].kind == uOpen && p.emptyEdges(p.items[p.itemOf(&p.units[s])].box, p.units[s].width)) {
		s++
	}
	return s
}

// addWithClones adds units s to e of a line starting at unit start to
// it with add (those from te on hanging), and the cloned edges of the
// boxes with box-decoration-break: clone the line is inside (clones):
// the start edges, outermost first, before the units; the end edges,
// innermost first, before the trailing spaces (which hang past the
// line's end) unless edges of boxes closing on the line come there too
// (inner boxes: they end first).
func (p *para) addWithClones(clones []cloneEdge, start, s, te, e int, add func(i int, hangs bool)) {
	units := p.units
	ls := p.contentStart(start)
	for _, c := range clones {
		if c.open < ls && c.close >= ls {
			add(c.open, false)
		}
	}
	at := te
	for i := te; i < e; i++ {
		if units[i].kind == uClose {
			at = e
		}
	}
	for i := s; i <= e; i++ {
		if i == at {
			for k := len(clones) - 1; k >= 0; k-- {
				if c := clones[k]; c.open < e && c.close >= e && c.close < len(units) {
					add(c.close, false)
				}
			}
		}
		if i < e {
			add(i, i >= te)
		}
	}
}

// emptyEdges reports whether inline box b, whose start edge unit is
// open wide, has no margin, border or padding at its start and end (in
// its direction, a split part only at the ends it has) and no float or
// positioned box inside: a line does not start for it.
func (p *para) emptyEdges(b *box.Box, open float64) bool {
	if open != 0 || hasOOF(b) || splitStart(b) {
		return false
	}
	st := b.Style
	start, end := style.Left, style.Right
	if st.Direction == style.RTL {
		start, end = end, start
	}
	for _, e := range [2]struct {
		side int
		cut  bool
	}{{start, b.Continuation}, {end, b.Continued()}} {
		if side := e.side; !e.cut && st.Resolve(st.Margin[side], p.l.cbWidth, 0)+st.Border[side].Width+st.Resolve(st.Padding[side], p.l.cbWidth, 0) != 0 {
			return false
		}
	}
	return true
}
