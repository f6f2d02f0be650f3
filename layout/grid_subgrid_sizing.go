package layout

import (
	"math"

	"github.com/seed28491532/folio/style"
)

// Subgrid sizing (CSS Grid Layout 2 §9): in an axis where an item is a
// subgrid, the subgrid does not take part in its parent's track sizing
// as one item; its own items do, on the parent's tracks. The sum of the
// subgrid's margin, border and padding at an edge counts as extra
// margin of its items at that edge, and where the subgrid's gap differs
// from its parent's, half the difference counts as extra margin on each
// side of its items away from the edges (and the whole difference for
// each gutter an item spans). Nested subgrids are drilled into the same
// way, up to maxSubgridNesting deep. An edge track of the subgrid that
// holds none of its items gets a hypothetical empty item as large as the
// subgrid's edge.

// maxSubgridNesting bounds how deep track sizing drills into subgrids
// nested in subgrids; deeper ones count as single items.
const maxSubgridNesting = 32

// sizingItems returns the items that size axis a of g: its items, each
// subgrid in that axis replaced by its own items, mapped to g's lines
// with their contributions measured. cb is the width percentages of
// column contributions resolve against. Tracks all of fixed sizes (a
// subgrid's among them) need none: nested subgrids would otherwise lay
// their items out twice per level.
func (l *layouter) sizingItems(g *gridLayout, a int, cb float64) []*gridItem {
	if !g.sz[a].hasIntrinsic() {
		return nil
	}
	var out []*gridItem
	for i, it := range g.items {
		if !isSubgrid(it.b, a) {
			if out != nil {
				out = append(out, it)
			}
			continue
		}
		if out == nil {
			out = append(make([]*gridItem, 0, len(g.items)), g.items[:i]...)
		}
		if sub := l.subgridItems(g, it, a, cb, 0); len(sub) > 0 {
			out = append(out, sub...)
		} else {
			out = append(out, it) // an empty subgrid counts as an item
		}
	}
	if out == nil {
		return g.items
	}
	return out
}

// hasIntrinsic reports whether a track of s is sized by its items.
func (s *gridSizing) hasIntrinsic() bool {
	for _, t := range s.tracks {
		for _, b := range [...]style.GridBreadth{t.size.Min, t.size.Max} {
			if b.Kind != style.GridFixed || b.L.HasPercent() {
				return true
			}
		}
		if t.size.FitContent {
			return true
		}
	}
	return false
}

// subgridItems returns the items of subgrid item it of g (the items of
// subgrids among them drilled into) as items of g in axis a, their
// contributions in a measured and widened by the subgrid's edges and
// gap; nil when there are none or depth reaches maxSubgridNesting.
func (l *layouter) subgridItems(g *gridLayout, it *gridItem, a int, cb float64, depth int) []*gridItem {
	if depth >= maxSubgridNesting || l.check() != nil {
		return nil
	}
	sg := l.subgridLayout(g, it, a, cb)
	if sg == nil {
		return nil
	}
	first, last := style.Left, style.Right
	if a == gridRow {
		first, last = style.Top, style.Bottom
	}
	aw := g.sz[gridCol].spanSize(it.area[gridCol])
	startEdge, endEdge := subgridEdge(it, first, aw), subgridEdge(it, last, aw)
	diff := sg.sz[a].gap - g.sz[a].gap
	n, off := it.area[a].end-it.area[a].start, it.area[a].start
	var out []*gridItem
	atStart, atEnd := false, false
	for _, vi := range sg.items {
		var inner []*gridItem
		if isSubgrid(vi.b, a) {
			inner = l.subgridItems(sg, vi, a, cb, depth+1)
		}
		if len(inner) == 0 {
			l.measureSubgridItem(sg, vi, a, cb)
			inner = []*gridItem{vi}
		}
		for _, x := range inner {
			sp := x.area[a]
			extra := diff * float64(sp.end-sp.start-1)
			if sp.start == 0 {
				extra += startEdge
			} else {
				extra += diff / 2
			}
			if sp.end >= n {
				extra += endEdge
			} else {
				extra += diff / 2
			}
			y := &gridItem{b: x.b, index: x.index, area: x.area, m: x.m}
			y.area[a] = gridSpan{sp.start + off, sp.end + off}
			y.contrib[a] = [2]float64{math.Max(0, x.contrib[a][0]+extra), math.Max(0, x.contrib[a][1]+extra)}
			y.measured[a] = true
			out = append(out, y)
			atStart = atStart || sp.start == 0
			atEnd = atEnd || sp.end >= n
		}
	}
	if len(out) == 0 {
		return nil
	}
	// an edge track without items still takes the subgrid's edge, as a
	// hypothetical empty item
	edgeItem := func(start int, v float64) {
		y := &gridItem{b: it.b, index: it.index, area: it.area}
		y.area[a] = gridSpan{off + start, off + start + 1}
		y.contrib[a] = [2]float64{v, v}
		y.measured[a] = true
		out = append(out, y)
	}
	switch {
	case !atStart && !atEnd && n == 1:
		edgeItem(0, startEdge+endEdge)
	default:
		if !atStart {
			edgeItem(0, startEdge)
		}
		if !atEnd {
			edgeItem(n-1, endEdge)
		}
	}
	return out
}

// subgridLayout places the items of subgrid item it of g, in g's tracks
// in its subgridded axes. For the sizing of the rows (a is gridRow) its
// columns are sized too, at the width g's columns give it.
func (l *layouter) subgridLayout(g *gridLayout, it *gridItem, a int, cb float64) *gridLayout {
	info := subgridInfoFor(g, it, true)
	if info == nil {
		return nil
	}
	b, cw := it.b, math.Inf(1)
	if a == gridRow {
		st := b.Style
		aw := g.sz[gridCol].spanSize(it.area[gridCol])
		cw = aw - it.m[style.Left] - it.m[style.Right] - st.Border[style.Left].Width - st.Border[style.Right].Width -
			st.Resolve(st.Padding[style.Left], aw, 0) - st.Resolve(st.Padding[style.Right], aw, 0)
		cw = math.Max(0, cw)
		cb = cw
	}
	sg := newGridLayout(b, gridItems(b, cb), cw, gridDefiniteHeight(b.Style, cb), info)
	if a == gridRow {
		l.sizeColumns(sg, cw, false)
		sg.sz[gridCol].place(b.Style.JustifyContent, cw)
	}
	return sg
}

// measureSubgridItem measures the contribution in axis a of item it of
// subgrid layout sg: its min- and max-content widths for the columns,
// its height laid out at the width of its columns for the rows.
func (l *layouter) measureSubgridItem(sg *gridLayout, it *gridItem, a int, cb float64) {
	if it.measured[a] {
		return
	}
	if a == gridCol {
		mn, mx := l.intrinsic(it.b, cb)
		m := it.m[style.Left] + it.m[style.Right]
		it.contrib[a] = [2]float64{mn + m, mx + m}
	} else {
		f := l.layoutItem(sg, it, sg.sz[gridCol].spanSize(it.area[gridCol]), math.NaN())
		v := f.H + it.m[style.Top] + it.m[style.Bottom]
		it.contrib[a] = [2]float64{v, v}
	}
	it.measured[a] = true
}
