package layout

import (
	"math"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// hmetrics resolves the horizontal geometry of a block-level box in a
// containing block cbW wide, right-to-left when rtl: margin-left,
// border-box width, margin-right. Over-constrained margins give way on
// the containing block's end side (CSS 2.1 §10.3.3).
func hmetrics(st *style.Style, cbW float64, rtl bool) (ml, w, mr float64) {
	ml = st.Resolve(st.Margin[style.Left], cbW, 0)
	mr = st.Resolve(st.Margin[style.Right], cbW, 0)
	edges := st.Border[style.Left].Width + st.Border[style.Right].Width +
		st.Resolve(st.Padding[style.Left], cbW, 0) + st.Resolve(st.Padding[style.Right], cbW, 0)
	if st.Width.IsAuto() {
		w = cbW - ml - mr
	} else {
		w = st.Resolve(st.Width, cbW, 0)
		if st.BoxSizing == style.ContentBox {
			w += edges
		}
	}
	if !st.MaxWidth.IsAuto() {
		mw := st.Resolve(st.MaxWidth, cbW, 0)
		if st.BoxSizing == style.ContentBox {
			mw += edges
		}
		w = math.Min(w, mw)
	}
	if !st.MinWidth.IsAuto() {
		mw := st.Resolve(st.MinWidth, cbW, 0)
		if st.BoxSizing == style.ContentBox {
			mw += edges
		}
		w = math.Max(w, mw)
	}
	w = math.Max(w, edges)
	if !st.Width.IsAuto() || !st.MaxWidth.IsAuto() {
		free := cbW - w
		la, ra := st.Margin[style.Left].IsAuto(), st.Margin[style.Right].IsAuto()
		switch {
		case la && ra:
			ml = math.Max(0, free/2)
			mr = free - ml
		case la:
			ml = free - mr
		case ra:
			mr = free - ml
		default:
			if rtl {
				ml = free - mr
			} else {
				mr = free - ml
			}
		}
	}
	return ml, w, mr
}

// cbRTL reports whether b's containing block is right-to-left: its
// parent's direction (the root's own).
func cbRTL(b *box.Box) bool {
	if b.Parent != nil && b.Parent.Style != nil {
		return b.Parent.Style.Direction == style.RTL
	}
	return b.Style.Direction == style.RTL
}

// definiteHeight returns the content-box height of b when its height is
// definite in points.
func definiteHeight(b *box.Box, cbW float64) (float64, bool) {
	st := b.Style
	if st.Height.IsAuto() || st.Height.Unit != style.Pt {
		return 0, false
	}
	h := st.Height.Value
	if st.BoxSizing == style.BorderBox {
		h -= vEdges(st, cbW, style.Top) + vEdges(st, cbW, style.Bottom)
	}
	return math.Max(h, 0), true
}

// heightConstrained reports whether st sets height, min-height or
// max-height in points.
func heightConstrained(st *style.Style) bool {
	return !st.Height.IsAuto() && st.Height.Unit == style.Pt || st.MinHeight.Unit == style.Pt && st.MinHeight.Value > 0 ||
		st.MaxHeight.Unit == style.Pt
}

// splitsHeight reports whether b's definite height may be fragmented:
// a block in normal flow or a float (table parts, flex items and replaced or
// monolithic boxes are not split this way).
func splitsHeight(b *box.Box) bool {
	if b.Kind != box.KindBlock || b.Parent == nil || b.FlexItem || b.OutOfFlow() && !isFloat(b) ||
		b.Style.Overflow != style.OverflowVisible && b.Style.Overflow != style.OverflowClip ||
		b.Parent.Kind == box.KindTableCell {
		return false
	}
	switch b.Tag() {
	case "input", "select", "textarea", "button", "video", "canvas", "iframe", "object", "embed":
		return false // form controls and embedded content are monolithic
	}
	return true
}

// monolithicHeight returns the border-box height of a box that clips its
// overflow (overflow other than visible) and has a definite height in
// points, and whether b, laid out in f, is such a box starting here.
func monolithicHeight(b *box.Box, f *Fragment, first bool) (float64, bool) {
	st := b.Style
	// overflow: clip makes no scroll container: the box fragments like
	// a visible one, each fragment clipping its part (css-overflow-3 §3)
	if !first || st == nil || st.Overflow == style.OverflowVisible || st.Overflow == style.OverflowClip || st.Height.Unit != style.Pt || b.Parent == nil {
		return 0, false
	}
	h := st.Height.Value
	if st.BoxSizing != style.BorderBox {
		h += f.Border[style.Top] + f.Padding[style.Top] + f.Border[style.Bottom] + f.Padding[style.Bottom]
	}
	return h, true
}
