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
// page. Its positions fit in 32 bits: a document has far fewer pages
// (Options.MaxPages) and string assignments.
type lateRecord struct {
	geom   *lateGeom
	number int
	index  int32
	// ctxIndex and group are the page context's Index and Group
	ctxIndex, group int32
	// entry is the page's entry values of the named strings,
	// lateRecords.entries[entry]; its assignments are
	// lateRecords.assigns from the previous record's to, to to.
	entry, to int32
}

// lateRecords are the late pages of a document, in order.
type lateRecords struct {
	pages []lateRecord
	// entries are the entry values of the named strings of the late
	// pages, one for each change: the tracker's own (frozen), which most
	// pages share.
	entries []stringValues
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
	if len(r.entries) == 0 || !strs.frozen {
		// the values changed since the last late page (or it is the
		// first): the tracker copies them before the next change
		r.entries = append(r.entries, vals.entry)
		strs.freeze()
	}
	r.assigns = append(r.assigns, vals.assigns...)
	r.pages = append(r.pages, lateRecord{geom: gp, number: p.Number, index: int32(p.Index),
		ctxIndex: int32(p.Context.Index), group: int32(p.Context.Group), entry: int32(len(r.entries) - 1), to: int32(len(r.assigns))})
}

// page returns late page i as a page without body and its named
// strings, as they were when it was recorded.
func (r *lateRecords) page(i int) (*Page, pageStrings) {
	rec := &r.pages[i]
	g := rec.geom
	p := &Page{Index: int(rec.index), Width: g.width, Height: g.height, Area: g.area, Margin: g.margin,
		Number: rec.number, Context: g.ctx, Style: g.style}
	p.Context.Index, p.Context.Group = int(rec.ctxIndex), int(rec.group)
	from := int32(0)
	if i > 0 {
		from = r.pages[i-1].to
	}
	vals := pageStrings{entry: r.entries[rec.entry]}
	if rec.to > from {
		vals.assigns = r.assigns[from:rec.to:rec.to]
	}
	return p, vals
}
