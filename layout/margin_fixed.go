package layout

import (
	"math"

	"github.com/seed28491532/folio/style"
)

// marginAxis is one dimension of a page-margin box's style, physical:
// its two margins, size and min/max sizes, and the borders and paddings
// along it.
type marginAxis struct {
	start, end     style.Length // margin-top/left, margin-bottom/right
	size, min, max style.Length
	edges          float64 // borders and paddings, resolved
	contentBox     bool
	// base is the percentage base of size, min and max; mbase that of
	// the margins (the containing block's width).
	base, mbase float64
}

// horizAxis and vertAxis read the horizontal and vertical dimension of a
// margin box of style st whose containing block is cb.
func horizAxis(st *style.Style, cb Rect) marginAxis {
	return marginAxis{start: st.Margin[style.Left], end: st.Margin[style.Right],
		size: st.Width, min: st.MinWidth, max: st.MaxWidth,
		edges: st.Border[style.Left].Width + st.Border[style.Right].Width +
			st.Padding[style.Left].Resolve(cb.W, 0) + st.Padding[style.Right].Resolve(cb.W, 0),
		contentBox: st.BoxSizing == style.ContentBox, base: cb.W, mbase: cb.W}
}

func vertAxis(st *style.Style, cb Rect) marginAxis {
	return marginAxis{start: st.Margin[style.Top], end: st.Margin[style.Bottom],
		size: st.Height, min: st.MinHeight, max: st.MaxHeight,
		edges: st.Border[style.Top].Width + st.Border[style.Bottom].Width +
			st.Padding[style.Top].Resolve(cb.W, 0) + st.Padding[style.Bottom].Resolve(cb.W, 0),
		contentBox: st.BoxSizing == style.ContentBox, base: cb.H, mbase: cb.W}
}

// borderBox turns a size, min or max into a border-box size; ok is false
// for auto (and for max-width: none).
func (a *marginAxis) borderBox(l style.Length) (float64, bool) {
	if l.IsAuto() {
		return 0, false
	}
	v := l.Resolve(a.base, 0)
	if a.contentBox {
		v += a.edges
	}
	return math.Max(v, a.edges), true
}

// margins returns the used margins along the axis with auto taken as 0,
// as for the variable dimension (css-page-3 §variable-auto-margins).
func (a *marginAxis) margins() (start, end float64) {
	return a.start.Resolve(a.mbase, 0), a.end.Resolve(a.mbase, 0)
}

// minMax returns the border-box min and max sizes (max +Inf for none).
func (a *marginAxis) minMax() (lo, hi float64) {
	lo, _ = a.borderBox(a.min)
	hi, ok := a.borderBox(a.max)
	if !ok {
		hi = math.Inf(1)
	}
	return math.Max(lo, a.edges), hi
}

// outerMinMax returns the border-box min and max sizes the author gave:
// 0 and +Inf when auto and none.
func (a *marginAxis) outerMinMax() (lo, hi float64) {
	lo, _ = a.borderBox(a.min)
	if a.min.IsAuto() {
		lo = 0
	}
	hi, ok := a.borderBox(a.max)
	if !ok {
		hi = math.Inf(1)
	}
	return lo, hi
}

// fixed resolves the axis as a fixed dimension of depth avail (the page
// margin), by the css-page-3 fixed-sizing rules: it returns the start
// margin and the border-box size. outerStart says the start margin faces
// away from the page area: when over-constrained that margin gives way
// (else the end margin does). min and max sizes apply as in CSS 2.1
// §10.7: the rules run again with the clamped size as the given one.
func (a *marginAxis) fixed(avail float64, outerStart bool) (start, size float64) {
	sz, given := a.borderBox(a.size)
	start, size = a.resolveFixed(avail, sz, given, outerStart)
	lo, hi := a.minMax()
	if size > hi {
		start, size = a.resolveFixed(avail, math.Max(hi, lo), true, outerStart)
	} else if size < lo {
		start, size = a.resolveFixed(avail, lo, true, outerStart)
	}
	return start, size
}

// resolveFixed applies the fixed-sizing constraint
// start + size + end = avail with a border-box size sz (given) or auto.
func (a *marginAxis) resolveFixed(avail, sz float64, given, outerStart bool) (start, size float64) {
	sAuto, eAuto := a.start.IsAuto(), a.end.IsAuto()
	s, e := a.margins()
	used := a.edges
	if given {
		used = sz
	}
	if !sAuto {
		used += s
	}
	if !eAuto {
		used += e
	}
	if used > avail {
		// auto margins count as zero when the rest already overflows
		sAuto, eAuto = false, false
	}
	if given && !sAuto && !eAuto {
		// over-constrained: the margin facing away from the page area
		// is taken as auto
		if outerStart {
			sAuto = true
		} else {
			eAuto = true
		}
	}
	switch {
	case !given:
		// auto size: auto margins are 0 and the size fills the rest
		return s, math.Max(avail-s-e, a.edges)
	case sAuto && eAuto:
		return (avail - sz) / 2, sz
	case sAuto:
		return avail - sz - e, sz
	}
	return s, sz
}

// variableBox resolves the axis as the variable dimension of a box whose
// outer size along it is outer (resolved by resolveTrio): auto margins
// are 0, the border box takes the rest.
func (a *marginAxis) variable(outer float64) (start, size float64) {
	s, e := a.margins()
	return s, math.Max(outer-s-e, a.edges)
}

// marginFixedAxes says which dimensions of margin box m are fixed (its
// size follows from the page margin it sits in) and whether the start
// margin of each faces away from the page area: corners have both
// dimensions fixed, top and bottom boxes their height, left and right
// boxes their width.
func marginFixedAxes(m style.MarginBox) (horiz, vert, outerLeft, outerTop bool) {
	switch m {
	case style.TopLeftCorner:
		return true, true, true, true
	case style.TopRightCorner:
		return true, true, false, true
	case style.BottomRightCorner:
		return true, true, false, false
	case style.BottomLeftCorner:
		return true, true, true, false
	case style.TopLeft, style.TopCenter, style.TopRight:
		return false, true, false, true
	case style.BottomLeft, style.BottomCenter, style.BottomRight:
		return false, true, false, false
	case style.LeftTop, style.LeftMiddle, style.LeftBottom:
		return true, false, true, false
	}
	return true, false, false, false // right side
}

// marginBorderBox resolves the border box of margin box m of style st
// placed in slot r: along a fixed dimension r is the containing block
// (the page margin); along the variable one r is the box's outer extent
// as resolveTrio gave it. cb is the containing block (the whole side for
// side boxes), for percentages.
func marginBorderBox(st *style.Style, m style.MarginBox, r, cb Rect) Rect {
	fh, fv, outerLeft, outerTop := marginFixedAxes(m)
	h, v := horizAxis(st, cb), vertAxis(st, cb)
	var bb Rect
	var off float64
	if fh {
		off, bb.W = h.fixed(r.W, outerLeft)
	} else {
		off, bb.W = h.variable(r.W)
	}
	bb.X = r.X + off
	if fv {
		off, bb.H = v.fixed(r.H, outerTop)
	} else {
		off, bb.H = v.variable(r.H)
	}
	bb.Y = r.Y + off
	return bb
}
