package layout

import (
	"cmp"
	"math"
	"slices"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// CSS Grid Layout 1: a grid container's items are placed in the cells of
// a grid of tracks (grid_place.go), the tracks sized by their contents
// (grid_tracks.go), and the items laid out in their areas and aligned.
//
// Fragmentation: a grid breaks between rows, at row boundaries no item
// spans (a run of rows tied together by spanning items moves as one).
// A row, or such a run, that does not fit below earlier content moves
// to the next page; one taller than a whole page is split there: each
// of its items breaks at the page bottom as a block would and continues
// on the next page (items are not stretched to the row then), and the
// rows after it follow its tallest item. The fragments of the items are
// appended in order-modified document order whatever their placement;
// the structure tree follows the DOM.

// isGrid reports whether b is a grid container laid out by grid.
func isGrid(b *box.Box) bool {
	d := b.Style.Display
	return (d == style.DisplayGrid || d == style.DisplayInlineGrid) && b.Kind != box.KindTable && !b.HasInlineChildren()
}

// gridLayout is a grid container whose items are placed and tracks
// sized.
type gridLayout struct {
	b     *box.Box
	items []*gridItem
	axes  [2]*gridAxis
	// sz holds the sizing of each axis (gridCol, gridRow).
	sz [2]*gridSizing
	// width is the width of the content box, height its height (Inf:
	// indefinite).
	width, height float64
}

// gridDefiniteHeight returns the content height of a grid container
// whose height is a length (clamped by min- and max-height), else Inf.
func gridDefiniteHeight(st *style.Style, cw float64) float64 {
	if st.Height.Unit != style.Pt {
		return math.Inf(1)
	}
	h := st.Height.Value
	if st.BoxSizing == style.BorderBox {
		h -= vEdges(st, cw, style.Top) + vEdges(st, cw, style.Bottom)
	}
	if st.MaxHeight.Unit == style.Pt {
		h = math.Min(h, st.MaxHeight.Value)
	}
	if st.MinHeight.Unit == style.Pt {
		h = math.Max(h, st.MinHeight.Value)
	}
	return math.Max(h, 0)
}

// gridItems collects the grid items of b (its in-flow children; floats
// are items too, as float does not apply to them).
func gridItems(b *box.Box, cw float64) []*gridItem {
	var items []*gridItem
	for i, ch := range b.Children {
		if isAbsolute(ch) || ch.Kind == box.KindTableColumn {
			continue
		}
		it := &gridItem{b: ch, index: i}
		for s := range it.m {
			if !ch.Style.Margin[s].IsAuto() {
				it.m[s] = ch.Style.Resolve(ch.Style.Margin[s], cw, 0)
			}
		}
		items = append(items, it)
	}
	// order-modified document order (css-grid-1 §4.2): placement and
	// painting only, the structure tree keeps the document order
	slices.SortStableFunc(items, func(a, b *gridItem) int { return cmp.Compare(a.b.Style.Order, b.b.Style.Order) })
	return items
}

// newGridLayout places the items of grid container b, cw wide with a
// content height h (Inf: indefinite), and prepares the sizing of both
// axes.
func newGridLayout(b *box.Box, items []*gridItem, cw, h float64, sub *subgridInfo) *gridLayout {
	st := b.Style
	colGap, rowGap := gridGap(st, st.ColumnGap, cw), gridGap(st, st.RowGap, h)
	var areas []style.GridArea
	nr, nc := 0, 0
	if a := st.GridTemplateAreas; a != nil {
		areas, nr, nc = a.Areas, a.Rows, a.Cols
	}
	g := &gridLayout{b: b, items: items}
	g.axes[gridCol] = newGridAxis(st.GridTemplateColumns, st.GridAutoColumns, areas, nc, false, cw, colGap)
	g.axes[gridRow] = newGridAxis(st.GridTemplateRows, st.GridAutoRows, areas, nr, true, h, rowGap)
	gaps := [2]float64{colGap, rowGap}
	subgridded := applySubgrid(g, sub, &gaps)
	placeItems(items, g.axes, st.GridAutoFlow)
	clampSubgrid(g, subgridded)
	for a, ax := range g.axes {
		s := &gridSizing{axis: a, gap: gaps[a], items: items, tracks: make([]gridTrack, ax.count), st: st}
		for i := range s.tracks {
			s.tracks[i].size = ax.trackSize(i)
		}
		if ax.fitStart >= 0 {
			// empty tracks of an auto-fit repetition collapse
			used := make([]bool, ax.count)
			for _, it := range items {
				for i := it.area[a].start; i < it.area[a].end; i++ {
					used[i] = true
				}
			}
			for i := ax.fitStart + ax.offset; i < ax.fitEnd+ax.offset; i++ {
				s.tracks[i].collapsed = !used[i]
			}
		}
		g.sz[a] = s
	}
	return g
}

// gridGap resolves gap l of a grid container whose content box is base
// long in the gap's axis: a percentage of an indefinite size (Inf) is
// zero (css-align-3 §8.1).
func gridGap(st *style.Style, l style.Length, base float64) float64 {
	if math.IsInf(base, 1) {
		base = 0
	}
	return math.Max(0, gapOf(st, l, base))
}

// stretches reports whether content distribution mode v stretches auto
// tracks.
func stretches(v string) bool { return v == "" || v == "normal" || v == "stretch" }

// sizeColumns sizes the columns of g in cw (Inf: under a max-content
// constraint; minContent: under a min-content one).
func (l *layouter) sizeColumns(g *gridLayout, cw float64, minContent bool) {
	s := g.sz[gridCol]
	s.avail, s.minContent = cw, minContent
	s.stretch = stretches(g.b.Style.JustifyContent)
	cb := cw
	if math.IsInf(cb, 1) {
		cb = 0
	}
	s.contrib = func(it *gridItem) (float64, float64) {
		if !it.measured[gridCol] {
			mn, mx := l.intrinsic(it.b, cb)
			m := it.m[style.Left] + it.m[style.Right]
			it.contrib[gridCol] = [2]float64{mn + m, mx + m}
			it.measured[gridCol] = true
		}
		return it.contrib[gridCol][0], it.contrib[gridCol][1]
	}
	s.items = l.sizingItems(g, gridCol, cb)
	s.size()
}

// gridIntrinsic returns the min- and max-content widths of the content
// box of grid container b (css-grid-1 §12: the sums of its columns
// sized under those constraints).
func (l *layouter) gridIntrinsic(b *box.Box, cbW float64) (minW, maxW float64) {
	items := gridItems(b, cbW)
	g := newGridLayout(b, items, math.Inf(1), math.Inf(1), nil)
	l.sizeColumns(g, math.Inf(1), true)
	minW = g.sz[gridCol].place("", math.Inf(1))
	l.sizeColumns(g, math.Inf(1), false)
	maxW = g.sz[gridCol].place("", math.Inf(1))
	return minW, maxW
}

// selfAlign returns the used alignment of an item in one axis: "stretch",
// "start", "end" or "center". v is the item's justify-self or align-self,
// def the container's justify-items or align-items.
func selfAlign(v, def string, replaced bool) string {
	if v == "" || v == "auto" {
		v = def
	}
	w := alignWord(v)
	if w == "baseline" && lastBaseline(v, def) {
		w = "last baseline" // (alignWord drops the "last")
	}
	switch w {
	case "", "normal", "legacy", "stretch":
		if replaced {
			return "start"
		}
		return "stretch"
	case "end", "self-end", "flex-end", "right", "last baseline":
		return "end"
	case "baseline", "first baseline":
		return "baseline"
	case "center", "legacy center":
		return "center"
	default:
		if len(w) > 7 && w[:7] == "legacy " {
			return selfAlign(w[7:], "", replaced)
		}
	}
	return "start"
}

// layoutItem lays item it out at the origin in an area aw wide; ah,
// when not NaN, is the area's height, which it stretches to when its
// alignment says so.
func (l *layouter) layoutItem(g *gridLayout, it *gridItem, aw, ah float64) *Fragment {
	b, cst := it.b, g.b.Style
	rowSub := b.Style.GridTemplateRows != nil && b.Style.GridTemplateRows.Subgrid
	if it.frag != nil && it.fragW == aw && (math.IsNaN(ah) || it.frag.H+it.m[style.Top]+it.m[style.Bottom] == ah ||
		!l.stretchesBlock(it, cst)) && !((rowSub || percentHeight(b.Style) || b.Kind == box.KindReplaced) && !math.IsNaN(ah)) {
		return it.frag
	}
	l.giveSubgrid(g, it, !math.IsNaN(ah))
	var f *Fragment
	if b.Kind == box.KindReplaced {
		f = l.replacedItemFragment(g, it, aw, ah)
	} else {
		saved := b.Style
		b.Style = l.itemStyle(g, it, aw, ah)
		f = l.block(b, 0, 0, aw, fctx{bottom: math.Inf(1), atTop: true}, nil).frag
		b.Style = saved
	}
	it.frag, it.fragW = f, aw
	return f
}

// itemStyle returns the style item it is laid out with in an area aw
// wide: auto margins zero (alignment places the item), an auto width
// shrink-to-fit unless the item stretches, and, when ah is not NaN and
// the item stretches to its row, the height of the area.
func (l *layouter) itemStyle(g *gridLayout, it *gridItem, aw, ah float64) *style.Style {
	b, st, cst := it.b, it.b.Style, g.b.Style
	cs := *st
	for s := range cs.Margin {
		if cs.Margin[s].IsAuto() {
			cs.MutMargin().Margin[s] = style.Length{Unit: style.Pt}
		}
	}
	hAuto := st.Margin[style.Left].IsAuto() || st.Margin[style.Right].IsAuto()
	if st.Width.IsAuto() && st.WidthKeyword == 0 && (hAuto || selfAlign(st.JustifySelf, cst.JustifyItems, false) != "stretch") {
		sz := cs.MutSize()
		sz.Width = l.floatStyle(b, aw).Width // shrink-to-fit
		sz.BoxSizing = style.BorderBox
	}
	if !math.IsNaN(ah) && percentHeight(st) {
		// percentages of the height resolve against the area's once the
		// rows are sized (as auto before)
		sz := cs.MutSize()
		for _, p := range [...]*style.Length{&sz.Height, &sz.MinHeight, &sz.MaxHeight} {
			if p.HasPercent() {
				*p = style.Length{Value: math.Max(0, st.Resolve(*p, ah, 0)), Unit: style.Pt}
			}
		}
	}
	if b.Kind == box.KindTable && st.Width.IsAuto() && st.WidthKeyword == 0 && !hAuto && selfAlign(st.JustifySelf, cst.JustifyItems, false) == "stretch" {
		// a table stretches like a block (its width algorithm would
		// shrink it to fit), within its max-width
		sz := cs.MutSize()
		sz.Width = style.Length{Value: stretchedTableWidth(st, aw-it.m[style.Left]-it.m[style.Right]), Unit: style.Pt}
	}
	if !math.IsNaN(ah) && l.stretchesBlock(it, cst) {
		h := math.Max(0, ah-it.m[style.Top]-it.m[style.Bottom])
		if cs.BoxSizing == style.ContentBox {
			h = math.Max(0, h-vEdges(st, aw, style.Top)-vEdges(st, aw, style.Bottom))
		}
		if cs.MaxHeight.Unit == style.Pt {
			h = math.Min(h, cs.MaxHeight.Value) // stretched no further than max-height
		}
		sz := cs.MutSize()
		sz.Height = style.Length{Value: h, Unit: style.Pt}
		sz.MinHeight, sz.MaxHeight = style.Length{Unit: style.Auto}, style.Length{Unit: style.Auto}
	}
	return &cs
}

// percentHeight reports whether the height, min-height or max-height of
// st is a percentage (of the grid area's height).
func percentHeight(st *style.Style) bool {
	return st.HeightKeyword == 0 && st.Height.HasPercent() || st.MinHeight.HasPercent() || st.MaxHeight.HasPercent()
}

// stretchesBlock reports whether item it stretches to its row.
func (l *layouter) stretchesBlock(it *gridItem, cst *style.Style) bool {
	st := it.b.Style
	return st.Height.IsAuto() && st.HeightKeyword == 0 && !st.Margin[style.Top].IsAuto() && !st.Margin[style.Bottom].IsAuto() &&
		selfAlign(st.AlignSelf, cst.AlignItems, it.b.Kind == box.KindReplaced) == "stretch"
}

// sizeRows lays each item out at the width of its columns and sizes the
// rows to a content height h (Inf: indefinite).
func (l *layouter) sizeRows(g *gridLayout, h float64) {
	cols, s := g.sz[gridCol], g.sz[gridRow]
	s.avail = h
	s.stretch = stretches(g.b.Style.AlignContent)
	l.baselineShims(g)
	s.contrib = func(it *gridItem) (float64, float64) {
		if !it.measured[gridRow] {
			f := l.layoutItem(g, it, cols.spanSize(it.area[gridCol]), math.NaN())
			v := f.H + it.m[style.Top] + it.m[style.Bottom] + it.shim
			it.contrib[gridRow] = [2]float64{v, v}
			it.measured[gridRow] = true
		}
		return it.contrib[gridRow][0], it.contrib[gridRow][1]
	}
	s.items = l.sizingItems(g, gridRow, g.width)
	s.size()
}

// baselineShims sets the shim of the items of g aligned by baseline:
// for the first baseline (align-self: baseline) the space above each
// that lines its first baseline up with the lowest one of the first row
// it spans, for the last baseline the space below each that lines its
// last baseline up with the highest one of the last row it spans,
// counted from the row's end (css-align-3 §9.3, css-grid-1 §10.6).
func (l *layouter) baselineShims(g *gridLayout) {
	cols, cst := g.sz[gridCol], g.b.Style
	lowest := map[[2]int]float64{}
	var aligned []*gridItem
	for _, it := range g.items {
		st := it.b.Style
		align := selfAlign(st.AlignSelf, cst.AlignItems, it.b.Kind == box.KindReplaced)
		it.lastBase = align == "end" && lastBaseline(st.AlignSelf, cst.AlignItems)
		if st.Margin[style.Top].IsAuto() || st.Margin[style.Bottom].IsAuto() || align != "baseline" && !it.lastBase {
			it.lastBase = false
			continue
		}
		f := l.layoutItem(g, it, cols.spanSize(it.area[gridCol]), math.NaN())
		it.baseline = gridItemBaseline(it, f)
		key := baselineGroup(it)
		lowest[key] = math.Max(lowest[key], it.baseline)
		aligned = append(aligned, it)
	}
	for _, it := range aligned {
		it.shim = lowest[baselineGroup(it)] - it.baseline
	}
}

// grid lays out the items of grid container b in its content box at
// (cx, cy), cw wide; tok.Child, when resuming, is the first row to place.
func (l *layouter) grid(b *box.Box, f *Fragment, cx, cy, cw float64, c fctx, tok *BreakToken) flowResult {
	g := l.sizedGrid(b, cw)
	if tok == nil {
		for _, ch := range b.Children {
			if !isAbsolute(ch) {
				continue
			}
			p := absPending{b: ch, cb: containingBlock(ch), staticX: cx, staticY: cy, staticW: cw}
			if p.cb == b {
				p.grid = g.absArea(ch, cx, cy)
			}
			l.queueAbsolute(c.abs, f, p, Rect{X: cx, Y: cy, W: cw})
		}
	}
	if l.check() != nil {
		return flowResult{y: cy}
	}
	return l.gridRows(g, f, cx, cy, c, tok)
}

// sizedGrid returns grid container b, cw wide, with its items placed and
// its tracks sized. The result is kept for the container's later pages
// (laid out again for each, a grid of many rows took time quadratic in
// its rows).
func (l *layouter) sizedGrid(b *box.Box, cw float64) *gridLayout {
	st := b.Style
	h := gridDefiniteHeight(st, cw)
	sub := l.subgrids[b]
	if g := l.grids[b]; g != nil && g.width == cw && (g.height == h || math.IsInf(g.height, 1) && math.IsInf(h, 1)) && sub == nil {
		return g
	}
	g := newGridLayout(b, gridItems(b, cw), cw, h, sub)
	l.sizeColumns(g, cw, false)
	g.sz[gridCol].place(st.JustifyContent, cw)
	g.width, g.height = cw, h
	l.sizeRows(g, h)
	if hp := g.percentRowsBase(h); !math.IsInf(hp, 1) {
		// percentages of an auto height: sized as auto, then again
		// against the height that gave (css-grid-1 §7.2.1)
		g.resetRows()
		l.sizeRows(g, hp)
	}
	g.sz[gridRow].place(st.AlignContent, h)
	if sub == nil {
		if l.grids == nil {
			l.grids = map[*box.Box]*gridLayout{}
		}
		l.grids[b] = g
	}
	return g
}

// gridRows places on this page the rows of g from the token's, in groups
// of rows no item spans across; a group that does not fit moves to the
// next page, unless it starts the page: its items are then split at
// the page bottom (splitGroup). The fragments go into f in the items'
// order.
func (l *layouter) gridRows(g *gridLayout, f *Fragment, cx, cy float64, c fctx, tok *BreakToken) flowResult {
	rows := g.sz[gridRow]
	startRow := 0
	if tok != nil {
		startRow = tok.Child
	}
	nRows := len(rows.tracks)
	tied := make([]bool, nRows+1)   // tied[r]: no break before row r
	forced := make([]bool, nRows+1) // forced[r]: a break before row r
	for _, it := range g.items {
		for r := it.area[gridRow].start + 1; r < it.area[gridRow].end; r++ {
			tied[r] = true
		}
		forced[it.area[gridRow].start] = forced[it.area[gridRow].start] || forcedBreak(it.b.Style.BreakBefore)
		if e := it.area[gridRow].end; e < nRows {
			forced[e] = forced[e] || forcedBreak(it.b.Style.BreakAfter)
		}
	}
	shift := 0.0 // rows.tracks[r].pos - shift is the row's offset from cy
	if startRow > 0 && startRow < nRows {
		shift = rows.tracks[startRow].pos
	}
	placed := map[*gridItem]*Fragment{}
	var next *BreakToken
	y := cy
	for r := startRow; r < nRows && next == nil; {
		e := r + 1
		for e < nRows && tied[e] {
			e++
		}
		groupEnd := rows.tracks[e-1].pos + rows.tracks[e-1].base
		top, bottom := cy+rows.tracks[r].pos-shift, cy+groupEnd-shift
		if r > startRow && forced[r] && !tied[r] && !math.IsInf(c.bottom, 1) {
			// break-before or break-after: page on an item of the rows
			next = &BreakToken{Box: g.b, Child: r, Forced: true}
			y = top
			break
		}
		resume := tok != nil && r == startRow && tok.Items != nil
		if bottom > c.bottom+0.01 || resume {
			if !resume && !(r == startRow && c.atTop) {
				if r == startRow {
					return flowResult{empty: true}
				}
				next = &BreakToken{Box: g.b, Child: r}
				y = top
				break
			}
			var toks []*BreakToken
			if resume {
				toks = tok.Items
			}
			end, rest := l.splitGroup(g, r, e, cx, top, c.bottom, toks, resume, placed)
			if len(rest) > 0 {
				next = &BreakToken{Box: g.b, Child: r, Items: rest}
				y = math.Max(c.bottom, end)
				break
			}
			// the rows after the group follow what the group took
			shift = cy + groupEnd - end
			y = end
			r = e
			continue
		}
		for _, it := range g.items {
			if s := it.area[gridRow].start; s >= r && s < e {
				placed[it] = l.placeGridItem(g, it, cx, cy-shift)
			}
		}
		y = bottom
		r = e
	}
	for _, it := range g.items {
		if fr := placed[it]; fr != nil {
			f.Children = append(f.Children, fr)
		}
	}
	return flowResult{y: y, next: next}
}

// splitGroup lays out the items of the rows [r, e) of g from the page
// y top down to the page bottom, each item breaking where it must; toks
// are the items' tokens when resuming (an item without one is done).
// It returns where the tallest item ends and the tokens of the items
// that continue on the next page.
func (l *layouter) splitGroup(g *gridLayout, r, e int, cx, top, bottom float64, toks []*BreakToken, resume bool, placed map[*gridItem]*Fragment) (end float64, rest []*BreakToken) {
	cols := g.sz[gridCol]
	end = top
	for _, it := range g.items {
		if s := it.area[gridRow].start; s < r || s >= e {
			continue
		}
		var itok *BreakToken
		if resume {
			for _, t := range toks {
				if t.Box == it.b {
					itok = t
				}
			}
			if itok == nil {
				continue // finished on an earlier page
			}
		}
		aw := cols.spanSize(it.area[gridCol])
		ax := g.colX(it.area[gridCol], cx)
		y := top
		if itok == nil {
			y += it.m[style.Top]
		}
		var fr *Fragment
		var nt *BreakToken
		if it.b.Kind == box.KindReplaced {
			fr = replacedFragment(it.b, aw)
			fr.X, fr.Y = ax+it.m[style.Left], y
		} else {
			l.giveSubgrid(g, it, false)
			saved := it.b.Style
			it.b.Style = l.itemStyle(g, it, aw, math.NaN())
			res := l.block(it.b, ax, y, aw, fctx{bottom: bottom, atTop: true}, itok)
			it.b.Style = saved
			fr, nt = res.frag, res.next
		}
		if fr == nil {
			continue
		}
		st := it.b.Style
		free := aw - fr.W - it.m[style.Left] - it.m[style.Right]
		if dx := alignOffset(g.justify(st, it.b.Kind == box.KindReplaced), free); dx != 0 && st.Width.IsAuto() {
			fr = fr.translated(dx, 0)
		}
		placed[it] = relative(fr, aw)
		if nt != nil {
			rest = append(rest, nt)
			end = math.Max(end, bottom)
		} else {
			end = math.Max(end, fr.Y+fr.H+it.m[style.Bottom])
		}
	}
	return end, rest
}

// justify returns the physical alignment of an item styled st in its
// columns: "stretch", "start" (left), "center" or "end" (right).
func (g *gridLayout) justify(st *style.Style, replaced bool) string {
	a := selfAlign(st.JustifySelf, g.b.Style.JustifyItems, replaced)
	if g.rtl() {
		switch a {
		case "start":
			return "end"
		case "end":
			return "start"
		}
	}
	return a
}

// rtl reports whether the columns of g run from the right.
func (g *gridLayout) rtl() bool { return g.b.Style.Direction == style.RTL }

// colX returns the x of the left edge of the columns of sp, the
// content box starting at cx (columns run from the right in a
// right-to-left grid).
func (g *gridLayout) colX(sp gridSpan, cx float64) float64 {
	tr := g.sz[gridCol].tracks
	if g.rtl() {
		last := tr[sp.end-1]
		return cx + g.width - (last.pos + last.base)
	}
	return cx + tr[sp.start].pos
}

// gridAbsArea is the containing block of an absolutely positioned child
// of a grid container that is its containing block (css-grid-1 §9.1):
// the page positions of its lines (left, right, top, bottom; NaN for the
// container's padding edge) and its alignment when both insets of an
// axis are auto ("start", "center" or "end").
type gridAbsArea struct {
	edges          [4]float64
	justify, align string
}

// rect returns the area in the padding box pad.
func (a *gridAbsArea) rect(pad Rect) Rect {
	pick := func(v, def float64) float64 {
		if math.IsNaN(v) {
			return def
		}
		return v
	}
	x0, x1 := pick(a.edges[0], pad.X), pick(a.edges[1], pad.X+pad.W)
	y0, y1 := pick(a.edges[2], pad.Y), pick(a.edges[3], pad.Y+pad.H)
	return Rect{X: x0, Y: y0, W: math.Max(0, x1-x0), H: math.Max(0, y1-y0)}
}

// alignOffset is the offset of a box aligned as align ("start",
// "center", "end") in free space.
func alignOffset(align string, free float64) float64 {
	switch align {
	case "end":
		return free
	case "center":
		return free / 2
	}
	return 0
}

// absArea returns the grid area of absolutely positioned child ch, with
// the tracks' origin at (ox, oy): lines it names that are auto, or
// outside the grid, are the padding edges.
func (g *gridLayout) absArea(ch *box.Box, ox, oy float64) *gridAbsArea {
	st, cst := ch.Style, g.b.Style
	a := &gridAbsArea{justify: g.justify(st, true), align: selfAlign(st.AlignSelf, cst.AlignItems, true)}
	pairs := [2][2]style.GridLine{{st.GridColumnStart, st.GridColumnEnd}, {st.GridRowStart, st.GridRowEnd}}
	for axis, lines := range pairs {
		ax, tr := g.axes[axis], g.sz[axis].tracks
		o := ox
		if axis == gridRow {
			o = oy
		}
		edge := func(line int, end bool) float64 {
			line += ax.offset
			if ax.fixed {
				// a subgridded axis has no implicit lines: those past
				// it clamp to its edges (css-grid-2 §9)
				line = min(max(line, 0), len(tr))
			}
			switch {
			case line < 0 || line > len(tr) || len(tr) == 0:
				return math.NaN()
			case end && line > 0:
				return o + tr[line-1].pos + tr[line-1].base
			case line == len(tr):
				return o + tr[line-1].pos + tr[line-1].base
			}
			return o + tr[line].pos
		}
		s, e := math.NaN(), math.NaN()
		switch {
		case isLine(lines[0]):
			from := ax.line(lines[0], false)
			s = edge(from, false)
			if isLine(lines[1]) {
				e = edge(ax.line(lines[1], true), true)
			} else if lines[1].Span {
				e = edge(ax.spanFrom(lines[1], from, true), true)
			}
		case isLine(lines[1]):
			to := ax.line(lines[1], true)
			e = edge(to, true)
			if lines[0].Span {
				s = edge(ax.spanFrom(lines[0], to, false), false)
			}
		}
		if axis == gridCol && g.rtl() {
			// columns run from the right: mirror the edges
			m := func(v float64) float64 { return 2*ox + g.width - v }
			s, e = m(e), m(s)
		}
		if s > e {
			s, e = e, s
		}
		a.edges[2*axis], a.edges[2*axis+1] = s, e
	}
	return a
}

// placeGridItem lays item it out in its area, aligns it there and
// returns its fragment; (ox, oy) is the origin of the tracks.
func (l *layouter) placeGridItem(g *gridLayout, it *gridItem, ox, oy float64) *Fragment {
	cols, rows := g.sz[gridCol], g.sz[gridRow]
	st, cst := it.b.Style, g.b.Style
	aw, ah := cols.spanSize(it.area[gridCol]), rows.spanSize(it.area[gridRow])
	ax := g.colX(it.area[gridCol], ox)
	ay := oy + rows.tracks[it.area[gridRow].start].pos
	f := l.layoutItem(g, it, aw, ah)
	replaced := it.b.Kind == box.KindReplaced
	// free space in the area, to auto margins first, then by alignment
	offset := func(free float64, a, b style.Length, align string) float64 {
		switch {
		case a.IsAuto() && b.IsAuto():
			return math.Max(0, free/2)
		case a.IsAuto():
			return free
		case b.IsAuto():
			return 0
		case align == "end":
			return free
		case align == "center":
			return free / 2
		}
		return 0
	}
	ml, mt := it.m[style.Left], it.m[style.Top]
	fx := aw - f.W - ml - it.m[style.Right]
	fy := ah - f.H - mt - it.m[style.Bottom]
	x := ax + ml + offset(fx, st.Margin[style.Left], st.Margin[style.Right], g.justify(st, replaced))
	y := ay + mt + offset(fy-it.shim, st.Margin[style.Top], st.Margin[style.Bottom], selfAlign(st.AlignSelf, cst.AlignItems, replaced))
	if !it.lastBase {
		y += it.shim // (a last-baseline item's shim is below it)
	}
	if dx, dy := x-f.X, y-f.Y; dx != 0 || dy != 0 {
		f = f.translated(dx, dy)
	}
	return relative(f, aw)
}
