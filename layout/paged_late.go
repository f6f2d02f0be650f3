package layout

import "github.com/seed28491532/folio/style"

// This file holds what paginateLate keeps of each page whose margin
// boxes wait for the page count: tens of bytes a page, not the page and
// a copy of its named strings, so that a document of thousands of pages
// streamed to a LateSink holds little more at its last page than at its
// first (issue 24).

// lateGeom is what the late pages of a run share: their size, areas,
// page style and page context but for its positions (lateRecord has
// those). Records point to one lateGeom per distinct value.
type lateGeom struct {
	width, height float64
	area          Rect
	margin        [4]float64
	ctx           style.PageContext // Index and Group 0
	style         *style.PageStyle
}

// lateRecord is one page whose margin boxes are laid out after the last
// page.
type lateRecord struct {
	geom *lateGeom
	// entry is the page's entry values of the named strings: those of
	// stringTracker, frozen (shared by the pages it does not change on).
	entry stringValues
	// the page's assignments are lateRecords.assigns[from:to]
	from, to               int
	number                 int
	index, ctxIndex, group int
}

// lateRecords are the late pages of a document, in order.
type lateRecords struct {
	pages []lateRecord
	// assigns holds the string assignments of all the late pages, one
	// after the other (most pages have none or one).
	assigns []stringAssign
	geoms   map[lateGeom]*lateGeom
}

// add records page p, numbered, with its named strings vals (those
// strs, the run's tracker, returned for it).
func (r *lateRecords) add(p *Page, vals pageStrings, strs *stringTracker) {
	g := lateGeom{width: p.Width, height: p.Height, area: p.Area, margin: p.Margin, ctx: p.Context, style: p.Style}
	g.ctx.Index, g.ctx.Group = 0, 0
	gp, ok := r.geoms[g]
	if !ok {
		if r.geoms == nil {
			r.geoms = map[lateGeom]*lateGeom{}
		}
		gp = &g
		r.geoms[g] = gp
	}
	from := len(r.assigns)
	r.assigns = append(r.assigns, vals.assigns...)
	if vals.entry != nil {
		strs.freeze() // vals.entry is the tracker's: it copies it before a change
	}
	r.pages = append(r.pages, lateRecord{geom: gp, entry: vals.entry, from: from, to: len(r.assigns),
		number: p.Number, index: p.Index, ctxIndex: p.Context.Index, group: p.Context.Group})
}

// page returns late page i as a page without body and its named
// strings, as they were when it was recorded.
func (r *lateRecords) page(i int) (*Page, pageStrings) {
	rec := &r.pages[i]
	g := rec.geom
	p := &Page{Index: rec.index, Width: g.width, Height: g.height, Area: g.area, Margin: g.margin,
		Number: rec.number, Context: g.ctx, Style: g.style}
	p.Context.Index, p.Context.Group = rec.ctxIndex, rec.group
	var vals pageStrings
	vals.entry = rec.entry
	if rec.to > rec.from {
		vals.assigns = r.assigns[rec.from:rec.to:rec.to]
	}
	return p, vals
}
