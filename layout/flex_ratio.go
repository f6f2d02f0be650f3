package layout

import (
	"math"
	"strings"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// stretchedReplacedStyle returns the style replaced item it of a row
// container is measured with when it is stretched to a definite cross
// size: its auto height made the stretched one, so that its width follows
// through its aspect ratio (CSS Flexbox 1 §9.2 step 3B, §9.8 item 1: the
// line of a single-line container of definite height is definite). It
// returns nil when the item is not such an item; cw is the container's
// content width.
func stretchedReplacedStyle(it *flexItem, cw float64) *style.Style {
	b := it.b
	st, c := b.Style, b.Parent
	if b.Kind != box.KindReplaced || c == nil || !st.Width.IsAuto() || !st.Height.IsAuto() {
		return nil
	}
	cst := c.Style
	if cst.FlexWrap != "" && cst.FlexWrap != "nowrap" {
		return nil
	}
	if p := c.Parent; p != nil && isFlex(p) && strings.HasPrefix(p.Style.FlexDirection, "column") {
		// the container's height is an item's main size, which
		// flexing may change after the item is measured
		return nil
	}
	it.align = itemAlign(b, cst, false)
	if !it.stretches(false) {
		return nil
	}
	ch := crossSizeOf(c, cw)
	if math.IsNaN(ch) {
		return nil
	}
	h := stretchedSize(st, cw, ch-it.m[style.Top]-it.m[style.Bottom], false)
	if st.BoxSizing == style.ContentBox {
		h -= vEdges(st, cw, style.Top) + vEdges(st, cw, style.Bottom)
	}
	cs := *st
	cs.MutSize().Height = style.Length{Value: math.Max(h, 0), Unit: style.Pt}
	return &cs
}

// stretchedReplacedCross returns the outer cross size replaced item it
// of a column container cw wide is measured at when it is stretched,
// so that its height follows its stretched width through its aspect
// ratio (§9.2 step 3B); NaN when it is not stretched.
func stretchedReplacedCross(it *flexItem, cw float64) float64 {
	b := it.b
	if b.Kind != box.KindReplaced || b.Parent == nil || !b.Style.Width.IsAuto() {
		return math.NaN()
	}
	cst := b.Parent.Style
	if cst.FlexWrap != "" && cst.FlexWrap != "nowrap" {
		return math.NaN()
	}
	it.align = itemAlign(b, cst, true)
	if !it.stretches(true) {
		return math.NaN()
	}
	return cw
}

// flexItemIntrinsic returns the min-content and max-content widths of
// item c of a flex row cw wide, a stretched replaced item's from its
// stretched height (stretchedReplacedStyle).
func (l *layouter) flexItemIntrinsic(c *box.Box, cw float64) (minW, maxW float64) {
	if c.Kind != box.KindReplaced {
		return l.intrinsic(c, cw)
	}
	it := &flexItem{b: c}
	for s := range it.m {
		if !c.Style.Margin[s].IsAuto() {
			it.m[s] = c.Style.Resolve(c.Style.Margin[s], cw, 0)
		}
	}
	if rs := stretchedReplacedStyle(it, cw); rs != nil {
		saved := c.Style
		c.Style = rs
		defer func() { c.Style = saved }()
	}
	return l.intrinsic(c, cw)
}
