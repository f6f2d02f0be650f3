package pdfua

import (
	"fmt"
)

// IsStandardType reports whether typ is a standard PDF 1.7 structure type
// (one PDF/UA-1 accepts). It is a switch rather than a map lookup: the
// writer asks it several times for every element of the structure tree.
func IsStandardType(typ string) bool {
	switch typ {
	case "Document", "Part", "Art", "Sect", "Div", "BlockQuote",
		"Caption", "TOC", "TOCI", "Index", "NonStruct", "Private",
		"P", "H", "H1", "H2", "H3", "H4", "H5", "H6",
		"L", "LI", "Lbl", "LBody",
		"Table", "TR", "TH", "TD", "THead", "TBody", "TFoot",
		"Span", "Quote", "Note", "Reference", "BibEntry", "Code",
		"Link", "Annot", "Ruby", "RB", "RT", "RP",
		"Warichu", "WT", "WP", "Figure", "Formula", "Form":
		return true
	}
	return false
}

// listNumberings are the values of the /ListNumbering attribute.
var listNumberings = map[string]bool{
	"None": true, "Disc": true, "Circle": true, "Square": true, "Decimal": true,
	"UpperRoman": true, "LowerRoman": true, "UpperAlpha": true, "LowerAlpha": true,
}

// StructElem is an element of the structure tree. Create elements with
// Add on their parent (the root is Document.Root); give them content with
// Page.BeginTagged and Page.AddLink. Kids (child elements, marked content
// on any page, link annotations) keep the order in which they were added,
// so one element may own content on several pages.
//
// The exported fields are the element's attributes; set them before Write.
type StructElem struct {
	// Table holds table attributes (TH, TD).
	Table *TableAttrs
	// attrs holds the element's attributes, nil until one is set (most
	// elements of a long document have none): see Attrs.
	attrs *StructAttrs

	doc    *Document
	typ    string
	parent *StructElem
	page   *Page // page of the first content kid (/Pg)
	kids   []kid
	index  int32 // position in doc.elems
	// ref is the element's object number in a streaming document
	// (StreamTo), negated once the element is written; 0 otherwise.
	ref int32
}

// StructAttrs are the attributes of a structure element. They live out
// of the element, which a long document has about a hundred of a page,
// most without any: set them through StructElem.Attrs.
type StructAttrs struct {
	// Alt is the alternate description (required non-empty on Figure and
	// Formula unless ActualText is set).
	Alt string
	// ActualText replaces the element's content for extraction.
	ActualText string
	// Lang is the element's language when it differs from the document's.
	Lang string
	// E is the expansion of an abbreviation.
	E string
	// ID is the element identifier (required and unique on Note; the TH ids
	// TD Headers refer to).
	ID string
	// Title is the element title (/T).
	Title string
	// ListNumbering is the list numbering style for L: one of None, Disc,
	// Circle, Square, Decimal, UpperRoman, LowerRoman, UpperAlpha,
	// LowerAlpha; empty writes no list attribute.
	ListNumbering string
	// BBox is the layout bounding box on the element's page (Figure,
	// Formula, Table), written as /A << /O /Layout /BBox […] >>. When nil
	// and Document.SetAutoBBox is on, Figure, Formula and Table elements get
	// the page-space bounds of their content on the page where it starts.
	BBox *Rect
}

// Attrs returns e's attributes for setting (e.Attrs().Alt = "…"),
// creating them on first use. Reading them through it creates them too:
// the writer reads them with at.
func (e *StructElem) Attrs() *StructAttrs {
	if e.attrs == nil {
		e.attrs = new(StructAttrs)
	}
	return e.attrs
}

// at returns a copy of e's attributes, zero when none were set.
func (e *StructElem) at() StructAttrs {
	if e.attrs == nil {
		return StructAttrs{}
	}
	return *e.attrs
}

// Scope is a table header's scope.
type Scope string

// Header scopes.
const (
	ScopeNone   Scope = ""
	ScopeRow    Scope = "Row"
	ScopeColumn Scope = "Column"
	ScopeBoth   Scope = "Both"
)

// TableAttrs are the table attributes of a TH or TD (/O /Table).
type TableAttrs struct {
	Scope   Scope
	Headers []string // IDs of the TH elements that head this cell
	RowSpan int      // 0 and 1 both mean no span
	ColSpan int
}

// kid is one child of an element: another element (elem, 1 + its
// index in Document.elems), a marked-content reference (the page's
// index and the MCID) or an annotation reference (the page's index and,
// in mcid, -1 minus the annotation's index among the page's
// annotations). Sixteen bytes and no pointer: a long table has a kid for
// every cell and every row, and the collector need not scan them.
type kid struct {
	elem int32
	page int32
	mcid int32
	// form is 1 + the index of the form XObject (group.go) holding the
	// MCID, 0 for the page's content.
	form int32
}

// annotKid is the kid referring to annotation i of page p.
func annotKid(p *Page, i int) kid { return kid{page: int32(p.index), mcid: int32(-1 - i)} }

// isAnnot reports whether k refers to an annotation.
func (k kid) isAnnot() bool { return k.elem == 0 && k.mcid < 0 }

// elemKid is the kid referring to element e.
func elemKid(e *StructElem) kid { return kid{elem: e.index + 1} }

// child returns the element k refers to, nil when k is marked content
// or an annotation.
func (d *Document) child(k kid) *StructElem {
	if k.elem <= 0 {
		return nil
	}
	return d.elems.at(int(k.elem - 1))
}

// annot returns the annotation k refers to.
func (k kid) annot(d *Document) *annotation { return d.pages[k.page].annots[-1-k.mcid] }

// Type returns the element's structure type (/S).
func (e *StructElem) Type() string { return e.typ }

// Parent returns the parent element, or nil for the root and for an
// element written by Seal.
func (e *StructElem) Parent() *StructElem { return e.parent }

// Add appends a child element of type typ (a standard type, or a custom
// type mapped with Document.RoleMap) and returns it.
func (e *StructElem) Add(typ string) *StructElem {
	d := e.doc
	if d.err != nil {
		return &StructElem{doc: d, typ: typ, parent: e}
	}
	switch {
	case typ == "":
		d.failf("structure element with an empty type under %s", e.typ)
	case typ == "Artifact":
		d.failf("Artifact is not a structure type; use Page.BeginArtifact for artifacts")
	case !readableName(typ):
		d.failf("structure type %q contains characters a PDF name cannot hold readably", typ)
	case e.written():
		d.failf("%s element added under a %s element already sealed and written", typ, e.typ)
	}
	// Elements come from slabs: long documents have thousands of them.
	// Slabs grow with the document, so a short one does not clear
	// memory for hundreds.
	var c *StructElem
	switch {
	case d.st != nil:
		// one by one: a block would stay, with the elements written,
		// while any of its elements is kept until Write
		c = new(StructElem)
	default:
		if len(d.slab) == 0 {
			d.slab = make([]StructElem, slabSize(d.elems.len()))
		}
		c = &d.slab[0] // zeroed: set only what is not zero
		d.slab = d.slab[1:]
	}
	c.doc, c.typ, c.parent = d, typ, e
	if d.st != nil {
		c.ref = int32(d.st.w.Alloc().Num)
	}
	c.index = d.elems.add(c)
	e.addKid(elemKid(c))
	return c
}

// addKid appends k to e's kids. Most elements have a single kid (a P
// with its one marked-content sequence, say), so first kids come from a
// shared slab in the document. An element that gets a second kid (a
// table row, a section) moves to a block of kidBlock kids from the same
// slab, and only one with more kids than that gets a slice of its own.
func (e *StructElem) addKid(k kid) {
	switch cap(e.kids) {
	case 0:
		e.kids = e.doc.kidSlots(1)
		e.kids[0] = k
	case 1:
		first := e.kids[0]
		e.kids = e.doc.kidSlots(kidBlock)[:2]
		e.kids[0], e.kids[1] = first, k
	default:
		e.kids = append(e.kids, k)
	}
}

// kidBlock is the number of kids an element's second kid makes room
// for: enough for the cells of most table rows.
const kidBlock = 8

// kidSlots returns n zeroed kid slots from the document's kid slab, with
// a capacity of n, so appending past them moves to new memory.
func (d *Document) kidSlots(n int) []kid {
	if d.st != nil {
		return make([]kid, n) // one by one, as elements (see Add)
	}
	if len(d.kidSlab) < n {
		d.kidSlab = make([]kid, max(n, slabSize(d.elems.len())))
	}
	ks := d.kidSlab[:n:n]
	d.kidSlab = d.kidSlab[n:]
	return ks
}

// readableName reports whether typ holds none of the characters a PDF
// name would have to escape to hold: white space and delimiters.
func readableName(typ string) bool {
	for i := 0; i < len(typ); i++ {
		switch typ[i] {
		case ' ', '\t', '\r', '\n', '/', '(', ')', '<', '>', '[', ']', '{', '}', '%':
			return false
		}
	}
	return true
}

// slabSize is the size of the next slab for a document of n elements:
// half as many again, from 32 to 256.
func slabSize(n int) int { return min(max(n/2, 32), 256) }

// RoleMap maps the custom structure type custom to standard, which must be
// a standard type. Standard types cannot be remapped (PDF/UA 7.1-7).
func (d *Document) RoleMap(custom, standard string) {
	if d.err != nil {
		return
	}
	switch {
	case IsStandardType(custom):
		d.failf("RoleMap: %s is a standard type and cannot be remapped", custom)
	case !IsStandardType(standard):
		d.failf("RoleMap: %s maps to %s, which is not a standard type", custom, standard)
	case custom == "" || custom == "Artifact":
		d.failf("RoleMap: %q cannot be mapped", custom)
	default:
		d.roleMap[custom] = standard
	}
}

// standardType resolves typ through the role map.
func (d *Document) standardType(typ string) string {
	if IsStandardType(typ) {
		return typ
	}
	return d.roleMap[typ]
}

// elemLabel names an element in error messages; it formats lazily.
type elemLabel struct{ e *StructElem }

func (l elemLabel) String() string {
	return fmt.Sprintf("structure element %s #%d", l.e.typ, l.e.index)
}

// validator holds what checking the structure tree carries from one
// element to the next in document order: the IDs seen, the last heading
// level and which heading style is in use. A streaming document
// (StreamTo) keeps one across the subtrees it writes as they are sealed.
type validator struct {
	ids            map[string]bool
	lastLevel      int
	usesH, usesHn  bool
	pendingHeaders []string // Headers of written cells, checked at the end
}

// validateStructure checks the rules a structure tree must satisfy that
// the builder cannot check call by call. A streaming document checked
// the subtrees it wrote when they were sealed; the walk skips them.
func (d *Document) validateStructure() error {
	v := &validator{ids: map[string]bool{}}
	if d.st != nil {
		v = &d.st.v
	}
	if err := v.walk(d, d.root); err != nil {
		return err
	}
	// Headers must name existing IDs (7.5-2).
	for _, h := range v.pendingHeaders {
		if !v.ids[h] {
			return fmt.Errorf("pdfua: a written table cell's Headers names unknown ID %q", h)
		}
	}
	for _, e := range d.elems.all() {
		if e.Table == nil {
			continue
		}
		for _, h := range e.Table.Headers {
			if !v.ids[h] {
				return fmt.Errorf("pdfua: structure element %s #%d: Headers names unknown ID %q", e.typ, e.index, h)
			}
		}
	}
	return nil
}

// walk checks e and its descendants in document order, skipping the
// subtrees already written (and checked) by a streaming document.
func (v *validator) walk(d *Document, e *StructElem) error {
	if e.written() {
		return nil
	}
	if err := v.elem(d, e); err != nil {
		return err
	}
	nH := 0
	for _, k := range e.kids {
		if k.isWritten() { // subtrees written by Seal
			d.writtenTypes(k, func(typ string) {
				if d.standardType(typ) == "H" {
					nH++
				}
			})
			if l := d.writtenLevel(k); l > 0 {
				v.lastLevel = l // their last heading's
			}
			continue
		}
		c := d.child(k)
		if c == nil {
			continue
		}
		if d.standardType(c.typ) == "H" {
			nH++
		}
		if err := v.walk(d, c); err != nil {
			return err
		}
	}
	if nH > 1 {
		return fmt.Errorf("pdfua: %s: more than one H child", elemLabel{e})
	}
	return nil
}

// elem checks the rules of e itself and of its kids' types.
func (v *validator) elem(d *Document, e *StructElem) error {
	st := d.standardType(e.typ)
	where := elemLabel{e}
	a := e.at()
	if st == "" {
		return fmt.Errorf("pdfua: %s: type %s is not standard and has no RoleMap entry", where, e.typ)
	}
	if a.Lang != "" && !validLang(a.Lang) {
		return fmt.Errorf("pdfua: %s: /Lang %q is not a valid language tag", where, a.Lang)
	}
	switch st {
	case "Figure", "Formula":
		if a.Alt == "" && a.ActualText == "" {
			return fmt.Errorf("pdfua: %s: %s needs Alt (or ActualText)", where, st)
		}
	case "Note":
		if a.ID == "" {
			return fmt.Errorf("pdfua: %s: Note needs a non-empty ID", where)
		}
	case "H":
		v.usesH = true
		if v.usesHn {
			return fmt.Errorf("pdfua: %s: H mixed with H1–H6 in one document", where)
		}
	case "H1", "H2", "H3", "H4", "H5", "H6":
		v.usesHn = true
		if v.usesH {
			return fmt.Errorf("pdfua: %s: %s mixed with H in one document", where, st)
		}
		level := int(st[1] - '0')
		if level > v.lastLevel+1 {
			return fmt.Errorf("pdfua: %s: heading level %d follows level %d; levels may only deepen by one (the first heading must be H1)", where, level, v.lastLevel)
		}
		v.lastLevel = level
	}
	if a.ListNumbering != "" && !listNumberings[a.ListNumbering] {
		return fmt.Errorf("pdfua: %s: list numbering %q is not one of None, Disc, Circle, Square, Decimal, UpperRoman, LowerRoman, UpperAlpha, LowerAlpha", where, a.ListNumbering)
	}
	if a.ID != "" {
		if v.ids[a.ID] {
			return fmt.Errorf("pdfua: %s: ID %q is used twice", where, a.ID)
		}
		v.ids[a.ID] = true
	}
	if e.Table != nil && e.Table.Scope != ScopeNone && e.Table.Scope != ScopeRow &&
		e.Table.Scope != ScopeColumn && e.Table.Scope != ScopeBoth {
		return fmt.Errorf("pdfua: %s: table scope %q is not Row, Column or Both", where, e.Table.Scope)
	}
	return d.checkNesting(e, st, where)
}
