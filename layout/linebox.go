package layout

import (
	"math"
	"strings"

	"github.com/seed28491532/folio/fonts"
	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// minDecorationThickness is the thinnest text decoration drawn (a
// text-decoration-thickness of 0 still shows a hairline, as in browsers).
const minDecorationThickness = 0.375

// piece is a visual piece of a line: a glyph range of one run, or one
// non-glyph unit.
type piece struct {
	u      unit // first unit (for kind, item, run)
	g0, g1 int
	width  float64
	level  uint8
	spaces int
	hyph   bool
	// ell says the line's ellipsis (text-overflow) follows the piece.
	ell   bool
	x     float64
	start int // byte range in the paragraph text
	end   int
	li    int // logical index
}

// lineHeight returns the used line-height of st with metrics m.
func lineHeight(st *style.Style, m LineMetrics) float64 {
	switch {
	case st.LineHeightNum > 0:
		return st.LineHeightNum * st.FontSize
	case st.LineHeight.Unit == style.Pt:
		return st.LineHeight.Value
	case st.LineHeight.Unit == style.Percent:
		return st.LineHeight.Value * st.FontSize / 100
	}
	return m.Ascent + m.Descent + m.LineGap
}

// shift returns the baseline shift (down positive) of content inside the
// inline boxes of chain.
func (l *layouter) shift(chain []*box.Box, parent *style.Style) float64 {
	s := 0.0
	ps := parent
	for _, b := range chain {
		st := b.Style
		switch st.VerticalAlign {
		case style.VAlignSub:
			s += 0.2 * ps.FontSize
		case style.VAlignSuper:
			s -= 0.35 * ps.FontSize
		case style.VAlignLength:
			s -= st.Resolve(st.VerticalAlignLength, lineHeight(st, l.metrics(nil, st)), 0)
		case style.VAlignMiddle:
			pm := l.metrics(nil, ps)
			m := l.metrics(nil, st)
			s += (m.Ascent-m.Descent)/2 - pm.XHeight/2
		case style.VAlignTextTop:
			pm := l.metrics(nil, ps)
			m := l.metrics(nil, st)
			s += m.Ascent - pm.Ascent
		case style.VAlignTextBottom:
			pm := l.metrics(nil, ps)
			m := l.metrics(nil, st)
			s += pm.Descent - m.Descent
		}
		ps = st
	}
	return s
}

func (l *layouter) metrics(face *fonts.Face, st *style.Style) LineMetrics {
	key := metricsKey{face: face, size: st.FontSize}
	if face == nil {
		key.fam = l.texts.fams.key(st.FontFamily)
		key.weight, key.style = st.FontWeight, st.FontStyle
	}
	for i := range l.mrecent {
		if e := &l.mrecent[i]; e.ok && e.key == key {
			return e.m
		}
	}
	m, ok := l.mcache[key]
	if !ok {
		m = l.shaper.Metrics(face, query(st), st.FontSize)
		l.mcache[key] = m
	}
	l.mrecent[l.mnext] = metricsEntry{key: key, m: m, ok: true}
	l.mnext ^= 1
	return m
}

// metricsEntry is a metrics lookup remembered in layouter.mrecent.
type metricsEntry struct {
	key metricsKey
	m   LineMetrics
	ok  bool
}

// metricsKey is what the metrics of a face (or of the face a style's
// font query selects) depend on.
type metricsKey struct {
	face   *fonts.Face
	size   float64
	fam    string
	weight int
	style  uint8
}

// famKey joins a font-family list into a map key; a single family (the
// common case) is used as it is, without allocating.
func famKey(families []string) string {
	if len(families) == 1 {
		return families[0]
	}
	return strings.Join(families, "\x00")
}

// famKeys remembers the keys of the last few font-family lists joined by
// famKey: the styles of a document share a handful of lists (a style
// inherits its parent's slice), so a list is joined once instead of on
// every metrics or font-class lookup.
type famKeys struct {
	lists [4][]string
	keys  [4]string
	next  int
}

// key returns famKey(families).
func (fk *famKeys) key(families []string) string {
	if len(families) <= 1 {
		return famKey(families)
	}
	for i := range fk.lists {
		if l := fk.lists[i]; len(l) == len(families) && &l[0] == &families[0] {
			return fk.keys[i]
		}
	}
	k := famKey(families)
	fk.lists[fk.next], fk.keys[fk.next] = families, k
	fk.next = (fk.next + 1) % len(fk.lists)
	return k
}

// stackLines breaks p into lines of width w, the first indented by
// indent, and stacks them from y = 0 downwards.
func (p *para) stackLines(out []*Line, w, indent float64) []*Line {
	out = out[:0]
	y := 0.0
	p.eachSpan(w, indent, func(sp span, last bool) {
		in := 0.0
		if len(out) == 0 {
			in = indent
		}
		ln := p.buildLine(sp, w, in, last)
		ln.W = w
		if y != 0 {
			ln.moveBy(0, y)
		}
		y += ln.H
		out = append(out, ln)
	})
	return out
}

// buildLine lays out the units of sp into a line box at the origin
// (x from the content box's left edge, y from the line's top).
func (p *para) buildLine(sp span, avail, indent float64, last bool) *Line {
	if sp.first > 0 && p.first != nil {
		return p.first.buildLine(span{end: sp.first, forced: sp.forced}, avail, indent, last)
	}
	l := p.l
	units := p.units
	s, e := sp.start, sp.end
	for s < e && (units[s].space && collapsesSpace(p.items[p.itemOf(&units[s])].box.Style)) {
		s++
	}
	// trailing hanging spaces (keep closing edges)
	te := e
	for te > s && (units[te-1].space || units[te-1].kind == uClose || units[te-1].kind == uBreak || units[te-1].kind == uOpen && units[te-1].width == 0) {
		te--
	}
	// text-overflow: ellipsis cuts a line too long for the box
	var ell []fonts.Glyph
	if cut, gl, ok := p.ellipsisCut(s, te, avail-indent); ok {
		e, te, ell = cut, cut, gl
	}
	// pieces in logical order (in the layouter's scratch slice: lines are
	// built one at a time)
	pcs := l.pieces[:0]
	defer func() { l.pieces = pcs[:0] }()
	hangW, hangSpaces := 0.0, 0
	add := func(i int, hangs bool) {
		u := units[i]
		if hangs && u.kind != uClose && u.kind != uOpen {
			// Hanging spaces stay in the text (extraction keeps the word
			// separator) but take no part in alignment.
			if !(u.kind == uGlyphs && u.space) {
				return
			}
			hangW += u.width
			hangSpaces++
		}
		if u.kind == uGlyphs && len(pcs) > 0 {
			lp := &pcs[len(pcs)-1]
			if lp.u.kind == uGlyphs && lp.u.ref == u.ref && lp.g1 == int(u.g0) {
				lp.g1 = int(u.g1)
				lp.end = int(u.end)
				lp.width += u.width
				if u.space {
					lp.spaces++
				}
				return
			}
		}
		pc := piece{u: u, g0: int(u.g0), g1: int(u.g1), width: u.width, level: u.level, start: int(u.start), end: int(u.end)}
		if u.space {
			pc.spaces = 1
		}
		pcs = append(pcs, pc)
	}
	if clones := p.cloneEdges(); len(clones) == 0 {
		for i := s; i < e; i++ {
			add(i, i >= te)
		}
	} else {
		p.addWithClones(clones, sp.start, s, te, e, add)
	}
	// soft hyphen at the break
	if j := p.hyphenUnit(e); !sp.forced && ell == nil && j >= s && units[j].shy {
		for i := len(pcs) - 1; i >= 0; i-- {
			if pcs[i].u.kind == uGlyphs {
				pcs[i].hyph = true
				pcs[i].width += p.hyphenWidth(j)
				break
			}
		}
	}
	if ell != nil {
		for i := len(pcs) - 1; i >= 0; i-- {
			if pcs[i].u.kind == uGlyphs {
				pcs[i].ell = true
				pcs[i].width += glyphsWidth(ell)
				break
			}
		}
	}
	width := -hangW
	spaces := -hangSpaces
	for _, pc := range pcs {
		width += pc.width
		spaces += pc.spaces
	}
	hangStart := len(p.str) + 1
	if te < e {
		hangStart = int(units[te].start)
	}
	for i := range pcs {
		pcs[i].li = i
	}
	// bidi reordering (L2)
	reorder(pcs, p.base)
	seq0 := l.seq
	l.seq += len(pcs)
	st := p.block.Style
	x := 0.0
	extra := 0.0
	align := lineAlign(p.block, p.base, last, sp.forced)
	free := avail - indent - width
	if p.base == 1 {
		// indent on the right
	} else {
		x = indent
	}
	if p.base == 1 {
		// in a right-to-left paragraph the trailing spaces hang past
		// the line's end at its left (reordered there, UAX #9 L1)
		x -= hangW
	}
	switch align {
	case style.AlignRight:
		x += free
	case style.AlignCenter:
		x += free / 2
	case style.AlignJustify:
		if spaces > 0 && free > 0 {
			extra = free / float64(spaces)
		}
	}
	nTexts := 0
	for i := range pcs {
		if pcs[i].u.kind == uGlyphs {
			nTexts++
		}
	}
	var ln *Line
	var texts []Text
	if s := p.lineSlot; s != nil && nTexts == 1 {
		p.lineSlot = nil
		s.line.Texts = s.ptr[:0]
		ln, texts = &s.line, s.text[:]
	} else {
		ln, texts = allocLine(nTexts)
	}
	ln.W = avail
	// vertical metrics
	sm := l.metrics(nil, st)
	slh := lineHeight(st, sm)
	half := (slh - sm.Ascent - sm.Descent) / 2
	top, bottom := -sm.Ascent-half, sm.Descent+half
	empty := p.emptyLine(s, e)
	if empty {
		top, bottom = 0, 0
	}
	var edges []edgeItem
	// x extents of the inline boxes on the line (few: a linear search
	// beats a map)
	type rng struct {
		b      *box.Box
		x0, x1 float64
		// open and closed say the box starts and ends on this line
		open, closed bool
	}
	var ranges []rng
	extend := func(chain []*box.Box, x0, x1 float64) {
	next:
		for _, b := range chain {
			for i := range ranges {
				if ranges[i].b == b {
					ranges[i].x0 = math.Min(ranges[i].x0, x0)
					ranges[i].x1 = math.Max(ranges[i].x1, x1)
					continue next
				}
			}
			ranges = append(ranges, rng{b: b, x0: x0, x1: x1})
		}
	}
	// one backing array for the glyphs of all the line's runs
	// A piece taking its run's glyphs as they are (a run of a text the
	// layout keeps shaped, which nothing changes: see shareGlyphs) uses
	// them in place.
	nGlyphs := 0
	for i := range pcs {
		if pcs[i].u.kind == uGlyphs && !p.shareGlyphs(&pcs[i], extra) {
			nGlyphs += pcs[i].g1 - pcs[i].g0
			if pcs[i].hyph {
				nGlyphs += 2
			}
			if pcs[i].ell {
				nGlyphs += len(ell)
			}
		}
	}
	slab := p.takeGlyphs(nGlyphs)
	// hangBack is the width of the spaces hanging at the line's end met
	// so far: boxes closing after them end before them
	hangBack := 0.0
	for i := range pcs {
		pc := &pcs[i]
		it := &p.items[p.itemOf(&pc.u)]
		pc.x = x
		switch pc.u.kind {
		case uGlyphs:
			r := &p.runs[pc.u.ref]
			var gl []fonts.Glyph
			if p.shareGlyphs(pc, extra) {
				gl = r.glyphs[pc.g0:pc.g1:pc.g1]
			} else {
				n0, n := len(slab), pc.g1-pc.g0
				reserve := 0
				if pc.hyph {
					reserve = 2
				}
				if pc.ell {
					reserve += len(ell)
				}
				slab = append(slab, r.glyphs[pc.g0:pc.g1]...)
				slab = slab[:len(slab)+reserve]
				gl = slab[n0 : n0+n : n0+n+reserve]
			}
			rel := int32(pc.start - r.off)
			txt := p.str[pc.start:pc.end]
			w := 0.0
			for k := range gl {
				if rel != 0 {
					gl[k].Cluster -= rel
					if gl[k].Cluster < 0 {
						gl[k].Cluster = 0
					}
				}
				if extra > 0 && pc.start+int(gl[k].Cluster) < hangStart && isSpaceCluster(txt, gl, k) {
					gl[k].XAdvance += extra
				}
				w += gl[k].XAdvance
			}
			if pc.hyph {
				// The hyphen's text is a soft hyphen, as tagged PDF wants
				// for an incidental word division (ISO 32000-1
				// §14.8.2.2.3): after the author's soft hyphen, in its
				// cluster; at an automatic opportunity, added to the text
				// in a cluster of its own.
				c := len(txt)
				if strings.HasSuffix(txt, "\u00AD") {
					c = int(gl[len(gl)-1].Cluster)
				} else {
					txt += "\u00AD"
				}
				for _, h := range p.hyphen(int(pc.u.ref)) {
					h.Cluster = int32(c)
					gl = append(gl, h)
					w += h.XAdvance
				}
			}
			if pc.ell {
				// The ellipsis stands for the text cut off: its cluster's
				// text is that of the run's rest, so extraction still reads
				// the whole text.
				c := len(txt)
				if hidden := p.str[pc.end : r.off+len(r.text)]; hidden != "" {
					txt += hidden
				} else {
					txt += "\u2026"
				}
				for _, g := range ell {
					g.Cluster = int32(c)
					gl = append(gl, g)
					w += g.XAdvance
				}
			}
			if r.rtl {
				for a, b := 0, len(gl)-1; a < b; a, b = a+1, b-1 {
					gl[a], gl[b] = gl[b], gl[a]
				}
			}
			ts := it.box.Style
			m := l.metrics(r.face, ts)
			lh := lineHeight(ts, m)
			hl := (lh - m.Ascent - m.Descent) / 2
			sh := l.shift(it.chain, st)
			t := &texts[len(ln.Texts)]
			*t = Text{Box: it.box, Face: r.face, Size: r.size, Glyphs: gl, Text: txt, RTL: r.rtl,
				X: x, Baseline: sh, Width: w, Color: ts.TextColor(), Ascent: m.Ascent, Descent: m.Descent, Seq: seq0 + pc.li + 1}
			for _, d := range it.box.Decorations() {
				th := math.Max(m.UnderlineThickness, d.FontSize/16)
				if d.Thickness.Unit != style.Auto {
					th = max(d.Thickness.Resolve(0, th), minDecorationThickness)
				}
				if d.Lines&style.DecoUnderline != 0 {
					y := sh + m.UnderlinePos
					if d.Offset.Unit != style.Auto {
						y = sh + d.Offset.Resolve(0, 0) + th/2 // the offset is to the line's top
					}
					t.Decorations = append(t.Decorations, Rule{X: x, Y: y, W: w, Thickness: th, Color: d.Color, Style: d.Style})
				}
				if d.Lines&style.DecoOverline != 0 {
					t.Decorations = append(t.Decorations, Rule{X: x, Y: sh - m.Ascent + th/2, W: w, Thickness: th, Color: d.Color, Style: d.Style})
				}
				if d.Lines&style.DecoLineThrough != 0 {
					t.Decorations = append(t.Decorations, Rule{X: x, Y: sh - m.XHeight/2, W: w, Thickness: th, Color: d.Color, Style: d.Style})
				}
			}
			if va := edgeAlign(it.chain, nil); va != 0 {
				edges = append(edges, edgeItem{va: va, above: m.Ascent + hl, below: m.Descent + hl, text: t})
			} else {
				top = math.Min(top, sh-m.Ascent-hl)
				bottom = math.Max(bottom, sh+m.Descent+hl)
			}
			ln.Texts = append(ln.Texts, t)
			// spaces hanging at the line's end are no part of the inline
			// boxes' extent (CSS Text 3 §4.1.3 removes them)
			vis := w
			if pc.end > hangStart && !r.rtl {
				vis = 0
				for k := range gl {
					if pc.start+int(gl[k].Cluster) < hangStart {
						vis += gl[k].XAdvance
					}
				}
			}
			extend(it.chain, x, x+vis)
			hangBack += w - vis
			x += w
		case uOpen, uClose:
			ex := x
			if pc.start >= hangStart && p.base != 1 {
				ex -= hangBack
			}
			extend(it.chain, ex, ex+pc.width)
			for i := range ranges {
				if ranges[i].b == it.box {
					ranges[i].open = ranges[i].open || pc.u.kind == uOpen
					ranges[i].closed = ranges[i].closed || pc.u.kind == uClose
				}
			}
			x += pc.width
		case uAtomic:
			f := it.atom
			ml := f.Box.Style.Resolve(f.Box.Style.Margin[style.Left], 0, 0)
			sh := l.shift(it.chain, st)
			if f.Box.Style.VerticalAlign != style.VAlignBaseline {
				sh += l.shift([]*box.Box{f.Box}, it.box.Parent.Style)
			}
			mt := f.Box.Style.Resolve(f.Box.Style.Margin[style.Top], 0, 0)
			mb := f.Box.Style.Resolve(f.Box.Style.Margin[style.Bottom], 0, 0)
			h := f.H + mt + mb
			atop := sh - it.atomBaseline
			va := edgeAlign(it.chain, f.Box)
			// the atomic's fragment is this paragraph's own (laid out
			// when its content was collected) and goes on this line only:
			// moved in place rather than copied
			f.moveBy(x+ml-f.X, atop+mt-f.Y)
			a := f
			a.Seq = seq0 + pc.li + 1
			if va != 0 {
				edges = append(edges, edgeItem{va: va, above: it.atomBaseline, below: h - it.atomBaseline, atom: len(ln.Atomics), atop: atop})
			} else {
				top = math.Min(top, atop)
				bottom = math.Max(bottom, atop+h)
			}
			ln.Atomics = append(ln.Atomics, a)
			extend(it.chain, x, x+pc.width)
			x += pc.width
		}
	}
	// Now place vertically: baseline at -top.
	// vertical-align: top and bottom align to the line box once the
	// baseline-aligned content has fixed its height (CSS 2 §10.8).
	for _, e := range edges {
		if h := e.above + e.below; h > bottom-top {
			if e.va == style.VAlignTop {
				bottom = top + h
			} else {
				top = bottom - h
			}
		}
	}
	for _, e := range edges {
		base := top + e.above // baseline relative to the line's baseline
		if e.va == style.VAlignBottom {
			base = bottom - e.below
		}
		if e.text != nil {
			d := base - e.text.Baseline
			e.text.Baseline = base
			for i := range e.text.Decorations {
				e.text.Decorations[i].Y += d
			}
		} else {
			ln.Atomics[e.atom].moveBy(0, base-e.above-e.atop) // this line's own
		}
	}
	ln.H = bottom - top
	ln.Baseline = -top
	for _, t := range ln.Texts {
		t.Baseline += ln.Baseline
		for i := range t.Decorations {
			t.Decorations[i].Y += ln.Baseline
		}
	}
	for _, a := range ln.Atomics {
		a.moveBy(0, ln.Baseline) // this line's own
	}
	for _, r := range ranges {
		b := r.b
		bst := b.Style
		m := l.metrics(nil, bst)
		sh := l.shift(chainTo(b), st)
		cb := l.cbWidth
		f := &InlineFragment{Box: b, First: !b.Continuation, Last: !b.Continued()}
		f.Border = [4]float64{bst.Border[0].Width, bst.Border[1].Width, bst.Border[2].Width, bst.Border[3].Width}
		for i := range f.Padding {
			f.Padding[i] = bst.Resolve(bst.Padding[i], cb, 0)
		}
		ml := bst.Resolve(bst.Margin[style.Left], cb, 0)
		mr := bst.Resolve(bst.Margin[style.Right], cb, 0)
		// box-decoration-break: slice draws the start edge on the line
		// where the box opens only, the end edge where it closes; clone
		// draws both on every line (css-break-3 §5.4)
		// (the line breaker does not reserve the cloned edges' width yet:
		// they paint over the line's first and last glyphs)
		cutL, cutR := splitCuts(b)
		if !r.open || cutL {
			ml = 0
			if !bst.DecorationClone {
				f.Border[style.Left], f.Padding[style.Left] = 0, 0
			}
		}
		if !r.closed || cutR {
			mr = 0
			if !bst.DecorationClone {
				f.Border[style.Right], f.Padding[style.Right] = 0, 0
			}
		}
		if empty {
			// the content area of an inline box on a zero-height line
			// is the line's top
			sh, m.Ascent, m.Descent = 0, 0, 0
		}
		y0 := ln.Baseline + sh - m.Ascent - f.Padding[style.Top] - f.Border[style.Top]
		y1 := ln.Baseline + sh + m.Descent + f.Padding[style.Bottom] + f.Border[style.Bottom]
		f.Rect = Rect{X: r.x0 + ml, Y: y0, W: r.x1 - r.x0 - ml - mr, H: y1 - y0}
		if f.Rect.W < 0 {
			f.Rect.W = 0
		}
		ln.Inlines = append(ln.Inlines, f)
	}
	relativeInlines(ln, p.l.cbWidth)
	return ln
}

// emptyLine reports whether units s to e of a line hold no text (but
// collapsible spaces), no atomic inline and no inline box edge of
// non-zero width, only empty inline boxes and out-of-flow boxes: such a
// line is zero-height (CSS 2.1 §9.4.2), its boxes placed at its top.
func (p *para) emptyLine(s, e int) bool {
	for i := s; i < e; i++ {
		switch u := &p.units[i]; u.kind {
		case uOpen, uClose:
			if u.width != 0 {
				return false
			}
		case uOOF:
		case uGlyphs:
			if !u.space || !collapsesSpace(p.items[p.itemOf(u)].box.Style) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// shareGlyphs reports whether the line may show the glyphs of piece pc
// in its run's array rather than in a copy: the run is a kept text's
// (p.shared: read-only, never recycled) or a paragraph's too long to be
// recycled (p.fixedGlyphs: a word of megabytes then costs its glyphs
// once, not twice), and the line changes none of them (no cluster
// offset, justification, hyphen or reversal).
func (p *para) shareGlyphs(pc *piece, extra float64) bool {
	if !p.shared && !p.fixedGlyphs || pc.hyph || pc.ell || extra > 0 {
		return false
	}
	r := &p.runs[pc.u.ref]
	return !r.rtl && pc.start == r.off
}

// takeGlyphs returns an empty slice with room for n glyphs (exactly) for
// one line's runs. The lines of a paragraph take them from one block
// sized for all its glyphs; a line that does not fit in what is left (a
// paragraph broken again) gets its own.
func (p *para) takeGlyphs(n int) []fonts.Glyph {
	if len(p.glyphPool) < n {
		if p.pooled {
			return make([]fonts.Glyph, 0, n)
		}
		p.pooled = true
		total := 0
		for i := range p.runs {
			total += len(p.runs[i].glyphs)
		}
		// (a line ending in a soft hyphen needs two more: when they are
		// not left, that line takes its own)
		p.glyphPool = carve(&p.l.chunks.glyphs, max(total, n))
	}
	s := p.glyphPool[:0:n]
	p.glyphPool = p.glyphPool[n:]
	return s
}

// chainTo returns the inline ancestors of inline box b inside its block,
// outermost first, including b.
func chainTo(b *box.Box) []*box.Box {
	var c []*box.Box
	for x := b; x != nil && x.Kind == box.KindInline; x = x.Parent {
		c = append(c, x)
	}
	for i, j := 0, len(c)-1; i < j; i, j = i+1, j-1 {
		c[i], c[j] = c[j], c[i]
	}
	return c
}

func isSpaceCluster(text string, gl []fonts.Glyph, k int) bool {
	c := gl[k].Cluster
	if int(c) < len(text) && text[c] == ' ' {
		// only the last glyph of the cluster
		return k+1 == len(gl) || gl[k+1].Cluster != c
	}
	return false
}

// reorder applies rule L2 of UAX #9 to pieces in logical order.
func reorder(pcs []piece, base uint8) {
	if len(pcs) < 2 {
		return
	}
	maxL, minOdd := uint8(0), uint8(255)
	for i := range pcs {
		if pcs[i].u.kind != uGlyphs && pcs[i].u.kind != uAtomic {
			// edges take the level of the piece before them (or base)
			if i > 0 {
				pcs[i].level = pcs[i-1].level
			} else {
				pcs[i].level = base
			}
		}
		lv := pcs[i].level
		if lv > maxL {
			maxL = lv
		}
		if lv%2 == 1 && lv < minOdd {
			minOdd = lv
		}
	}
	if maxL == 0 {
		return
	}
	for lv := maxL; lv >= minOdd && lv > 0; lv-- {
		for i := 0; i < len(pcs); {
			if pcs[i].level < lv {
				i++
				continue
			}
			j := i
			for j < len(pcs) && pcs[j].level >= lv {
				j++
			}
			for a, b := i, j-1; a < b; a, b = a+1, b-1 {
				pcs[a], pcs[b] = pcs[b], pcs[a]
			}
			i = j
		}
	}
}
