package pdfua

import (
	"sort"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// structTree writes the structure tree root, every element, the
// ParentTree, the RoleMap and the IDTree.
func (b *builder) structTree(rootRef pdfobj.Ref, nextKey int) error {
	d := b.d
	idNames := map[string]pdfobj.Ref{}
	// Box references, names and small integers once: every interface
	// conversion of a Ref or Name would otherwise allocate, and the tree
	// of a long document has tens of thousands of them.
	elemObjs := make([]pdfobj.Object, len(b.elemRefs))
	for i, r := range b.elemRefs {
		elemObjs[i] = r
	}
	pageObjs := make([]pdfobj.Object, len(b.pageRefs))
	for i, r := range b.pageRefs {
		pageObjs[i] = r
	}
	var rootObj pdfobj.Object = rootRef
	typeObjs := map[string]pdfobj.Object{}
	var structElem pdfobj.Object = pdfobj.Name("StructElem")
	var ints []pdfobj.Object
	intObj := func(n int) pdfobj.Object {
		for len(ints) <= n {
			ints = append(ints, pdfobj.Int(len(ints)))
		}
		return ints[n]
	}
	for i, e := range d.elems {
		parent := rootObj
		if e.parent != nil {
			parent = elemObjs[e.parent.index]
		}
		typ, ok := typeObjs[e.typ]
		if !ok {
			typ = pdfobj.Name(e.typ)
			typeObjs[e.typ] = typ
		}
		dict := make(pdfobj.Dict, 6)
		dict["Type"] = structElem
		dict["S"] = typ
		dict["P"] = parent
		if e.page != nil {
			dict["Pg"] = pageObjs[e.page.index]
		}
		kid := func(c kid) pdfobj.Object {
			switch {
			case c.elem != nil:
				return elemObjs[c.elem.index]
			case c.annot != nil:
				return pdfobj.Dict{"Type": pdfobj.Name("OBJR"), "Obj": b.annRefs[c.annot], "Pg": pageObjs[c.page.index]}
			case c.page == e.page:
				return intObj(c.mcid)
			}
			return pdfobj.Dict{"Type": pdfobj.Name("MCR"), "Pg": pageObjs[c.page.index], "MCID": intObj(c.mcid)}
		}
		switch len(e.kids) {
		case 0:
		case 1:
			dict["K"] = kid(e.kids[0])
		default:
			k := make(pdfobj.Array, len(e.kids))
			for j, c := range e.kids {
				k[j] = kid(c)
			}
			dict["K"] = k
		}
		if e.Alt != "" {
			dict["Alt"] = pdfobj.TextString(e.Alt)
		}
		if e.ActualText != "" {
			dict["ActualText"] = pdfobj.TextString(e.ActualText)
		}
		if e.E != "" {
			dict["E"] = pdfobj.TextString(e.E)
		}
		if e.Title != "" {
			dict["T"] = pdfobj.TextString(e.Title)
		}
		if e.Lang != "" {
			dict["Lang"] = pdfobj.String(e.Lang)
		}
		if e.ID != "" {
			dict["ID"] = pdfobj.String(e.ID)
			idNames[e.ID] = b.elemRefs[i]
		}
		if attrs := e.attributes(d); len(attrs) == 1 {
			dict["A"] = attrs[0]
		} else if len(attrs) > 1 {
			dict["A"] = attrs
		}
		b.w.Set(b.elemRefs[i], dict)
	}

	nums := make(pdfobj.Array, 0, 2*nextKey)
	for _, p := range d.pages {
		arr := make(pdfobj.Array, len(p.mcids))
		for i, e := range p.mcids {
			arr[i] = elemObjs[e.index]
		}
		nums = append(nums, pdfobj.Int(p.index), b.w.Add(arr))
	}
	for _, p := range d.pages {
		for _, a := range p.annots {
			nums = append(nums, pdfobj.Int(b.annKeys[a]), b.elemRefs[a.elem.index])
		}
	}
	root := pdfobj.Dict{
		"Type":              pdfobj.Name("StructTreeRoot"),
		"K":                 pdfobj.Array{b.elemRefs[0]},
		"ParentTree":        b.w.Add(pdfobj.Dict{"Nums": nums}),
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

// attributes returns the element's attribute dictionaries (/A).
// With SetAutoBBox, Figure, Formula and Table elements without a BBox get
// the bounds of their content on their page.
func (e *StructElem) attributes(d *Document) pdfobj.Array {
	var out pdfobj.Array
	bbox := e.BBox
	if bbox == nil && d.autoBBox {
		switch d.standardType(e.typ) {
		case "Figure", "Formula", "Table":
			if r, ok := e.autoBBox(); ok {
				bbox = &r
			}
		}
	}
	if bbox != nil {
		out = append(out, pdfobj.Dict{"O": pdfobj.Name("Layout"), "BBox": bbox.array()})
	}
	if t := e.Table; t != nil {
		a := pdfobj.Dict{"O": pdfobj.Name("Table")}
		if t.Scope != ScopeNone {
			a["Scope"] = pdfobj.Name(t.Scope)
		}
		if len(t.Headers) > 0 {
			h := make(pdfobj.Array, len(t.Headers))
			for i, s := range t.Headers {
				h[i] = pdfobj.String(s)
			}
			a["Headers"] = h
		}
		if t.RowSpan > 1 {
			a["RowSpan"] = pdfobj.Int(t.RowSpan)
		}
		if t.ColSpan > 1 {
			a["ColSpan"] = pdfobj.Int(t.ColSpan)
		}
		if len(a) > 1 {
			out = append(out, a)
		}
	}
	if e.ListNumbering != "" {
		out = append(out, pdfobj.Dict{"O": pdfobj.Name("List"), "ListNumbering": pdfobj.Name(e.ListNumbering)})
	}
	return out
}
