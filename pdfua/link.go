package pdfua

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// Link describes a link annotation.
type Link struct {
	// Elem is the Link structure element (standard type Link, or a custom
	// type mapped to it) that owns the link text and the annotations.
	Elem *StructElem
	// Rects are the clickable areas, one annotation each (a link that wraps
	// over lines gets one rectangle per line box).
	Rects []Rect
	// Quads, when set, hold for each rectangle (same index) the
	// quadrilateral it bounds, for a transformed link area: written as
	// /QuadPoints, the four corners counterclockwise; a zero
	// quadrilateral writes none.
	Quads [][4][2]float64
	// URI is an external target; Dest names a destination added with
	// Document.AddDestination. Exactly one must be set.
	URI  string
	Dest string
	// Contents describes the link for assistive technology (PDF/UA needs a
	// non-empty /Contents). When empty, the URI or destination name is used.
	Contents string
}

// annotation is one link annotation on a page.
type annotation struct {
	page *Page
	// elem is the Link element, nil once a streaming document wrote it
	// (Seal): typ and elemRef are then its type and object number.
	elem    *StructElem
	typ     string
	elemRef int32
	// key is the annotation's StructParent key, given by each Write.
	key      int32
	rect     Rect
	quad     *[4][2]float64 // nil for none
	uri      string
	dest     string
	contents string
	// ref is the annotation's object number in a streaming document.
	ref pdfobj.Ref
}

// elemType returns the type of a's Link element.
func (a *annotation) elemType() string {
	if a.elem == nil {
		return a.typ
	}
	return a.elem.typ
}

// AddLink adds one link annotation per rectangle, each with its own
// /StructParent and an OBJR kid in l.Elem, after the kids added so far.
func (p *Page) AddLink(l Link) {
	d := p.doc
	if d.err != nil {
		return
	}
	switch {
	case l.Elem == nil || l.Elem.doc != d:
		d.failf("page %d: link without a Link element of this document", p.index+1)
		return
	case (l.URI == "") == (l.Dest == ""):
		d.failf("page %d: link needs exactly one of URI and Dest (got %q and %q)", p.index+1, l.URI, l.Dest)
		return
	case l.Elem.written():
		d.failf("page %d: link owned by a %s element already sealed and written", p.index+1, l.Elem.typ)
		return
	case len(l.Rects) == 0:
		d.failf("page %d: link to %s has no rectangle", p.index+1, l.URI+l.Dest)
		return
	}
	if st := d.standardType(l.Elem.typ); st != "Link" && IsStandardType(l.Elem.typ) {
		d.failf("page %d: link annotation owned by a %s element; it must be a Link element", p.index+1, l.Elem.typ)
		return
	}
	contents := strings.TrimSpace(l.Contents)
	if contents == "" {
		contents = l.URI
		if contents == "" {
			contents = l.Dest
		}
	}
	for i, r := range l.Rects {
		a := &annotation{page: p, elem: l.Elem, rect: r, uri: l.URI, dest: l.Dest, contents: contents}
		if i < len(l.Quads) && l.Quads[i] != ([4][2]float64{}) {
			q := l.Quads[i]
			a.quad = &q
		}
		if d.st != nil {
			a.ref = d.st.w.Alloc()
		}
		p.annots = append(p.annots, a)
		l.Elem.addKid(annotKid(p, len(p.annots)-1))
		if l.Elem.page == nil {
			l.Elem.page = p
		}
	}
}

// destination is a named destination: a point on a page.
type destination struct {
	page *Page
	x, y float64
}

// AddDestination defines the named destination name at (x, y) on page
// (the top-left corner of the view). Internal links refer to it by name.
func (d *Document) AddDestination(name string, page *Page, x, y float64) {
	if d.err != nil {
		return
	}
	switch {
	case name == "":
		d.failf("destination with an empty name")
	case page == nil || page.doc != d:
		d.failf("destination %q on a page of another document", name)
	default:
		if _, dup := d.dests[name]; dup {
			d.failf("destination %q defined twice", name)
			return
		}
		d.dests[name] = destination{page: page, x: x, y: y}
	}
}

// appendAnnotation appends the link annotation dictionary of a, in
// PDF syntax with its keys in the byte order pdfobj gives a Dict (the
// same bytes): a long document may have many links.
func (b *builder) appendAnnotation(buf []byte, a *annotation) ([]byte, error) {
	if st := b.d.standardType(a.elemType()); st != "Link" {
		return nil, fmt.Errorf("pdfua: page %d: link annotation to %s is owned by %s, which is not a Link element",
			a.page.index+1, a.uri+a.dest, a.elemType())
	}
	buf = append(buf, "<</A <<"...)
	if a.uri != "" {
		buf = pdfobj.AppendObject(append(buf, "/S /URI/URI "...), pdfobj.String(uriASCII(a.uri)))
	} else {
		if _, ok := b.d.dests[a.dest]; !ok {
			return nil, fmt.Errorf("pdfua: page %d: link to unknown destination %q", a.page.index+1, a.dest)
		}
		buf = pdfobj.AppendObject(append(buf, "/D "...), pdfobj.TextString(a.dest))
		buf = append(buf, "/S /GoTo"...)
	}
	buf = pdfobj.AppendObject(append(buf, ">>/Border [0 0 0]/Contents "...), pdfobj.TextString(a.contents))
	buf = appendRef(append(buf, "/F 4/P "...), b.pageRef(int(a.page.index)))
	if a.quad != nil {
		buf = append(buf, "/QuadPoints ["...)
		for i, pt := range a.quad {
			if i > 0 {
				buf = append(buf, ' ')
			}
			buf = pdfobj.AppendReal(buf, pt[0])
			buf = pdfobj.AppendReal(append(buf, ' '), pt[1])
		}
		buf = append(buf, ']')
	}
	buf = a.rect.appendArray(append(buf, "/Rect "...))
	buf = strconv.AppendInt(append(buf, "/StructParent "...), int64(a.key), 10)
	return append(buf, "/Subtype /Link/Type /Annot>>"...), nil
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
	return pdfobj.Array{b.pageRef(int(p.index)), pdfobj.Name("XYZ"), pdfobj.Real(x), pdfobj.Real(y), pdfobj.Null{}}
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
