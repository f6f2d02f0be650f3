package layout

import (
	"slices"

	"github.com/seed28491532/folio/style"
)

// This file holds what paginateLate keeps of each page whose margin
// boxes wait for the page count: 32 bytes a page and 24 a string
// assignment, in chunks of fixed size (no slack, no copy as they
// grow), so that a document of thousands of pages streamed to a
// LateSink holds little more at its last page than at its first (issue
// 24).

// lateChunk is the number of records (or string assignments) of one
// chunk of lateRecords.
const lateChunk = 1024

// chunks is a sequence grown a chunk of lateChunk values at a time: a
// long sequence costs no doubling slack and is never copied.
type chunks[T any] struct {
	parts []*[lateChunk]T
	n     int
}

// add appends v.
func (c *chunks[T]) add(v T) {
	if c.n%lateChunk == 0 {
		c.parts = append(c.parts, new([lateChunk]T))
	}
	c.parts[c.n/lateChunk][c.n%lateChunk] = v
	c.n++
}

// at returns value i (i < c.n, its chunk not yet let go).
func (c *chunks[T]) at(i int) *T { return &c.parts[i/lateChunk][i%lateChunk] }

// letGoBefore lets go of the chunks wholly before value i.
func (c *chunks[T]) letGoBefore(i int) {
	for k := range min(i/lateChunk, len(c.parts)) {
		c.parts[k] = nil
	}
}

// lateGeom is what the late pages of a run share: their size, areas,
// page style and page context but for its positions (lateRecord has
// those). Records name one lateGeom per distinct value.
type lateGeom struct {
	width, height float64
	area          Rect
	margin        [4]float64
	ctx           style.PageContext // Index and Group 0
	style         *style.PageStyle
}

// derivedEntry is the lateRecord.entry of a page whose entry values of
// the named strings are those of the late page before it with that
// page's assignments applied (or none, for the first): a long document's
// pages follow one another, and most keep no values of their own.
const derivedEntry = -1

// lateRecord is one page whose margin boxes are laid out after the last
// page. Its positions but its number fit in 32 bits: a document has far
// fewer pages (Options.MaxPages), string assignments and distinct
// geometries.
type lateRecord struct {
	number int
	geom   int32
	index  int32
	// ctxIndex and group are the page context's Index and Group
	ctxIndex, group int32
	// entry is the page's entry values of the named strings,
	// lateRecords.entries[entry], or derivedEntry; its assignments are
	// lateRecords.assigns from the previous record's to, to to.
	entry, to int32
}

// lateRecords are the late pages of a document, in order.
type lateRecords struct {
	pages chunks[lateRecord]
	// entries are the entry values of the named strings of the late
	// pages that cannot be derived from the page before (derivedEntry):
	// the tracker's own (frozen).
	entries []stringValues
	// assigns holds the string assignments of all the late pages, one
	// after the other (most pages have none or one), their names by
	// number in names (a document sets few).
	assigns chunks[lateAssign]
	names   []string
	nameIDs map[string]int32
	geoms   []lateGeom
	geomIDs map[lateGeom]int32
	// next is the entry values a page following the last recorded one
	// would have (its own copy).
	next stringValues
}

// add records page p, numbered, with its named strings vals (those
// strs, the run's tracker, returned for it).
func (r *lateRecords) add(p *Page, vals pageStrings, strs *stringTracker) {
	rec := lateRecord{geom: r.geomID(p), number: p.Number, index: int32(p.Index),
		ctxIndex: int32(p.Context.Index), group: int32(p.Context.Group), entry: derivedEntry}
	if !slices.Equal(vals.entry, r.next) {
		if len(r.entries) == 0 || !strs.frozen {
			// the values changed since the last entry kept: the
			// tracker copies them before the next change
			r.entries = append(r.entries, vals.entry)
			strs.freeze()
		}
		rec.entry = int32(len(r.entries) - 1)
		r.next = slices.Clone(r.entries[rec.entry])
	}
	for _, a := range vals.assigns {
		r.assigns.add(lateAssign{value: a.value, name: r.nameID(a.name), atStart: a.atStart})
		r.next = r.next.with(a)
	}
	rec.to = int32(r.assigns.n)
	r.pages.add(rec)
}

// lateAssign is a stringAssign kept for a late page: 24 bytes rather
// than 40.
type lateAssign struct {
	value   string
	name    int32 // in lateRecords.names
	atStart bool
}

// nameID returns the number of name in r.names, adding it.
func (r *lateRecords) nameID(name string) int32 {
	id, ok := r.nameIDs[name]
	if !ok {
		if r.nameIDs == nil {
			r.nameIDs = map[string]int32{}
		}
		id = int32(len(r.names))
		r.names = append(r.names, name)
		r.nameIDs[name] = id
	}
	return id
}

// geomID returns the number of p's geometry in r.geoms, adding it.
func (r *lateRecords) geomID(p *Page) int32 {
	g := lateGeom{width: p.Width, height: p.Height, area: p.Area, margin: p.Margin, ctx: p.Context, style: p.Style}
	g.ctx.Index, g.ctx.Group = 0, 0
	id, ok := r.geomIDs[g]
	if !ok {
		if r.geomIDs == nil {
			r.geomIDs = map[lateGeom]int32{}
		}
		id = int32(len(r.geoms))
		r.geoms = append(r.geoms, g)
		r.geomIDs[g] = id
	}
	return id
}

// each calls yield with each late page, in order, as a page without
// body and its named strings as they were when it was recorded (valid
// during the call), letting go of the records behind it.
func (r *lateRecords) each(yield func(*Page, pageStrings) error) error {
	var entry stringValues
	var assigns []stringAssign
	from := 0
	for i := range r.pages.n {
		rec := *r.pages.at(i)
		if rec.entry == derivedEntry {
			for _, a := range assigns {
				entry = entry.with(a)
			}
		} else {
			entry = slices.Clone(r.entries[rec.entry])
		}
		assigns = assigns[:0]
		for k := from; k < int(rec.to); k++ {
			a := r.assigns.at(k)
			assigns = append(assigns, stringAssign{name: r.names[a.name], value: a.value, atStart: a.atStart})
		}
		from = int(rec.to)
		g := &r.geoms[rec.geom]
		p := &Page{Index: int(rec.index), Width: g.width, Height: g.height, Area: g.area, Margin: g.margin,
			Number: rec.number, Context: g.ctx, Style: g.style}
		p.Context.Index, p.Context.Group = int(rec.ctxIndex), int(rec.group)
		if err := yield(p, pageStrings{entry: entry, assigns: slices.Clip(assigns)}); err != nil {
			return err
		}
		r.pages.letGoBefore(i + 1)
		r.assigns.letGoBefore(from)
	}
	return nil
}

// with sets the value a assigns in vs, which it may change, and returns
// vs.
func (vs stringValues) with(a stringAssign) stringValues {
	i, ok := vs.find(a.name)
	if ok {
		vs[i].value = a.value
		return vs
	}
	return slices.Insert(vs, i, stringValue{a.name, a.value})
}
