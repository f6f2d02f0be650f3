package pdfua

import (
	"bytes"
	"compress/zlib"
	"crypto/sha256"
	"fmt"
	"sort"
	"sync"
	"time"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// builder turns a Document into numbered PDF objects.
type builder struct {
	d       *Document
	w       *pdfobj.Writer
	catalog pdfobj.Ref
	info    pdfobj.Ref

	pageRefs []pdfobj.Ref
	elemRefs []pdfobj.Ref
	annRefs  map[*annotation]pdfobj.Ref
	annKeys  map[*annotation]int
}

// deflate compresses data with zlib at the default level (images, which
// are compressed once when added).
func (d *Document) deflate(data []byte) []byte {
	return deflateWith(&zlibDefault, data, zlib.DefaultCompression)
}

// compress compresses content streams, fonts and CMaps while writing.
// It favours speed: these streams are rebuilt on every Write.
func (b *builder) compress(data []byte) []byte {
	return deflateWith(&zlibFast, data, zlib.BestSpeed)
}

// Pools of zlib writers: a flate writer allocates about 1 MB, so writers
// are reused across streams and documents.
var zlibDefault, zlibFast sync.Pool

// deflateWith compresses data with a zlib writer from pool.
func deflateWith(pool *sync.Pool, data []byte, level int) []byte {
	var buf bytes.Buffer
	buf.Grow(len(data)/3 + 64)
	zw, _ := pool.Get().(*zlib.Writer)
	if zw == nil {
		zw, _ = zlib.NewWriterLevel(&buf, level)
	} else {
		zw.Reset(&buf)
	}
	zw.Write(data)
	zw.Close()
	pool.Put(zw)
	return buf.Bytes()
}

// documentID returns Info.DocumentID or an identifier derived from the
// metadata.
func (d *Document) documentID() []byte {
	if len(d.info.DocumentID) > 0 {
		return d.info.DocumentID
	}
	h := sha256.New()
	for _, s := range []string{d.info.Title, d.info.Author, d.info.Subject, d.info.Keywords,
		d.info.Creator, d.info.Producer, d.info.Lang, d.now().Format(time.RFC3339)} {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	fmt.Fprintf(h, "%d", len(d.pages))
	return h.Sum(nil)[:16]
}

// now returns the document date truncated to seconds, or zero.
func (d *Document) now() time.Time {
	if d.info.Now.IsZero() {
		return time.Time{}
	}
	return d.info.Now.Truncate(time.Second)
}

// build creates every object. Object numbers follow a fixed order:
// catalog, page tree, pages, structure tree, then resources in first-use
// order, so identical documents give identical files.
func (d *Document) build() (*builder, error) {
	w := pdfobj.NewWriter()
	w.Compress = false // streams are compressed here; XMP must stay plain
	b := &builder{d: d, w: w, annRefs: map[*annotation]pdfobj.Ref{}, annKeys: map[*annotation]int{}}
	b.catalog = w.Alloc()
	pagesRef := w.Alloc()
	for range d.pages {
		b.pageRefs = append(b.pageRefs, w.Alloc())
	}
	structRoot := w.Alloc()
	for range d.elems {
		b.elemRefs = append(b.elemRefs, w.Alloc())
	}
	// Annotations: StructParent keys follow the page keys.
	key := len(d.pages)
	for _, p := range d.pages {
		for _, a := range p.annots {
			b.annRefs[a] = w.Alloc()
			b.annKeys[a] = key
			key++
		}
	}
	nextKey := key

	// Resources shared by pages.
	fontRefs := make([]pdfobj.Ref, len(d.fonts))
	for i, fs := range d.fonts {
		ref, err := b.fontObjects(fs)
		if err != nil {
			return nil, err
		}
		fontRefs[i] = ref
	}
	imageRefs := make([]pdfobj.Ref, len(d.images))
	for i, im := range d.images {
		if !im.used {
			continue
		}
		dict := make(pdfobj.Dict, len(im.dict)+1)
		for k, v := range im.dict {
			dict[k] = v
		}
		if im.smask != nil {
			dict["SMask"] = w.Add(im.smask)
		}
		imageRefs[i] = w.Add(&pdfobj.Stream{Dict: dict, Data: im.data})
	}
	gsRefs := make([]pdfobj.Ref, len(d.gstates))
	for i, g := range d.gstates {
		gsRefs[i] = w.Add(pdfobj.Dict{"Type": pdfobj.Name("ExtGState"), "ca": pdfobj.Real(g.fill), "CA": pdfobj.Real(g.stroke)})
	}

	// Pages.
	kids := make(pdfobj.Array, len(d.pages))
	for i, p := range d.pages {
		kids[i] = b.pageRefs[i]
		res := pdfobj.Dict{}
		if len(p.fonts) > 0 {
			fd := pdfobj.Dict{}
			for _, fs := range p.fonts {
				fd[fs.name] = fontRefs[d.fontIndex(fs)]
			}
			res["Font"] = fd
		}
		if len(p.images) > 0 {
			xd := pdfobj.Dict{}
			for _, im := range p.images {
				xd[imageName(im)] = imageRefs[im.index]
			}
			res["XObject"] = xd
		}
		if len(p.gstates) > 0 {
			gd := pdfobj.Dict{}
			for _, g := range p.gstates {
				gd[gsName(g)] = gsRefs[g]
			}
			res["ExtGState"] = gd
		}
		contents := w.Add(&pdfobj.Stream{Dict: pdfobj.Dict{"Filter": pdfobj.Name("FlateDecode")}, Data: b.compress(p.content)})
		page := pdfobj.Dict{
			"Type":          pdfobj.Name("Page"),
			"Parent":        pagesRef,
			"MediaBox":      pdfobj.Array{pdfobj.Int(0), pdfobj.Int(0), pdfobj.Real(p.width), pdfobj.Real(p.height)},
			"Resources":     res,
			"Contents":      contents,
			"StructParents": pdfobj.Int(p.index),
			"Tabs":          pdfobj.Name("S"),
		}
		if len(p.annots) > 0 {
			annots := make(pdfobj.Array, len(p.annots))
			for j, a := range p.annots {
				annots[j] = b.annRefs[a]
				obj, err := b.annotation(a)
				if err != nil {
					return nil, err
				}
				w.Set(b.annRefs[a], obj)
			}
			page["Annots"] = annots
		}
		w.Set(b.pageRefs[i], page)
	}
	w.Set(pagesRef, pdfobj.Dict{"Type": pdfobj.Name("Pages"), "Kids": kids, "Count": pdfobj.Int(len(d.pages))})

	// Structure tree.
	if err := b.structTree(structRoot, nextKey); err != nil {
		return nil, err
	}

	// Metadata and Info.
	now := d.now()
	docID := d.documentID()
	meta := w.Add(&pdfobj.Stream{Dict: pdfobj.Dict{"Type": pdfobj.Name("Metadata"), "Subtype": pdfobj.Name("XML")},
		Data: xmpPacket(d.info, now, docID)})
	infoDict := pdfobj.Dict{"Title": pdfobj.TextString(d.info.Title)}
	for k, v := range map[pdfobj.Name]string{"Author": d.info.Author, "Subject": d.info.Subject,
		"Keywords": d.info.Keywords, "Creator": d.info.Creator, "Producer": d.info.Producer} {
		if v != "" {
			infoDict[k] = pdfobj.TextString(v)
		}
	}
	if !now.IsZero() {
		infoDict["CreationDate"] = pdfobj.String(pdfDate(now))
		infoDict["ModDate"] = pdfobj.String(pdfDate(now))
	}
	b.info = w.Add(infoDict)

	catalog := pdfobj.Dict{
		"Type":              pdfobj.Name("Catalog"),
		"Pages":             pagesRef,
		"Lang":              pdfobj.TextString(d.info.Lang),
		"MarkInfo":          pdfobj.Dict{"Marked": pdfobj.Bool(true)},
		"ViewerPreferences": pdfobj.Dict{"DisplayDocTitle": pdfobj.Bool(true)},
		"StructTreeRoot":    structRoot,
		"Metadata":          meta,
	}
	if len(d.dests) > 0 {
		catalog["Names"] = pdfobj.Dict{"Dests": b.destTree()}
	}
	if len(d.outlines) > 0 {
		catalog["Outlines"] = b.outlineTree()
		catalog["PageMode"] = pdfobj.Name("UseOutlines")
	}
	w.Set(b.catalog, catalog)
	return b, nil
}

func (d *Document) fontIndex(fs *fontState) int {
	for i, f := range d.fonts {
		if f == fs {
			return i
		}
	}
	return -1
}

// annotation builds a link annotation dictionary.
func (b *builder) annotation(a *annotation) (pdfobj.Dict, error) {
	if st := b.d.standardType(a.elem.typ); st != "Link" {
		return nil, fmt.Errorf("pdfua: page %d: link annotation to %s is owned by %s, which is not a Link element",
			a.page.index+1, a.uri+a.dest, a.elem.typ)
	}
	dict := pdfobj.Dict{
		"Type":         pdfobj.Name("Annot"),
		"Subtype":      pdfobj.Name("Link"),
		"Rect":         a.rect.array(),
		"Border":       pdfobj.Array{pdfobj.Int(0), pdfobj.Int(0), pdfobj.Int(0)},
		"F":            pdfobj.Int(4),
		"Contents":     pdfobj.TextString(a.contents),
		"StructParent": pdfobj.Int(b.annKeys[a]),
		"P":            b.pageRefs[a.page.index],
	}
	if a.uri != "" {
		dict["A"] = pdfobj.Dict{"S": pdfobj.Name("URI"), "URI": pdfobj.String(uriASCII(a.uri))}
	} else {
		if _, ok := b.d.dests[a.dest]; !ok {
			return nil, fmt.Errorf("pdfua: page %d: link to unknown destination %q", a.page.index+1, a.dest)
		}
		dict["A"] = pdfobj.Dict{"S": pdfobj.Name("GoTo"), "D": pdfobj.TextString(a.dest)}
	}
	return dict, nil
}

// uriASCII percent-encodes bytes outside printable ASCII, since a URI
// action's string must be 7-bit ASCII.
func uriASCII(s string) string {
	const hexd = "0123456789ABCDEF"
	var out []byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c <= 0x20 || c >= 0x7F {
			out = append(out, '%', hexd[c>>4], hexd[c&15])
			continue
		}
		out = append(out, c)
	}
	return string(out)
}

// destArray is an explicit destination [page /XYZ x y null].
func (b *builder) destArray(p *Page, x, y float64) pdfobj.Array {
	return pdfobj.Array{b.pageRefs[p.index], pdfobj.Name("XYZ"), pdfobj.Real(x), pdfobj.Real(y), pdfobj.Null{}}
}

// destTree writes the /Dests name tree (a single node with sorted names).
func (b *builder) destTree() pdfobj.Ref {
	names := make([]string, 0, len(b.d.dests))
	for n := range b.d.dests {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool {
		return string(pdfobj.TextString(names[i])) < string(pdfobj.TextString(names[j]))
	})
	arr := make(pdfobj.Array, 0, 2*len(names))
	for _, n := range names {
		dst := b.d.dests[n]
		arr = append(arr, pdfobj.TextString(n), b.destArray(dst.page, dst.x, dst.y))
	}
	return b.w.Add(pdfobj.Dict{"Names": arr})
}

// outlineTree writes the outline hierarchy and returns the outline root.
func (b *builder) outlineTree() pdfobj.Ref {
	type node struct {
		ref      pdfobj.Ref
		item     *outlineItem
		parent   int
		children []int
	}
	nodes := []node{{ref: b.w.Alloc(), parent: -1}}
	stack := []int{0}
	for i := range b.d.outlines {
		it := &b.d.outlines[i]
		for len(stack) > 1 && nodes[stack[len(stack)-1]].item.level >= it.level {
			stack = stack[:len(stack)-1]
		}
		parent := stack[len(stack)-1]
		n := len(nodes)
		nodes = append(nodes, node{ref: b.w.Alloc(), item: it, parent: parent})
		nodes[parent].children = append(nodes[parent].children, n)
		stack = append(stack, n)
	}
	var count func(i int) int
	count = func(i int) int {
		c := len(nodes[i].children)
		for _, k := range nodes[i].children {
			c += count(k)
		}
		return c
	}
	for i, n := range nodes {
		dict := pdfobj.Dict{}
		if i == 0 {
			dict["Type"] = pdfobj.Name("Outlines")
		} else {
			dict["Title"] = pdfobj.TextString(n.item.title)
			dict["Parent"] = nodes[n.parent].ref
			dict["Dest"] = b.destArray(n.item.page, 0, n.item.y)
			sib := nodes[n.parent].children
			pos := sort.SearchInts(sib, i)
			if pos > 0 {
				dict["Prev"] = nodes[sib[pos-1]].ref
			}
			if pos+1 < len(sib) {
				dict["Next"] = nodes[sib[pos+1]].ref
			}
		}
		if len(n.children) > 0 {
			dict["First"] = nodes[n.children[0]].ref
			dict["Last"] = nodes[n.children[len(n.children)-1]].ref
			dict["Count"] = pdfobj.Int(count(i))
		}
		b.w.Set(n.ref, dict)
	}
	return nodes[0].ref
}

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
		if attrs := e.attributes(); len(attrs) == 1 {
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
func (e *StructElem) attributes() pdfobj.Array {
	var out pdfobj.Array
	if e.BBox != nil {
		out = append(out, pdfobj.Dict{"O": pdfobj.Name("Layout"), "BBox": e.BBox.array()})
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
