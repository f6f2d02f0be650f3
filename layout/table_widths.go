package layout

import (
	"math"
	"sort"

	"github.com/seed28491532/folio/internal/slab"
	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// maxMeasuredCells bounds how many cells table-layout: auto measures in
// one table; the rest take the column widths the measured ones give.
const maxMeasuredCells = 200000

// tableState is what layout keeps of one table between pages: the grid,
// the resolved borders and the used widths at one containing-block width.
type tableState struct {
	g        *tgrid
	borders  *collapsed // nil in the separated borders model
	measured bool
	// intrinsic min/max border-box widths of the table
	minW, maxW float64
	// layout at cbW, with the width and height properties specW and
	// specH (a flex item's stretched sizes differ from its first
	// layout's)
	cbW        float64
	specW      style.Length
	specH      style.Length
	laidOut    bool
	ml, width  float64 // margin-left and border-box width
	border     [4]float64
	padding    [4]float64
	spacing    [2]float64
	colW, colX []float64 // colX relative to the table's border-box left
	// minRowH are the row heights a specified table height asks for
	// (nil: none), computed for the layout at cbW
	minRowH   []float64
	minRowSet bool
}

// tableCache holds the table states of one layout run.
type tableCache struct {
	states map[*box.Box]*tableState
	// resume holds the per-cell break tokens of a row split across pages,
	// keyed by the table's break token.
	resume map[*BreakToken][]*BreakToken
	// free holds scratch styles for laying cells out (a stack: nested
	// tables take their own).
	free []*scratchStyle
	// cells is layoutUnit's scratch slice of laid-out cells.
	cells []laidCell
	// oneRow, kids and paints hold the row units of one row, the child
	// lists of row fragments and the cells' paints; grid and gridPtrs the
	// cells of the grids and the rows' lists of them (placeCells).
	oneRow   slab.Slab[oneRowUnit]
	kids     slab.Slab[*Fragment]
	paints   slab.Slab[Paint]
	grid     slab.Slab[tcell]
	gridPtrs slab.Slab[*tcell]
	// loose collects the rows placed directly in a table (buildGrid).
	loose []*box.Box
}

// scratch returns a copy of st to lay a cell out with; release gives it
// back once the cell's style is restored.
func (tc *tableCache) scratch(st *style.Style) *scratchStyle {
	if n := len(tc.free); n > 0 {
		s := tc.free[n-1]
		tc.free = tc.free[:n-1]
		s.reset(st)
		return s
	}
	return newScratch(st)
}

func (tc *tableCache) release(s *scratchStyle) { tc.free = append(tc.free, s) }

func (l *layouter) tableState(b *box.Box) *tableState {
	if l.tables.states == nil {
		l.tables.states = map[*box.Box]*tableState{}
		l.tables.resume = map[*BreakToken][]*BreakToken{}
	}
	ts := l.tables.states[b]
	if ts == nil {
		ts = &tableState{g: l.buildGrid(b)}
		if b.Style.BorderCollapse == style.BorderCollapsed {
			ts.borders = resolveBorders(ts.g)
		}
		l.tables.states[b] = ts
	}
	return ts
}

func collapsedModel(ts *tableState) bool { return ts.borders != nil }

// cellEdges returns the horizontal border+padding of a cell.
func (ts *tableState) cellEdges(c *tcell) (left, right float64) {
	st := c.box.Style
	left = st.Resolve(st.Padding[style.Left], 0, 0)
	right = st.Resolve(st.Padding[style.Right], 0, 0)
	if ts.borders != nil {
		bl, br := ts.borders.cellHoriz(c)
		if ts.borders.rtl {
			bl, br = br, bl
		}
		return left + bl, right + br
	}
	return left + st.Border[style.Left].Width, right + st.Border[style.Right].Width
}

// singleText returns the text box of a cell holding nothing else.
func singleText(b *box.Box) *box.Box {
	if len(b.Children) != 1 {
		return nil
	}
	t := b.Children[0]
	if t.Kind != box.KindText || t.Style == nil {
		return nil
	}
	return t
}

// contentIntrinsic returns the min- and max-content widths of the content
// of block container b (its own width, padding and borders left out),
// and what the layout keeps of its text when b holds one short text
// (nil otherwise).
func (l *layouter) contentIntrinsic(b *box.Box) (mn, mx float64, ti *textInfo) {
	t := singleText(b)
	if t == nil {
		mn, mx = l.blockIntrinsic(b)
		return mn, mx, nil
	}
	ti = l.texts.info(t.Text, t.Style, b.Style.Direction == style.RTL, true)
	if ti == nil {
		mn, mx = l.blockIntrinsic(b)
		return mn, mx, nil
	}
	if ti.measured {
		return ti.mn, ti.mx, ti
	}
	l.texts.setHint(t, ti)
	mn, mx = l.blockIntrinsic(b)
	l.texts.setHint(nil, nil)
	ti.mn, ti.mx, ti.measured = mn, mx, true
	return mn, mx, ti
}

// blockIntrinsic returns the min- and max-content widths of the content
// of b, measured.
func (l *layouter) blockIntrinsic(b *box.Box) (mn, mx float64) {
	if b.Kind != box.KindTable && b.Kind != box.KindReplaced && b.HasInlineChildren() {
		// what intrinsic gives with b's width, padding and borders taken
		// away, without a style copy to take them away
		return l.inlineIntrinsic(b, 0)
	}
	cs := l.tables.scratch(b.Style)
	auto := style.Length{Unit: style.Auto}
	cs.size.Width, cs.size.MinWidth, cs.size.MaxWidth = auto, auto, auto
	cs.padding.Padding = [4]style.Length{}
	cs.border.Border = [4]style.Border{}
	saved := b.Style
	b.Style = &cs.style
	mn, mx = l.intrinsic(b, 0)
	b.Style = saved
	l.tables.release(cs)
	return mn, mx
}

// measure computes the column min/max widths (CSS Tables 3 §3.9).
func (l *layouter) measure(ts *tableState) {
	if ts.measured {
		return
	}
	ts.measured = true
	g := ts.g
	n := 0
	var spanning []*tcell
	for ri := range g.rows {
		for _, c := range g.rows[ri].cells {
			if l.check() != nil {
				return
			}
			if n < maxMeasuredCells {
				mn, mx, ti := l.contentIntrinsic(c.box)
				c.ti = ti
				el, er := ts.cellEdges(c)
				c.min, c.max = mn+el+er, mx+el+er
				st := c.box.Style
				switch st.Width.Unit {
				case style.Pt:
					w := st.Width.Value
					if st.BoxSizing == style.ContentBox {
						w += el + er
					}
					if st.MaxWidth.Unit == style.Pt {
						// within max-width, as Chromium and
						// Firefox do (CSS 2.1 §10.4)
						mw := st.MaxWidth.Value
						if st.BoxSizing == style.ContentBox {
							mw += el + er
						}
						w = math.Min(w, mw)
					}
					c.fixed = w
				case style.Percent:
					c.pct = st.Width.Value
				}
				if st.MinWidth.Unit == style.Pt {
					c.min = math.Max(c.min, st.MinWidth.Value)
				}
				if c.fixed > 0 {
					c.max = math.Max(c.min, c.fixed)
				}
			}
			n++
			if c.colspan > 1 {
				spanning = append(spanning, c)
				continue
			}
			col := &g.cols[c.col]
			col.min = math.Max(col.min, c.min)
			col.max = math.Max(col.max, c.max)
			if c.fixed > 0 {
				col.hasFixed = true
				col.fixed = math.Max(col.fixed, c.fixed)
			}
			col.pct = math.Max(col.pct, c.pct)
		}
	}
	if n > maxMeasuredCells {
		l.diag("layout", "table has more than 200000 cells: column widths come from the first 200000")
	}
	// column boxes
	for i := range g.cols {
		col := &g.cols[i]
		for _, cb := range []*box.Box{col.group, col.box} {
			if cb == nil {
				continue
			}
			switch w := cb.Style.Width; w.Unit {
			case style.Pt:
				col.hasFixed = true
				col.fixed = math.Max(col.fixed, w.Value)
			case style.Percent:
				col.pct = math.Max(col.pct, w.Value)
			}
		}
		if col.hasFixed {
			col.max = math.Max(col.min, col.fixed)
		}
	}
	// spanning cells, narrowest span first
	sort.SliceStable(spanning, func(i, j int) bool { return spanning[i].colspan < spanning[j].colspan })
	hs := ts.hspacing()
	for _, c := range spanning {
		cols := g.cols[c.col : c.col+c.colspan]
		gaps := hs * float64(c.colspan-1)
		spread(cols, c.min-gaps, func(t *tcol) *float64 { return &t.min })
		spread(cols, c.max-gaps, func(t *tcol) *float64 { return &t.max })
		if c.pct > 0 {
			sum := 0.0
			for _, t := range cols {
				sum += t.pct
			}
			if c.pct > sum {
				extra := (c.pct - sum) / float64(len(cols))
				for i := range cols {
					cols[i].pct += extra
				}
			}
		}
	}
	for i := range g.cols {
		col := &g.cols[i]
		col.max = math.Max(col.max, col.min)
	}
	// intrinsic widths of the whole table
	edges := ts.edgesH()
	sumMin, sumMax, pctSum, nonPctMax := 0.0, 0.0, 0.0, 0.0
	big := 0.0
	for _, c := range g.cols {
		sumMin += c.min
		sumMax += c.max
		if c.pct > 0 {
			pctSum += c.pct
			big = math.Max(big, c.max*100/c.pct)
		} else {
			nonPctMax += c.max
		}
	}
	if pctSum > 0 && pctSum < 100 {
		big = math.Max(big, nonPctMax*100/(100-pctSum))
	}
	gaps := hs * float64(len(g.cols)+1)
	if len(g.cols) == 0 {
		gaps = 0
	}
	ts.minW = sumMin + gaps + edges
	ts.maxW = math.Max(sumMax, big) + gaps + edges
	for _, cp := range g.captions {
		mn, _ := l.intrinsic(cp, 0)
		ts.minW = math.Max(ts.minW, mn)
		ts.maxW = math.Max(ts.maxW, mn)
	}
	if st := g.table.Style; st.Width.Unit == style.Pt {
		w := st.Width.Value
		if st.BoxSizing == style.ContentBox {
			w += ts.edgesH()
		}
		ts.minW = math.Max(ts.minW, w)
		ts.maxW = ts.minW
	}
}

// spread raises the widths of cols (the field sel picks) so they add up
// to at least want, proportionally to their max-content widths.
func spread(cols []tcol, want float64, sel func(*tcol) *float64) {
	have, weight := 0.0, 0.0
	for i := range cols {
		have += *sel(&cols[i])
		weight += cols[i].max
	}
	if want <= have {
		return
	}
	extra := want - have
	for i := range cols {
		share := 1 / float64(len(cols))
		if weight > 0 {
			share = cols[i].max / weight
		}
		*sel(&cols[i]) += extra * share
	}
}

// hspacing is the used horizontal border spacing.
func (ts *tableState) hspacing() float64 {
	if ts.borders != nil {
		return 0
	}
	return ts.g.table.Style.BorderSpacing[0]
}

// edgesH is the table's horizontal borders and padding.
func (ts *tableState) edgesH() float64 {
	st := ts.g.table.Style
	if ts.borders != nil {
		l, r := ts.borders.tableHoriz()
		return l + r // the sum does not depend on the direction
	}
	return st.Border[style.Left].Width + st.Border[style.Right].Width +
		st.Resolve(st.Padding[style.Left], 0, 0) + st.Resolve(st.Padding[style.Right], 0, 0)
}

// tableIntrinsic returns the min- and max-content border-box widths of
// table b.
func (l *layouter) tableIntrinsic(b *box.Box) (mn, mx float64) {
	ts := l.tableState(b)
	if ts.g.table.Style.TableLayout == style.TableLayoutFixed && ts.g.table.Style.Width.Unit == style.Pt {
		w := ts.g.table.Style.Width.Value
		if ts.g.table.Style.BoxSizing == style.ContentBox {
			w += ts.edgesH()
		}
		return w, w
	}
	l.measure(ts)
	return ts.minW, ts.maxW
}

// widths lays the table out horizontally in a containing block cbW wide:
// the table's border-box width, margins and column widths.
func (l *layouter) widths(ts *tableState, cbW float64) {
	tst := ts.g.table.Style
	if ts.laidOut && ts.cbW == cbW && ts.specW == tst.Width && ts.specH == tst.Height {
		return
	}
	ts.laidOut, ts.cbW, ts.specW, ts.specH = true, cbW, tst.Width, tst.Height
	ts.minRowH, ts.minRowSet = nil, false
	g := ts.g
	st := g.table.Style
	ml := st.Resolve(st.Margin[style.Left], cbW, 0)
	mr := st.Resolve(st.Margin[style.Right], cbW, 0)
	avail := math.Max(cbW-ml-mr, 0)
	for i := range ts.border {
		ts.border[i] = st.Border[i].Width
		ts.padding[i] = st.Resolve(st.Padding[i], cbW, 0)
	}
	ts.spacing = st.BorderSpacing
	if ts.borders != nil {
		ts.border = ts.borders.tableEdges()
		ts.padding = [4]float64{}
		ts.spacing = [2]float64{}
	}
	edges := ts.border[style.Left] + ts.border[style.Right] + ts.padding[style.Left] + ts.padding[style.Right]
	n := len(g.cols)
	gaps := 0.0
	if n > 0 {
		gaps = ts.spacing[0] * float64(n+1)
	}
	specified := -1.0
	if !st.Width.IsAuto() {
		specified = st.Resolve(st.Width, cbW, 0)
		if st.BoxSizing == style.ContentBox {
			specified += edges
		}
	}
	boxEdges := 0.0 // min- and max-width of a content box
	if st.BoxSizing == style.ContentBox {
		boxEdges = edges
	}
	var w float64
	if st.TableLayout == style.TableLayoutFixed && specified >= 0 {
		// the specified width within min-width and max-width (CSS 2.1
		// §10.4), then wide enough for the columns
		if !st.MaxWidth.IsAuto() {
			specified = math.Min(specified, st.Resolve(st.MaxWidth, cbW, specified)+boxEdges)
		}
		if !st.MinWidth.IsAuto() {
			specified = math.Max(specified, st.Resolve(st.MinWidth, cbW, 0)+boxEdges)
		}
		w = math.Max(specified, edges+gaps)
		ts.colW = fixedColumns(ts, w-edges-gaps)
		sum := 0.0
		for _, c := range ts.colW {
			sum += c
		}
		w = math.Max(w, sum+edges+gaps)
	} else {
		l.measure(ts)
		if specified >= 0 {
			w = math.Max(specified, ts.minW)
		} else {
			w = math.Max(math.Min(avail, ts.maxW), ts.minW)
		}
		if !st.MaxWidth.IsAuto() {
			w = math.Max(math.Min(w, st.Resolve(st.MaxWidth, cbW, w)+boxEdges), ts.minW)
		}
		if !st.MinWidth.IsAuto() {
			w = math.Max(w, st.Resolve(st.MinWidth, cbW, 0)+boxEdges)
		}
		ts.colW = autoColumns(g.cols, math.Max(w-edges-gaps, 0))
	}
	ts.width = w
	free := cbW - w
	switch la, ra := st.Margin[style.Left].IsAuto(), st.Margin[style.Right].IsAuto(); {
	case la && ra:
		ml = math.Max(0, free/2)
	case la:
		ml = free - mr
	}
	ts.ml = ml
	ts.colX = make([]float64, n)
	if st.Direction == style.RTL {
		// columns run from the right
		x := w - ts.border[style.Right] - ts.padding[style.Right] - ts.spacing[0]
		for i := range ts.colW {
			x -= ts.colW[i]
			ts.colX[i] = x
			x -= ts.spacing[0]
		}
		return
	}
	x := ts.border[style.Left] + ts.padding[style.Left] + ts.spacing[0]
	for i := range ts.colW {
		ts.colX[i] = x
		x += ts.colW[i] + ts.spacing[0]
	}
}

// autoColumns distributes width w over the columns (CSS Tables 3 §3.9.3:
// interpolating between the min-content, min-content-percentage,
// min-content-specified and max-content guesses, then growing).
func autoColumns(cols []tcol, w float64) []float64 {
	n := len(cols)
	out := make([]float64, n)
	if n == 0 {
		return out
	}
	pctLeft := 100.0
	pct := make([]float64, n)
	for i, c := range cols {
		if c.pct > 0 && pctLeft > 0 {
			pct[i] = math.Min(c.pct, pctLeft)
			pctLeft -= pct[i]
		}
	}
	guess := func(k int, i int) float64 {
		c := cols[i]
		switch {
		case k == 0:
			return c.min
		case pct[i] > 0:
			return math.Max(c.min, pct[i]*w/100)
		case k == 1:
			return c.min
		case k == 2 && !c.hasFixed:
			return c.min
		}
		return c.max
	}
	var sums [4]float64
	for k := range sums {
		for i := range cols {
			sums[k] += guess(k, i)
		}
	}
	if w <= sums[0] {
		for i := range cols {
			out[i] = cols[i].min
		}
		return out
	}
	for k := 1; k < 4; k++ {
		if w <= sums[k] {
			lo, hi := sums[k-1], sums[k]
			t := 0.0
			if hi > lo {
				t = (w - lo) / (hi - lo)
			}
			for i := range cols {
				a, b := guess(k-1, i), guess(k, i)
				out[i] = a + (b-a)*t
			}
			return out
		}
	}
	for i := range cols {
		out[i] = guess(3, i)
	}
	extra := w - sums[3]
	// grow: auto columns with content, then auto columns, then fixed
	// columns, then percentage columns, then all
	pick := func(ok func(i int) bool, weight func(i int) float64) bool {
		total, count := 0.0, 0
		for i := range cols {
			if ok(i) {
				total += weight(i)
				count++
			}
		}
		if count == 0 {
			return false
		}
		for i := range cols {
			if !ok(i) {
				continue
			}
			if total > 0 {
				out[i] += extra * weight(i) / total
			} else {
				out[i] += extra / float64(count)
			}
		}
		return true
	}
	isAuto := func(i int) bool { return pct[i] == 0 && !cols[i].hasFixed }
	maxOf := func(i int) float64 { return cols[i].max }
	switch {
	case pick(func(i int) bool { return isAuto(i) && cols[i].max > 0 }, maxOf):
	case pick(isAuto, func(int) float64 { return 0 }):
	case pick(func(i int) bool { return pct[i] == 0 && cols[i].hasFixed }, maxOf):
	case pick(func(i int) bool { return pct[i] > 0 }, func(i int) float64 { return pct[i] }):
	default:
		pick(func(int) bool { return true }, func(int) float64 { return 0 })
	}
	return out
}

// fixedColumns gives the column widths of table-layout: fixed (CSS 2.1
// §17.5.2.1): from the column boxes, else the first row's cells; the
// other columns share what is left.
func fixedColumns(ts *tableState, w float64) []float64 {
	g := ts.g
	n := len(g.cols)
	out := make([]float64, n)
	set := make([]bool, n)
	resolve := func(l style.Length) (float64, bool) {
		switch l.Unit {
		case style.Pt:
			return l.Value, true
		case style.Percent:
			return l.Value * w / 100, true
		}
		return 0, false
	}
	for i, c := range g.cols {
		for _, cb := range []*box.Box{c.box, c.group} {
			if cb == nil || set[i] {
				continue
			}
			if v, ok := resolve(cb.Style.Width); ok {
				out[i], set[i] = v, true
			}
		}
	}
	if len(g.rows) > 0 {
		first := 0
		if g.head >= 0 && g.groups[g.head].end > g.groups[g.head].start {
			first = g.groups[g.head].start
		}
		for _, c := range g.rows[first].cells {
			v, ok := resolve(c.box.Style.Width)
			if !ok {
				continue
			}
			if c.box.Style.BoxSizing == style.ContentBox && (c.box.Style.Width.Unit == style.Pt || c.box.Style.Width.Unit == style.Percent) {
				el, er := ts.cellEdges(c)
				v += el + er
			}
			v -= ts.spacing[0] * float64(c.colspan-1)
			for k := c.col; k < c.col+c.colspan; k++ {
				if !set[k] {
					out[k], set[k] = v/float64(c.colspan), true
				}
			}
		}
	}
	used, free := 0.0, 0
	for i := range out {
		if set[i] {
			used += out[i]
		} else {
			free++
		}
	}
	switch {
	case free > 0:
		each := math.Max(w-used, 0) / float64(free)
		for i := range out {
			if !set[i] {
				out[i] = each
			}
		}
	case used < w && used > 0:
		k := w / used
		for i := range out {
			out[i] *= k
		}
	case used < w && n > 0:
		for i := range out {
			out[i] = w / float64(n)
		}
	}
	return out
}
