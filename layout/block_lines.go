package layout

import (
	"math"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// placeLines places the line boxes of b from the token's line on.
func (l *layouter) placeLines(b *box.Box, f *Fragment, cx, cy, cw float64, c fctx, tok *BreakToken) flowResult {
	if tok != nil && tok.ByUnit {
		return l.placeLinesAround(b, f, cx, cy, cw, c, tok)
	}
	// a token at line 0 places nothing yet (a table cell pushed whole
	// resumes its content with one): floats must not be dropped then
	if (tok == nil || tok.Line == 0) && (c.floats.below(cy) || hasOOF(b)) {
		return l.placeLinesAround(b, f, cx, cy, cw, c, nil)
	}
	if tok != nil && tok.Line > 0 && tok.Width != cw {
		// the lines were broken for a page of another width: line
		// tok.Line here is other text, so resume by unit
		return l.placeLinesAround(b, f, cx, cy, cw, c, l.unitToken(b, tok))
	}
	set := l.lines(b, cw)
	ls := set.lines
	start := 0
	if tok != nil {
		start = tok.Line
	}
	n := 0
	y := cy
	for i := start; i < len(ls); i++ {
		end := y + ls[i].H // (the bottom edges: endEdgesRoom below)
		if (end > c.bottom+0.01 || l.fnStop != nil && lineHasCall(ls[i], l.fnStop)) && !(c.atTop && i == start) {
			break
		}
		y += ls[i].H
		n++
	}
	remaining := len(ls) - start
	if n == remaining {
		n = endEdgesRoom(b, c, y, n)
	}
	if n < remaining {
		orphans, widows := max(b.Style.Orphans, 1), max(b.Style.Widows, 1)
		fit := n
		if remaining-n < widows {
			n = remaining - widows
		}
		if n < orphans || n <= 0 {
			if !c.atTop && (!l.relaxLines || fit == 0) {
				return flowResult{empty: true}
			}
			// the lines start the page: widows are given up first,
			// then orphans (all the lines that fit when fewer do)
			l.brokenAvoids++
			n = max(1, min(fit, orphans))
		}
	}
	y = cy
	if len(f.Lines) == 0 && n > 1 {
		f.Lines = make([]*Line, 0, n)
	}
	for i := start; i < start+n; i++ {
		ln := set.place(i, cx, y, i == 0 && l.pendingMarker != nil)
		if i == 0 && l.pendingMarker != nil && ln.Marker == nil {
			ln.Marker = l.marker(l.pendingMarker, ln, cx)
			l.pendingMarker = nil
		}
		if len(f.Lines) == 0 && len(ls) == 1 && ln == set.one[0] {
			// the one line of the paragraph, given out as it is: the
			// fragment shares the set's one-element array (capacity 1,
			// so appending to it copies; nothing stores into it)
			f.Lines = set.one[:1:1]
		} else {
			f.Lines = append(f.Lines, ln)
		}
		y += ls[i].H
	}
	if len(ls) == 0 {
		if m := l.paraMarker[b]; m != nil {
			l.pendingMarker = m
		}
	}
	if start+n < len(ls) {
		return flowResult{y: y, next: &BreakToken{Box: b, Line: start + n, Width: cw}}
	}
	return flowResult{y: y}
}

// unitToken turns a token that resumes b's lines at line tok.Line,
// broken at tok.Width, into one that resumes at that line's first unit.
func (l *layouter) unitToken(b *box.Box, tok *BreakToken) *BreakToken {
	saved := l.cbWidth
	l.cbWidth = tok.Width
	p := &para{l: l, block: b}
	p.collect(b, nil, tok.Width)
	p.shape()
	l.cbWidth = saved
	u := len(p.units)
	if spans := p.breakLines(tok.Width, firstIndent(b, tok.Width)); tok.Line < len(spans) {
		u = spans[tok.Line].start
	}
	return &BreakToken{Box: b, ByUnit: true, Unit: u, Line: tok.Line, OOFEnd: u}
}

// firstIndent is the text-indent of b's first line at width w: none
// for an anonymous block (or continuation) that does not start its
// element.
func firstIndent(b *box.Box, w float64) float64 {
	if b.Anonymous || b.Continuation {
		if b.Parent != nil && len(b.Parent.Children) > 0 && b.Parent.Children[0] != b {
			return 0
		}
	}
	return b.Style.Resolve(b.Style.TextIndent, w, 0)
}

// lines returns the line boxes of block container b at width w,
// computing them once.
func (l *layouter) lines(b *box.Box, w float64) *lineSet {
	if ls, ok := l.lineCache[b]; ok && ls.width == w {
		return ls
	}
	saved := l.cbWidth
	l.cbWidth = w
	p, _ := l.shapedPara(b, w)
	delete(l.paraCache, b) // laid out once; measuring is done
	defer l.recycle(p)
	indent := b.Style.Resolve(b.Style.TextIndent, w, 0)
	if b.Anonymous || b.Continuation {
		// text-indent applies to the first line of the element only
		if b.Parent != nil && len(b.Parent.Children) > 0 && b.Parent.Children[0] != b {
			indent = 0
		}
	}
	ls := newLineSet(p, w)
	out := p.stackLines(ls.one[:0], w, indent)
	p.lineSlot = nil
	ls.lines = out
	if p.marker != nil {
		if len(out) > 0 {
			out[0].Marker = l.marker(p.marker, out[0], 0)
		} else {
			l.paraMarker[b] = p.marker
		}
	}
	l.cbWidth = saved
	l.lineCache[b] = ls
	return ls
}

// shapedPara returns the shaped inline content of b in a containing block
// cbW wide. A paragraph whose shaping does not depend on the width (no
// atomic inlines, floats or percentage inline edges) is kept from the
// measuring passes (intrinsic sizes of table cells, floats, flex items)
// for the layout that follows, so its text is shaped once.
//
// The second result says the paragraph stays in that cache: when it does
// not, the caller may recycle it once done. A paragraph of one short text
// is not kept: the layout's text store keeps its shaped content already.
func (l *layouter) shapedPara(b *box.Box, cbW float64) (*para, bool) {
	if p, ok := l.paraCache[b]; ok {
		return p, true
	}
	saved := l.cbWidth
	l.cbWidth = cbW
	p := l.newPara(b)
	p.collect(b, nil, cbW)
	p.shape()
	l.cbWidth = saved
	if !p.shared && widthFree(p) {
		if l.paraCache == nil {
			l.paraCache = map[*box.Box]*para{}
		}
		l.paraCache[b] = p
		return p, true
	}
	return p, false
}

// widthFree reports whether p would shape the same at any width.
func widthFree(p *para) bool {
	for i := range p.items {
		it := &p.items[i]
		switch it.kind {
		case uGlyphs, uBreak:
		case uOpen, uClose:
			st := it.box.Style
			for _, side := range [...]int{style.Left, style.Right} {
				if st.Margin[side].HasPercent() || st.Padding[side].HasPercent() {
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}

// lineSet is the line boxes of a block container at one width, built at
// the origin (x from the content box's left edge, y from its top), kept
// for placing them again (a paragraph split over pages, content moved to
// the next page).
type lineSet struct {
	width float64
	lines []*Line
	// placed marks (for the first 64 lines) the lines given out as they
	// are, moved into place: they belong to a fragment now and are
	// copied when placed again.
	placed uint64
	// one holds the line of a one-line paragraph (no separate slice).
	one [1]*Line
}

// newLineSet returns an empty line set of width w for the lines of p,
// allocated with room for p's first line when that line holds one text
// (p.lineSlot; the common case, so a one-line paragraph's lines take one
// allocation).
func newLineSet(p *para, w float64) *lineSet {
	l := p.l
	a := l.lineSets.One(4, 32)
	a.ls.width = w
	p.lineSlot = &a.line
	return &a.ls
}

// lineSetAlloc is a line set with room for its first line.
type lineSetAlloc struct {
	ls   lineSet
	line lineSlot
}

// lineSlot is the storage of a line of one text.
type lineSlot struct {
	line Line
	ptr  [1]*Text
	text [1]Text
}

// place returns line i with its top-left at (x, y). The first placement
// of a line gives the line itself, moved (no copy; unless keep asks for
// a copy, e.g. for a line that is about to get a marker); later ones
// copy it from where it was placed last.
func (ls *lineSet) place(i int, x, y float64, keep bool) *Line {
	ln := ls.lines[i]
	if i < 64 && ls.placed&(1<<i) == 0 && !keep {
		ls.placed |= 1 << i
		ln.moveBy(x-ln.X, y-ln.Y)
		return ln
	}
	return ln.translated(x-ln.X, y-ln.Y)
}

// marker lays out the outside marker m for line ln whose content box
// starts at cx.
func (l *layouter) marker(m *box.Box, ln *Line, cx float64) *Marker {
	st := m.Style
	mk := &Marker{Box: m, Shape: m.MarkerShape, Color: st.TextColor()}
	if m.MarkerShape != box.ShapeNone {
		met := l.metrics(nil, st)
		sz := 0.36 * st.FontSize
		x := cx - 0.5*st.FontSize - sz
		if rtlItem(m) {
			x = cx + ln.W + 0.5*st.FontSize
		}
		mk.Rect = Rect{X: x, Y: ln.Baseline - met.XHeight/2 - sz/2, W: sz, H: sz}
		return mk
	}
	p := l.newPara(m)
	defer l.recycle(p)
	p.collect(m, nil, 0)
	p.shape()
	spans := p.breakLines(math.Inf(1), 0)
	if len(spans) == 0 {
		return nil
	}
	ml := p.buildLine(span{start: 0, end: len(p.units), forced: true}, 0, 0, true)
	w := 0.0
	for _, t := range ml.Texts {
		w += t.Width
	}
	for _, a := range ml.Atomics {
		w = max(w, a.X+a.W) // a list-style-image
	}
	for _, a := range ml.Atomics {
		dx := cx - w - 0.3*st.FontSize
		if rtlItem(m) {
			dx = cx + ln.W + 0.3*st.FontSize
		}
		mk.Atomics = append(mk.Atomics, a.translated(dx, ln.Baseline-ml.Baseline))
	}
	x0 := math.Inf(1)
	for _, t := range ml.Texts {
		x0 = math.Min(x0, t.X)
	}
	for _, t := range ml.Texts {
		// flush with the content box: the suffix makes the gap
		if rtlItem(m) {
			t.X += cx + ln.W - x0
		} else {
			t.X += cx - w - x0
		}
		t.Baseline = ln.Baseline
		t.Box = m
		mk.Texts = append(mk.Texts, t)
	}
	return mk
}

// rtlItem reports whether marker m belongs to a right-to-left list item:
// its outside marker then sits right of the content box.
func rtlItem(m *box.Box) bool {
	for x := m.Parent; x != nil; x = x.Parent {
		if x.ListItem {
			return x.Style.Direction == style.RTL
		}
	}
	return m.Style.Direction == style.RTL
}
