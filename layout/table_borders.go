package layout

import (
	"math"

	"github.com/seed28491532/folio/style"
)

// cborder is a resolved collapsed border segment.
type cborder struct {
	w     float64
	style style.BorderStyle
	color style.Color
	rank  uint8 // origin: table 1 … cell 6
}

// Origins of a collapsed border, weakest first (CSS 2.1 §17.6.2.1 rule 4).
const (
	rankTable uint8 = iota + 1
	rankColGroup
	rankColumn
	rankRowGroup
	rankRow
	rankCell
)

// collapsed holds the borders of the grid in the collapsing model: h has
// (rows+1)×cols segments (h[r*cols+c] is above row r in column c), v has
// rows×(cols+1) (v[r*(cols+1)+c] is left of column c in row r).
type collapsed struct {
	rows, cols int
	h, v       []cborder
	// rtl says column 0 is on the right: v[…][c] is then the right edge
	// of column c.
	rtl bool
}

// stylePriority orders border styles for conflict resolution: double,
// solid, dashed, dotted, ridge, outset, groove, inset (rule 3).
func stylePriority(s style.BorderStyle) int {
	switch s {
	case style.BorderDouble:
		return 8
	case style.BorderSolid:
		return 7
	case style.BorderDashed:
		return 6
	case style.BorderDotted:
		return 5
	case style.BorderRidge:
		return 4
	case style.BorderOutset:
		return 3
	case style.BorderGroove:
		return 2
	case style.BorderInset:
		return 1
	}
	return 0
}

// wins reports whether candidate border c beats the current one (rules
// 1–4; applied in origin order, an equal later candidate loses, so the
// top/left one wins among equals).
func wins(c, cur cborder) bool {
	switch {
	case cur.style == style.BorderHidden:
		return false
	case c.style == style.BorderHidden:
		return true
	case c.style == style.BorderNone || c.w <= 0:
		return false
	case cur.style == style.BorderNone || cur.w <= 0:
		return true
	case c.w != cur.w:
		return c.w > cur.w
	case stylePriority(c.style) != stylePriority(cur.style):
		return stylePriority(c.style) > stylePriority(cur.style)
	}
	return c.rank > cur.rank
}

func sideOf(st *style.Style, side int, rank uint8) cborder {
	b := st.Border[side]
	return cborder{w: b.Width, style: b.Style, color: b.Color, rank: rank}
}

func (cb *collapsed) hAt(r, c int) *cborder { return &cb.h[r*cb.cols+c] }
func (cb *collapsed) vAt(r, c int) *cborder { return &cb.v[r*(cb.cols+1)+c] }

func put(p *cborder, c cborder) {
	if wins(c, *p) {
		*p = c
	}
}

// resolveBorders resolves every border segment of the grid.
func resolveBorders(g *tgrid) *collapsed {
	nr, nc := len(g.rows), len(g.cols)
	cb := &collapsed{rows: nr, cols: nc, h: make([]cborder, (nr+1)*nc), v: make([]cborder, nr*(nc+1)),
		rtl: g.table.Style.Direction == style.RTL}
	// box applies the sides of st to the rectangle of slots [r0,r1)×[c0,c1).
	apply := func(st *style.Style, rank uint8, r0, r1, c0, c1 int) {
		if r1 <= r0 || c1 <= c0 {
			return
		}
		top, bottom := sideOf(st, style.Top, rank), sideOf(st, style.Bottom, rank)
		left, right := sideOf(st, style.Left, rank), sideOf(st, style.Right, rank)
		if cb.rtl {
			left, right = right, left // start and end edges
		}
		for c := c0; c < c1; c++ {
			put(cb.hAt(r0, c), top)
			put(cb.hAt(r1, c), bottom)
		}
		for r := r0; r < r1; r++ {
			put(cb.vAt(r, c0), left)
			put(cb.vAt(r, c1), right)
		}
	}
	apply(g.table.Style, rankTable, 0, nr, 0, nc)
	for c := 0; c < nc; {
		grp := g.cols[c].group
		e := c + 1
		for e < nc && g.cols[e].group == grp {
			e++
		}
		if grp != nil {
			apply(grp.Style, rankColGroup, 0, nr, c, e)
		}
		c = e
	}
	for c := 0; c < nc; c++ {
		if b := g.cols[c].box; b != nil && b.Style.Display == style.DisplayTableColumn {
			apply(b.Style, rankColumn, 0, nr, c, c+1)
		}
	}
	for _, gr := range g.groups {
		if gr.box != nil {
			apply(gr.box.Style, rankRowGroup, gr.start, gr.end, 0, nc)
		}
	}
	for r := range g.rows {
		apply(g.rows[r].box.Style, rankRow, r, r+1, 0, nc)
	}
	for r := range g.rows {
		for _, c := range g.rows[r].cells {
			apply(c.box.Style, rankCell, c.row, c.row+c.rowspan, c.col, min(c.col+c.colspan, nc))
		}
	}
	// no borders inside spanning cells
	for r := range g.rows {
		for _, c := range g.rows[r].cells {
			for rr := c.row; rr < c.row+c.rowspan; rr++ {
				for cc := c.col + 1; cc < c.col+c.colspan && cc < nc; cc++ {
					*cb.vAt(rr, cc) = cborder{}
				}
			}
			for rr := c.row + 1; rr < c.row+c.rowspan; rr++ {
				for cc := c.col; cc < c.col+c.colspan && cc < nc; cc++ {
					*cb.hAt(rr, cc) = cborder{}
				}
			}
		}
	}
	return cb
}

func (b cborder) visible() bool {
	return b.w > 0 && b.style != style.BorderNone && b.style != style.BorderHidden
}

func (b cborder) width() float64 {
	if !b.visible() {
		return 0
	}
	return b.w
}

// cellHoriz returns the used left and right border widths of a cell:
// half the widest collapsed border on each side.
func (cb *collapsed) cellHoriz(c *tcell) (left, right float64) {
	for r := c.row; r < c.row+c.rowspan && r < cb.rows; r++ {
		left = math.Max(left, cb.vAt(r, c.col).width()/2)
		right = math.Max(right, cb.vAt(r, min(c.col+c.colspan, cb.cols)).width()/2)
	}
	return left, right
}

// cellVert returns the used top and bottom border widths of a cell.
func (cb *collapsed) cellVert(c *tcell) (top, bottom float64) {
	for k := c.col; k < c.col+c.colspan && k < cb.cols; k++ {
		top = math.Max(top, cb.hAt(c.row, k).width()/2)
		bottom = math.Max(bottom, cb.hAt(min(c.row+c.rowspan, cb.rows), k).width()/2)
	}
	return top, bottom
}

// tableHoriz returns the table's left and right border widths: half the
// first row's outer borders (CSS 2.1 §17.6.2).
func (cb *collapsed) tableHoriz() (left, right float64) {
	if cb.rows == 0 {
		return 0, 0
	}
	return cb.vAt(0, 0).width() / 2, cb.vAt(0, cb.cols).width() / 2
}

// tableEdges returns the table's used border widths per side.
func (cb *collapsed) tableEdges() [4]float64 {
	var e [4]float64
	e[style.Left], e[style.Right] = cb.tableHoriz()
	if cb.rtl {
		e[style.Left], e[style.Right] = e[style.Right], e[style.Left]
	}
	for c := 0; c < cb.cols; c++ {
		e[style.Top] = math.Max(e[style.Top], cb.hAt(0, c).width()/2)
		e[style.Bottom] = math.Max(e[style.Bottom], cb.hAt(cb.rows, c).width()/2)
	}
	return e
}

// placedRow is a grid row as placed on one page, for painting borders.
type placedRow struct {
	row  int
	y, h float64 // relative to the table fragment
}

// paintBorders returns the collapsed border segments of the rows placed
// on one page (relative to the table fragment): the top edge of every
// row, the bottom edge of the last one (and of a row the next placed row
// does not follow, like a repeated header), and the vertical edges.
func (ts *tableState) paintBorders(rows []placedRow) []PaintBorder {
	cb := ts.borders
	if cb == nil || len(rows) == 0 || cb.cols == 0 {
		return nil
	}
	// room for the usual case: per row its top line and its column
	// edges, a bottom line, and one more at a gap after repeated header
	// rows
	out := make([]PaintBorder, 0, len(rows)*(2*cb.cols+1)+3*cb.cols)
	// lineX is the x of the start edge of column c (the end edge of the
	// last column for c == cols).
	lineX := func(c int) float64 {
		n := len(ts.colX) - 1
		switch {
		case c > n && cb.rtl:
			return ts.colX[n]
		case c > n:
			return ts.colX[n] + ts.colW[n]
		case cb.rtl:
			return ts.colX[c] + ts.colW[c]
		}
		return ts.colX[c]
	}
	maxV := func(r, c int) float64 {
		w := 0.0
		if r > 0 && r <= cb.rows {
			w = math.Max(w, cb.vAt(r-1, c).width())
		}
		if r < cb.rows {
			w = math.Max(w, cb.vAt(r, c).width())
		}
		return w
	}
	// reach is how far a segment goes past grid line position at a
	// corner: through it (half the crossing width) when no segment
	// meeting there beats it, else it stops at the crossing's edge
	reach := func(s *cborder, r, vr, c int, crossing float64) float64 {
		if cb.beaten(s, r, vr, c) {
			return -crossing / 2
		}
		return crossing / 2
	}
	hline := func(r int, y float64, vr int) {
		for c := 0; c < cb.cols; c++ {
			s := cb.hAt(r, c)
			if !s.visible() {
				continue
			}
			x0 := lineX(c) - reach(s, r, vr, c, maxV(vr, c))
			x1 := lineX(c+1) + reach(s, r, vr, c+1, maxV(vr, c+1))
			if cb.rtl {
				x0 = lineX(c+1) - reach(s, r, vr, c+1, maxV(vr, c+1))
				x1 = lineX(c) + reach(s, r, vr, c, maxV(vr, c))
			}
			out = append(out, PaintBorder{Rect: Rect{X: x0, Y: y - s.w/2, W: x1 - x0, H: s.w}, Side: style.Top, Width: s.w, Style: s.style, Color: s.color})
		}
	}
	for i, pr := range rows {
		hline(pr.row, pr.y, pr.row)
		for c := 0; c <= cb.cols; c++ {
			s := cb.vAt(pr.row, c)
			if !s.visible() {
				continue
			}
			y0 := pr.y - reach(s, pr.row, pr.row, c, cb.maxH(pr.row, c))
			y1 := pr.y + pr.h + reach(s, pr.row+1, pr.row+1, c, cb.maxH(pr.row+1, c))
			out = append(out, PaintBorder{Rect: Rect{X: lineX(c) - s.w/2, Y: y0, W: s.w, H: y1 - y0}, Side: style.Left, Width: s.w, Style: s.style, Color: s.color})
		}
		if i == len(rows)-1 || rows[i+1].row != pr.row+1 {
			hline(pr.row+1, pr.y+pr.h, pr.row+1)
		}
	}
	return out
}

// cellBorders returns the separated-model border widths of a cell, or
// the collapsed model's halves.
func (ts *tableState) cellBorders(c *tcell) [4]float64 {
	if ts.borders != nil {
		var e [4]float64
		e[style.Left], e[style.Right] = ts.borders.cellHoriz(c)
		if ts.borders.rtl {
			e[style.Left], e[style.Right] = e[style.Right], e[style.Left]
		}
		e[style.Top], e[style.Bottom] = ts.borders.cellVert(c)
		return e
	}
	st := c.box.Style
	return [4]float64{st.Border[0].Width, st.Border[1].Width, st.Border[2].Width, st.Border[3].Width}
}

// maxH is the width of the widest horizontal segment meeting at the
// corner of grid line r and column line c.
func (cb *collapsed) maxH(r, c int) float64 {
	w := 0.0
	if r < 0 || r > cb.rows {
		return 0
	}
	if c > 0 {
		w = math.Max(w, cb.hAt(r, c-1).width())
	}
	if c < cb.cols {
		w = math.Max(w, cb.hAt(r, c).width())
	}
	return w
}

// beaten reports whether a segment meeting segment s at the corner of
// grid line r (rows vr-1 and vr for the vertical segments) and column
// line c has precedence over it: s then leaves the corner to it (CSS
// 2.1 §17.6.2.1: the corner goes to the winning border).
func (cb *collapsed) beaten(s *cborder, r, vr, c int) bool {
	var at [4]*cborder
	if r >= 0 && r <= cb.rows {
		if c > 0 {
			at[0] = cb.hAt(r, c-1)
		}
		if c < cb.cols {
			at[1] = cb.hAt(r, c)
		}
	}
	if vr > 0 && vr <= cb.rows {
		at[2] = cb.vAt(vr-1, c)
	}
	if vr >= 0 && vr < cb.rows {
		at[3] = cb.vAt(vr, c)
	}
	for _, o := range at {
		if o != nil && o != s && o.visible() && wins(*o, *s) && *o != *s {
			return true
		}
	}
	return false
}
