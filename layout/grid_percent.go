package layout

import (
	"math"

	"github.com/seed28491532/folio/style"
)

// Percentage rows of a grid container whose height is auto (css-grid-1
// §7.2.1): they count as auto while the rows size the container, and
// then resolve against the height that gave, the rows sized again.

// percentRowsBase returns the height the percentage rows of g resolve
// against once its rows are sized for the content height h: the sum of
// the rows and gaps when h is indefinite and a row's sizing function
// has a percentage, else Inf (nothing to redo).
func (g *gridLayout) percentRowsBase(h float64) float64 {
	if !math.IsInf(h, 1) {
		return math.Inf(1) // (resolved against h already)
	}
	ax, s := g.axes[gridRow], g.sz[gridRow]
	has := false
	for _, ts := range append(append([]style.GridTrackSize(nil), ax.sizes...), ax.auto...) {
		has = has || ts.Min.L.HasPercent() && ts.Min.Kind == style.GridFixed ||
			ts.Max.L.HasPercent() && ts.Max.Kind == style.GridFixed || ts.FitContent && ts.Limit.HasPercent()
	}
	if !has || len(s.tracks) == 0 {
		return math.Inf(1)
	}
	total := s.gaps(gridSpan{0, len(s.tracks)})
	for _, t := range s.tracks {
		total += t.base
	}
	return total
}

// resetRows gives the rows of g their sizing functions back (sizing
// rewrites them) for sizing them again.
func (g *gridLayout) resetRows() {
	ax, s := g.axes[gridRow], g.sz[gridRow]
	for i := range s.tracks {
		s.tracks[i].size = ax.trackSize(i)
	}
}
