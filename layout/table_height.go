package layout

import (
	"math"

	"github.com/seed28491532/folio/style"
)

// specifiedHeight is the border-box height the table's height and
// min-height (in points) ask for, 0 when they are auto or percentages.
func (ts *tableState) specifiedHeight() float64 {
	st := ts.g.table.Style
	want := 0.0
	if st.Height.Unit == style.Pt {
		want = st.Height.Value
	}
	if st.MinHeight.Unit == style.Pt {
		want = math.Max(want, st.MinHeight.Value)
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
	want := ts.specifiedHeight()
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
