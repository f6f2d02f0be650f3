package layout

import (
	"math"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// Grid placement (CSS Grid Layout 1 §7, §8): the explicit grid of a
// container, its line names, the resolution of each item's lines and
// the auto-placement algorithm.

// The two axes of a grid, as indexes.
const (
	gridCol = 0
	gridRow = 1
)

// maxGridLines bounds the lines of the implicit grid in the direction
// auto-placement grows it (the other axis stays within about
// 2×style.MaxGridTracks): items past it are placed in its last track.
const maxGridLines = 100 * style.MaxGridTracks

// gridSpan is a range of lines: start, end exclusive (0-based, in the
// implicit grid once placed).
type gridSpan struct{ start, end int }

// gridAxis is the explicit grid of one axis and its tracks.
type gridAxis struct {
	// sizes are the explicit tracks of the template (auto repetitions
	// expanded); explicit is the explicit grid's track count (the
	// template's or the areas', whichever is more).
	sizes    []style.GridTrackSize
	explicit int
	// names maps a line name to its explicit lines, ascending.
	names map[string][]int
	// auto is grid-auto-rows or -columns (nil: auto).
	auto []style.GridTrackSize
	// repeat is the range of sizes made by an auto-fit repetition,
	// whose empty tracks collapse.
	fitStart, fitEnd int
	// offset is the count of implicit tracks before the explicit grid;
	// count the total count of tracks.
	offset, count int
	// fixed marks a subgridded axis: it has no implicit tracks, and
	// every area is clamped to its explicit grid (css-grid-2 §9).
	fixed bool
}

// clamp keeps span s (explicit-grid lines) inside the explicit grid.
func (ax *gridAxis) clamp(s gridSpan) gridSpan {
	n := max(ax.explicit, 1)
	start := min(max(s.start, 0), n-1)
	return gridSpan{start, min(max(s.end, start+1), n)}
}

// newGridAxis builds the explicit grid of one axis from its template,
// the extent of the template areas (n tracks; names holds the area
// names) and the space avail (Inf when indefinite) auto repetitions
// fill.
func newGridAxis(tpl *style.GridTemplate, auto []style.GridTrackSize, areas []style.GridArea, nAreas int, row bool, avail, gap float64) *gridAxis {
	ax := &gridAxis{auto: auto, names: map[string][]int{}, fitStart: -1, fitEnd: -1}
	if tpl != nil && !tpl.Subgrid { // (a subgrid given no tracks is a grid of its own)
		reps := 0
		if tpl.RepeatAt >= 0 {
			reps = autoRepeats(tpl, avail, gap)
		}
		addNames := func(line int, names []string) {
			for _, n := range names {
				ax.names[n] = append(ax.names[n], line)
			}
		}
		for i := 0; i <= len(tpl.Sizes); i++ {
			addNames(len(ax.sizes), tpl.Names[i])
			if i == tpl.RepeatAt {
				if tpl.AutoFit {
					ax.fitStart = len(ax.sizes)
				}
				for range reps {
					for j, s := range tpl.RepeatSizes {
						addNames(len(ax.sizes), tpl.RepeatNames[j])
						ax.sizes = append(ax.sizes, s)
					}
					addNames(len(ax.sizes), tpl.RepeatNames[len(tpl.RepeatSizes)])
				}
				if tpl.AutoFit {
					ax.fitEnd = len(ax.sizes)
				}
				addNames(len(ax.sizes), tpl.RepeatAfter)
			}
			if i < len(tpl.Sizes) {
				ax.sizes = append(ax.sizes, tpl.Sizes[i])
			}
		}
	}
	ax.explicit = max(len(ax.sizes), nAreas)
	for _, a := range areas {
		s, e := a.ColStart, a.ColEnd
		if row {
			s, e = a.RowStart, a.RowEnd
		}
		ax.names[a.Name+"-start"] = insertLine(ax.names[a.Name+"-start"], s)
		ax.names[a.Name+"-end"] = insertLine(ax.names[a.Name+"-end"], e)
	}
	return ax
}

// insertLine adds line to the ascending list ls.
func insertLine(ls []int, line int) []int {
	i := 0
	for i < len(ls) && ls[i] < line {
		i++
	}
	if i < len(ls) && ls[i] == line {
		return ls
	}
	ls = append(ls, 0)
	copy(ls[i+1:], ls[i:])
	ls[i] = line
	return ls
}

// autoRepeats is the number of repetitions of tpl's auto repetition
// that fit avail (css-grid-1 §7.2.3.2): at least one, and one when avail
// is indefinite.
func autoRepeats(tpl *style.GridTemplate, avail, gap float64) int {
	if math.IsInf(avail, 1) {
		return 1
	}
	size := func(s style.GridTrackSize) float64 {
		if s.Max.Kind == style.GridFixed {
			return s.Max.L.Resolve(avail, 0)
		}
		return s.Min.L.Resolve(avail, 0)
	}
	fixed := 0.0
	for _, s := range tpl.Sizes {
		fixed += size(s) + gap
	}
	rep := 0.0
	for _, s := range tpl.RepeatSizes {
		rep += size(s) + gap
	}
	if rep <= 0 {
		return 1
	}
	n := int(math.Floor((avail + gap - fixed) / rep))
	return max(1, min(n, (style.MaxGridTracks-len(tpl.Sizes))/max(1, len(tpl.RepeatSizes))))
}

// line resolves a definite line placement g (a number or a name, not a
// span) of the start (end false) or end side to an explicit-grid line
// index, which is negative or past the explicit grid for implicit lines.
func (ax *gridAxis) line(g style.GridLine, end bool) int {
	lim := func(v int) int { return max(-style.MaxGridTracks, min(v, ax.explicit+style.MaxGridTracks)) }
	if g.Name == "" {
		if g.N > 0 {
			return lim(g.N - 1)
		}
		return lim(ax.explicit + 1 + g.N)
	}
	n := g.N
	if n == 0 {
		side := "-start"
		if end {
			side = "-end"
		}
		if ls := ax.names[g.Name+side]; len(ls) > 0 {
			return ls[0]
		}
		n = 1
	}
	// every implicit line counts as having the name (§8.3.1)
	ls := ax.names[g.Name]
	if n > 0 {
		if n <= len(ls) {
			return ls[n-1]
		}
		return lim(ax.explicit + n - len(ls))
	}
	if -n <= len(ls) {
		return ls[len(ls)+n]
	}
	return lim(-(-n - len(ls)))
}

// spanFrom returns the line g (a span) reaches from line from, forward
// or backward.
func (ax *gridAxis) spanFrom(g style.GridLine, from int, forward bool) int {
	n := min(max(g.N, 1), style.MaxGridTracks)
	if g.Name == "" {
		if forward {
			return from + n
		}
		return from - n
	}
	ls := ax.names[g.Name]
	if forward {
		for _, l := range ls {
			if l > from {
				if n--; n == 0 {
					return l
				}
			}
		}
		return max(from, ax.explicit) + n
	}
	for i := len(ls) - 1; i >= 0; i-- {
		if ls[i] < from {
			if n--; n == 0 {
				return ls[i]
			}
		}
	}
	return min(from, 0) - n
}

// isLine reports whether g is a definite line (not auto, not a span).
func isLine(g style.GridLine) bool { return !g.IsAuto() && !g.Span }

// resolve places start and end on one axis (css-grid-1 §8.3): a
// definite span, or, when auto-placement decides, ok false and the
// number of tracks to span.
func (ax *gridAxis) resolve(s, e style.GridLine) (sp gridSpan, ok bool, size int) {
	switch {
	case isLine(s):
		a := ax.line(s, false)
		b := a + 1
		switch {
		case isLine(e):
			b = ax.line(e, true)
			if b < a {
				a, b = b, a
			}
			if a == b {
				b = a + 1
			}
		case e.Span:
			b = ax.spanFrom(e, a, true)
		}
		return gridSpan{a, b}, true, b - a
	case isLine(e):
		b := ax.line(e, true)
		a := b - 1
		if s.Span {
			a = ax.spanFrom(s, b, false)
		}
		return gridSpan{a, b}, true, b - a
	}
	n := 1
	switch {
	case s.Span && s.Name == "":
		n = s.N
	case e.Span && e.Name == "" && !s.Span:
		n = e.N
	}
	return gridSpan{}, false, min(max(n, 1), style.MaxGridTracks)
}

// gridItem is one item of a grid container during layout.
type gridItem struct {
	b     *box.Box
	index int // child index
	// area holds the item's lines per axis (gridCol, gridRow).
	area [2]gridSpan
	// definite says which axes were placed by the item's own properties;
	// size is the span of the others.
	definite [2]bool
	size     [2]int
	// m are the resolved margins (top, right, bottom, left); auto ones
	// are zero.
	m [4]float64
	// contrib caches the min- and max-content contributions per axis.
	contrib  [2][2]float64
	measured [2]bool
	// frag is the item laid out; fragW and fragH the area size it was
	// laid out for (fragH NaN: not stretched).
	frag         *Fragment
	fragW, fragH float64
	// baseline is the distance from the item's margin-box top to its
	// first baseline, and shim the space above it that aligns it in its
	// row, for an item aligned by baseline; lastBase marks one aligned by
	// its last baseline, baseline then measured from its margin-box
	// bottom and shim the space below it.
	baseline, shim float64
	lastBase       bool
}

// gridBits is one row of the occupancy of the implicit grid.
type gridBits []uint64

func (g gridBits) has(i int) bool {
	return i/64 < len(g) && g[i/64]&(1<<(uint(i)%64)) != 0
}

// gridPlacementSteps bounds the cells auto-placement tests: past it
// (hostile spans, dense packing of thousands of items) every remaining
// item goes where the cursor is, overlapping others if need be, so
// placement ends in time.
const gridPlacementSteps = 1 << 22

// gridOccupancy records the occupied cells, per line of the major axis
// (the one auto-placement grows); steps counts the cells tested.
type gridOccupancy struct {
	rows  []gridBits
	steps int
}

func (o *gridOccupancy) free(ma gridSpan, mi gridSpan) bool {
	if o.steps >= gridPlacementSteps {
		return true
	}
	for r := ma.start; r < ma.end && r < len(o.rows); r++ {
		for c := mi.start; c < mi.end; c++ {
			o.steps++
			if o.rows[r].has(c) {
				return false
			}
		}
	}
	return true
}

func (o *gridOccupancy) mark(ma gridSpan, mi gridSpan) {
	if o.steps >= gridPlacementSteps {
		return // free reports every cell free from now on
	}
	o.steps += (ma.end - ma.start) * (mi.end - mi.start)
	for len(o.rows) < ma.end {
		o.rows = append(o.rows, nil)
	}
	for r := ma.start; r < ma.end; r++ {
		row := o.rows[r]
		for len(row)*64 < mi.end {
			row = append(row, 0)
		}
		for c := mi.start; c < mi.end; c++ {
			row[c/64] |= 1 << (uint(c) % 64)
		}
		o.rows[r] = row
	}
}

// placeItems runs the grid item placement algorithm (css-grid-1 §8.5)
// and sets the count and offset of both axes; it returns the cells it
// tested (at most about gridPlacementSteps).
func placeItems(items []*gridItem, axes [2]*gridAxis, flow style.GridAutoFlow) int {
	// definite lines, then the offset of the implicit tracks before the
	// explicit grid
	lo := [2]int{}
	for _, it := range items {
		st := it.b.Style
		var ok [2]bool
		it.area[gridCol], ok[gridCol], it.size[gridCol] = axes[gridCol].resolve(st.GridColumnStart, st.GridColumnEnd)
		it.area[gridRow], ok[gridRow], it.size[gridRow] = axes[gridRow].resolve(st.GridRowStart, st.GridRowEnd)
		it.definite = ok
		for a := range 2 {
			if axes[a].fixed {
				// clamped before auto-placement, so that clamped items
				// do not share cells
				if ok[a] {
					it.area[a] = axes[a].clamp(it.area[a])
				}
				it.size[a] = min(it.size[a], max(axes[a].explicit, 1))
			}
			if ok[a] {
				lo[a] = min(lo[a], it.area[a].start)
			}
		}
	}
	ma, mi := gridRow, gridCol
	if flow&style.GridFlowColumn != 0 {
		ma, mi = gridCol, gridRow
	}
	dense := flow&style.GridFlowDense != 0
	// the minor axis: the explicit grid, definite items and the widest
	// auto span
	nMinor := axes[mi].explicit - lo[mi]
	for a := range 2 {
		axes[a].offset = -lo[a]
	}
	for _, it := range items {
		for a := range 2 {
			if it.definite[a] {
				it.area[a].start += axes[a].offset
				it.area[a].end += axes[a].offset
			}
		}
		if it.definite[mi] {
			nMinor = max(nMinor, it.area[mi].end)
		} else {
			nMinor = max(nMinor, it.size[mi])
		}
	}
	clampMajor := func(s gridSpan) gridSpan {
		if s.end > maxGridLines {
			n := s.end - s.start
			s.end = maxGridLines
			s.start = max(0, s.end-n)
		}
		return s
	}
	var occ gridOccupancy
	// 1. items placed on both axes
	for _, it := range items {
		if it.definite[ma] && it.definite[mi] {
			it.area[ma] = clampMajor(it.area[ma])
			occ.mark(it.area[ma], it.area[mi])
		}
	}
	// 2. items locked to a major line
	cursors := map[int]int{}
	for _, it := range items {
		if !it.definite[ma] || it.definite[mi] {
			continue
		}
		it.area[ma] = clampMajor(it.area[ma])
		n := it.size[mi]
		c := 0
		if !dense {
			c = cursors[it.area[ma].start]
		}
		for ; c+n <= nMinor && !occ.free(it.area[ma], gridSpan{c, c + n}); c++ {
		}
		if c+n > nMinor {
			nMinor = c + n // past the grid: it grows
		}
		it.area[mi] = gridSpan{c, c + n}
		cursors[it.area[ma].start] = c + n
		occ.mark(it.area[ma], it.area[mi])
	}
	// 3. the other items, with the auto-placement cursor
	curMa, curMi := 0, 0
	for _, it := range items {
		if it.definite[ma] {
			continue
		}
		n := it.size[ma]
		if dense {
			curMa, curMi = 0, 0
		}
		if it.definite[mi] {
			if !dense && it.area[mi].start < curMi {
				curMa++
			}
			curMi = it.area[mi].start
			for curMa+n < maxGridLines && !occ.free(gridSpan{curMa, curMa + n}, it.area[mi]) {
				curMa++
			}
		} else {
			w := it.size[mi]
			for curMa+n < maxGridLines {
				for ; curMi+w <= nMinor; curMi++ {
					if occ.free(gridSpan{curMa, curMa + n}, gridSpan{curMi, curMi + w}) {
						break
					}
				}
				if curMi+w <= nMinor {
					break
				}
				curMa, curMi = curMa+1, 0
			}
			it.area[mi] = gridSpan{curMi, curMi + w}
		}
		it.area[ma] = clampMajor(gridSpan{curMa, curMa + n})
		occ.mark(it.area[ma], it.area[mi])
	}
	axes[mi].count = nMinor
	axes[ma].count = axes[ma].explicit + axes[ma].offset
	for _, it := range items {
		axes[ma].count = max(axes[ma].count, it.area[ma].end)
	}
	return occ.steps
}

// trackSize returns the sizing function of track i of the implicit
// grid.
func (ax *gridAxis) trackSize(i int) style.GridTrackSize {
	k := i - ax.offset
	if k >= 0 && k < len(ax.sizes) {
		return ax.sizes[k]
	}
	if len(ax.auto) == 0 {
		return style.GridTrackSize{} // auto
	}
	n := len(ax.auto)
	if k >= len(ax.sizes) {
		return ax.auto[(k-len(ax.sizes))%n]
	}
	return ax.auto[((k%n)+n)%n]
}
