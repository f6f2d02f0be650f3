package render

import (
	"slices"

	"github.com/seed28491532/folio/pdfua"
)

// showLogical draws a right-to-left run (glyphs in visual order, left to
// right) one cluster at a time in logical order, each at its visual
// position: the page looks the same, and text extraction that follows the
// content stream (pdfinfo -struct-text, screen readers without
// /ActualText support) reads the run in logical order.
func showLogical(p *pdfua.Page, run pdfua.TextRun) {
	type group struct {
		g0, g1  int
		x       float64
		cluster int
	}
	var groups []group
	x := run.X
	for i := 0; i < len(run.Glyphs); {
		j := i + 1
		for j < len(run.Glyphs) && run.Glyphs[j].Cluster == run.Glyphs[i].Cluster {
			j++
		}
		groups = append(groups, group{g0: i, g1: j, x: x, cluster: int(run.Glyphs[i].Cluster)})
		for k := i; k < j; k++ {
			x += run.Glyphs[k].XAdvance
		}
		i = j
	}
	starts := make([]int, 0, len(groups))
	for _, g := range groups {
		starts = append(starts, g.cluster)
	}
	slices.Sort(starts)
	starts = slices.Compact(starts)
	slices.SortStableFunc(groups, func(a, b group) int { return a.cluster - b.cluster })
	for _, g := range groups {
		end := len(run.Text)
		if k, _ := slices.BinarySearch(starts, g.cluster); k+1 < len(starts) {
			end = starts[k+1]
		}
		if g.cluster < 0 || g.cluster > end || end > len(run.Text) {
			p.ShowText(run) // clusters out of range: draw the run whole
			return
		}
		gl := slices.Clone(run.Glyphs[g.g0:g.g1])
		for k := range gl {
			gl[k].Cluster = 0
		}
		r := run
		r.X, r.Text, r.Glyphs = g.x, run.Text[g.cluster:end], gl
		p.ShowText(r)
	}
}
