package layout

import (
	"math"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// flexColumnWrap places the lines of multi-line column flex container b
// side by side across its content box at (cx, cy), cw wide, each line
// avail tall (CSS Flexbox 1 §9.4): align-content distributes the free
// width among the lines, whose cross-start edge is the left one (the
// right one in right-to-left; the lines of wrap-reverse come reversed).
// The container is monolithic: its lines are not split across pages.
func (l *layouter) flexColumnWrap(b *box.Box, lines []*flexLine, f *Fragment, cx, cy, cw, avail, mainGap, crossGap float64) flowResult {
	st := b.Style
	if err := l.sizeFlexLines(st, lines, cw, avail, mainGap, true, false); err != nil {
		return flowResult{y: cy}
	}
	lead, between := alignContent(st, lines, cw, crossGap)
	x := cx + lead
	bottom := cy
	for _, ln := range lines {
		for _, it := range ln.items {
			if it.stretches(true) {
				l.flexLayoutItem(it, cw, true, ln.cross)
			}
		}
		extent := avail
		if math.IsInf(avail, 1) {
			extent = mainGap * float64(len(ln.items)-1)
			for _, it := range ln.items {
				extent += it.frag.H + it.mMain
			}
		}
		lx := x
		if st.Direction == style.RTL {
			lx = cx + cw - (x - cx) - ln.cross // lines from the right
		}
		l.placeFlexLine(ln, f, lx, cy, cw, avail, mainGap, true)
		bottom = math.Max(bottom, cy+extent)
		x += ln.cross + crossGap + between
	}
	return flowResult{y: bottom}
}
