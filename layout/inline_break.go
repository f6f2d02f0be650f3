package layout

import (
	"math"

	"github.com/seed28491532/folio/style"
)

// breaks marks the units a line may start with.
func (p *para) breaks() {
	n := len(p.units)
	if cap(p.allow) > n && !p.kept {
		p.allow = p.allow[:n+1]
		clear(p.allow)
	} else {
		p.allow = carve(&p.slabs().allow, roomFor(n+1))[:n+1]
	}
	p.allow[n] = true
	k := 0
	bos := appendLineBreaks(p.l.breakBuf[:0], p.str)
	if cap(bos) <= maxKeptBreaks {
		p.l.breakBuf = bos // (not kept: a buffer a huge paragraph grew)
	}
	for _, bo := range bos {
		for k < n && (int(p.units[k].start) < bo.Offset || p.units[k].kind == uClose && int(p.units[k].start) == bo.Offset) {
			k++
		}
		if k > 0 && int(p.units[k-1].end) > bo.Offset && int(p.units[k-1].start) < bo.Offset && softHyphens(p.str[p.units[k-1].start:bo.Offset]) {
			// after the soft hyphens a text starts with (which belong
			// to its first cluster): the break goes before them
			k--
		}
		if k >= n || k == 0 {
			continue
		}
		prev := p.items[p.itemOf(&p.units[k-1])].box.Style
		if !bo.Mandatory && noWrap(prev) {
			continue
		}
		if bo.Offset >= 2 && p.str[bo.Offset-1] == 0xAD && p.str[bo.Offset-2] == 0xC2 { // U+00AD
			// a soft hyphen, maybe in an element of its own or after
			// one's end: the glyphs before it end a line broken there
			if prev.Hyphens == style.HyphensNone {
				continue
			}
			if j := p.hyphenUnit(k); j >= 0 {
				p.units[j].shy = true
			}
		} else if p.units[k-1].shy && prev.Hyphens == style.HyphensNone {
			continue
		}
		p.allow[k] = true
	}
	p.wordBreaks()
	p.autoHyphens()
	opens := false
	for i := range p.units {
		u := &p.units[i]
		switch u.kind {
		case uAtomic:
			st := p.items[p.itemOf(u)].box.Style
			if !noWrap(p.block.Style) && !noWrap(st) {
				p.allow[i] = true
				if i+1 < n && p.units[i+1].kind != uClose {
					p.allow[i+1] = true
				}
			}
		case uBreak:
			p.allow[i+1] = true
		case uOpen:
			opens = true
		}
	}
	if opens {
		p.edgeBreaks()
	}
}

// edgeBreaks moves the break opportunities next to the opening edges of
// inline boxes.
func (p *para) edgeBreaks() {
	n := len(p.units)
	// A break before an opening edge belongs before the edge.
	for i := n - 1; i > 0; i-- {
		if p.allow[i] && p.units[i-1].kind == uOpen && !p.allow[i-1] && p.units[i-1].start == p.units[i].start {
			j := i - 1
			for j > 0 && p.units[j-1].kind == uOpen && p.units[j-1].start == p.units[i].start {
				j--
			}
			if j > 0 {
				p.allow[j] = true
				p.allow[i] = false
			}
		}
	}
	// ...unless the edges are empty (no margin, border or padding at
	// their start) and follow a space: then their boxes start on the line
	// the space ends, at its end, as Chromium has it (their content, from
	// the first unit that is no such edge, starts the next line).
	for i := 1; i < n; i++ {
		if !p.allow[i] || !p.units[i-1].space || p.units[i].kind != uOpen || p.units[i].width != 0 {
			continue
		}
		j := i
		for j < n && p.units[j].kind == uOpen && p.units[j].width == 0 {
			j++
		}
		p.allow[i], p.allow[j] = false, true
		i = j
	}
}

// span is a range of units forming one line.
type span struct {
	start, end int
	forced     bool // ends with a forced break or the end of the paragraph
	// first, for the first line of a paragraph with a first-line
	// paragraph (para.first), is where the line ends in that
	// paragraph's units; 0 otherwise.
	first int
}

// breakLines breaks the paragraph into lines avail wide; the first line is
// indent narrower.
func (p *para) breakLines(avail, indent float64) []span {
	var out []span
	p.eachSpan(avail, indent, func(sp span, _ bool) { out = append(out, sp) })
	return out
}

// eachSpan breaks the paragraph into lines avail wide, the first indent
// narrower, and calls fn with each line's span in order; last is set for
// the final line.
func (p *para) eachSpan(avail, indent float64, fn func(sp span, last bool)) {
	s := 0
	w0 := indent
	var prev span
	have := false
	for {
		if p.l.check() != nil {
			break // cancelled: the page loop reports it
		}
		sp, ok := p.nextSpan(s, avail, w0)
		if !ok {
			break
		}
		if have {
			fn(prev, false)
		}
		prev, have = sp, true
		s = sp.end
		w0 = 0
	}
	if have {
		fn(prev, true)
	}
}

// widest returns the width of the widest line of the paragraph broken
// into lines avail wide (+Inf: max-content).
func (p *para) widest(avail float64) float64 {
	w := 0.0
	p.eachSpan(avail, 0, func(sp span, _ bool) { w = math.Max(w, p.spanWidth(sp)) })
	return w
}

// minContentWidth returns the paragraph's min-content width: its widest
// line broken at every soft wrap opportunity, which overflow-wrap:
// anywhere (and word-break: break-word) adds between any two characters
// and overflow-wrap: break-word does not (CSS Text 3 §5.5).
func (p *para) minContentWidth() float64 {
	p.setMinContent(true)
	defer p.setMinContent(false)
	return p.widest(0)
}

func (p *para) setMinContent(on bool) {
	p.minContent = on
	if p.first != nil {
		p.first.minContent = on
	}
}

// nextSpan breaks the line starting at unit s in avail points, of which
// w0 (the indent) is taken; ok is false when only collapsible spaces and
// closing edges remain.
func (p *para) nextSpan(s int, avail, w0 float64) (span, bool) {
	if s == 0 && p.first != nil {
		if sp, ok := p.firstSpan(avail, w0); ok {
			return sp, true
		}
	}
	n := len(p.units)
	if s >= n {
		return span{}, false
	}
	ls := p.contentStart(s)
	if ls >= n {
		return span{}, false
	}
	clones := p.cloneEdges()
	best, forced := -1, false
	trail := 0.0
	firstFail := -1
	for k := ls + 1; k <= n; k++ {
		if j := p.plainTo(k); j > k {
			// positions k to j-1 allow no break and follow no space or
			// edge: nothing to do there but forget trailing spaces
			k, trail = j, 0
		}
		u := p.units[k-1]
		if u.kind == uBreak {
			// the forced break ends the line unless the text before it
			// overflows and an earlier break opportunity fits
			if best < 0 || p.cum[k-1]-p.cum[ls]-trail+w0+p.cloneExtraIf(clones, ls, k-1) <= avail+1e-6 {
				best, forced = k, true
			}
			break
		}
		switch {
		case u.space:
			trail += u.width
		case u.kind == uOpen || u.kind == uClose || u.kind == uOOF:
		default:
			trail = 0
		}
		if !p.allow[k] {
			continue
		}
		w := p.cum[k] - p.cum[ls] - trail + w0
		if len(clones) > 0 {
			w += p.cloneExtra(ls, k)
		}
		if k < n && (u.kind != uGlyphs || u.shy) { // (hyphenUnit(k) is k-1 after glyphs)
			if j := p.hyphenUnit(k); j >= 0 && p.units[j].shy {
				w += p.hyphenWidth(j)
			}
		}
		if w <= avail+1e-6 {
			best = k
			if k == n {
				forced = true
			}
			continue
		}
		firstFail = k
		break
	}
	if best < 0 {
		best = firstFail
		if best < 0 {
			best, forced = n, true
		}
		if st := p.items[p.itemOf(&p.units[ls])].box.Style; st.OverflowWrap == style.WrapAnywhere || st.WordBreak == style.WordBreakBreakWord ||
			st.OverflowWrap == style.WrapBreakWord && !p.minContent {
			k := ls + 1
			for k < best && p.cum[k+1]-p.cum[ls]+w0 <= avail {
				k++
			}
			if k < best {
				best, forced = k, false
			}
		}
	}
	return span{start: s, end: best, forced: forced}, true
}

// cloneExtraIf is cloneExtra(ls, k) when some inline boxes clone their
// decorations, else 0.
func (p *para) cloneExtraIf(clones []cloneEdge, ls, k int) float64 {
	if len(clones) == 0 {
		return 0
	}
	return p.cloneExtra(ls, k)
}

// plain reports whether the line loop of nextSpan has nothing to do at
// position k but note that no trailing space is left: no break is
// allowed before unit k and unit k-1 is a glyph cluster other than a
// space, or an atomic inline.
func (p *para) plain(k int) bool {
	u := &p.units[k-1]
	return !p.allow[k] && !u.space && (u.kind == uGlyphs || u.kind == uAtomic)
}

// plainTo returns the first position at or after k that is not plain
// (k itself when k is not). Lines are broken in order, so the stretch
// found last is cached: a word of a million characters broken anywhere
// is scanned once, not once a line.
func (p *para) plainTo(k int) int {
	if p.plainFrom <= k && k < p.plainEnd {
		return p.plainEnd
	}
	j := k
	// (position len(p.units) is never plain: a break is allowed there)
	for j < len(p.units) && p.plain(j) {
		j++
	}
	p.plainFrom, p.plainEnd = k, j
	return j
}

func collapsesSpace(st *style.Style) bool {
	return st.WhiteSpace == style.WhiteSpaceNormal || st.WhiteSpace == style.WhiteSpaceNowrap || st.WhiteSpace == style.WhiteSpacePreLine
}

// hyphenWidth is the width of the hyphen drawn when a line breaks after
// the soft hyphen in unit i.
func (p *para) hyphenWidth(i int) float64 {
	g := p.hyphen(int(p.units[i].ref))
	w := 0.0
	for _, x := range g {
		w += x.XAdvance
	}
	return w
}
