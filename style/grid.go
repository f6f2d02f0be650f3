package style

import (
	"strings"

	"github.com/seed28491532/folio/css"
)

// CSS Grid Layout 1 values: track lists, template areas and line
// placements, parsed into the computed forms layout uses.

// MaxGridTracks bounds the tracks of a grid: the count of a repeat(),
// and the tracks and lines layout creates (CSS Grid 1 §7.2 lets
// implementations clamp the grid; Chromium also stops at 1000).
const MaxGridTracks = 1000

// GridBreadthKind is the kind of a track breadth.
type GridBreadthKind uint8

// Track breadth kinds.
const (
	// GridAuto is auto: min-content minimum, max-content maximum.
	GridAuto GridBreadthKind = iota
	// GridFixed is a length or percentage (GridBreadth.L).
	GridFixed
	// GridFr is a flexible breadth (GridBreadth.Fr).
	GridFr
	// GridMinContent and GridMaxContent are the content keywords.
	GridMinContent
	GridMaxContent
)

// GridBreadth is a track breadth.
type GridBreadth struct {
	Kind GridBreadthKind
	L    Length
	Fr   float64
}

// GridTrackSize is a track sizing function: a minimum and a maximum
// breadth (one breadth sets both: a flexible one has an auto minimum).
// FitContent marks fit-content(Limit): minimum auto, maximum max-content
// clamped to Limit.
type GridTrackSize struct {
	Min, Max   GridBreadth
	FitContent bool
	Limit      Length
}

// GridTemplate is a computed grid-template-columns or -rows value (nil
// is none).
type GridTemplate struct {
	// Sizes are the explicit tracks (integer repeats expanded); Names[i]
	// are the names of the line before Sizes[i] (len(Sizes)+1 lines).
	Sizes []GridTrackSize
	Names [][]string
	// RepeatAt, when not -1, is the index in Sizes before which an
	// auto-fill (auto-fit when AutoFit) repetition of RepeatSizes goes;
	// RepeatNames are the line names of one repetition.
	RepeatAt    int
	AutoFit     bool
	RepeatSizes []GridTrackSize
	RepeatNames [][]string
	// Names[RepeatAt] are the names written before the repetition;
	// RepeatAfter those written after it, on the line that ends it.
	RepeatAfter []string
	// Subgrid marks subgrid (css-grid-2 §9): the tracks are the parent
	// grid's; Names then holds the line names listed after it, one
	// entry a line, and Sizes is empty.
	Subgrid bool
}

// GridArea is one named area of grid-template-areas: lines 0-based,
// ends exclusive.
type GridArea struct {
	Name                               string
	RowStart, RowEnd, ColStart, ColEnd int
}

// GridAreas is a computed grid-template-areas value (nil is none).
type GridAreas struct {
	Rows, Cols int
	Areas      []GridArea
}

// GridLine is a grid-row-start, -end, grid-column-start or -end value;
// the zero value is auto.
type GridLine struct {
	// Span marks span N (N at least 1) or span Name.
	Span bool
	// N is the line number (negative counts from the end); 0 with a
	// Name means the first line of that name.
	N    int
	Name string
}

// IsAuto reports whether g is auto.
func (g GridLine) IsAuto() bool { return !g.Span && g.N == 0 && g.Name == "" }

// GridAutoFlow is grid-auto-flow: row (the zero value) or column, and
// dense.
type GridAutoFlow uint8

// grid-auto-flow bits.
const (
	GridFlowColumn GridAutoFlow = 1 << iota
	GridFlowDense
)

// parseGridBreadth parses a track breadth; flex allows fr.
func parseGridBreadth(lc lengthCtx, t css.Token, flex bool) (GridBreadth, bool) {
	switch {
	case t.Kind == css.Dimension && t.Unit == "fr":
		return GridBreadth{Kind: GridFr, Fr: t.Num}, flex && t.Num >= 0
	case t.Is("auto"):
		return GridBreadth{Kind: GridAuto}, true
	case t.Is("min-content"):
		return GridBreadth{Kind: GridMinContent}, true
	case t.Is("max-content"):
		return GridBreadth{Kind: GridMaxContent}, true
	}
	l, ok := lc.length(t, true, false)
	return GridBreadth{Kind: GridFixed, L: l}, ok
}

// parseTrackSize parses one track size token.
func parseTrackSize(lc lengthCtx, t css.Token) (GridTrackSize, bool) {
	if t.Kind == css.Function {
		args := css.Fields(t.Args)
		switch strings.ToLower(t.Text) {
		case "minmax":
			parts := css.SplitCommas(t.Args)
			if len(parts) != 2 {
				return GridTrackSize{}, false
			}
			a, b := css.Fields(parts[0]), css.Fields(parts[1])
			if len(a) != 1 || len(b) != 1 {
				return GridTrackSize{}, false
			}
			lo, ok1 := parseGridBreadth(lc, a[0], false)
			hi, ok2 := parseGridBreadth(lc, b[0], true)
			return GridTrackSize{Min: lo, Max: hi}, ok1 && ok2
		case "fit-content":
			if len(args) != 1 {
				return GridTrackSize{}, false
			}
			l, ok := lc.length(args[0], true, false)
			return GridTrackSize{Max: GridBreadth{Kind: GridMaxContent}, FitContent: true, Limit: l}, ok
		}
	}
	b, ok := parseGridBreadth(lc, t, true)
	if !ok {
		return GridTrackSize{}, false
	}
	if b.Kind == GridFr {
		return GridTrackSize{Max: b}, true
	}
	return GridTrackSize{Min: b, Max: b}, true
}

// fixed reports whether s is a fixed size (css-grid-1 §7.2.3): one of
// its breadths is a length.
func (s GridTrackSize) fixed() bool {
	return !s.FitContent && (s.Min.Kind == GridFixed || s.Max.Kind == GridFixed)
}

// lineNames returns the names of a [ ... ] block token.
func lineNames(t css.Token) ([]string, bool) {
	if t.Kind != css.Block || t.Text != "[" {
		return nil, false
	}
	names := []string{}
	for _, a := range css.Fields(t.Args) {
		if a.Kind != css.Ident || a.Is("span") || a.Is("auto") {
			return nil, false
		}
		names = append(names, a.Text)
	}
	return names, true
}

// trackList accumulates a track list.
type trackList struct {
	sizes []GridTrackSize
	names [][]string
}

// addNames adds names to the line after the last track.
func (tl *trackList) addNames(n []string) {
	if len(tl.names) == len(tl.sizes) {
		tl.names = append(tl.names, nil)
	}
	tl.names[len(tl.sizes)] = append(tl.names[len(tl.sizes)], n...)
}

func (tl *trackList) addSize(s GridTrackSize) {
	if len(tl.names) == len(tl.sizes) {
		tl.names = append(tl.names, nil)
	}
	tl.sizes = append(tl.sizes, s)
}

// finish closes the list: one names entry per line.
func (tl *trackList) finish() {
	if len(tl.names) == len(tl.sizes) {
		tl.names = append(tl.names, nil)
	}
}

// parseSimpleList parses a list of line names and track sizes with no
// repeat() (a repeat()'s contents).
func parseSimpleList(lc lengthCtx, f []css.Token) (trackList, bool) {
	var tl trackList
	for _, t := range f {
		if n, ok := lineNames(t); ok {
			tl.addNames(n)
			continue
		}
		s, ok := parseTrackSize(lc, t)
		if !ok {
			return tl, false
		}
		tl.addSize(s)
	}
	tl.finish()
	return tl, len(tl.sizes) > 0
}

// parseGridTemplate parses a grid-template-columns or -rows value other
// than none.
func parseGridTemplate(lc lengthCtx, f []css.Token) (*GridTemplate, bool) {
	g := &GridTemplate{RepeatAt: -1}
	var tl trackList
	afterRepeat := false
	for _, t := range f {
		if n, ok := lineNames(t); ok {
			if afterRepeat {
				g.RepeatAfter = append(g.RepeatAfter, n...)
			} else {
				tl.addNames(n)
			}
			continue
		}
		if t.Kind == css.Function && strings.EqualFold(t.Text, "repeat") {
			parts := css.SplitCommas(t.Args)
			if len(parts) != 2 {
				return nil, false
			}
			cnt := css.Fields(parts[0])
			inner, ok := parseSimpleList(lc, css.Fields(parts[1]))
			if len(cnt) != 1 || !ok {
				return nil, false
			}
			if cnt[0].Is("auto-fill") || cnt[0].Is("auto-fit") {
				if g.RepeatAt >= 0 {
					return nil, false // one auto repetition at most
				}
				for _, s := range inner.sizes {
					if !s.fixed() {
						return nil, false
					}
				}
				tl.addNames(nil)
				g.RepeatAt, g.AutoFit = len(tl.sizes), cnt[0].Is("auto-fit")
				g.RepeatSizes, g.RepeatNames = inner.sizes, inner.names
				afterRepeat = true
				continue
			}
			n, ok := lc.integer(cnt[0])
			if !ok || n < 1 {
				return nil, false
			}
			n = min(n, max(1, MaxGridTracks/len(inner.sizes)))
			for range n {
				for i, s := range inner.sizes {
					tl.addNames(inner.names[i])
					tl.addSize(s)
				}
				tl.addNames(inner.names[len(inner.sizes)])
			}
			continue
		}
		s, ok := parseTrackSize(lc, t)
		if !ok {
			return nil, false
		}
		tl.addSize(s)
		afterRepeat = false
	}
	tl.finish()
	if len(tl.sizes) == 0 && g.RepeatAt < 0 {
		return nil, false
	}
	if g.RepeatAt >= 0 {
		// the auto repetition holds the fixed sizes only (§7.2.3.2)
		for _, s := range tl.sizes {
			if !s.fixed() {
				return nil, false
			}
		}
	}
	if len(tl.sizes) > MaxGridTracks {
		tl.sizes, tl.names = tl.sizes[:MaxGridTracks], tl.names[:MaxGridTracks+1]
	}
	g.Sizes, g.Names = tl.sizes, tl.names
	return g, true
}

// parseSubgrid parses subgrid <line-name-list> (f[0] is subgrid): line
// names, repeat(N, [names]+) expanded, and at most one
// repeat(auto-fill, [names]+) kept in RepeatAt/RepeatNames for layout
// to fit to the subgrid's span (css-grid-2 §9.1).
func parseSubgrid(lc lengthCtx, f []css.Token) (*GridTemplate, bool) {
	g := &GridTemplate{Subgrid: true, RepeatAt: -1}
	for _, t := range f[1:] {
		if n, ok := lineNames(t); ok {
			g.Names = append(g.Names, n)
		} else if !g.subgridRepeat(lc, t) {
			return nil, false
		}
		if len(g.Names) > MaxGridTracks+1 {
			g.Names = g.Names[:MaxGridTracks+1]
		}
	}
	return g, true
}

// subgridRepeat adds the repeat() t of a subgrid's line-name list to g;
// false when t is not a valid one.
func (g *GridTemplate) subgridRepeat(lc lengthCtx, t css.Token) bool {
	if t.Kind != css.Function || !strings.EqualFold(t.Text, "repeat") {
		return false
	}
	parts := css.SplitCommas(t.Args)
	if len(parts) != 2 {
		return false
	}
	cnt := css.Fields(parts[0])
	var inner [][]string
	for _, a := range css.Fields(parts[1]) {
		n, ok := lineNames(a)
		if !ok {
			return false
		}
		inner = append(inner, n)
	}
	if len(cnt) != 1 || len(inner) == 0 {
		return false
	}
	if cnt[0].Is("auto-fill") {
		if g.RepeatAt >= 0 {
			return false // one auto repetition at most
		}
		g.RepeatAt, g.RepeatNames = len(g.Names), inner
		return true
	}
	n, ok := lc.integer(cnt[0])
	if !ok || n < 1 {
		return false
	}
	n = min(n, (MaxGridTracks+1)/len(inner)+1)
	for range n {
		g.Names = append(g.Names, inner...)
	}
	return true
}

// SubgridNames returns the line names of a subgrid's line-name list for
// a subgrid spanning lines lines: an auto-fill repetition repeats as
// often as fits without the list exceeding lines (at least none).
func (g *GridTemplate) SubgridNames(lines int) [][]string {
	if g.RepeatAt < 0 || len(g.RepeatNames) == 0 {
		return g.Names
	}
	reps := max(0, (lines-len(g.Names))/len(g.RepeatNames))
	out := make([][]string, 0, len(g.Names)+reps*len(g.RepeatNames))
	out = append(out, g.Names[:g.RepeatAt]...)
	for range reps {
		out = append(out, g.RepeatNames...)
	}
	return append(out, g.Names[g.RepeatAt:]...)
}

// parseGridAreas parses the strings of grid-template-areas; ok is false
// when the rows differ in length or an area is not a rectangle.
func parseGridAreas(f []css.Token) (*GridAreas, bool) {
	var rows [][]string
	for _, t := range f {
		if t.Kind != css.String {
			return nil, false
		}
		cells := areaCells(t.Text)
		if len(cells) == 0 || len(rows) > 0 && len(cells) != len(rows[0]) {
			return nil, false
		}
		rows = append(rows, cells)
	}
	if len(rows) == 0 || len(rows) > MaxGridTracks || len(rows[0]) > MaxGridTracks {
		return nil, false
	}
	g := &GridAreas{Rows: len(rows), Cols: len(rows[0])}
	index := map[string]int{}
	cells := map[string]int{}
	for r, row := range rows {
		for c, name := range row {
			if name == "." {
				continue
			}
			cells[name]++
			i, seen := index[name]
			if !seen {
				index[name] = len(g.Areas)
				g.Areas = append(g.Areas, GridArea{Name: name, RowStart: r, RowEnd: r + 1, ColStart: c, ColEnd: c + 1})
				continue
			}
			a := &g.Areas[i]
			a.RowEnd = max(a.RowEnd, r+1)
			a.ColStart, a.ColEnd = min(a.ColStart, c), max(a.ColEnd, c+1)
		}
	}
	// an area fills its bounding rectangle (css-grid-1 §7.3)
	for _, a := range g.Areas {
		if cells[a.Name] != (a.RowEnd-a.RowStart)*(a.ColEnd-a.ColStart) {
			return nil, false
		}
		for r := a.RowStart; r < a.RowEnd; r++ {
			for c := a.ColStart; c < a.ColEnd; c++ {
				if rows[r][c] != a.Name {
					return nil, false
				}
			}
		}
	}
	return g, true
}

// areaCells splits a row string of grid-template-areas into its cell
// tokens: names, and "." for each run of full stops (a null cell).
func areaCells(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
			i++
		case c == '.':
			for i < len(s) && s[i] == '.' {
				i++
			}
			out = append(out, ".")
		default:
			j := i
			for j < len(s) && s[j] != ' ' && s[j] != '\t' && s[j] != '\n' && s[j] != '\r' && s[j] != '\f' && s[j] != '.' {
				j++
			}
			out = append(out, s[i:j])
			i = j
		}
	}
	return out
}

// parseGridLine parses a grid line placement (auto is the zero value).
func parseGridLine(lc lengthCtx, f []css.Token) (GridLine, bool) {
	var g GridLine
	if len(f) == 1 && f[0].Is("auto") {
		return g, true
	}
	if len(f) == 0 || len(f) > 3 {
		return g, false
	}
	hasN := false
	for _, t := range f {
		switch {
		case t.Is("span"):
			if g.Span {
				return g, false
			}
			g.Span = true
		case t.Kind == css.Number:
			n, ok := lc.integer(t)
			if !ok || n == 0 || hasN {
				return g, false
			}
			g.N, hasN = max(-MaxGridTracks-1, min(n, MaxGridTracks+1)), true
		case t.Kind == css.Ident && !t.Is("auto") && g.Name == "":
			g.Name = t.Text
		default:
			return g, false
		}
	}
	if g.Span {
		// span is first or last, and takes a positive count or a name
		if !f[0].Is("span") && !f[len(f)-1].Is("span") || g.N < 0 {
			return g, false
		}
		if g.N == 0 {
			g.N = 1
		}
		return g, true
	}
	return g, hasN || g.Name != ""
}
