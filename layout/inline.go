package layout

import (
	"fmt"
	"math/bits"
	"strings"
	"unicode/utf8"

	"github.com/seed28491532/folio/fonts"
	"github.com/seed28491532/folio/internal/slab"
	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

type unitKind uint8

const (
	uGlyphs unitKind = iota
	uOpen
	uClose
	uAtomic
	uBreak
	// uOOF is a float or absolutely positioned box anchored in the text
	// (zero width; placed by placeLinesAround).
	uOOF
)

// item is one piece of inline content in logical order.
type item struct {
	kind  unitKind
	box   *box.Box
	chain []*box.Box // inline ancestors inside the block, outermost first (open/close: including box)
	start int        // byte offset in the paragraph text
	end   int
	atom  *Fragment // laid-out atomic inline, at origin
	// atomBaseline is the distance from the atomic's margin-box top to its
	// baseline.
	atomBaseline float64
}

// shaped is one shaped run: glyphs in logical order.
type shaped struct {
	item   int
	face   *fonts.Face
	size   float64
	text   string
	off    int // paragraph offset of text
	glyphs []fonts.Glyph
	rtl    bool
	level  uint8
}

// unit is the smallest piece the line breaker handles: a glyph cluster,
// an inline box edge, an atomic inline or a forced break. There is one
// per cluster, so it is kept small: offsets and indexes are int32 (input
// documents are bounded far below 2 GiB).
type unit struct {
	width      float64
	start, end int32
	// ref is, for a glyph cluster, the index of its run in para.runs
	// (whose item is the unit's), else the index of its item in
	// para.items: see para.itemOf.
	ref    int32
	g0, g1 int32
	kind   unitKind
	space  bool
	shy    bool
	level  uint8
}

// itemOf returns the index in p.items of the item unit u belongs to.
func (p *para) itemOf(u *unit) int {
	if u.kind == uGlyphs {
		return p.runs[u.ref].item
	}
	return int(u.ref)
}

// para is the inline content of one block container, shaped and ready to
// break into lines.
type para struct {
	l      *layouter
	block  *box.Box
	text   textBuf
	str    string
	items  []item
	runs   []shaped
	units  []unit
	cum    []float64
	allow  []bool
	marker *box.Box
	base   uint8
	// shared says runs, units, cum and allow are also another
	// paragraph's (see textCache): read-only, never recycled.
	shared bool
	// kept says the shaped content goes to the layout's text store
	// (textCache) and outlives the paragraph; unkept keeps it out of the
	// store (a text no other paragraph shows, e.g. "Page 7 of 9").
	kept, unkept bool
	// glyphs is the buffer the paragraph's texts are shaped into when the
	// shaper is an AppendShaper and the paragraph is not kept; it is
	// reused once the paragraph is recycled.
	glyphs []fonts.Glyph
	// fixedGlyphs says glyphs was made for this paragraph alone, which is
	// too long to be recycled: lines may show its glyphs in place (see
	// shareGlyphs).
	fixedGlyphs bool
	// glyphPool is what is left of the block the lines' glyphs are taken
	// from (takeGlyphs); pooled says it was made.
	glyphPool []fonts.Glyph
	pooled    bool
	// lineSlot, while lines are built, is room for the first line when it
	// holds one text (newLineSet).
	lineSlot *lineSlot
	// plainFrom and plainEnd cache the last stretch of plain positions
	// nextSpan skipped, [plainFrom, plainEnd) (see plainTo).
	plainFrom, plainEnd int
	// clones lists the inline boxes with box-decoration-break: clone
	// (inline_clone.go), found once (clonesFound).
	clones      []cloneEdge
	clonesFound bool
	// first is the paragraph of the block's content restyled for its
	// first line (firstline.go), nil without a ::first-line style;
	// lineCopy says p is such a paragraph.
	first    *para
	lineCopy bool
	// limit, for a first line's paragraph, is about the length of text
	// it collects (0: all), cut where it ends when shorter than the
	// content (0: not cut).
	limit, cut int
	// minContent says lines are broken to measure the min-content width
	// (minContentWidth): overflow-wrap: break-word then adds no break.
	minContent bool
}

// newPara returns an empty paragraph for block container b, reusing the
// buffers of one recycled earlier.
func (l *layouter) newPara(b *box.Box) *para {
	if n := len(l.freeParas); n > 0 {
		p := l.freeParas[n-1]
		l.freeParas = l.freeParas[:n-1]
		p.l, p.block = l, b
		return p
	}
	return &para{l: l, block: b}
}

// maxRecycledUnits bounds the buffers a recycled paragraph keeps.
const maxRecycledUnits = 4096

// maxKeptBreaks bounds the break buffer the layouter keeps for the next
// paragraph (layouter.breakBuf).
const maxKeptBreaks = 4096

// recycle keeps the buffers of paragraph p, which nothing refers to any
// more (its lines are built), for newPara. Lines keep only p's text
// string, which is not reused.
func (l *layouter) recycle(p *para) {
	if len(l.freeParas) >= 4 || cap(p.units) > maxRecycledUnits || p.fixedGlyphs {
		return
	}
	// (the glyph buffer is never a kept paragraph's: see shapeText)
	if p.shared {
		*p = para{items: p.items[:0], glyphs: p.glyphs[:0]}
	} else {
		*p = para{items: p.items[:0], runs: p.runs[:0], units: p.units[:0], cum: p.cum[:0], allow: p.allow[:0], glyphs: p.glyphs[:0]}
	}
	l.freeParas = append(l.freeParas, p)
}

// paraChunks hold the memory the units, widths and break flags of short
// paragraphs are carved from (one allocation for many paragraphs; none of
// it holds pointers, so the collector does not scan it).
type paraChunks struct {
	paraSlabs
	glyphs slab.Slab[fonts.Glyph]
	// keptSlabs are where kept paragraphs' buffers are carved from (see
	// para.slabs).
	keptSlabs paraSlabs
	// kept is what is left of the block kept paragraphs' shaped glyphs
	// are appended to (para.shapeText); keptNext is the length of the
	// next such block.
	kept     []fonts.Glyph
	keptNext int
}

// paraSlabs are the slabs of a paragraph's units, widths and break
// flags.
type paraSlabs struct {
	units slab.Slab[unit]
	cum   slab.Slab[float64]
	allow slab.Slab[bool]
}

// slabs returns the slabs p's buffers are carved from. A kept paragraph,
// whose shaped text is shared until the end of the layout, has its own:
// carved from the blocks of the paragraphs laid out and let go page by
// page, it would keep each block it took a piece of, and so all of them.
func (p *para) slabs() *paraSlabs {
	if p.kept {
		return &p.l.chunks.keptSlabs
	}
	return &p.l.chunks.paraSlabs
}

// carveMax is the largest request carve serves from a chunk; chunks
// start at chunkFirst elements and double up to chunkMost.
const (
	carveMax   = 256
	chunkFirst = 64
	chunkMost  = 8 * carveMax
)

// carve returns a zeroed slice of n elements (capacity n) from s; a long
// request gets its own allocation.
func carve[T any](s *slab.Slab[T], n int) []T { return s.Carve(n, chunkFirst, chunkMost) }

// roomFor is the capacity to allocate for a paragraph buffer of n
// elements: n itself when carve takes it from a chunk, else n rounded up
// to a power of two, so that the buffers of recycled paragraphs soon fit
// the long paragraphs that follow instead of being replaced by each. A
// buffer too large to be recycled (see recycle) gets n exactly: rounding
// would cost up to as much again for a paragraph of megabytes.
func roomFor(n int) int {
	if n <= carveMax || n > maxRecycledUnits {
		return n
	}
	return 1 << bits.Len(uint(n-1))
}

// textBuf collects the text of a paragraph: a paragraph of one text
// (most of them) keeps that string as it is, without copying it.
type textBuf struct {
	sb   strings.Builder
	lone string
	only bool // lone is all the text so far
}

func (t *textBuf) Len() int {
	if t.only {
		return len(t.lone)
	}
	return t.sb.Len()
}

func (t *textBuf) WriteString(s string) {
	switch {
	case t.only:
		t.only = false
		t.sb.Grow(len(t.lone) + len(s))
		t.sb.WriteString(t.lone)
		t.lone = ""
	case t.sb.Len() == 0:
		t.lone, t.only = s, true
		return
	}
	t.sb.WriteString(s)
}

func (t *textBuf) String() string {
	if t.only {
		return t.lone
	}
	return t.sb.String()
}

// collect gathers the inline content under b.
func (p *para) collect(b *box.Box, chain []*box.Box, cbWidth float64) {
	for _, c := range b.Children {
		if p.cut > 0 {
			return // a first line's paragraph cut short (firstline.go)
		}
		switch {
		case c.OutOfFlow():
			pos := p.text.Len()
			p.items = append(p.items, item{kind: uOOF, box: c, chain: chain, start: pos, end: pos})
		case c.Kind == box.KindText:
			p.addText(c, chain)
		case c.Kind == box.KindInline && c.Pseudo == style.PseudoMarker && c.Outside:
			p.marker = c
		case c.Kind == box.KindInline:
			ch := append(chain[:len(chain):len(chain)], c)
			pos := p.text.Len()
			p.items = append(p.items, item{kind: uOpen, box: c, chain: ch, start: pos, end: pos})
			p.collect(c, ch, cbWidth)
			pos = p.text.Len()
			p.items = append(p.items, item{kind: uClose, box: c, chain: ch, start: pos, end: pos})
		case c.Kind == box.KindLineBreak:
			pos := p.text.Len()
			p.text.WriteString("\n")
			p.items = append(p.items, item{kind: uBreak, box: c, chain: chain, start: pos, end: pos + 1})
		default: // atomic inline: replaced, inline-block, inline table
			pos := p.text.Len()
			p.text.WriteString("\uFFFC")
			f, bl := p.l.atomic(c, cbWidth)
			p.items = append(p.items, item{kind: uAtomic, box: c, chain: chain, start: pos, end: pos + 3, atom: f, atomBaseline: bl})
		}
	}
}

func preservesNewlines(ws style.WhiteSpace) bool {
	return ws != style.WhiteSpaceNormal && ws != style.WhiteSpaceNowrap
}

func (p *para) addText(c *box.Box, chain []*box.Box) {
	txt := p.cutText(c.Text)
	if !preservesNewlines(c.Style.WhiteSpace) {
		pos := p.text.Len()
		p.text.WriteString(txt)
		p.items = append(p.items, item{kind: uGlyphs, box: c, chain: chain, start: pos, end: pos + len(txt)})
		return
	}
	for {
		line, rest, found := strings.Cut(txt, "\n")
		if line != "" {
			pos := p.text.Len()
			p.text.WriteString(line)
			p.items = append(p.items, item{kind: uGlyphs, box: c, chain: chain, start: pos, end: pos + len(line)})
		}
		if !found {
			return
		}
		pos := p.text.Len()
		p.text.WriteString("\n")
		p.items = append(p.items, item{kind: uBreak, box: c, chain: chain, start: pos, end: pos + 1})
		txt = rest
	}
}

// textInfo returns what the layout keeps of the text of p when p is a
// single short run of text (see textCache), else nil.
func (p *para) textInfo() *textInfo {
	if len(p.items) != 1 || p.items[0].kind != uGlyphs || p.unkept {
		return nil
	}
	tc := &p.l.texts
	if it := &p.items[0]; tc.hint != nil && it.box == tc.hintBox && it.start == 0 && it.end == len(p.str) && p.str == it.box.Text {
		return tc.hint // the caller looked it up already
	}
	return tc.info(p.str, p.items[0].box.Style, p.block.Style.Direction == style.RTL, true)
}

func hasRTL(s string) bool {
	for _, r := range s[asciiPrefix(s):] {
		if r >= 0x590 && r <= 0x8FF || r >= 0xFB1D && r <= 0xFDFF || r >= 0xFE70 && r <= 0xFEFF || r == 0x200F {
			return true
		}
	}
	return false
}

// shape shapes the text items (split at bidi level changes) and builds
// the units.
func (p *para) shape() {
	p.str = p.text.String()
	defer func() { p.first = p.firstLinePara(p.firstLimit()) }()
	if ti := p.textInfo(); ti != nil {
		if ti.hasShaped {
			t := &ti.shaped
			p.base, p.runs, p.units, p.cum, p.allow, p.shared = t.base, t.runs, t.units, t.cum, t.allow, true
			return
		}
		switch {
		case p.l.measuring == 0 && !ti.seen:
			// laid out at once (not measured first) and met for the first
			// time: most such texts are met once, so the paragraph shapes
			// it for itself (its buffers are recycled); the next keeps it
			ti.seen = true
		default:
			p.kept = true
			defer func() {
				p.shared = true
				ti.shaped = shapedText{base: p.base, runs: p.runs, units: p.units, cum: p.cum, allow: p.allow}
				ti.hasShaped = true
			}()
		}
	}
	dir := fonts.LTR
	if p.block.Style.Direction == style.RTL {
		dir = fonts.RTL
		p.base = 1
	}
	var levels []uint8
	if p.base == 1 || hasRTL(p.str) {
		levels = fonts.BidiLevels(p.str, dir)
	}
	// at most one unit per character (cluster) plus one per item
	need := utf8.RuneCountInString(p.str) + len(p.items)
	if cap(p.units) >= need && !p.kept {
		p.units = p.units[:0]
	} else {
		p.units = carve(&p.slabs().units, roomFor(need))[:0]
	}
	if !p.kept && p.l.appendShaper != nil && cap(p.glyphs) < need && need > maxRecycledUnits {
		// a long paragraph's glyphs (about one a character) go to one
		// array of their size, not to one grown piece by piece
		p.glyphs = make([]fonts.Glyph, 0, need)
		p.fixedGlyphs = true
	}
	levelAt := func(i int) uint8 {
		if i < len(levels) {
			return levels[i]
		}
		return p.base
	}
	shapedBytes := 0 // since the last deadline check
	for ii := range p.items {
		it := &p.items[ii]
		switch it.kind {
		case uOpen, uClose:
			p.units = append(p.units, unit{kind: it.kind, start: int32(it.start), end: int32(it.end), ref: int32(ii), width: edgeWidth(it.box, it.kind == uOpen, p.l.cbWidth), level: p.base})
			continue
		case uBreak:
			p.units = append(p.units, unit{kind: uBreak, start: int32(it.start), end: int32(it.end), ref: int32(ii), level: p.base})
			continue
		case uOOF:
			p.units = append(p.units, unit{kind: uOOF, start: int32(it.start), end: int32(it.end), ref: int32(ii), level: p.base})
			continue
		case uAtomic:
			p.units = append(p.units, unit{kind: uAtomic, start: int32(it.start), end: int32(it.end), ref: int32(ii), width: it.atom.W + marginH(it.atom), level: levelAt(it.start)})
			continue
		}
		// split at level changes, and a long run into pieces so that a
		// deadline is noticed while megabytes of text are shaped
		s := it.start
		for s < it.end {
			e := s + 1
			lv := levelAt(s)
			for e < it.end && levelAt(e) == lv {
				e++
			}
			for s < e {
				pe := e
				if pe-s > shapePiece {
					pe = pieceEnd(p.str, s, s+shapePiece)
				}
				p.shapeRange(ii, s, pe, lv)
				shapedBytes += pe - s
				s = pe
				if shapedBytes >= shapePiece {
					shapedBytes = 0
					if err := p.l.ctx.Err(); err != nil {
						// The page loop reports the error; what is left of
						// the paragraph stays unshaped.
						p.l.err = fmt.Errorf("layout cancelled while shaping: %w", err)
						break
					}
				}
			}
			if p.l.err != nil {
				break
			}
		}
		if p.l.err != nil {
			break
		}
	}
	n := len(p.units)
	if cap(p.cum) > n && !p.kept {
		p.cum = p.cum[:n+1]
		p.cum[0] = 0
	} else {
		p.cum = carve(&p.slabs().cum, roomFor(n+1))[:n+1]
	}
	for i, u := range p.units {
		p.cum[i+1] = p.cum[i] + u.width
	}
	p.breaks()
}

func (p *para) shapeRange(ii, s, e int, level uint8) {
	it := &p.items[ii]
	st := it.box.Style
	opts := shapeOptions(st, p.l.texts.features(st))
	if level%2 == 1 {
		opts.Direction = fonts.RTL
	}
	txt := p.str[s:e]
	runs, diags := p.shapeText(txt, query(st), st.FontSize, opts)
	for _, d := range diags {
		p.l.diag("font", d.Message)
	}
	off := s
	for _, r := range runs {
		gl := r.Glyphs // the shaper's slice is ours (see Shaper)
		rtl := r.Direction == fonts.RTL || opts.Direction == fonts.RTL
		if rtl {
			for i, j := 0, len(gl)-1; i < j; i, j = i+1, j-1 {
				gl[i], gl[j] = gl[j], gl[i]
			}
		}
		ri := len(p.runs)
		p.runs = append(p.runs, shaped{item: ii, face: r.Face, size: r.Size, text: r.Text, off: off, glyphs: gl, rtl: rtl, level: level})
		// clusters → units
		for g := 0; g < len(gl); {
			c := int(gl[g].Cluster)
			h := g + 1
			for h < len(gl) && int(gl[h].Cluster) == c {
				h++
			}
			end := len(r.Text)
			if h < len(gl) {
				end = int(gl[h].Cluster)
			}
			start := c
			if g == 0 {
				start = 0
			}
			ct := r.Text[start:end]
			u := unit{kind: uGlyphs, start: int32(off + start), end: int32(off + end), ref: int32(ri), g0: int32(g), g1: int32(h), level: level}
			if st.LetterSpacing != 0 {
				gl[h-1].XAdvance += st.LetterSpacing
			}
			if allSpaces(ct) {
				u.space = st.WhiteSpace != style.WhiteSpaceBreakSpaces
				if st.WordSpacing != 0 {
					gl[h-1].XAdvance += st.WordSpacing
				}
			}
			if strings.HasSuffix(ct, "\u00AD") {
				u.shy = true
			}
			for k := g; k < h; k++ {
				u.width += gl[k].XAdvance
			}
			p.units = append(p.units, u)
			g = h
		}
		off += len(r.Text)
	}
}

// allSpaces reports whether s is one or more U+0020 spaces.
func allSpaces(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] != ' ' {
			return false
		}
	}
	return s != ""
}

// edgeWidth is the horizontal margin+border+padding at the start (open)
// or end of an inline box.
func edgeWidth(b *box.Box, open bool, cb float64) float64 {
	side := style.Right
	if open {
		side = style.Left
	}
	if cutL, cutR := splitCuts(b); open && cutL || !open && cutR {
		return 0 // a part of a box split around a block
	}
	st := b.Style
	return st.Resolve(st.Margin[side], cb, 0) + st.Border[side].Width + st.Resolve(st.Padding[side], cb, 0)
}

// splitCuts reports which sides, left and right, of inline box b are
// cut where it is split around a block (CSS 2.1 §9.2.1.1): the end side
// of a part that is continued and the start side of a continuation, the
// start being the right side in a right-to-left box.
func splitCuts(b *box.Box) (left, right bool) {
	start, end := b.Continuation, b.Continued()
	if b.Style != nil && b.Style.Direction == style.RTL {
		return end, start
	}
	return start, end
}

func marginH(f *Fragment) float64 {
	st := f.Box.Style
	return st.Resolve(st.Margin[style.Left], 0, 0) + st.Resolve(st.Margin[style.Right], 0, 0)
}

func noWrap(st *style.Style) bool {
	return st.WhiteSpace == style.WhiteSpaceNowrap || st.WhiteSpace == style.WhiteSpacePre
}

// shapeText shapes txt for the paragraph. With an AppendShaper the
// glyphs go to the paragraph's reused buffer or, for a kept paragraph,
// to the layout's block of kept glyphs (carved like carve does).
func (p *para) shapeText(txt string, q fonts.Query, size float64, opts fonts.ShapeOptions) ([]fonts.Run, []fonts.Diagnostic) {
	as := p.l.appendShaper
	if as == nil {
		return p.l.shaper.Shape(txt, q, size, opts)
	}
	if !p.kept {
		runs, diags, buf := as.ShapeAppend(p.l.runBuf[:0], p.glyphs, txt, q, size, opts)
		p.glyphs, p.l.runBuf = buf, runs
		return runs, diags
	}
	ch := &p.l.chunks
	c := ch.kept
	if cap(c) < len(txt) && len(txt) <= chunkMost/8 {
		// the next block: small in a short document, growing to
		// chunkMost glyphs
		size := max(ch.keptNext, chunkFirst, len(txt))
		ch.keptNext = min(2*size, chunkMost)
		c = make([]fonts.Glyph, size)
	}
	runs, diags, buf := as.ShapeAppend(p.l.runBuf[:0], c[:0], txt, q, size, opts)
	p.l.runBuf = runs
	if n := len(buf); n > 0 && cap(c) >= n && &buf[0] == &c[:1][0] {
		c = c[n:] // shaped in place
	}
	p.l.chunks.kept = c
	return runs, diags
}

// shapePiece bounds the bytes of one same-level run that are shaped in one
// call: between pieces layout checks its deadline.
const shapePiece = 64 << 10

// pieceEnd returns where a piece of str starting at start ends when it may
// not pass limit: just after the last space before limit, else where the
// fonts can cut it without separating marks from their base.
func pieceEnd(str string, start, limit int) int {
	for i := limit; i > start; i-- {
		if str[i-1] == ' ' {
			return i
		}
	}
	return fonts.ShapingCut(str, start, limit)
}
