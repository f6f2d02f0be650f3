package layout

import (
	"math"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// itemAlign returns the cross-axis alignment of item b in flex container
// cst (CSS Box Alignment 3 §6.1): its align-self, or the container's
// align-items for auto, as one of "stretch", "start", "end", "center" or
// "baseline". Start and end are the cross-start and cross-end edges,
// which wrap-reverse swaps for flex-start and flex-end (not for start
// and end, which are the writing mode's).
func itemAlign(b *box.Box, cst *style.Style, column bool) string {
	v := selfValue(b, cst)
	w := alignWord(v)
	if w == "baseline" && lastBaseline(v, "") {
		if column || b.Style.Margin[style.Bottom].IsAuto() {
			w = "flex-end" // (its fallback, safe end)
		} else {
			return "last baseline"
		}
	}
	if w == "baseline" && (column || b.Style.Margin[style.Top].IsAuto()) {
		// a baseline that cannot be shared falls back to flex-start
		w = "flex-start"
	}
	a := selfAlign(w, "", false)
	if cst.FlexWrap == "wrap-reverse" {
		switch w {
		case "flex-start":
			a = "end"
		case "flex-end":
			a = "start"
		}
	}
	return a
}

// crossMargins returns the item's margins at the cross-start and
// cross-end edges.
func crossMargins(column bool) (int, int) {
	if column {
		return style.Left, style.Right
	}
	return style.Top, style.Bottom
}

// stretches reports whether item it is stretched to its line's cross
// size (CSS Flexbox 1 §9.4 step 11): align-self stretch, an auto cross
// size and no auto cross-axis margin.
func (it *flexItem) stretches(column bool) bool {
	if it.align != "stretch" || !crossAuto(it.b, column) {
		return false
	}
	s, e := crossMargins(column)
	return !it.b.Style.Margin[s].IsAuto() && !it.b.Style.Margin[e].IsAuto()
}

// itemBaseline returns the distance from the margin-box top of item it,
// laid out, to its first baseline (its border-box bottom when it has no
// line box, CSS Flexbox 1 §8.5).
func itemBaseline(it *flexItem) float64 {
	if ln := firstLine(it.frag); ln != nil {
		return it.m[style.Top] + ln.Baseline - it.frag.Y
	}
	return it.m[style.Top] + it.frag.H
}

// lineCross sets the cross size of line ln from its laid-out items,
// lining up the first baselines of the items aligned by baseline in a
// row (§9.4 step 8).
func lineCross(ln *flexLine, column bool) {
	maxBase, maxBelow := 0.0, 0.0
	lastAbove, lastBelow := 0.0, 0.0
	baseline, last := false, false
	for _, it := range ln.items {
		switch {
		case it.align == "baseline" && !column:
			it.baseline = itemBaseline(it)
			maxBase = math.Max(maxBase, it.baseline)
			maxBelow = math.Max(maxBelow, it.cross-it.baseline)
			baseline = true
		case it.align == "last baseline" && !column:
			// it.baseline is measured up from the margin-box bottom
			it.baseline = itemLastBaseline(it)
			lastBelow = math.Max(lastBelow, it.baseline)
			lastAbove = math.Max(lastAbove, it.cross-it.baseline)
			last = true
		default:
			ln.cross = math.Max(ln.cross, it.cross)
		}
	}
	if baseline {
		ln.base = maxBase
		ln.cross = math.Max(ln.cross, maxBase+maxBelow)
	}
	if last {
		ln.lastBelow = lastBelow
		ln.cross = math.Max(ln.cross, lastAbove+lastBelow)
	}
}

// itemLastBaseline returns the distance from the last baseline of item
// it, laid out, down to its margin-box bottom (0 below the border box
// when it has no line box: the baseline is synthesized there).
func itemLastBaseline(it *flexItem) float64 {
	below := it.m[style.Bottom]
	if ln := lastLine(it.frag); ln != nil {
		below += it.frag.Y + it.frag.H - ln.Baseline
	}
	return below
}

// crossOffset returns the offset of item it's margin box from the
// cross-start edge of its line: auto margins take the free space first
// (§8.1), then its alignment places it.
func crossOffset(it *flexItem, ln *flexLine, column bool) float64 {
	free := ln.cross - it.cross
	s, e := crossMargins(column)
	as, ae := it.b.Style.Margin[s].IsAuto(), it.b.Style.Margin[e].IsAuto()
	switch {
	case as && ae:
		return math.Max(0, free/2)
	case as:
		return math.Max(0, free)
	case ae:
		return 0
	}
	switch it.align {
	case "end":
		return free
	case "center":
		return free / 2
	case "baseline":
		if !column {
			return ln.base - it.baseline
		}
	case "last baseline":
		if !column {
			return free - (ln.lastBelow - it.baseline)
		}
	}
	return 0
}

// alignContent distributes the free cross space of a multi-line
// container, crossSize wide along its cross axis, among lines (CSS
// Flexbox 1 §8.4): it returns the space before the first line and the
// extra space between lines, and grows the lines for stretch.
func alignContent(st *style.Style, lines []*flexLine, crossSize, gap float64) (lead, between float64) {
	if math.IsNaN(crossSize) || len(lines) == 0 {
		return 0, 0
	}
	free := crossSize - gap*float64(len(lines)-1)
	for _, ln := range lines {
		free -= ln.cross
	}
	n := float64(len(lines))
	w := alignWord(st.AlignContent)
	if st.FlexWrap == "wrap-reverse" {
		switch w {
		case "flex-start":
			w = "flex-end"
		case "flex-end":
			w = "flex-start"
		}
	}
	switch w {
	case "", "normal", "stretch":
		if free > 0 {
			for _, ln := range lines {
				ln.cross += free / n
			}
		}
	case "center":
		lead = free / 2
	case "end", "flex-end":
		lead = free
	case "space-between":
		if free > 0 && n > 1 {
			between = free / (n - 1)
		}
	case "space-around":
		if free > 0 {
			lead, between = free/n/2, free/n
		} else {
			lead = free / 2
		}
	case "space-evenly":
		if free > 0 {
			lead, between = free/(n+1), free/(n+1)
		} else {
			lead = free / 2
		}
	}
	return lead, between
}

// sizeFlexLines resolves the main sizes of the items of lines, lays
// them out unstretched and sets the lines' cross sizes. The first line
// of resumeSplit, split at the previous page's bottom, keeps the
// largest of its items' cross sizes.
func (l *layouter) sizeFlexLines(st *style.Style, lines []*flexLine, cw, avail, gap float64, column, resumeSplit bool) error {
	for li, ln := range lines {
		if err := l.check(); err != nil {
			return err
		}
		resolveFlexible(ln, avail, gap)
		for _, it := range ln.items {
			it.align = itemAlign(it.b, st, column)
			l.flexLayoutItem(it, cw, column, math.NaN())
		}
		if li == 0 && resumeSplit {
			for _, it := range ln.items {
				ln.cross = math.Max(ln.cross, it.cross)
			}
			continue
		}
		lineCross(ln, column)
	}
	return nil
}

// rowCrossSize returns the inner height of row container b: its
// definite height, or else its lines' heights and the gaps between them
// clamped by its min-height and max-height in points (§9.4 step 15).
func rowCrossSize(b *box.Box, lines []*flexLine, cw, gap float64) float64 {
	if h := crossSizeOf(b, cw); !math.IsNaN(h) {
		return h
	}
	st := b.Style
	h := gap * float64(max(len(lines)-1, 0))
	for _, ln := range lines {
		h += ln.cross
	}
	edges := vEdges(st, cw, style.Top) + vEdges(st, cw, style.Bottom)
	limit := func(l style.Length) (float64, bool) {
		if l.Unit != style.Pt {
			return 0, false
		}
		if st.BoxSizing == style.BorderBox {
			return math.Max(l.Value-edges, 0), true
		}
		return l.Value, true
	}
	if m, ok := limit(st.MaxHeight); ok {
		h = math.Min(h, m)
	}
	if m, ok := limit(st.MinHeight); ok {
		h = math.Max(h, m)
	}
	return h
}

// crossSizeOf returns the definite content-box height of row flex
// container b, or NaN.
func crossSizeOf(b *box.Box, cw float64) float64 {
	if h, ok := definiteHeight(b, cw); ok {
		return h
	}
	return math.NaN()
}

// stretchedSize returns the border-box cross size v of a stretched item
// of style st clamped by its min and max cross sizes (§9.4 step 11),
// which are widths when horizontal.
func stretchedSize(st *style.Style, cw, v float64, horizontal bool) float64 {
	lo, hi, edges := st.MinHeight, st.MaxHeight, vEdges(st, cw, style.Top)+vEdges(st, cw, style.Bottom)
	if horizontal {
		lo, hi = st.MinWidth, st.MaxWidth
		edges = st.Border[style.Left].Width + st.Border[style.Right].Width + st.Resolve(st.Padding[style.Left], cw, 0) + st.Resolve(st.Padding[style.Right], cw, 0)
	}
	limit := func(l style.Length) (float64, bool) {
		if l.Unit != style.Pt {
			return 0, false
		}
		if st.BoxSizing == style.ContentBox {
			return l.Value + edges, true
		}
		return l.Value, true
	}
	if m, ok := limit(hi); ok {
		v = math.Min(v, m)
	}
	if m, ok := limit(lo); ok {
		v = math.Max(v, m)
	}
	return math.Max(v, 0)
}
