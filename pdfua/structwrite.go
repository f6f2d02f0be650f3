package pdfua

import (
	"fmt"
	"sort"
	"strconv"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// structTree writes the structure tree root, every element, the
// ParentTree, the RoleMap and the IDTree.
//
// Elements and ParentTree arrays are by far the most numerous objects of a
// long document, so they are written in PDF syntax with their keys in
// the sorted order pdfobj uses, rather than built as dictionaries and
// serialised later: the elements straight into the file as it is
// assembled (pdfobj.Writer.SetFunc), the ParentTree arrays into one
// buffer.
func (b *builder) structTree(rootRef pdfobj.Ref, nextKey int) error {
	d := b.d
	idNames := map[string]pdfobj.Ref{}
	if d.st != nil {
		if err := b.streamedElems(idNames); err != nil {
			return err
		}
	} else {
		// About 50 bytes an element and 10 a kid or ParentTree entry.
		size := 56 * d.elems.len()
		for i, e := range d.elems.all() {
			size += 12 * len(e.kids)
			if id := e.at().ID; id != "" {
				idNames[id] = b.elemRefs[i]
			}
		}
		b.w.SetFunc(b.elemRefs[0], d.elems.len(), size, func(buf []byte, i int) []byte {
			e := d.elems.at(i)
			parent := rootRef
			if e.parent != nil {
				parent = b.elemRefs[e.parent.index]
			}
			return b.appendElem(buf, e, parent)
		})
	}
	size := 0
	for _, p := range d.pages {
		size += 12 * len(p.owners())
	}
	buf := make([]byte, 0, size)
	// ParentTree: for each page, the element owning each MCID (a
	// streaming document wrote the array of each finished page, ptree).
	pageEnds := make([]int, len(d.pages))
	for i, p := range d.pages {
		if p.ptree != 0 {
			pageEnds[i] = len(buf)
			continue
		}
		buf = append(buf, '[')
		for j, e := range p.owners() {
			if j > 0 {
				buf = append(buf, ' ')
			}
			buf = appendRef(buf, b.elemRef(e))
		}
		buf = append(buf, ']')
		pageEnds[i] = len(buf)
	}
	start := 0
	raw := func(end int) []byte {
		r := buf[start:end:end]
		start = end
		return r
	}
	nums := make([]byte, 0, 16*(len(d.pages)+1))
	nums = append(nums, "<</Nums ["...)
	for i, end := range pageEnds {
		if i > 0 {
			nums = append(nums, ' ')
		}
		nums = strconv.AppendInt(nums, int64(d.pages[i].index), 10)
		nums = append(nums, ' ')
		if p := d.pages[i]; p.ptree != 0 {
			nums = appendRef(nums, pdfobj.Ref{Num: int(p.ptree)})
			continue
		}
		ref := b.w.Alloc()
		b.w.SetRaw(ref, raw(end))
		nums = appendRef(nums, ref)
	}
	for _, p := range d.pages {
		for _, a := range p.annots {
			nums = append(nums, ' ')
			nums = strconv.AppendInt(nums, int64(a.key), 10)
			nums = append(nums, ' ')
			if a.elem == nil { // written by Seal
				nums = appendRef(nums, pdfobj.Ref{Num: int(a.elemRef)})
			} else {
				nums = appendRef(nums, b.elemRef(a.elem))
			}
		}
	}
	for i, f := range d.forms {
		if b.formKey[i] < 0 {
			continue
		}
		nums = append(nums, ' ')
		nums = strconv.AppendInt(nums, int64(b.formKey[i]), 10)
		arr := append(make([]byte, 0, 2+12*len(f.mcids)), '[')
		for j, e := range f.mcids {
			if j > 0 {
				arr = append(arr, ' ')
			}
			arr = appendRef(arr, b.elemRef(e))
		}
		ref := b.w.Add(pdfobj.Raw(append(arr, ']')))
		nums = appendRef(append(nums, ' '), ref)
	}
	nums = append(nums, "]>>"...)
	root := pdfobj.Dict{
		"Type":              pdfobj.Name("StructTreeRoot"),
		"K":                 pdfobj.Array{b.elemRef(d.root)},
		"ParentTree":        b.w.Add(pdfobj.Raw(nums)),
		"ParentTreeNextKey": pdfobj.Int(nextKey),
	}
	if len(d.roleMap) > 0 {
		rm := pdfobj.Dict{}
		for k, v := range d.roleMap {
			rm[pdfobj.Name(k)] = pdfobj.Name(v)
		}
		root["RoleMap"] = rm
	}
	if len(idNames) > 0 {
		ids := make([]string, 0, len(idNames))
		for id := range idNames {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		arr := make(pdfobj.Array, 0, 2*len(ids))
		for _, id := range ids {
			arr = append(arr, pdfobj.String(id), idNames[id])
		}
		root["IDTree"] = b.w.Add(pdfobj.Dict{"Names": arr})
	}
	b.w.Set(rootRef, root)
	return nil
}

// appendElem appends the StructElem dictionary of e. Keys are written in
// byte order (A, ActualText, Alt, E, ID, K, Lang, P, Pg, S, T, Type), the
// order pdfobj gives a Dict, so the bytes equal those of the equivalent
// Dict.
func (b *builder) appendElem(buf []byte, e *StructElem, parent pdfobj.Ref) []byte {
	a := e.at()
	buf = append(buf, "<<"...)
	buf = e.appendAttributes(buf, b.d)
	if a.ActualText != "" {
		buf = pdfobj.AppendObject(append(buf, "/ActualText "...), pdfobj.TextString(a.ActualText))
	}
	if a.Alt != "" {
		buf = pdfobj.AppendObject(append(buf, "/Alt "...), pdfobj.TextString(a.Alt))
	}
	if a.E != "" {
		buf = pdfobj.AppendObject(append(buf, "/E "...), pdfobj.TextString(a.E))
	}
	if a.ID != "" {
		buf = pdfobj.AppendObject(append(buf, "/ID "...), pdfobj.String(a.ID))
	}
	switch e.kidCount() {
	case 0:
	case 1:
		buf = b.appendKid(append(buf, "/K "...), e, e.kids[0])
	default:
		buf = append(buf, "/K ["...)
		for j, c := range e.kids {
			if j > 0 {
				buf = append(buf, ' ')
			}
			buf = b.appendKid(buf, e, c)
		}
		buf = append(buf, ']')
	}
	if a.Lang != "" {
		buf = pdfobj.AppendObject(append(buf, "/Lang "...), pdfobj.String(a.Lang))
	}
	buf = appendRef(append(buf, "/P "...), parent)
	if e.page != nil {
		buf = appendRef(append(buf, "/Pg "...), b.pageRef(int(e.page.index)))
	}
	buf = pdfobj.AppendName(append(buf, "/S "...), pdfobj.Name(e.typ))
	if a.Title != "" {
		buf = pdfobj.AppendObject(append(buf, "/T "...), pdfobj.TextString(a.Title))
	}
	return append(buf, "/Type /StructElem>>"...)
}

// appendKid appends one kid of e: an element reference, an OBJR for an
// annotation, a bare MCID for content on e's page, or an MCR with its
// page otherwise.
func (b *builder) appendKid(buf []byte, e *StructElem, c kid) []byte {
	switch {
	case c.isWritten(): // subtrees written by Seal
		return b.d.appendWritten(buf, c)
	case c.elem > 0:
		return appendRef(buf, b.elemRef(b.d.elems.at(int(c.elem-1))))
	case c.isAnnot():
		buf = appendRef(append(buf, "<</Obj "...), b.annRef(c.annot(b.d)))
		buf = appendRef(append(buf, "/Pg "...), b.pageRef(int(c.page)))
		return append(buf, "/Type /OBJR>>"...)
	case c.form == 0 && e.page != nil && c.page == e.page.index:
		return strconv.AppendInt(buf, int64(c.mcid), 10)
	}
	buf = strconv.AppendInt(append(buf, "<</MCID "...), int64(c.mcid), 10)
	buf = appendRef(append(buf, "/Pg "...), b.pageRef(int(c.page)))
	if c.form > 0 {
		buf = appendRef(append(buf, "/Stm "...), b.formRef(int(c.form-1)))
	}
	return append(buf, "/Type /MCR>>"...)
}

// streamedElems writes the elements a streaming document has not
// written yet, each at once from one buffer sized for the element with
// the most kids (the Document of a long flat document lists a subtree
// for each paragraph), and adds the IDs of all to idNames.
func (b *builder) streamedElems(idNames map[string]pdfobj.Ref) error {
	d := b.d
	for id, ref := range d.st.idRefs {
		idNames[id] = ref
	}
	var buf []byte
	for _, e := range d.elems.all() {
		if e.written() {
			continue
		}
		ref := b.elemRef(e)
		if id := e.at().ID; id != "" {
			idNames[id] = ref
		}
		if n := 256 + 16*e.kidCount(); cap(buf) < n {
			buf = make([]byte, 0, n)
		}
		buf = b.appendElem(buf[:0], e, b.elemRef(e.parent))
		if err := b.w.WriteNow(ref, pdfobj.Raw(buf)); err != nil {
			return fmt.Errorf("pdfua: writing the structure: %w", err)
		}
	}
	return nil
}

// elemRef returns the object of element e (the structure tree root's
// for nil).
func (b *builder) elemRef(e *StructElem) pdfobj.Ref {
	switch {
	case e == nil:
		if b.d.st != nil {
			return b.d.st.structRoot
		}
		return b.structRoot
	case e.ref != 0:
		return pdfobj.Ref{Num: int(abs32(e.ref))}
	}
	return b.elemRefs[e.index]
}

// pageRef returns the object of page i (a streaming document numbered
// its pages as they were made: no table of them is built).
func (b *builder) pageRef(i int) pdfobj.Ref {
	if b.d.st != nil {
		return pdfobj.Ref{Num: int(b.d.pages[i].ref)}
	}
	return b.pageRefs[i]
}

// annRef returns the object of annotation a.
func (b *builder) annRef(a *annotation) pdfobj.Ref {
	if a.ref.Num != 0 {
		return a.ref
	}
	return b.annRefs[a]
}

// formRef returns the object of form i.
func (b *builder) formRef(i int) pdfobj.Ref {
	if f := b.d.forms[i]; f.ref.Num != 0 {
		return f.ref
	}
	return b.formRefs[i]
}

// appendRef appends an indirect reference, "n g R".
func appendRef(buf []byte, r pdfobj.Ref) []byte {
	buf = strconv.AppendInt(buf, int64(r.Num), 10)
	if r.Gen == 0 { // always, for objects this package writes
		return append(buf, " 0 R"...)
	}
	buf = append(buf, ' ')
	buf = strconv.AppendInt(buf, int64(r.Gen), 10)
	return append(buf, " R"...)
}

// appendAttributes appends the element's /A entry, if it has attributes:
// one attribute dictionary, or an array of them. With SetAutoBBox,
// Figure, Formula and Table elements without a BBox get the bounds of
// their content on their page. Keys are in sorted order, as pdfobj writes
// a Dict.
func (e *StructElem) appendAttributes(buf []byte, d *Document) []byte {
	a := e.at()
	bbox := a.BBox
	if bbox == nil && d.autoBBox {
		switch d.standardType(e.typ) {
		case "Figure", "Formula", "Table":
			if r, ok := e.autoBBox(); ok {
				bbox = &r
			}
		}
	}
	t := e.Table
	if t != nil && t.Scope == ScopeNone && len(t.Headers) == 0 && t.RowSpan <= 1 && t.ColSpan <= 1 {
		t = nil // nothing beyond /O
	}
	n := 0
	if bbox != nil {
		n++
	}
	if t != nil {
		n++
	}
	if a.ListNumbering != "" {
		n++
	}
	if n == 0 {
		return buf
	}
	buf = append(buf, "/A "...)
	if n > 1 {
		buf = append(buf, '[')
	}
	wrote := false // a dictionary, so the next one needs a space
	if bbox != nil {
		wrote = true
		buf = bbox.appendArray(append(buf, "<</BBox "...))
		buf = append(buf, "/O /Layout>>"...)
	}
	if t != nil {
		if wrote {
			buf = append(buf, ' ')
		}
		wrote = true
		buf = append(buf, "<<"...)
		if t.ColSpan > 1 {
			buf = strconv.AppendInt(append(buf, "/ColSpan "...), int64(t.ColSpan), 10)
		}
		if len(t.Headers) > 0 {
			buf = append(buf, "/Headers ["...)
			for i, h := range t.Headers {
				if i > 0 {
					buf = append(buf, ' ')
				}
				buf = pdfobj.AppendObject(buf, pdfobj.String(h))
			}
			buf = append(buf, ']')
		}
		buf = append(buf, "/O /Table"...)
		if t.RowSpan > 1 {
			buf = strconv.AppendInt(append(buf, "/RowSpan "...), int64(t.RowSpan), 10)
		}
		if t.Scope != ScopeNone {
			buf = pdfobj.AppendName(append(buf, "/Scope "...), pdfobj.Name(t.Scope))
		}
		buf = append(buf, ">>"...)
	}
	if a.ListNumbering != "" {
		if wrote {
			buf = append(buf, ' ')
		}
		buf = pdfobj.AppendName(append(buf, "<</ListNumbering "...), pdfobj.Name(a.ListNumbering))
		buf = append(buf, "/O /List>>"...)
	}
	if n > 1 {
		buf = append(buf, ']')
	}
	return buf
}
