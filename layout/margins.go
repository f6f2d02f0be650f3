package layout

import (
	"math"
	"strconv"
	"strings"

	"github.com/seed28491532/folio/fonts"
	"github.com/seed28491532/folio/internal/slab"
	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// marginBoxes lays out the page-margin boxes (@top-center, @bottom-right…)
// of every page once the page count is known, so counter(page) and
// counter(pages) resolve. Each box becomes a fragment in Page.Margins;
// the display list paints them as pagination artifacts. Margin boxes
// never change the page area, so the body is not laid out again.
func (l *layouter) marginBoxes(doc *Document) {
	mr := l.newMarginRun(len(doc.Pages))
	for _, p := range doc.Pages {
		l.marginPage(mr, p)
	}
}

// marginRun carries what laying out the margin boxes of one page after
// another needs: the page counter, the named strings and the page count
// counter(pages) shows.
type marginRun struct {
	total int
	nums  pageNums
	strs  stringTracker
	// the specs of a page's margin boxes (reused page after page: nothing
	// keeps them)
	specs *[style.NumMarginBoxes]marginSpec
	// ctrs holds the counters of the page context (set up from the root
	// box at the first page with a style)
	ctrs      pageCounters
	ctrsReady bool
}

func (l *layouter) newMarginRun(total int) *marginRun {
	return &marginRun{total: total, specs: new([style.NumMarginBoxes]marginSpec)}
}

// marginPage numbers p and lays out its page box decorations and margin
// boxes; pages are given in order.
func (l *layouter) marginPage(mr *marginRun, p *Page) {
	l.pageMarginBoxes(mr, p, l.pageStart(mr, p))
}

// pageStart numbers p, lays out its page box decorations and returns its
// named strings (valid until the next page's).
func (l *layouter) pageStart(mr *marginRun, p *Page) pageStrings {
	l.noSizes = true
	defer func() { l.noSizes = false }()
	p.Number = mr.nums.next(l, p)
	var vals pageStrings
	if !l.noStrings {
		vals = mr.strs.page(p)
	}
	p.Margins, p.Decorations = p.Margins[:0], 0
	l.pageDecorations(p)
	return vals
}

// pageMarginBoxes lays out the margin boxes of p, numbered, showing the
// named strings vals.
func (l *layouter) pageMarginBoxes(mr *marginRun, p *Page, vals pageStrings) {
	if p.Style == nil {
		return
	}
	l.noSizes = true
	defer func() { l.noSizes = false }()
	if !mr.ctrsReady {
		var root *box.Box
		if p.Root != nil {
			root = p.Root.Box
		}
		mr.ctrs, mr.ctrsReady = newPageCounters(root), true
	}
	mr.ctrs.page(p.Style.Box)
	specs := mr.specs
	var boxes [style.NumMarginBoxes]*marginSpec
	n := 0
	for m, ms := range p.Style.Margins {
		if ms == nil || ms.ContentMode != style.ContentList {
			continue
		}
		sp := &specs[m]
		*sp = marginSpec{ms: ms, perPage: showsPageNumber(ms.Content), slot: style.MarginBox(m)}
		sp.text, l.margins.buf = resolveMarginContent(l.margins.buf, ms, p.Number, mr.total, vals, mr.ctrs.margin(ms))
		if ms.TextTransform != style.TransformNone {
			sp.text = box.Transform(sp.text, ms.TextTransform)
		}
		for _, it := range ms.Content {
			if it.Kind == style.ContentElement {
				if el := l.running.element(vals, it.Name, it.Text); el != nil {
					sp.el = el
					sp.text = "\x00element:" + strconv.Itoa(el.Index) + ":" + it.Name
				}
			}
		}
		boxes[m] = sp
		n++
	}
	if n > 0 && cap(p.Margins)-len(p.Margins) < n {
		p.Margins = append(make([]*Fragment, 0, len(p.Margins)+n), p.Margins...)
	}
	l.placeMarginBoxes(p, &boxes)
}

// resolveMarginContent turns the content list of a margin box of style ms
// into text, built in buf (returned for reuse); a content of one string
// is that string, without a copy. Quotes nest within the box; counters
// other than page and pages take their values from ctrs (the page
// context's, see pageCounters).
func resolveMarginContent(buf []byte, ms *style.Style, page, pages int, vals pageStrings, ctrs map[string]int) (string, []byte) {
	items := ms.Content
	if len(items) == 1 && items[0].Kind == style.ContentString {
		return items[0].Text, buf
	}
	buf = buf[:0]
	depth := 0
	for _, it := range items {
		switch it.Kind {
		case style.ContentOpenQuote, style.ContentNoOpenQuote:
			if it.Kind == style.ContentOpenQuote {
				buf = append(buf, box.QuoteMark(ms.Quotes, depth, true)...)
			}
			depth++
		case style.ContentCloseQuote, style.ContentNoCloseQuote:
			if depth == 0 {
				break // nothing to close: no mark (CSS 2.1 §12.3.2)
			}
			depth--
			if it.Kind == style.ContentCloseQuote {
				buf = append(buf, box.QuoteMark(ms.Quotes, depth, false)...)
			}
		case style.ContentString:
			buf = append(buf, it.Text...)
		case style.ContentCounter, style.ContentCounters:
			v := 0
			switch it.Name {
			case "page":
				v = page
			case "pages":
				v = pages
			default:
				v = ctrs[it.Name]
			}
			if name := counterStyleName(it.Style); name == "decimal" {
				buf = strconv.AppendInt(buf, int64(v), 10)
			} else {
				buf = append(buf, box.FormatCounter(v, name)...)
			}
		case style.ContentNamedString:
			// counter(page) in string-set is the assigning page's,
			// replaced when met; counter(pages) is the count
			buf = append(buf, box.ReplacePageCounters(vals.value(it.Name, it.Text), page, pages)...)
		}
	}
	return string(buf), buf
}

// showsPageNumber reports whether a content list shows counter(page):
// its text then differs from page to page.
func showsPageNumber(items []style.ContentItem) bool {
	for _, it := range items {
		if (it.Kind == style.ContentCounter || it.Kind == style.ContentCounters) && it.Name == "page" {
			return true
		}
	}
	return false
}

func counterStyleName(s string) string {
	if s == "" {
		return "decimal"
	}
	return s
}

// marginBoxTree builds the anonymous block of one margin box holding its
// text. The block's and the text's styles are made once per margin-box
// style and shared by every page using it (layout never changes them).
func (l *layouter) marginBoxTree(ms *style.Style, text string) *box.Box {
	sts := l.marginStyles(ms)
	// the block, its text box and its child list in one element, zeroed;
	// set field by field, as a whole-struct store would run the write
	// barrier over every pointer field while the collector marks
	a := l.margins.trees.One(4, 32)
	root := &a.root
	root.Kind, root.Anonymous, root.Style = box.KindBlock, true, sts[0]
	if collapsesSpace(sts[0]) && !spacesCollapsed(text) {
		text = strings.Join(strings.Fields(text), " ")
	}
	if text != "" {
		t := &a.text
		t.Kind, t.Style, t.Text, t.Parent = box.KindText, sts[1], text, root
		a.kids[0] = t
		root.Children = a.kids[:]
	}
	return root
}

// marginStyles returns the styles of the block and the text of a margin
// box of style ms, made once per style.
func (l *layouter) marginStyles(ms *style.Style) [2]*style.Style {
	sts, ok := l.margins.styles[ms]
	if !ok {
		st := *ms
		st.MutBox().Display = style.DisplayBlock
		// multi-column properties do not apply to margin boxes
		if st.ColumnCount != 0 || st.ColumnWidth.Unit != style.Auto || st.ColumnSpanAll {
			mc := st.MutColumn()
			mc.ColumnCount, mc.ColumnWidth, mc.ColumnSpanAll = 0, style.Length{Unit: style.Auto}, false
		}
		ts := box.Inherit(&st)
		ts.MutBox().Display = style.DisplayInline
		sts = [2]*style.Style{&st, ts}
		if l.margins.styles == nil {
			l.margins.styles = map[*style.Style][2]*style.Style{}
		}
		l.margins.styles[ms] = sts
	}
	return sts
}

// spacesCollapsed reports whether s has no white space that collapsing would
// change: single spaces between words, none at either end.
func spacesCollapsed(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ':
			if i == 0 || i == len(s)-1 || s[i+1] == ' ' {
				return false
			}
		case '\t', '\n', '\r', '\f', '\v':
			return false
		default:
			if s[i] >= 0x80 {
				return false // strings.Fields also splits at Unicode spaces
			}
		}
	}
	return true
}

// marginSpec is one generated margin box of a page: its style and
// resolved text; the box tree is built on first use.
type marginSpec struct {
	ms   *style.Style
	text string
	b    *box.Box
	// el is the running element shown by element(), which replaces the
	// text (text then keys the caches).
	el *box.Box
	// para is the shaped text kept from measuring, so laying the box out
	// does not shape it again.
	para *para
	// perPage says the text shows the page number: no other page has the
	// same, so it is neither looked up in nor added to the caches of
	// measured and placed margin boxes and of shaped texts.
	perPage bool
	// slot is the box's index (style.MarginBox): its text is shaped into
	// the layouter's buffer of that index.
	slot style.MarginBox
	// text1 is the text shaped as one run (margin_text.go) when hasText;
	// triedText says shaping it so was tried.
	text1              marginText
	triedText, hasText bool
}

func (sp *marginSpec) box(l *layouter) *box.Box {
	if sp.b == nil {
		if sp.el != nil {
			sp.b = &box.Box{Kind: box.KindBlock, Anonymous: true, Style: l.marginStyles(sp.ms)[0], Children: []*box.Box{sp.el}}
		} else {
			sp.b = l.marginBoxTree(sp.ms, sp.text)
		}
	}
	return sp.b
}

// marginKey identifies a laid-out margin box: the same style (page
// styles are shared between pages of one context), text and place give
// the same fragment, so running titles are laid out once per document.
type marginKey struct {
	ms   *style.Style
	text string
	// r is the place's rectangle as the bits of X, Y, W and H (integers
	// hash faster than floats; -0 is made +0 first, so they stay equal)
	r        [4]uint64
	vertical bool
	// cb is the bits of the containing block's width (percentages)
	cb uint64
}

// newMarginKey makes the cache key of a margin box's text and style at r.
func newMarginKey(sp *marginSpec, r Rect, vertical bool) marginKey {
	return marginKey{ms: sp.ms, text: sp.text, vertical: vertical,
		r: [4]uint64{math.Float64bits(r.X + 0), math.Float64bits(r.Y + 0), math.Float64bits(r.W + 0), math.Float64bits(r.H + 0)}}
}

// marginCache remembers margin-box measurements and fragments.
type marginCache struct {
	measured map[marginKey]marginItem
	placed   map[marginKey]*Fragment
	styles   map[*style.Style][2]*style.Style // block and text style per margin-box style
	// trees holds the box trees of margin boxes (marginBoxTree).
	trees slab.Slab[marginTree]
	// buf is where margin-box texts are put together.
	buf []byte
	// glyphBufs hold the glyphs of each margin box's text shaped as one
	// run (margin_text.go), reused page after page.
	glyphBufs [style.NumMarginBoxes][]fonts.Glyph
	// scratch holds the copy of each margin-box style layMargin uses.
	scratch map[*style.Style]*scratchStyle
	// shared holds the box trees of margin boxes laid out from templates.
	shared map[sharedKey]*marginTree
	// templates holds the one-text line of each margin-box style.
	templates map[*style.Style]*marginTemplate
	// fastLines counts the lines made from templates; noFastText turns
	// them off (tests compare the two paths).
	fastLines  int
	noFastText bool
}

// marginTree is the box tree of a margin box holding text.
type marginTree struct {
	root, text box.Box
	kids       [1]*box.Box
}

// placeMarginBoxes sizes and lays out the generated margin boxes of p:
// corners fill their corner, the three boxes of each side share it by
// the css-page-3 §5.3 rules. The fragments go to p.Margins in the
// css-page-3 painting order (top-left corner first, then clockwise),
// those with a greater z-index later.
func (l *layouter) placeMarginBoxes(p *Page, boxes *[style.NumMarginBoxes]*marginSpec) {
	var frags [style.NumMarginBoxes]*Fragment
	for _, m := range [...]style.MarginBox{style.TopLeftCorner, style.TopRightCorner, style.BottomRightCorner, style.BottomLeftCorner} {
		if b := boxes[m]; b != nil {
			r := cornerRect(p, m)
			frags[m] = l.addMargin(b, r, r)
		}
	}
	for side := range 4 {
		ids := sideBoxes[side]
		if boxes[ids[0]] == nil && boxes[ids[1]] == nil && boxes[ids[2]] == nil {
			continue
		}
		band := sideRect(p, side)
		vertical := side == style.Left || side == style.Right
		var items [3]marginItem
		n := 0
		for _, m := range ids {
			if boxes[m] != nil {
				n++
			}
		}
		for k, m := range ids {
			b := boxes[m]
			switch {
			case b == nil:
			case n == 1 && sizedBySide(b.ms, vertical):
				// alone and auto-sized: it takes the whole side whatever
				// its content, so it need not be measured
				items[k] = marginItem{generated: true, auto: true, hi: math.Inf(1)}
			default:
				items[k] = l.measureMargin(b, band, vertical)
			}
		}
		avail := band.W
		if vertical {
			avail = band.H
		}
		if needsMinContent(&items, avail) {
			for k, m := range ids {
				if items[k].noMin {
					l.marginMin(boxes[m], band, vertical, &items[k])
				}
			}
		}
		off := resolveSide(avail, &items)
		for k, m := range ids {
			b := boxes[m]
			if b == nil {
				continue
			}
			r := band
			if vertical {
				r.Y, r.H = band.Y+off[k], items[k].size
			} else {
				r.X, r.W = band.X+off[k], items[k].size
			}
			frags[m] = l.addMargin(b, r, band)
		}
	}
	appendMarginFrags(p, &frags, boxes)
}

// sizedBySide reports whether a margin box of style ms alone on its side
// takes the whole side whatever its content: its size along the side is
// auto and unbounded by min and max sizes.
func sizedBySide(ms *style.Style, vertical bool) bool {
	if vertical {
		return ms.Height.IsAuto() && ms.MaxHeight.IsAuto() && ms.MinHeight.IsAuto()
	}
	return ms.Width.IsAuto() && ms.MaxWidth.IsAuto() && ms.MinWidth.IsAuto()
}

// appendMarginFrags appends the laid-out margin boxes to p.Margins in
// painting order: by z-index (auto counts as 0; each margin box is a
// stacking context), then in the css-page-3 order of the boxes, which
// style.MarginBox follows. Boxes with a negative z-index paint behind
// the document: they go right after the page's own decorations.
func appendMarginFrags(p *Page, frags *[style.NumMarginBoxes]*Fragment, boxes *[style.NumMarginBoxes]*marginSpec) {
	z := func(m int) int {
		if st := boxes[m].ms; !st.ZAuto {
			return st.ZIndex
		}
		return 0
	}
	var order [style.NumMarginBoxes]int
	n := 0
	for m, f := range frags {
		if f != nil {
			order[n] = m
			n++
		}
	}
	// insertion sort: stable, at most sixteen boxes
	for i := 1; i < n; i++ {
		for j := i; j > 0 && z(order[j]) < z(order[j-1]); j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	for _, m := range order[:n] {
		p.Margins = append(p.Margins, frags[m])
		if z(m) < 0 {
			// behind the document: part of the page's first layer
			copy(p.Margins[p.Decorations+1:], p.Margins[p.Decorations:len(p.Margins)-1])
			p.Margins[p.Decorations] = frags[m]
			p.Decorations++
		}
	}
}

// measureMargin gives the sizing inputs of a side margin box: for top and
// bottom boxes its outer width (given, or auto with min/max-content
// widths), for left and right boxes its outer height (given, or the
// height of its content laid out at its width in the band).
func (l *layouter) measureMargin(sp *marginSpec, band Rect, vertical bool) marginItem {
	if sp.perPage {
		return l.measureMarginBox(sp, band, vertical)
	}
	key := newMarginKey(sp, band, vertical)
	if it, ok := l.margins.measured[key]; ok {
		return it
	}
	it := l.measureMarginBox(sp, band, vertical)
	if l.margins.measured == nil {
		l.margins.measured = map[marginKey]marginItem{}
	}
	l.margins.measured[key] = it
	return it
}

func (l *layouter) measureMarginBox(sp *marginSpec, band Rect, vertical bool) marginItem {
	st := l.marginStyles(sp.ms)[0] // the block's style (sp.box)
	it := marginItem{generated: true}
	ax := horizAxis(st, band)
	if vertical {
		ax = vertAxis(st, band)
	}
	ms, me := ax.margins()
	mm := ms + me
	it.lo, it.hi = ax.outerMinMax()
	it.lo, it.hi = it.lo+mm, it.hi+mm
	if sz, ok := ax.borderBox(ax.size); ok {
		it.size = sz + mm
		return it
	}
	it.auto = true
	if vertical {
		// the content's height laid out at the box's width, which
		// follows from the band's
		fh, _, outerLeft, _ := marginFixedAxes(sp.slot)
		hx := horizAxis(st, band)
		off, w := hx.variable(band.W)
		if fh {
			off, w = hx.fixed(band.W, outerLeft)
		}
		bb := Rect{X: band.X + off, Y: band.Y, W: w, H: math.Inf(1)}
		if f := l.layMargin(l.boxWithLines(sp, bb), bb); f != nil {
			it.minC, it.maxC = f.H+mm, f.H+mm
		}
		return it
	}
	it.minC, it.maxC = ax.edges+mm, ax.edges+mm
	// the min-content width only matters when the boxes' max-content
	// widths do not fit the side: marginMin adds it then
	if l.shapeMarginText(sp) { // text, so inline content
		it.noMin = true
		it.maxC = it.maxC + math.Max(0, sp.text1.units) // as para.widest adds it
		return it
	}
	b := sp.box(l)
	if !b.HasInlineChildren() {
		mn, mx := l.intrinsic(b, band.W) // a running element: edges included
		it.minC, it.maxC = mn+mm, mx+mm
		return it
	}
	it.noMin = true
	p := l.marginPara(sp, b, band.W)
	it.maxC = it.maxC + p.widest(math.Inf(1))
	sp.para = p
	return it
}

// layMargin lays margin box b out with its border box at the left, top
// and width of bb; the height is its content's.
func (l *layouter) layMargin(b *box.Box, bb Rect) *Fragment {
	sc := l.marginScratch(b.Style)
	m, sz := sc.margin, sc.size
	m.Margin = [4]style.Length{}
	sz.Width = style.Length{Value: math.Max(bb.W, 0), Unit: style.Pt}
	sz.BoxSizing = style.BorderBox
	auto := style.Length{Unit: style.Auto}
	sz.Height, sz.MinWidth, sz.MaxWidth, sz.MinHeight, sz.MaxHeight = auto, auto, auto, auto, auto
	saved := b.Style
	b.Style = &sc.style
	res := l.block(b, bb.X, bb.Y, bb.W, fctx{bottom: math.Inf(1), atTop: true}, nil)
	b.Style = saved
	return res.frag
}

// scratchStyle is a copy of a style with margins, sizes, paddings and
// borders of its own, which layout sets to lay a box out differently
// (its groups are written in place: made once, reused).
type scratchStyle struct {
	style   style.Style
	margin  *style.MarginGroup
	size    *style.SizeGroup
	padding *style.PaddingGroup
	border  *style.BorderGroup
}

// newScratch returns a scratch copy of st.
func newScratch(st *style.Style) *scratchStyle {
	s := &scratchStyle{margin: new(style.MarginGroup), size: new(style.SizeGroup),
		padding: new(style.PaddingGroup), border: new(style.BorderGroup)}
	s.reset(st)
	return s
}

// reset makes s a copy of st.
func (s *scratchStyle) reset(st *style.Style) {
	s.style = *st
	*s.margin, *s.size, *s.padding, *s.border = *st.MarginGroup, *st.SizeGroup, *st.PaddingGroup, *st.BorderGroup
	s.style.MarginGroup, s.style.SizeGroup, s.style.PaddingGroup, s.style.BorderGroup = s.margin, s.size, s.padding, s.border
}

// marginScratch returns the style layMargin lays a margin box of style st
// out with: a copy of st made once per style, whose margins and sizes
// (private groups) layMargin sets for each box (fields without pointers,
// so setting them runs no write barrier, unlike copying the style for
// every box). Nothing keeps it past layMargin.
func (l *layouter) marginScratch(st *style.Style) *scratchStyle {
	if s, ok := l.margins.scratch[st]; ok {
		*s.margin = *st.MarginGroup
		*s.size = *st.SizeGroup
		return s
	}
	s := newScratch(st)
	if l.margins.scratch == nil {
		l.margins.scratch = map[*style.Style]*scratchStyle{}
	}
	l.margins.scratch[st] = s
	return s
}

// addMargin lays out margin box sp in slot r and returns its fragment
// (nil when it has no room): its border box follows from r and the
// box's sizes and margins (marginBorderBox; cb is its containing block);
// the content sits at the top, middle or bottom by vertical-align.
func (l *layouter) addMargin(sp *marginSpec, r, cb Rect) *Fragment {
	if r.W <= 0 || r.H <= 0 {
		return nil
	}
	var key marginKey
	if !sp.perPage {
		key = newMarginKey(sp, r, false)
		key.cb = math.Float64bits(cb.W + 0)
		if f, ok := l.margins.placed[key]; ok {
			return f
		}
	}
	bb := marginBorderBox(l.marginStyles(sp.ms)[0], sp.slot, r, cb)
	b := l.boxWithLines(sp, bb)
	f := l.layMargin(b, bb)
	delete(l.lineCache, b) // the box is laid out once
	if f == nil {
		return nil
	}
	if extra := bb.H - f.H; extra > 0 {
		off := extra / 2
		switch b.Style.VerticalAlign {
		case style.VAlignTop, style.VAlignTextTop:
			off = 0
		case style.VAlignBottom, style.VAlignTextBottom:
			off = extra
		}
		y := f.Y
		f.moveBy(0, off) // f is fresh from layMargin
		f.Y = y
	}
	// the box is as tall as its slot gives; content taller overflows
	f.H = math.Max(bb.H, 0)
	if sp.perPage {
		return f
	}
	if l.margins.placed == nil {
		l.margins.placed = map[marginKey]*Fragment{}
	}
	l.margins.placed[key] = f
	return f
}

// marginLines breaks the text p measured into the lines of margin box b
// placed in r and caches them for the block layout, which then does not
// shape the text again. It returns the content width.
func (l *layouter) marginLines(p *para, b *box.Box, r Rect) float64 {
	st := b.Style
	cw := marginContentWidth(st, r)
	saved := l.cbWidth
	l.cbWidth = cw
	indent := st.TextIndent.Resolve(cw, 0)
	ls := newLineSet(p, cw)
	ls.lines = p.stackLines(ls.one[:0], cw, indent)
	p.lineSlot = nil
	l.cbWidth = saved
	l.lineCache[b] = ls
	return cw
}

// marginContentWidth is the content width of a margin box of style st
// whose border box is bb, computed as block does.
func marginContentWidth(st *style.Style, r Rect) float64 {
	w := math.Max(r.W, 0)
	edges := st.Border[style.Left].Width + st.Border[style.Right].Width +
		st.Padding[style.Left].Resolve(r.W, 0) + st.Padding[style.Right].Resolve(r.W, 0)
	w = math.Max(w, edges)
	return w - st.Border[style.Left].Width - st.Padding[style.Left].Resolve(r.W, 0) - st.Border[style.Right].Width - st.Padding[style.Right].Resolve(r.W, 0)
}

// marginPara collects and shapes the content of margin box b whose
// containing block is cbW wide.
func (l *layouter) marginPara(sp *marginSpec, b *box.Box, cbW float64) *para {
	saved := l.cbWidth
	l.cbWidth = cbW
	p := l.newPara(b)
	p.unkept = sp.perPage
	p.collect(b, nil, cbW)
	p.shape()
	l.cbWidth = saved
	return p
}

// marginMin adds the min-content width of side margin box sp to its
// measurement it, which then holds both (and is cached as measureMargin
// caches it).
func (l *layouter) marginMin(sp *marginSpec, band Rect, vertical bool, it *marginItem) {
	b := sp.box(l)
	if sp.para == nil {
		sp.para = l.marginPara(sp, b, band.W)
	}
	it.minC = it.minC + sp.para.minContentWidth()
	it.noMin = false
	if !sp.perPage && l.margins.measured != nil {
		l.margins.measured[newMarginKey(sp, band, vertical)] = *it
	}
}

// boxWithLines returns the box tree of margin box sp to lay out in r,
// with its lines in the line cache for the block layout to take: made
// from its style's template when they can be (the tree is then one shared
// by every page); while the template is not known, built by the general
// path, which it is then learnt from. Otherwise (a text the template
// cannot make) the block layout builds them.
func (l *layouter) boxWithLines(sp *marginSpec, r Rect) *box.Box {
	if sp.para != nil { // measured by the general path
		b := sp.box(l)
		cw := l.marginLines(sp.para, b, r)
		l.learnMarginTemplate(sp, b, l.lineCache[b], cw)
		l.recycle(sp.para)
		sp.para = nil
		return b
	}
	if sp.b != nil {
		if _, ok := l.lineCache[sp.b]; ok {
			return sp.b // laid out by the measuring (left and right boxes)
		}
	}
	if b := l.fastMarginLines(sp, r); b != nil {
		return b
	}
	b := sp.box(l)
	if !sp.hasText {
		return b // left to the block layout
	}
	if _, known := l.margins.templates[sp.ms]; known {
		return b
	}
	p := l.marginPara(sp, b, r.W)
	cw := l.marginLines(p, b, r)
	l.learnMarginTemplate(sp, b, l.lineCache[b], cw)
	l.recycle(p)
	return b
}

// pageLabel formats a page number for diagnostics.
func pageLabel(i int) string { return "page " + strconv.Itoa(i+1) }
