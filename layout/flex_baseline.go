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
	var items []*Fragment
	for _, c := range f.Children {
		if c.Box != nil && !c.Box.OutOfFlow() && c.Box.Parent == b {
			items = append(items, c)
		}
	}
	if len(items) == 0 {
		return 0, false
	}
	if strings.HasPrefix(st.FlexDirection, "column") {
		return fragmentBaseline(items[0], depth), true
	}
	line := firstFlexLine(items, st)
	for _, c := range line {
		if itemAlign(c.Box, st, false) == "baseline" {
			return fragmentBaseline(c, depth), true
		}
	}
	return fragmentBaseline(line[0], depth), true
}

// firstFlexLine returns the items of the first line of a flex row of
// style st among its placed item fragments: a line ends where the next
// item goes back against the main axis. The lines of wrap-reverse are
// placed from the last one, so its first line comes last.
func firstFlexLine(items []*Fragment, st *style.Style) []*Fragment {
	if st.FlexWrap != "wrap" && st.FlexWrap != "wrap-reverse" {
		return items
	}
	// items advance to the left in row-reverse and right-to-left rows
	leftward := strings.HasSuffix(st.FlexDirection, "-reverse") != (st.Direction == style.RTL)
	start, end := 0, len(items)
	for i := 1; i < len(items); i++ {
		if (items[i].X <= items[i-1].X) == leftward {
			continue
		}
		if st.FlexWrap == "wrap" {
			end = i
			break
		}
		start = i
	}
	return items[start:end]
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

// gridContainerBaseline returns the first baseline of grid container
// fragment f, laid out with grid g, as a y coordinate (CSS Grid 1
// §10.7): that of the items of its first row aligned by baseline, or
// else of the first item (in grid order) in the first row. ok is false
// when no item is in the first row.
func gridContainerBaseline(f *Fragment, g *gridLayout) (y float64, ok bool) {
	var first *gridItem
	cst := g.b.Style
	for _, it := range g.items {
		if it.area[gridRow].start != 0 {
			continue
		}
		ist := it.b.Style
		if selfAlign(ist.AlignSelf, cst.AlignItems, it.b.Kind == box.KindReplaced) == "baseline" &&
			!ist.Margin[style.Top].IsAuto() && !ist.Margin[style.Bottom].IsAuto() {
			first = it
			break
		}
		if first == nil {
			first = it
		}
	}
	if first == nil {
		return 0, false
	}
	for _, c := range f.Children {
		if c.Box == first.b {
			return fragmentBaseline(c, 0), true
		}
	}
	return 0, false
}

// firstRowLine returns the first line box of the rows of table fragment
// f, its captions left out: the line an inline table's baseline comes
// from (CSS 2.1 §10.8.1).
func firstRowLine(f *Fragment) *Line {
	for _, c := range f.Children {
		if c.Box != nil && c.Box.Kind == box.KindTableCaption {
			continue
		}
		if ln := firstLine(c); ln != nil {
			return ln
		}
	}
	return nil
}
