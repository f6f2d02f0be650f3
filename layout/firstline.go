package layout

import (
	"math"
	"strings"

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
// for its first line, collected and shaped, cut after about limit bytes
// of text (0: all); nil when the block has no ::first-line style or p is
// such a paragraph itself.
func (p *para) firstLinePara(limit int) *para {
	w := p.block.FirstLine()
	if w == nil || p.lineCopy {
		return nil
	}
	box.RefreshFirstLine(p.block)
	f := &para{l: p.l, block: p.block, lineCopy: true, unkept: true, limit: limit}
	chain := []*box.Box{w}
	f.items = append(f.items, item{kind: uOpen, box: w, chain: chain})
	f.collect(w, chain, p.l.cbWidth)
	pos := f.text.Len()
	f.items = append(f.items, item{kind: uClose, box: w, chain: chain, start: pos, end: pos})
	f.shape()
	if f.cut == 0 && len(f.str) != len(p.str) || f.cut > 0 && (f.cut != len(f.str) || f.cut >= len(p.str)) {
		return nil // (the copies' texts are as long as the content's: never)
	}
	return f
}

// firstLimit returns the length of text to collect for the first line of
// p at first: some four lines' worth at half an em a character, 0 (all)
// when the width is not known.
func (p *para) firstLimit() int {
	w, size := p.l.cbWidth, 0.0
	if fl := p.block.FirstLine(); fl != nil {
		size = fl.Style.FontSize
	}
	if size <= 0 || w <= 0 || math.IsInf(w, 0) || math.IsNaN(w) || w/size > 1e6 {
		return 0
	}
	return 256 + int(8*w/size)
}

// cutText returns what a first line's paragraph cut short at p.limit
// collects of text txt: all of it before the limit, else up to the first
// space after it (the words before the cut break as they do in the whole
// text), noting where the text ends in p.cut.
func (p *para) cutText(txt string) string {
	if p.limit <= 0 || p.cut > 0 {
		return txt
	}
	pos := p.text.Len()
	from := max(p.limit-pos, 0)
	if from >= len(txt) {
		return txt
	}
	i := strings.IndexByte(txt[from:], ' ')
	if i < 0 || from+i+1 >= len(txt) {
		return txt
	}
	txt = txt[:from+i+1]
	p.cut = pos + len(txt)
	return txt
}

// firstSpan breaks the first line of p, avail points wide of which w0
// (the indent) is taken, with the first line's styles.
func (p *para) firstSpan(avail, w0 float64) (span, bool) {
	sp, ok := p.first.nextSpan(0, avail, w0)
	for f := p.first; f.cut > 0 && (!ok || sp.end >= len(f.units) || int(f.units[sp.end].start) >= f.cut); f = p.first {
		// the line reaches the cut: the text after it may belong on it,
		// so collect twice as much (at most the whole text)
		if p.first = p.firstLinePara(2 * f.limit); p.first == nil {
			return span{}, false
		}
		sp, ok = p.first.nextSpan(0, avail, w0)
	}
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
		if f.items[f.itemOf(&f.units[i])].box != p.block.FirstLine() {
			j++
		}
	}
	k := 0
	for k < len(p.units) && p.units[k].start < off {
		k++
	}
	return min(k+j, len(p.units))
}
