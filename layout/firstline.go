package layout

import (
	"github.com/seed28491532/folio/layout/box"
)

// A block container with a ::first-line style (box.Box.FirstLine) is
// laid out from two paragraphs of texts of the same length: p, its
// content as styled, and p.first, the same content inside the first
// line's fictional inline box, restyled for the first line (its text
// differs only by a text-transform that keeps the length). The first line is
// broken and built from p.first, so its width and height follow the
// first line's fonts (CSS Pseudo 4 §2.1); the following lines from p,
// starting at the unit of p where the first line ends. Spans and break
// tokens count p's units throughout: a span of the first line records
// where it ends in p.first's too (span.first).

// firstLinePara returns the paragraph of p's block's content restyled
// for its first line, collected and shaped; nil when the block has no
// ::first-line style or p is such a paragraph itself.
func (p *para) firstLinePara() *para {
	w := p.block.FirstLine
	if w == nil || p.lineCopy {
		return nil
	}
	box.RefreshFirstLine(p.block)
	f := &para{l: p.l, block: p.block, lineCopy: true, unkept: true}
	chain := []*box.Box{w}
	f.items = append(f.items, item{kind: uOpen, box: w, chain: chain})
	f.collect(w, chain, p.l.cbWidth)
	pos := f.text.Len()
	f.items = append(f.items, item{kind: uClose, box: w, chain: chain, start: pos, end: pos})
	f.shape()
	if len(f.str) != len(p.str) {
		return nil // (the copies' texts are as long as the content's: never)
	}
	return f
}

// firstSpan breaks the first line of p, avail points wide of which w0
// (the indent) is taken, with the first line's styles.
func (p *para) firstSpan(avail, w0 float64) (span, bool) {
	sp, ok := p.first.nextSpan(0, avail, w0)
	if !ok {
		return span{}, false
	}
	end := p.lineUnit(sp.end)
	if end == 0 && len(p.units) > 0 {
		end = 1 // (a line holds a unit at least)
	}
	return span{start: 0, end: end, forced: sp.forced || end >= len(p.units), first: sp.end}, true
}

// lineUnit returns the unit of p that starts where unit e of p.first
// does: at the same text offset, after as many units there (the edges of
// the first line's own box aside).
func (p *para) lineUnit(e int) int {
	f := p.first
	if e >= len(f.units) {
		return len(p.units)
	}
	off := f.units[e].start
	j := 0
	for i := e - 1; i >= 0 && f.units[i].start == off; i-- {
		if f.items[f.itemOf(&f.units[i])].box != p.block.FirstLine {
			j++
		}
	}
	k := 0
	for k < len(p.units) && p.units[k].start < off {
		k++
	}
	return min(k+j, len(p.units))
}
