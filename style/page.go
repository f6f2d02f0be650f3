package style

import (
	"cmp"
	"slices"

	"github.com/seed28491532/folio/css"
)

// pageMatch is a matching @page rule with the specificity it matched by.
type pageMatch struct {
	e    *pageEntry
	spec [3]int
}

// matchPages returns the @page rules that apply in pc, in cascade order.
func (s *Styles) matchPages(pc PageContext) []pageMatch {
	var out []pageMatch
	for _, e := range s.pages {
		if len(e.sels) == 0 {
			out = append(out, pageMatch{e: e})
			continue
		}
		best, ok := [3]int{}, false
		for _, ps := range e.sels {
			if ps.Name != "" && ps.Name != pc.Name || ps.First && !pc.First || ps.Blank && !pc.Blank ||
				ps.Left && !pc.Left || ps.Right && pc.Left || !nthMatch(ps.Nth, pc) {
				continue
			}
			if !ok || slices.Compare(best[:], ps.Spec[:]) < 0 {
				best = ps.Spec
			}
			ok = true
		}
		if ok {
			out = append(out, pageMatch{e: e, spec: best})
		}
	}
	slices.SortStableFunc(out, func(a, b pageMatch) int {
		if a.e.origin != b.e.origin {
			return cmp.Compare(a.e.origin, b.e.origin)
		}
		if c := slices.Compare(a.spec[:], b.spec[:]); c != 0 {
			return c
		}
		return cmp.Compare(a.e.order, b.e.order)
	})
	return out
}

// nthMatch reports whether page pc matches every :nth() of a selector; a
// negative position stands for any page and matches every :nth().
func nthMatch(nth []css.PageNth, pc PageContext) bool {
	for _, n := range nth {
		i := pc.Index
		if n.Of != "" {
			if n.Of != pc.Name {
				return false
			}
			i = pc.Group
		}
		if i >= 0 && !n.Matches(i) {
			return false
		}
	}
	return true
}

// pageKey is the key of the page style cache: the page context with its
// index and group position replaced by the :nth() tests they pass, so
// that pages matching the same rules share one style.
type pageKey struct {
	pc  PageContext
	nth uint64
}

// keyOf returns the cache key of pc; with more than 64 :nth() tests in
// the style sheets the page positions stay in the key.
func (s *Styles) keyOf(pc PageContext) pageKey {
	var mask uint64
	k := 0
	for _, e := range s.pages {
		for _, ps := range e.sels {
			for _, n := range ps.Nth {
				if k == 64 {
					return pageKey{pc: pc}
				}
				if nthMatch([]css.PageNth{n}, pc) {
					mask |= 1 << k
				}
				k++
			}
		}
	}
	pc.Index, pc.Group = 0, 0
	return pageKey{pc: pc, nth: mask}
}

// Page returns the style of a page in context pc: its size (the size
// property, Options.PageSize when set, A4 by default), the page box style
// (Margin holds the page margins in points) and the margin boxes that
// generate a box (content other than none/normal).
func (s *Styles) Page(pc PageContext) *PageStyle {
	if s == nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	key := s.keyOf(pc)
	if ps, ok := s.pageCache[key]; ok {
		return ps
	}
	ms := s.matchPages(pc)
	parent := s.root
	if parent == nil {
		parent = initialOnce()
	}
	// the page context inherits from the root element
	var pageDecls []cdecl
	for _, m := range ms {
		pageDecls = append(pageDecls, m.e.decls...)
	}
	box := s.pageBox(pageDecls, parent)
	ps := &PageStyle{Box: box, Size: s.size}
	if box.pageSize != [2]float64{} {
		ps.Size = box.pageSize
	}
	if s.force[0] > 0 && s.force[1] > 0 {
		ps.Size = s.force
	}
	// page margins: percentages refer to the page width (left/right) and
	// height (top/bottom); auto counts as 0
	m := box.MutMargin()
	for i := range m.Margin {
		base := ps.Size[0]
		if i == Top || i == Bottom {
			base = ps.Size[1]
		}
		m.Margin[i] = Length{Value: m.Margin[i].Resolve(base, 0), Unit: Pt}
	}
	for i := 0; i < int(NumMarginBoxes); i++ {
		var decls []cdecl
		for _, m := range ms {
			decls = append(decls, m.e.margins[i]...)
		}
		if len(decls) == 0 {
			continue
		}
		decls = append(marginBoxDefaults(MarginBox(i)), decls...)
		mb := s.pageBox(decls, box)
		if mb.ContentMode != ContentList {
			continue
		}
		ps.Margins[i] = mb
	}
	var fdecls []cdecl
	for _, m := range ms {
		fdecls = append(fdecls, m.e.footnote...)
	}
	ps.Footnote = s.pageBox(fdecls, box)
	if s.pageCache == nil {
		s.pageCache = map[pageKey]*PageStyle{}
	}
	s.pageCache[key] = ps
	return ps
}

// pageBox cascades declarations (already in cascade order, normal before
// important handled here) into a style inheriting from parent.
func (s *Styles) pageBox(decls []cdecl, parent *Style) *Style {
	cas := s.cas
	cas.resetWinners()
	for _, imp := range []bool{false, true} {
		for i := range decls {
			if d := &decls[i]; d.important == imp {
				cas.add(d, false)
			}
		}
	}
	st := new(Style)
	cas.compute(st, parent, s.vars, "", false)
	cas.setDisplay(st, DisplayBlock)
	cas.cow.commit(st)
	return st
}

// marginBoxDefaults returns the user-agent text-align and vertical-align
// of a margin box (css-page-3 §4.2, the alignment table).
func marginBoxDefaults(mb MarginBox) []cdecl {
	h, v := "center", "middle"
	switch mb {
	case TopLeftCorner, BottomLeftCorner, TopRight, BottomRight:
		h = "right"
	case TopRightCorner, BottomRightCorner, TopLeft, BottomLeft:
		h = "left"
	case LeftTop, RightTop:
		v = "top"
	case LeftBottom, RightBottom:
		v = "bottom"
	}
	mk := func(id propID, kw string) cdecl {
		t := []css.Token{{Kind: css.Ident, Text: kw}}
		return cdecl{prop: id, value: t, fields: t}
	}
	return []cdecl{mk(pTextAlign, h), mk(pVerticalAlign, v)}
}
