package layout

import (
	"math"
	"strings"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// specifiedHeight is the border-box height the table's height and
// min-height ask for, 0 when they are auto. Percentages resolve against
// base, the containing block's definite height (none when NaN).
func (ts *tableState) specifiedHeight(base float64) float64 {
	st := ts.g.table.Style
	want := 0.0
	if h, ok := lengthOrPercent(st, st.Height, base); ok {
		want = h
	}
	if h, ok := lengthOrPercent(st, st.MinHeight, base); ok {
		want = math.Max(want, h)
	}
	if want > 0 && st.BoxSizing == style.ContentBox && ts.borders == nil {
		want += ts.border[style.Top] + ts.border[style.Bottom] + ts.padding[style.Top] + ts.padding[style.Bottom]
	}
	return want
}

// distributeHeight returns the row heights a table with a specified
// height taller than its rows asks for (CSS Tables 3 §5.2, simplified):
// the extra height goes to the rows of the body groups in proportion to
// their heights (equally when they are all empty), or to every row when
// the table has no body rows. It returns nil when the table's height
// and min-height are auto or percentages, or no taller than its
// content. The rows are
// measured once for it.
func (tp *tablePage) distributeHeight() []float64 {
	ts := tp.ts
	want := ts.specifiedHeight(tp.l.pctBase())
	if want <= 0 || len(ts.g.rows) == 0 {
		return nil
	}
	g := ts.g
	n := len(g.rows)
	heights := make([]float64, n)
	used := ts.border[style.Top] + ts.border[style.Bottom] + ts.padding[style.Top] + ts.padding[style.Bottom] +
		ts.spacing[1]*float64(n+1)
	for ri := 0; ri < n; {
		e := tp.unitEnd(ri, n)
		u := tp.layoutUnit(ri, e, 0, math.Inf(1), nil, true)
		copy(heights[ri:e], u.heights)
		used += u.h - ts.spacing[1]*float64(e-ri-1)
		ri = e
	}
	extra := want - used
	if extra <= 0.01 {
		return nil
	}
	body := make([]bool, n)
	anyBody := false
	for ri, row := range g.rows {
		body[ri] = row.group != g.head && row.group != g.foot
		anyBody = anyBody || body[ri]
	}
	total, count := 0.0, 0
	for ri := range heights {
		if body[ri] || !anyBody {
			total += heights[ri]
			count++
		}
	}
	for ri := range heights {
		if !(body[ri] || !anyBody) {
			continue
		}
		if total > 0 {
			heights[ri] += extra * heights[ri] / total
		} else {
			heights[ri] += extra / float64(count)
		}
	}
	return heights
}

// lengthOrPercent resolves height length v of st: points, or a
// percentage of base when base is not NaN.
func lengthOrPercent(st *style.Style, v style.Length, base float64) (float64, bool) {
	switch {
	case v.Unit == style.Pt:
		return v.Value, true
	case v.HasPercent() && !math.IsNaN(base):
		return math.Max(0, st.Resolve(v, base, 0)), true
	}
	return 0, false
}

// relayoutCell lays cell lc out again at y once its rows are sized, h
// tall, for the percentage heights inside it to resolve against its
// content height (CSS Tables 3 §3.10.3): of scroll containers only when
// scrollOnly.
func (tp *tablePage) relayoutCell(lc *laidCell, y, h float64, atTop, scrollOnly bool) {
	f := lc.f
	inner := h - f.Border[style.Top] - f.Border[style.Bottom] - f.Padding[style.Top] - f.Padding[style.Bottom]
	res := tp.layoutCell(lc.c, y, math.Inf(1), atTop, nil, cellPct{base: math.Max(inner, 0), scrollOnly: scrollOnly})
	if res.frag == nil || res.next != nil {
		return
	}
	lc.f = res.frag
	if ln := firstLine(res.frag); ln != nil {
		lc.base, lc.hasBase = ln.Baseline-res.frag.Y, true
	} else {
		lc.base = res.frag.ContentRect().Y + res.frag.ContentRect().H - res.frag.Y
	}
}

// noInFlowContent reports whether box b holds nothing in the flow: only
// out-of-flow boxes and collapsible white space, directly or in
// anonymous blocks.
func noInFlowContent(b *box.Box) bool {
	for _, c := range b.Children {
		switch {
		case c.OutOfFlow():
		case c.Kind == box.KindText && strings.TrimSpace(c.Text) == "" && collapsesSpace(c.Style):
		case c.Anonymous && c.Kind == box.KindBlock && noInFlowContent(c):
		default:
			return false
		}
	}
	return true
}

// stretchedTableWidth is the width (in st's box-sizing) of a table
// whose border box is stretched to w (a grid item), within its
// max-width in points.
func stretchedTableWidth(st *style.Style, w float64) float64 {
	if st.BoxSizing == style.ContentBox {
		w -= st.Border[style.Left].Width + st.Border[style.Right].Width +
			st.Resolve(st.Padding[style.Left], w, 0) + st.Resolve(st.Padding[style.Right], w, 0)
	}
	if st.MaxWidth.Unit == style.Pt {
		w = math.Min(w, st.MaxWidth.Value)
	}
	return math.Max(w, 0)
}
