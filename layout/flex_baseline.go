package layout

import (
	"strings"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// flexContainerBaseline returns the first baseline of flex container
// fragment f, laid out, as a y coordinate (CSS Flexbox 1 §8.5): the
// baseline of the items of its first line aligned by baseline, or else
// of its startmost item, synthesized from that item's border-box bottom
// when it has no line box. ok is false when f has no in-flow item.
func flexContainerBaseline(f *Fragment) (y float64, ok bool) {
	return flexBaselineAt(f, 0)
}

// flexBaselineAt is flexContainerBaseline for a container nested depth
// flex containers deep in the item whose baseline is asked.
func flexBaselineAt(f *Fragment, depth int) (y float64, ok bool) {
	b := f.Box
	st := b.Style
	column := strings.HasPrefix(st.FlexDirection, "column")
	wrap := st.FlexWrap == "wrap" || st.FlexWrap == "wrap-reverse"
	// items advance to the left in row-reverse and right-to-left rows
	leftward := strings.HasSuffix(st.FlexDirection, "-reverse") != (st.Direction == style.RTL)
	var first, prev *Fragment
	for _, c := range f.Children {
		if c.Box == nil || c.Box.OutOfFlow() || c.Box.Parent != b {
			continue
		}
		switch {
		case first == nil:
			first = c
		case column:
			return fragmentBaseline(first, depth), true
		case wrap && (c.X <= prev.X) != leftward:
			// the next line: the first line's items are placed first
			return fragmentBaseline(first, depth), true
		}
		prev = c
		if !column && itemAlign(c.Box, b.Style, false) == "baseline" {
			return fragmentBaseline(c, depth), true
		}
	}
	if first == nil {
		return 0, false
	}
	return fragmentBaseline(first, depth), true
}

// fragmentBaseline returns the first baseline of item fragment c: a flex
// container's own (up to maxHeightChain nested containers), its first
// line's, or its border-box bottom.
func fragmentBaseline(c *Fragment, depth int) float64 {
	if c.Box != nil && isFlex(c.Box) && depth < maxHeightChain {
		if y, ok := flexBaselineAt(c, depth+1); ok {
			return y
		}
	}
	if ln := firstLine(c); ln != nil {
		return ln.Baseline
	}
	return c.Y + c.H
}

// isInlineFlex reports whether b is an inline-level flex container.
func isInlineFlex(b *box.Box) bool {
	return b.Kind == box.KindInlineBlock && isFlex(b)
}
