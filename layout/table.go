package layout

import (
	"math"
	"strconv"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// tableRow is a row of a table with the row group it belongs to.
type tableRow struct {
	group *box.Box // nil for rows directly in the table
	row   *box.Box
}

// table lays a table out simply until the table work replaces it:
// captions as blocks on top, then each row as an unbreakable block whose
// cells sit side by side in equal-width columns. Pages break between rows.
func (l *layouter) table(b *box.Box, x, y, cbW float64, c fctx, tok *BreakToken) blockResult {
	st := b.Style
	ml, w, _ := hmetrics(st, cbW)
	first := tok == nil
	f := &Fragment{Box: b, X: x + ml, Y: y, W: w, First: first}
	for i := range f.Border {
		f.Border[i] = st.Border[i].Width
		f.Padding[i] = st.Padding[i].Resolve(cbW, 0)
	}
	if !first {
		f.Border[style.Top], f.Padding[style.Top] = 0, 0
	}
	cx := f.X + f.Border[style.Left] + f.Padding[style.Left]
	cw := w - f.Border[style.Left] - f.Padding[style.Left] - f.Border[style.Right] - f.Padding[style.Right]
	cy := y + f.Border[style.Top] + f.Padding[style.Top]
	sp := st.BorderSpacing
	if st.BorderCollapse == style.BorderCollapsed {
		sp = [2]float64{}
	}
	var rows []tableRow
	var captions []*box.Box
	for _, ch := range b.Children {
		switch ch.Kind {
		case box.KindTableCaption:
			captions = append(captions, ch)
		case box.KindTableRowGroup:
			for _, r := range ch.Children {
				if r.Kind == box.KindTableRow {
					rows = append(rows, tableRow{ch, r})
				}
			}
		case box.KindTableRow:
			rows = append(rows, tableRow{nil, ch})
		}
	}
	cols := 1
	for _, r := range rows {
		n := 0
		for _, cell := range r.row.Children {
			n += colspan(cell)
		}
		cols = max(cols, n)
	}
	start := 0
	if tok != nil {
		start = tok.Child
	} else {
		for _, cp := range captions {
			r := l.block(cp, cx, cy, cw, fctx{bottom: math.Inf(1), atTop: true}, nil)
			f.Children = append(f.Children, r.frag)
			cy = r.frag.Y + r.frag.H
		}
	}
	colW := (cw - sp[0]*float64(cols+1)) / float64(cols)
	if colW < 0 {
		colW = 0
	}
	cy += sp[1]
	var groupFrag *Fragment
	var next *BreakToken
	for i := start; i < len(rows); i++ {
		if err := l.check(); err != nil {
			break
		}
		r := rows[i]
		rf := &Fragment{Box: r.row, X: cx, Y: cy, W: cw, First: true, Last: true}
		colX := cx + sp[0]
		rowH := 0.0
		for _, cell := range r.row.Children {
			span := colspan(cell)
			cwid := colW*float64(span) + sp[0]*float64(span-1)
			cr := l.block(cell, colX, cy, cwid, fctx{bottom: math.Inf(1), atTop: true}, nil)
			rf.Children = append(rf.Children, cr.frag)
			rowH = math.Max(rowH, cr.frag.H)
			colX += cwid + sp[0]
		}
		for _, cf := range rf.Children {
			cf.H = rowH
		}
		rf.H = rowH
		if cy+rowH > c.bottom && !(c.atTop && i == start) && (i > start || !c.atTop) {
			if i == start && tok == nil && !c.atTop {
				return blockResult{empty: true}
			}
			next = &BreakToken{Box: b, Child: i}
			break
		}
		if r.group != nil {
			if groupFrag == nil || groupFrag.Box != r.group {
				groupFrag = &Fragment{Box: r.group, X: cx, Y: cy, W: cw, First: true, Last: true}
				f.Children = append(f.Children, groupFrag)
			}
			groupFrag.Children = append(groupFrag.Children, rf)
			groupFrag.H = cy + rowH - groupFrag.Y
		} else {
			groupFrag = nil
			f.Children = append(f.Children, rf)
		}
		cy += rowH + sp[1]
	}
	if next != nil {
		f.Border[style.Bottom], f.Padding[style.Bottom] = 0, 0
		f.H = cy - y
		return blockResult{frag: f, next: next}
	}
	f.Last = true
	f.H = cy + f.Border[style.Bottom] + f.Padding[style.Bottom] - y
	return blockResult{frag: f, mbOut: strut{}.add(st.Margin[style.Bottom].Resolve(cbW, 0))}
}

func colspan(cell *box.Box) int {
	if v, ok := cell.Attr("colspan"); ok {
		if n, err := strconv.Atoi(v); err == nil && n > 1 && n < 1000 {
			return n
		}
	}
	return 1
}
