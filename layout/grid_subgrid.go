package layout

import (
	"math"
	"slices"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// Subgrids (CSS Grid Layout 2 §9, in part): an item that is a grid
// container with grid-template-columns or -rows: subgrid takes, in that
// axis, the tracks its area spans in its parent grid, sized by the
// parent with the subgrid's own items taking part (grid_subgrid_sizing.go),
// and the parent's line names there as well as its own (including those
// of its grid-template-areas); its own gap applies unless it is normal,
// centred on the parent's gutters. Its margin, border and padding come
// off the tracks at its edges, so that its lines stay on the parent's.
// Not done: baselines shared with the parent's rows, orthogonal writing
// modes, repeat() in its line-name list (style parses none).

// subgridInfo is what a grid gives an item that is a subgrid, per axis:
// the sizes of the tracks of its area (nil: not subgridded, or not
// known yet), the parent's gap and line names (lines counted from the
// area's start).
type subgridInfo struct {
	sizes [2][]float64
	gap   [2]float64
	names [2]map[string][]int
}

// subgridTemplate returns item b's template of axis a when it is
// subgrid, else nil.
func subgridTemplate(st *style.Style, a int) *style.GridTemplate {
	tpl := st.GridTemplateColumns
	if a == gridRow {
		tpl = st.GridTemplateRows
	}
	if tpl == nil || !tpl.Subgrid {
		return nil
	}
	return tpl
}

// giveSubgrid records, for item it of g when it is a subgrid, the tracks
// it spans: its columns, and its rows too when rows is set (they are
// sized once the items are laid out at their columns' width).
func (l *layouter) giveSubgrid(g *gridLayout, it *gridItem, rows bool) {
	info := subgridInfoFor(g, it, rows)
	if info == nil {
		return
	}
	if l.subgrids == nil {
		l.subgrids = map[*box.Box]*subgridInfo{}
	}
	l.subgrids[it.b] = info
}

// isSubgrid reports whether item b is a subgrid in axis a.
func isSubgrid(b *box.Box, a int) bool {
	return isGrid(b) && subgridTemplate(b.Style, a) != nil
}

// subgridInfoFor returns what g gives its item it when it is a subgrid
// (else nil): the tracks of its area in its columns, and in its rows
// too when rows is set.
func subgridInfoFor(g *gridLayout, it *gridItem, rows bool) *subgridInfo {
	st := it.b.Style
	if !isSubgrid(it.b, gridCol) && !isSubgrid(it.b, gridRow) {
		return nil
	}
	aw := g.sz[gridCol].spanSize(it.area[gridCol])
	info := &subgridInfo{}
	for a := range 2 {
		if subgridTemplate(st, a) == nil || a == gridRow && !rows {
			continue
		}
		sp, tr, ax := it.area[a], g.sz[a].tracks, g.axes[a]
		sizes := make([]float64, sp.end-sp.start)
		for i := range sizes {
			sizes[i] = tr[sp.start+i].base
		}
		first, last := style.Left, style.Right
		if a == gridRow {
			first, last = style.Top, style.Bottom
		}
		sizes[0] = math.Max(0, sizes[0]-subgridEdge(it, first, aw))
		sizes[len(sizes)-1] = math.Max(0, sizes[len(sizes)-1]-subgridEdge(it, last, aw))
		names := map[string][]int{}
		for n, ls := range ax.names {
			for _, line := range ls {
				if k := line + ax.offset - sp.start; k >= 0 && k <= len(sizes) {
					names[n] = append(names[n], k)
				}
			}
		}
		if a == gridCol && (st.Direction == style.RTL) != g.rtl() {
			reverseSubgrid(sizes, names)
		}
		info.sizes[a], info.gap[a], info.names[a] = sizes, g.sz[a].gap, names
	}
	return info
}

// reverseSubgrid turns the tracks of a subgrid's area (sizes) and the
// parent's line names there, counted in the parent's direction, into the
// subgrid's own order when its direction is the opposite: its first
// line is the parent's last (css-grid-2 §9).
func reverseSubgrid(sizes []float64, names map[string][]int) {
	slices.Reverse(sizes)
	for n, ls := range names {
		for i, line := range ls {
			ls[i] = len(sizes) - line
		}
		slices.Reverse(ls)
		names[n] = ls
	}
}

// subgridEdge returns the margin, border and padding of subgrid item it
// at side, its area aw wide.
func subgridEdge(it *gridItem, side int, aw float64) float64 {
	st := it.b.Style
	return it.m[side] + st.Border[side].Width + st.Resolve(st.Padding[side], aw, 0)
}

// applySubgrid makes the subgridded axes of g use the tracks sub gives
// (nil: none given, the axis is laid out as a grid of its own) and
// reports which axes it changed; gaps are the container's gaps.
func applySubgrid(g *gridLayout, sub *subgridInfo, gaps *[2]float64) (done [2]bool) {
	if sub == nil {
		return done
	}
	st := g.b.Style
	for a := range 2 {
		tpl := subgridTemplate(st, a)
		if tpl == nil || sub.sizes[a] == nil {
			continue
		}
		gap := st.ColumnGap
		if a == gridRow {
			gap = st.RowGap
		}
		if gap.IsAuto() {
			gaps[a] = sub.gap[a]
		}
		// a gap of its own is centred on the parent's gutters: half the
		// difference comes off each track at each inner line
		half, n := (gaps[a]-sub.gap[a])/2, len(sub.sizes[a])
		ax := &gridAxis{names: map[string][]int{}, fitStart: -1, fitEnd: -1}
		for i, v := range sub.sizes[a] {
			if i > 0 {
				v -= half
			}
			if i < n-1 {
				v -= half
			}
			b := style.GridBreadth{Kind: style.GridFixed, L: style.Length{Value: math.Max(0, v), Unit: style.Pt}}
			ax.sizes = append(ax.sizes, style.GridTrackSize{Min: b, Max: b})
		}
		ax.explicit, ax.fixed = len(ax.sizes), true
		for n, ls := range sub.names[a] {
			ax.names[n] = append([]int(nil), ls...)
		}
		// the implicit names of its own grid-template-areas: lines past
		// its tracks clamp to its last line (css-grid-2 §9.3), for the
		// items and the absolutely positioned boxes alike
		for n, ls := range g.axes[a].names {
			for _, line := range ls {
				ax.names[n] = insertLine(ax.names[n], min(line, ax.explicit))
			}
		}
		for i, ns := range tpl.SubgridNames(ax.explicit + 1) {
			if i > ax.explicit {
				break
			}
			for _, n := range ns {
				ax.names[n] = insertLine(ax.names[n], i)
			}
		}
		g.axes[a] = ax
		done[a] = true
	}
	return done
}

// clampSubgrid keeps the items of the subgridded axes of g inside the
// subgrid: it has no implicit tracks.
func clampSubgrid(g *gridLayout, done [2]bool) {
	for a := range 2 {
		if !done[a] {
			continue
		}
		ax := g.axes[a]
		for _, it := range g.items {
			it.area[a] = ax.clamp(gridSpan{it.area[a].start - ax.offset, it.area[a].end - ax.offset})
		}
		ax.offset, ax.count = 0, max(ax.explicit, 1)
	}
}
