package style

import (
	"strings"

	"github.com/seed28491532/folio/css"
)

// Fragmentation, paged media and table properties.

// applyBreak sets break-before, break-after or break-inside.
func applyBreak(_ applier, s *Style, id propID, x value) bool {
	b, ok := breakOf(x.kw, id == pBreakInside)
	if !ok || !x.single() {
		return false
	}
	switch id {
	case pBreakBefore:
		s.BreakBefore = b
	case pBreakAfter:
		s.BreakAfter = b
	default:
		s.BreakInside = b
	}
	return true
}

// applyOrphansWidows sets orphans or widows.
func applyOrphansWidows(a applier, s *Style, id propID, x value) bool {
	n, ok := a.lengths(s).integer(x.f[0])
	if !ok || n < 1 || !x.single() {
		return false
	}
	if id == pOrphans {
		s.Orphans = n
	} else {
		s.Widows = n
	}
	return true
}

func applyPage(_ applier, s *Style, _ propID, x value) bool {
	if !x.single() || x.f[0].Kind != css.Ident {
		return false
	}
	if x.kw == "auto" {
		s.Page = ""
	} else {
		s.Page = x.f[0].Text
	}
	return true
}

// applySize2D sets the page size (the size descriptor of @page).
func applySize2D(a applier, s *Style, _ propID, x value) bool {
	sz, ok := pageSize(a.lengths(s), x.f)
	if !ok {
		return false
	}
	s.pageSize = sz
	return true
}

func applyBorderCollapse(_ applier, s *Style, _ propID, x value) bool {
	switch x.kw {
	case "separate":
		s.BorderCollapse = BorderSeparate
	case "collapse":
		s.BorderCollapse = BorderCollapsed
	default:
		return false
	}
	return true
}

func applyBorderSpacing(a applier, s *Style, _ propID, x value) bool {
	f := x.f
	if len(f) > 2 {
		return false
	}
	lc := a.lengths(s)
	h, ok := lc.length(f[0], false, false)
	if !ok {
		return false
	}
	v := h
	if len(f) == 2 {
		if v, ok = lc.length(f[1], false, false); !ok {
			return false
		}
	}
	s.BorderSpacing = [2]float64{h.Value, v.Value}
	return true
}

func applyCaptionSide(_ applier, s *Style, _ propID, x value) bool {
	switch x.kw {
	case "top", "block-start":
		s.CaptionSide = CaptionTop
	case "bottom", "block-end":
		s.CaptionSide = CaptionBottom
	default:
		return false
	}
	return true
}

func applyTableLayout(_ applier, s *Style, _ propID, x value) bool {
	switch x.kw {
	case "auto":
		s.TableLayout = TableLayoutAuto
	case "fixed":
		s.TableLayout = TableLayoutFixed
	default:
		return false
	}
	return true
}

func applyEmptyCells(_ applier, s *Style, _ propID, x value) bool {
	switch x.kw {
	case "show":
		s.EmptyCellsHide = false
	case "hide":
		s.EmptyCellsHide = true
	default:
		return false
	}
	return true
}

func breakOf(s string, inside bool) (Break, bool) {
	switch s {
	case "auto":
		return BreakAuto, true
	case "avoid":
		return BreakAvoid, true
	case "avoid-page":
		return BreakAvoidPage, true
	case "avoid-column":
		return BreakAvoidColumn, true
	}
	if inside {
		return 0, false
	}
	switch s {
	case "page", "always", "all":
		return BreakPage, true
	case "left":
		return BreakLeft, true
	case "right":
		return BreakRight, true
	case "recto":
		return BreakRecto, true
	case "verso":
		return BreakVerso, true
	case "column":
		return BreakColumn, true
	}
	return 0, false
}

// pageSize parses the size property: auto | length{1,2} | name ||
// orientation. It returns the size in points ([0,0] for auto).
func pageSize(lc lengthCtx, f []css.Token) ([2]float64, bool) {
	if len(f) == 1 && f[0].Is("auto") {
		return [2]float64{}, true
	}
	var size [2]float64
	var lens []float64
	orient := ""
	named := false
	for _, t := range f {
		switch {
		case t.Is("portrait") || t.Is("landscape"):
			if orient != "" {
				return size, false
			}
			orient = strings.ToLower(t.Text)
		case t.Kind == css.Ident:
			sz, ok := namedPageSize(strings.ToLower(t.Text))
			if !ok || named {
				return size, false
			}
			size, named = sz, true
		default:
			l, ok := lc.length(t, false, false)
			if !ok || l.Value <= 0 {
				return size, false
			}
			lens = append(lens, l.Value)
		}
	}
	switch {
	case len(lens) > 0 && (named || orient != "" || len(lens) > 2):
		return size, false
	case len(lens) == 1:
		size = [2]float64{lens[0], lens[0]}
	case len(lens) == 2:
		size = [2]float64{lens[0], lens[1]}
	case !named:
		size, _ = namedPageSize("a4")
	}
	if orient == "landscape" && size[0] < size[1] || orient == "portrait" && size[0] > size[1] {
		size[0], size[1] = size[1], size[0]
	}
	return size, true
}

// namedPageSize returns the portrait size of a page-size name in points.
func namedPageSize(name string) ([2]float64, bool) {
	mm := func(w, h float64) [2]float64 { return [2]float64{w * 72 / 25.4, h * 72 / 25.4} }
	in := func(w, h float64) [2]float64 { return [2]float64{w * 72, h * 72} }
	switch name {
	case "a3":
		return mm(297, 420), true
	case "a4":
		return mm(210, 297), true
	case "a5":
		return mm(148, 210), true
	case "a6":
		return mm(105, 148), true
	case "b4":
		return mm(250, 353), true
	case "b5":
		return mm(176, 250), true
	case "jis-b4":
		return mm(257, 364), true
	case "jis-b5":
		return mm(182, 257), true
	case "letter":
		return in(8.5, 11), true
	case "legal":
		return in(8.5, 14), true
	case "ledger", "tabloid":
		return in(11, 17), true
	case "executive":
		return in(7.25, 10.5), true
	}
	return [2]float64{}, false
}
