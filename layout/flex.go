package layout

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// isFlex reports whether b is a flex container laid out by flex (a flex
// container whose only content is text keeps line layout: it is one
// anonymous item that fills the line).
func isFlex(b *box.Box) bool {
	d := b.Style.Display
	return (d == style.DisplayFlex || d == style.DisplayInlineFlex) && b.Kind != box.KindTable && !b.HasInlineChildren()
}

// flexItem is one item of a flex container during layout.
type flexItem struct {
	b     *box.Box
	index int // child index
	// base and main are the flex base size and the used main size of the
	// border box; mMain is the sum of the main-axis margins.
	base, main, mMain float64
	minMain, maxMain  float64
	grow, shrink      float64
	frag              *Fragment
	// cross is the outer cross size after layout.
	cross float64
	// m are the resolved margins (top, right, bottom, left).
	m [4]float64
	// align is the item's cross-axis alignment (itemAlign); baseline
	// the distance from its margin-box top to its first baseline.
	align    string
	baseline float64
	// autoMain says a column item's main size is its auto height, so
	// that it is laid out with height auto: its height stays indefinite
	// for percentages inside it (§9.8).
	autoMain bool
}

// flexLine is a run of items on one flex line.
type flexLine struct {
	items []*flexItem
	cross float64
	// base is the baseline of the items aligned by baseline, from the
	// line's top; lastBelow the distance from the last baseline of the
	// items aligned by last baseline to the line's bottom.
	base, lastBelow float64
}

// gapOf resolves a row-gap or column-gap (normal is 0 in flex layout).
func gapOf(st *style.Style, l style.Length, base float64) float64 {
	if l.IsAuto() {
		return 0
	}
	return st.Resolve(l, base, 0)
}

// flex lays out the items of flex container b (CSS Flexbox 1 §9; order
// is visual only, baselines are first baselines of rows) in its content
// box at (cx, cy), cw wide. A flex line that does not fit below earlier
// content on the page starts the next page; a row line taller than the
// page is split, its items broken side by side (splitFlexLine).
func (l *layouter) flex(b *box.Box, f *Fragment, cx, cy, cw float64, c fctx, tok *BreakToken) flowResult {
	var abs []absPending
	k := len(f.Children)
	r := l.flexLayout(b, f, cx, cy, cw, c, tok, &abs)
	h, ok := definiteHeight(b, cw)
	if !ok {
		h = r.y - cy
	}
	n := len(f.Children)
	l.flexAbsolute(c.abs, f, abs, h)
	// children placed at once go before the items, in tree order
	slices.Reverse(f.Children[k:n])
	slices.Reverse(f.Children[n:])
	slices.Reverse(f.Children[k:])
	return r
}

// flexLayout is flex; it collects the absolutely positioned children in
// abs, to be queued once the container's height is known.
func (l *layouter) flexLayout(b *box.Box, f *Fragment, cx, cy, cw float64, c fctx, tok *BreakToken, abs *[]absPending) flowResult {
	st := b.Style
	column := strings.HasPrefix(st.FlexDirection, "column")
	reverse := strings.HasSuffix(st.FlexDirection, "-reverse")
	wrap := st.FlexWrap == "wrap" || st.FlexWrap == "wrap-reverse"
	start := 0
	// a percentage row-gap is of the content height, 0 when it is
	// indefinite (css-align-3 §8.1)
	rowBase, ok := definiteHeight(b, cw)
	if !ok && st.RowGap.HasPercent() {
		rowBase = 0
	}
	mainGap, crossGap := gapOf(st, st.ColumnGap, cw), gapOf(st, st.RowGap, rowBase)
	if column {
		mainGap, crossGap = crossGap, mainGap
	}
	// definite main size of the container
	avail := cw
	if column {
		avail = math.Inf(1)
		if st.Height.Unit == style.Pt {
			avail = st.Height.Value
			if st.BoxSizing == style.BorderBox {
				avail -= vEdges(st, cw, style.Top) + vEdges(st, cw, style.Bottom)
			}
		}
	}
	// lines break at the main size, or at the max main size when it is
	// indefinite (CSS Flexbox 1 §9.3 step 5)
	breakAt := avail
	if column && wrap && math.IsInf(avail, 1) && st.MaxHeight.Unit == style.Pt {
		breakAt = st.MaxHeight.Value
		if st.BoxSizing == style.BorderBox {
			breakAt -= vEdges(st, cw, style.Top) + vEdges(st, cw, style.Bottom)
		}
	}
	// a single column of indefinite height breaks between and inside
	// its items, which keep their flex sizes (flowFlexColumn)
	flowColumn := column && !wrap && !reverse && math.IsInf(avail, 1)
	// lines come in child order unless order or wrap-reverse moves
	// them (CSS Flexbox 1 §5.4): a break token then counts the lines
	// placed (Line) instead of naming the next line's first child
	reordered := false
	for _, ch := range b.Children {
		reordered = reordered || ch.Style.Order != 0 && !isAbsolute(ch)
	}
	inOrder := !reordered && st.FlexWrap != "wrap-reverse" && !(column && reverse)
	firstLine := 0 // the first line to place on this page
	if tok != nil {
		if tok.Inner != nil && !flowColumn {
			// resuming inside an item split by the fallback below
			return l.children(b, f, cx, cy, cw, c, tok, false)
		}
		if inOrder {
			start = tok.Child
		} else {
			firstLine = tok.Line
		}
	}
	// lineToken is the token that resumes with line li
	lineToken := func(li int, ln *flexLine) *BreakToken {
		if inOrder {
			return &BreakToken{Box: b, Child: ln.items[0].index}
		}
		return &BreakToken{Box: b, Line: li}
	}
	var items []*flexItem
	for i := start; i < len(b.Children); i++ {
		ch := b.Children[i]
		if isAbsolute(ch) {
			if firstLine > 0 {
				continue // queued with the first page's lines
			}
			*abs = append(*abs, absPending{b: ch, cb: containingBlock(ch), staticX: cx, staticY: cy, staticW: cw, flex: newFlexStatic(b, ch, f)})
			continue
		}
		if ch.Kind == box.KindTableColumn {
			continue
		}
		items = append(items, l.flexBase(ch, i, cw, avail, column))
	}
	// order-modified document order (CSS Flexbox 1 §5.4), visual only
	if reordered {
		slices.SortStableFunc(items, func(a, b *flexItem) int { return cmp.Compare(a.b.Style.Order, b.b.Style.Order) })
	}
	// collect lines
	var lines []*flexLine
	cur := &flexLine{}
	used := 0.0
	for _, it := range items {
		outer := clamp(it.base, it.minMain, it.maxMain) + it.mMain
		if wrap && len(cur.items) > 0 && used+mainGap+outer > breakAt+0.01 {
			lines = append(lines, cur)
			cur, used = &flexLine{}, 0
		}
		if len(cur.items) > 0 {
			used += mainGap
		}
		used += outer
		cur.items = append(cur.items, it)
	}
	if len(cur.items) > 0 {
		lines = append(lines, cur)
	}
	if st.FlexWrap == "wrap-reverse" {
		// the cross-start edge is the bottom: the last line comes first
		slices.Reverse(lines)
		reverse = true // a break token resumes at a child index
	}
	if column && wrap && tok == nil {
		return l.flexColumnWrap(b, lines, f, cx, cy, cw, avail, mainGap, crossGap)
	}
	resumeSplit := tok != nil && tok.Items != nil && !column
	if err := l.sizeFlexLines(st, lines[min(firstLine, len(lines)):], cw, avail, mainGap, column, resumeSplit); err != nil {
		return flowResult{y: cy}
	}
	crossSize := math.NaN()
	if !column && tok == nil {
		crossSize = rowCrossSize(b, lines, cw, crossGap)
	}
	if len(lines) > 0 && !wrap {
		if column {
			lines[0].cross = cw
		} else if !math.IsNaN(crossSize) {
			// a single-line container: the line is as tall as the
			// container, definite or clamped (§9.4 step 15)
			lines[0].cross = crossSize
		}
	}
	var lead, between float64
	if wrap && !column && tok == nil {
		lead, between = alignContent(st, lines, crossSize, crossGap)
	}
	y := cy + lead
	for li, ln := range lines {
		if li < firstLine {
			continue // placed on an earlier page
		}
		if err := l.check(); err != nil {
			return flowResult{y: y}
		}
		if li == firstLine && resumeSplit {
			// the rest of a line split at the previous page's bottom
			ny, next := l.splitFlexLine(b, ln, f, cx, y, cw, avail, mainGap, c, tok.Items, lineToken(li, ln))
			if next != nil {
				return flowResult{y: ny, next: next}
			}
			y = ny
			if li < len(lines)-1 {
				y += crossGap
			}
			continue
		}
		// stretch: items with an auto cross size fill the line
		for _, it := range ln.items {
			if it.stretches(column) {
				l.flexLayoutItem(it, cw, column, ln.cross)
			}
		}
		// page break before a line that does not fit
		lineH := ln.cross
		if column {
			lineH = 0
			for i, it := range ln.items {
				lineH += it.main + it.mMain
				if i > 0 {
					lineH += mainGap
				}
			}
		}
		if flowColumn && !reordered && (y+lineH > c.bottom+0.01 || tok != nil && tok.Inner != nil) {
			var inner *BreakToken
			if tok != nil {
				inner = tok.Inner
			}
			return l.flowFlexColumn(b, ln, f, cx, y, cw, mainGap, c, inner, start == 0)
		}
		if y+lineH > c.bottom+0.01 && (inOrder || !column) {
			if !column && c.atTop && li == firstLine {
				// a row taller than the page: its items break side by side
				ny, next := l.splitFlexLine(b, ln, f, cx, y, cw, avail, mainGap, c, nil, lineToken(li, ln))
				if next != nil {
					return flowResult{y: ny, next: next}
				}
				y = ny
				if li < len(lines)-1 {
					y += crossGap
				}
				continue
			}
			if inOrder && (column && math.IsInf(avail, 1) || c.atTop && li == firstLine) {
				// A column of items that runs past the page, or a
				// column line taller than a page: the rest is laid out
				// as blocks, which break between and inside items, so
				// no content is lost beyond the page bottom.
				return l.children(b, f, cx, y, cw, fctx{bottom: c.bottom, atTop: c.atTop && li == firstLine, floats: c.floats, abs: c.abs}, &BreakToken{Box: b, Child: ln.items[0].index}, false)
			}
			if li == firstLine && tok == nil {
				return flowResult{empty: true}
			}
			return flowResult{y: y, next: lineToken(li, ln)}
		}
		l.placeFlexLine(ln, f, cx, y, cw, avail, mainGap, column)
		if column && !wrap {
			y += lineH
			if !math.IsInf(avail, 1) {
				y = math.Max(y, cy+avail)
			}
		} else if column {
			y += lineH
		} else {
			y += ln.cross
		}
		if li < len(lines)-1 {
			y += crossGap + between
		}
	}
	return flowResult{y: y}
}

func clamp(v, lo, hi float64) float64 { return math.Max(lo, math.Min(v, hi)) }

// flexAlign is the container's align-items (normal means stretch).
func flexAlign(st *style.Style) string {
	switch st.AlignItems {
	case "", "normal", "stretch":
		return "stretch"
	case "start", "self-start", "baseline", "first baseline":
		return "flex-start"
	case "end", "self-end", "last baseline":
		return "flex-end"
	}
	return st.AlignItems
}

func crossAuto(b *box.Box, column bool) bool {
	if column {
		return b.Style.Width.IsAuto()
	}
	return b.Style.Height.IsAuto()
}

// flexBase computes the flex base size and limits of item b, in a
// container whose inner main size is avail (+Inf when indefinite).
func (l *layouter) flexBase(b *box.Box, i int, cw, avail float64, column bool) *flexItem {
	st := b.Style
	it := &flexItem{b: b, index: i, grow: st.FlexGrow, shrink: st.FlexShrink, maxMain: math.Inf(1)}
	for s := range it.m {
		if !st.Margin[s].IsAuto() {
			it.m[s] = st.Resolve(st.Margin[s], cw, 0)
		}
	}
	hEdges := st.Border[style.Left].Width + st.Border[style.Right].Width + st.Resolve(st.Padding[style.Left], cw, 0) + st.Resolve(st.Padding[style.Right], cw, 0)
	if !column {
		it.mMain = it.m[style.Left] + it.m[style.Right]
		// content sizes, whatever the width property says
		saved := b.Style
		if !st.Width.IsAuto() {
			cs := *st
			cs.MutSize().Width = style.Length{Unit: style.Auto}
			b.Style = &cs
		} else if rs := stretchedReplacedStyle(it, cw); rs != nil {
			b.Style = rs
		}
		minW, maxW := l.intrinsic(b, cw)
		b.Style = saved
		switch {
		case !st.FlexBasis.IsAuto() && !(st.FlexBasis.HasPercent() && cw <= 0):
			it.base = st.Resolve(st.FlexBasis, cw, 0)
			if st.BoxSizing == style.ContentBox {
				it.base += hEdges
			}
		case st.FlexBasis.IsAuto() && !st.Width.IsAuto() && !st.FlexBasisContent:
			it.base = st.Resolve(st.Width, cw, 0)
			if st.BoxSizing == style.ContentBox {
				it.base += hEdges
			}
		default:
			it.base = maxW
		}
		// automatic minimum size (§4.5): the content size suggestion,
		// no larger than the specified size suggestion; none for a
		// scroll container
		it.minMain = minW
		if !st.Width.IsAuto() {
			w := st.Resolve(st.Width, cw, 0)
			if st.BoxSizing == style.ContentBox {
				w += hEdges
			}
			it.minMain = math.Min(minW, w)
		}
		if scrollContainer(st) {
			it.minMain = 0
		}
		if !st.MinWidth.IsAuto() {
			it.minMain = st.Resolve(st.MinWidth, cw, 0)
			if st.BoxSizing == style.ContentBox {
				it.minMain += hEdges
			}
		}
		if !st.MaxWidth.IsAuto() {
			it.maxMain = st.Resolve(st.MaxWidth, cw, 0)
			if st.BoxSizing == style.ContentBox {
				it.maxMain += hEdges
			}
			if st.MinWidth.IsAuto() {
				// the automatic minimum is no larger than max-width
				it.minMain = math.Min(it.minMain, it.maxMain)
			}
		}
		it.minMain = math.Max(it.minMain, hEdges)
		if b.Kind == box.KindTable {
			// a table is never narrower than its min-content width
			// (CSS Tables 3 §3.9.3), whatever min-width says
			it.minMain = math.Max(it.minMain, minW)
		}
		return it
	}
	l.flexBaseColumn(it, cw, avail)
	it.main = it.base
	return it
}

// flexLayoutItem lays item it out at the origin at its main size; cross,
// when not NaN, is the outer cross size it is stretched to.
func (l *layouter) flexLayoutItem(it *flexItem, cw float64, column bool, cross float64) {
	b := it.b
	saved := b.Style
	b.Style = l.flexItemStyle(it, cw, column, cross)
	var f *Fragment
	if b.Kind == box.KindReplaced {
		f = replacedFragment(b, cw)
	} else {
		f = l.block(b, 0, 0, cw, fctx{bottom: math.Inf(1), atTop: true}, nil).frag
	}
	b.Style = saved
	// at the origin, with its content (translated zeroed the position
	// before moving the content, which kept the content at the margin)
	f = f.translated(-f.X, -f.Y)
	it.frag = f
	if column {
		it.cross = f.W + it.m[style.Left] + it.m[style.Right]
	} else {
		it.cross = f.H + it.m[style.Top] + it.m[style.Bottom]
	}
}

// flexItemStyle returns the style item it is laid out with: its main
// size (and cross size unless NaN) as border-box lengths, auto margins
// zero.
func (l *layouter) flexItemStyle(it *flexItem, cw float64, column bool, cross float64) *style.Style {
	b := it.b
	st := b.Style
	cs := *st
	autoMarginsZero(&cs)
	// the item's sizes, made private on the first write
	sz := cs.SizeGroup
	size := func() *style.SizeGroup {
		if sz == st.SizeGroup {
			sz = cs.MutSize()
		}
		return sz
	}
	hE := st.Border[style.Left].Width + st.Border[style.Right].Width + st.Resolve(st.Padding[style.Left], cw, 0) + st.Resolve(st.Padding[style.Right], cw, 0)
	vE := vEdges(st, cw, style.Top) + vEdges(st, cw, style.Bottom)
	if !column {
		size().Width = style.Length{Value: it.main, Unit: style.Pt}
		sz.MinWidth, sz.MaxWidth = style.Length{Unit: style.Auto}, style.Length{Unit: style.Auto}
		if !math.IsNaN(cross) {
			sz.Height = style.Length{Value: stretchedSize(st, cw, cross-it.m[style.Top]-it.m[style.Bottom], false), Unit: style.Pt}
			sz.MinHeight, sz.MaxHeight = style.Length{Unit: style.Auto}, style.Length{Unit: style.Auto}
		}
	} else {
		if (it.frag != nil || it.main > 0) && !it.autoMain {
			size().Height = style.Length{Value: it.main, Unit: style.Pt}
			sz.MinHeight, sz.MaxHeight = style.Length{Unit: style.Auto}, style.Length{Unit: style.Auto}
		}
		switch {
		case !math.IsNaN(cross):
			size().Width = style.Length{Value: stretchedSize(st, cw, cross-it.m[style.Left]-it.m[style.Right], true), Unit: style.Pt}
		case st.Width.IsAuto() && b.Kind != box.KindReplaced:
			// the shrink-to-fit width, in b's box-sizing: made a
			// border-box width like the sizes above
			w := l.floatStyle(b, cw).Width
			if st.BoxSizing == style.ContentBox {
				w.Value += hE
			}
			size().Width = w
		}
	}
	setH := cs.Height.Unit == style.Pt && cs.Height != st.Height
	if h, ok := heightWithoutCaptions(it, cs.Height, st.Height); ok {
		size().Height.Value = h
	}
	if st.BoxSizing == style.ContentBox {
		// the sizes above are border-box sizes
		if cs.Width.Unit == style.Pt && cs.Width != st.Width {
			size().Width.Value = math.Max(0, cs.Width.Value-hE)
		}
		if setH {
			size().Height.Value = math.Max(0, cs.Height.Value-vE)
		}
	}
	return &cs
}

// placeFlexLine positions the items of ln at y (main-axis justification
// and cross-axis alignment) and appends their fragments to f. The items
// go from the main-start edge, which is the right one in a row that is
// reversed or right-to-left (not both) and the bottom one in a reversed
// column.
func (l *layouter) placeFlexLine(ln *flexLine, f *Fragment, cx, y, cw, avail, gap float64, column bool) {
	for i, p := range flexLinePositions(ln, f.Box.Style, cx, y, avail, gap, column) {
		it := ln.items[i]
		f.Children = append(f.Children, relative(it.frag.translated(p[0]-it.frag.X, p[1]-it.frag.Y), cw))
	}
}

// flexLinePositions returns the border-box positions of the items of ln
// placed at y in container st (see placeFlexLine).
func flexLinePositions(ln *flexLine, st *style.Style, cx, y, avail, gap float64, column bool) [][2]float64 {
	out := make([][2]float64, 0, len(ln.items))
	size := func(it *flexItem) float64 {
		if column {
			return it.frag.H + it.mMain
		}
		return it.frag.W + it.mMain
	}
	used := gap * float64(len(ln.items)-1)
	for _, it := range ln.items {
		used += size(it)
	}
	extent := avail
	if math.IsInf(avail, 1) {
		extent = used
	}
	space := extent - used
	reverse := strings.HasSuffix(st.FlexDirection, "-reverse")
	rtl := st.Direction == style.RTL && !column
	mirrored := reverse != rtl // main-start is the right (bottom) edge
	pos, between := 0.0, gap
	n := float64(len(ln.items))
	// flex-start and flex-end are the main-start and main-end edges;
	// start, end, left and right the physical (writing-mode) ones
	toEnd := false
	switch st.JustifyContent {
	case "flex-end":
		toEnd = true
	case "end", "right":
		toEnd = !mirrored != (st.JustifyContent == "end" && rtl)
	case "start", "left":
		toEnd = mirrored != (st.JustifyContent == "start" && rtl)
	}
	if column && (st.JustifyContent == "left" || st.JustifyContent == "right") {
		toEnd = mirrored // as start
	}
	// auto margins on the main axis take the free space first (CSS
	// Flexbox 1 §8.1)
	before, after := style.Left, style.Right
	if column {
		before, after = style.Top, style.Bottom
	}
	if mirrored {
		before, after = after, before
	}
	autos := 0
	for _, it := range ln.items {
		for _, sd := range []int{before, after} {
			if it.b.Style.Margin[sd].IsAuto() {
				autos++
			}
		}
	}
	autoM := 0.0
	if autos > 0 && space > 0 {
		autoM = space / float64(autos)
		space = 0
	}
	if space > 0 {
		switch st.JustifyContent {
		case "center":
			pos = space / 2
		case "space-between":
			if n > 1 {
				between += space / (n - 1)
			}
		case "space-around":
			pos = space / n / 2
			between += space / n
		case "space-evenly":
			pos = space / (n + 1)
			between += space / (n + 1)
		default:
			if toEnd {
				pos = space
			}
		}
	} else if space < 0 && toEnd {
		pos = space
	}
	for _, it := range ln.items {
		if it.b.Style.Margin[before].IsAuto() {
			pos += autoM
		}
		off := crossOffset(it, ln, column)
		if column && st.Direction == style.RTL {
			// the cross-start edge of a column is the right one
			off = ln.cross - off - it.cross
		}
		// the margin-box start of the item along the main axis, from
		// the content edge
		start := pos
		if mirrored {
			start = extent - pos - size(it)
		}
		var x, yy float64
		if column {
			x = cx + off + it.m[style.Left]
			yy = y + start + it.m[style.Top]
		} else {
			x = cx + start + it.m[style.Left]
			yy = y + off + it.m[style.Top]
		}
		out = append(out, [2]float64{x, yy})
		pos += size(it) + between
		if it.b.Style.Margin[after].IsAuto() {
			pos += autoM
		}
	}
	return out
}
