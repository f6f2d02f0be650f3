package layout

import (
	"math"
	"slices"

	"github.com/seed28491532/folio/style"
)

// The grid track sizing algorithm (CSS Grid Layout 1 §11).

// gridTrack is one track of an axis being sized.
type gridTrack struct {
	size        style.GridTrackSize
	base, limit float64
	// collapsed marks an empty track of an auto-fit repetition: no size,
	// and its gutters collapse.
	collapsed bool
	// pos is the offset of the track's start from the content edge.
	pos float64
}

// gridSizing is the input of the sizing of one axis.
type gridSizing struct {
	tracks []gridTrack
	items  []*gridItem
	axis   int
	// avail is the space to fill (Inf: indefinite, sized under a
	// max-content constraint).
	avail, gap float64
	// minContent stops after the intrinsic sizes (the min-content size
	// of the grid).
	minContent bool
	// stretch says auto tracks take the free space (normal or stretch
	// content distribution).
	stretch bool
	// contrib returns an item's min- and max-content contributions.
	contrib func(it *gridItem) (minC, maxC float64)
	// st is the container's style (it resolves math functions in the
	// track sizes)
	st *style.Style
}

func isIntrinsic(b style.GridBreadth) bool {
	return b.Kind == style.GridAuto || b.Kind == style.GridMinContent || b.Kind == style.GridMaxContent
}

// resolved returns the breadth of fixed b, or ok false when b is not
// fixed (a percentage of an indefinite size counts as auto).
func (g *gridSizing) resolved(b style.GridBreadth, avail float64) (float64, bool) {
	if b.Kind != style.GridFixed || b.L.HasPercent() && math.IsInf(avail, 1) {
		return 0, false
	}
	if g.st != nil {
		return math.Max(0, g.st.Resolve(b.L, avail, 0)), true
	}
	return math.Max(0, b.L.Resolve(avail, 0)), true
}

// resolveLimit resolves a fit-content() limit against the available
// space.
func (g *gridSizing) resolveLimit(l style.Length) float64 {
	if g.st != nil {
		return g.st.Resolve(l, g.avail, math.Inf(1))
	}
	return l.Resolve(g.avail, math.Inf(1))
}

// gaps returns the gutters between the tracks of span sp that do not
// collapse.
func (g *gridSizing) gaps(sp gridSpan) float64 {
	n := 0
	for i := sp.start; i < sp.end; i++ {
		if !g.tracks[i].collapsed {
			n++
		}
	}
	return g.gap * float64(max(n-1, 0))
}

// size runs the track sizing algorithm.
func (g *gridSizing) size() {
	tr := g.tracks
	// §11.4 initialise
	for i := range tr {
		t := &tr[i]
		if t.collapsed {
			t.size = style.GridTrackSize{Min: style.GridBreadth{Kind: style.GridFixed}, Max: style.GridBreadth{Kind: style.GridFixed}}
		}
		if math.IsInf(g.avail, 1) {
			// a percentage of an indefinite size behaves as auto
			// (css-grid-1 §7.2.1)
			for _, b := range []*style.GridBreadth{&t.size.Min, &t.size.Max} {
				if b.Kind == style.GridFixed && b.L.HasPercent() {
					*b = style.GridBreadth{Kind: style.GridAuto}
				}
			}
		}
		t.base, t.limit = 0, math.Inf(1)
		if v, ok := g.resolved(t.size.Min, g.avail); ok {
			t.base = v
		}
		if v, ok := g.resolved(t.size.Max, g.avail); ok && !t.size.FitContent {
			t.limit = math.Max(v, t.base)
		}
	}
	g.intrinsic()
	if g.minContent {
		return
	}
	// §11.6 maximise
	free := g.free()
	if math.IsInf(free, 1) {
		for i := range tr {
			if !isFlexTrack(tr[i]) {
				tr[i].base = tr[i].limit
			}
		}
	} else if free > 0 {
		g.distribute(free)
	}
	g.flex()
	// §11.8 stretch auto tracks
	if free := g.free(); g.stretch && !math.IsInf(free, 1) && free > 0 {
		n := 0
		for _, t := range tr {
			if t.size.Max.Kind == style.GridAuto && !t.size.FitContent && !t.collapsed {
				n++
			}
		}
		for i := range tr {
			if t := &tr[i]; t.size.Max.Kind == style.GridAuto && !t.size.FitContent && !t.collapsed {
				t.base += free / float64(n)
			}
		}
	}
}

func isFlexTrack(t gridTrack) bool { return t.size.Max.Kind == style.GridFr }

// free returns the space left after the base sizes and gutters (Inf
// when the space is indefinite).
func (g *gridSizing) free() float64 {
	if math.IsInf(g.avail, 1) {
		return math.Inf(1)
	}
	used := g.gaps(gridSpan{0, len(g.tracks)})
	for _, t := range g.tracks {
		used += t.base
	}
	return g.avail - used
}

// distribute grows the base sizes equally up to their growth limits.
func (g *gridSizing) distribute(free float64) {
	tr := g.tracks
	for range len(tr) + 1 {
		n := 0
		for _, t := range tr {
			if t.base < t.limit-1e-9 {
				n++
			}
		}
		if n == 0 || free <= 1e-9 {
			return
		}
		share := free / float64(n)
		for i := range tr {
			if t := &tr[i]; t.base < t.limit-1e-9 {
				d := math.Min(share, t.limit-t.base)
				t.base += d
				free -= d
			}
		}
	}
}

// crossesFlex reports whether span sp holds a flexible track.
func (g *gridSizing) crossesFlex(sp gridSpan) bool {
	for i := sp.start; i < sp.end; i++ {
		if isFlexTrack(g.tracks[i]) {
			return true
		}
	}
	return false
}

// intrinsic resolves the intrinsic track sizes (§11.5).
func (g *gridSizing) intrinsic() {
	tr := g.tracks
	items := slices.Clone(g.items)
	slices.SortStableFunc(items, func(a, b *gridItem) int {
		sa, sb := a.area[g.axis], b.area[g.axis]
		return (sa.end - sa.start) - (sb.end - sb.start)
	})
	var flexItems []*gridItem
	for _, it := range items {
		sp := it.area[g.axis]
		if g.crossesFlex(sp) {
			flexItems = append(flexItems, it)
			continue
		}
		minC, maxC := g.contrib(it)
		if sp.end-sp.start == 1 {
			t := &tr[sp.start]
			switch t.size.Min.Kind {
			case style.GridMaxContent:
				t.base = math.Max(t.base, maxC)
			case style.GridAuto, style.GridMinContent:
				t.base = math.Max(t.base, minC)
			}
			lim := math.NaN()
			switch {
			case t.size.FitContent:
				lim = math.Min(maxC, math.Max(0, g.resolveLimit(t.size.Limit)))
			case t.size.Max.Kind == style.GridMinContent:
				lim = minC
			case isIntrinsic(t.size.Max):
				lim = maxC
			}
			if !math.IsNaN(lim) {
				if math.IsInf(t.limit, 1) {
					t.limit = lim
				} else {
					t.limit = math.Max(t.limit, lim)
				}
			}
			t.limit = math.Max(t.limit, t.base)
			continue
		}
		// spanning items: the extra space goes equally to the spanned
		// tracks with an intrinsic minimum (maximum)
		inner := g.gaps(sp)
		sumBase := inner
		var mins, maxs []int
		for i := sp.start; i < sp.end; i++ {
			t := tr[i]
			sumBase += t.base
			if isIntrinsic(t.size.Min) || t.size.FitContent {
				mins = append(mins, i)
			}
			if isIntrinsic(t.size.Max) || t.size.FitContent {
				maxs = append(maxs, i)
			}
		}
		if extra := minC - sumBase; extra > 0 && len(mins) > 0 {
			for _, i := range mins {
				tr[i].base += extra / float64(len(mins))
				tr[i].limit = math.Max(tr[i].limit, tr[i].base)
			}
		}
		// the growth limits after the base sizes grew (an infinite one
		// counts as the base size)
		sumLimit := inner
		for i := sp.start; i < sp.end; i++ {
			if math.IsInf(tr[i].limit, 1) {
				sumLimit += tr[i].base
			} else {
				sumLimit += tr[i].limit
			}
		}
		if extra := maxC - sumLimit; extra > 0 && len(maxs) > 0 {
			for _, i := range maxs {
				t := &tr[i]
				if math.IsInf(t.limit, 1) {
					t.limit = t.base
				}
				t.limit += extra / float64(len(maxs))
			}
		}
	}
	// items crossing flexible tracks: their minimum contribution goes to
	// the flexible tracks' base sizes
	for _, it := range flexItems {
		sp := it.area[g.axis]
		minC, _ := g.contrib(it)
		sum := g.gaps(sp)
		var flex []int
		for i := sp.start; i < sp.end; i++ {
			sum += tr[i].base
			if isFlexTrack(tr[i]) && tr[i].size.Min.Kind != style.GridFixed {
				flex = append(flex, i)
			}
		}
		if extra := minC - sum; extra > 0 && len(flex) > 0 {
			for _, i := range flex {
				tr[i].base += extra / float64(len(flex))
			}
		}
	}
	for i := range tr {
		if t := &tr[i]; math.IsInf(t.limit, 1) || t.limit < t.base {
			t.limit = t.base
		}
	}
}

// flex expands the flexible tracks (§11.7).
func (g *gridSizing) flex() {
	tr := g.tracks
	var flex []int
	for i, t := range tr {
		if isFlexTrack(t) && !t.collapsed {
			flex = append(flex, i)
		}
	}
	if len(flex) == 0 {
		return
	}
	var fr float64
	if !math.IsInf(g.avail, 1) {
		fr = g.frSize(gridSpan{0, len(tr)}, g.avail)
	} else {
		for _, i := range flex {
			f := tr[i].size.Max.Fr
			if f > 1 {
				fr = math.Max(fr, tr[i].base/f)
			} else {
				fr = math.Max(fr, tr[i].base)
			}
		}
		for _, it := range g.items {
			if sp := it.area[g.axis]; g.crossesFlex(sp) {
				_, maxC := g.contrib(it)
				fr = math.Max(fr, g.frSize(sp, maxC))
			}
		}
	}
	for _, i := range flex {
		tr[i].base = math.Max(tr[i].base, fr*tr[i].size.Max.Fr)
	}
}

// frSize finds the size of an fr for the tracks of sp to fill space
// (§11.7.1): flexible tracks whose base size is larger than their share
// count as inflexible.
func (g *gridSizing) frSize(sp gridSpan, space float64) float64 {
	tr := g.tracks
	inflexible := map[int]bool{}
	for range sp.end - sp.start + 1 {
		left := space - g.gaps(sp)
		factors := 0.0
		for i := sp.start; i < sp.end; i++ {
			if isFlexTrack(tr[i]) && !inflexible[i] {
				factors += tr[i].size.Max.Fr
			} else {
				left -= tr[i].base
			}
		}
		if left <= 0 {
			return 0
		}
		fr := left / math.Max(factors, 1)
		again := false
		for i := sp.start; i < sp.end; i++ {
			if isFlexTrack(tr[i]) && !inflexible[i] && fr*tr[i].size.Max.Fr < tr[i].base {
				inflexible[i] = true
				again = true
			}
		}
		if !again {
			return fr
		}
	}
	return 0
}

// place sets the offsets of the tracks from start, with the content
// distribution mode (justify-content or align-content) and the space
// avail (Inf: none to distribute); it returns the total size.
func (g *gridSizing) place(mode string, avail float64) float64 {
	tr := g.tracks
	used := g.gaps(gridSpan{0, len(tr)})
	n := 0
	for _, t := range tr {
		used += t.base
		if !t.collapsed {
			n++
		}
	}
	pos, between := 0.0, g.gap
	if free := avail - used; !math.IsInf(avail, 1) && free > 0 && n > 0 {
		switch alignWord(mode) {
		case "end", "flex-end", "right":
			pos = free
		case "center":
			pos = free / 2
		case "space-between":
			if n > 1 {
				between += free / float64(n-1)
			}
		case "space-around":
			pos = free / float64(n) / 2
			between += free / float64(n)
		case "space-evenly":
			pos = free / float64(n+1)
			between += free / float64(n+1)
		}
	}
	seen := false
	for i := range tr {
		t := &tr[i]
		if !t.collapsed {
			if seen {
				pos += between
			}
			seen = true
		}
		t.pos = pos
		pos += t.base
	}
	return used
}

// alignWord is the alignment keyword of an alignment value, without
// overflow-position (safe, unsafe) or first/last.
func alignWord(v string) string {
	for _, p := range [...]string{"safe ", "unsafe ", "first ", "last "} {
		if len(v) > len(p) && v[:len(p)] == p {
			v = v[len(p):]
		}
	}
	return v
}

// spanSize returns the size of the tracks of sp and their inner
// gutters.
func (g *gridSizing) spanSize(sp gridSpan) float64 {
	if sp.end <= sp.start {
		return 0
	}
	first, last := g.tracks[sp.start], g.tracks[sp.end-1]
	return last.pos + last.base - first.pos
}
