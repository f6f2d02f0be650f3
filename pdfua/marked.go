package pdfua

import (
	"strconv"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// BeginTagged opens a marked-content sequence owned by elem and returns its
// MCID. The sequence is closed with End. Sequences do not nest: opening one
// while another (tagged or artifact) is open is an error. The MCID is added
// to elem's kids, after the kids added so far, and to the page's entry in
// the ParentTree.
func (p *Page) BeginTagged(elem *StructElem) int {
	if p.doc.err != nil {
		return -1
	}
	switch {
	case p.sealed:
		p.doc.failf("page %d: BeginTagged after Finish", p.index+1)
		return -1
	case elem == nil:
		p.doc.failf("page %d: BeginTagged with a nil element", p.index+1)
		return -1
	case elem.doc != p.doc:
		p.doc.failf("page %d: BeginTagged with a %s element of another document", p.index+1, elem.typ)
		return -1
	case elem.written():
		p.doc.failf("page %d: tagged content for a %s element already sealed and written", p.index+1, elem.typ)
		return -1
	case p.ptree != 0 && len(p.groups) == 0:
		p.doc.failf("page %d: tagged content (%s) on a page reopened after its ParentTree entries were written; a streaming document's later streams (NewStream) take artifacts only", p.index+1, elem.typ)
		return -1
	case elem == p.doc.root:
		p.doc.failf("page %d: content cannot belong to the Document root element; add a child such as P", p.index+1)
		return -1
	case p.mark == markArtifact:
		p.doc.failf("page %d: tagged content (%s) opened inside an artifact", p.index+1, elem.typ)
		return -1
	case p.mark == markTagged:
		p.doc.failf("page %d: tagged content (%s) opened inside tagged content (%s); close it with End first", p.index+1, elem.typ, p.markElem.typ)
		return -1
	}
	mcid := int(p.mcidBase) + len(p.mcids)
	p.mcids = append(p.mcids, elem)
	elem.addKid(p.formKid(mcid))
	if elem.page == nil {
		elem.page = p
	}
	p.mark, p.markElem = markTagged, elem
	p.setContent(pdfobj.AppendName(p.content, pdfobj.Name(tagName(elem.typ))))
	p.setContent(append(p.content, " <</MCID "...))
	p.setContent(strconv.AppendInt(p.content, int64(mcid), 10))
	p.setContent(append(p.content, ">> BDC\n"...))
	return mcid
}

// tagName is the tag written on BDC for an element: its own type, which
// is what the PDF specification recommends.
func tagName(typ string) string { return typ }

// ArtifactKind is the /Type of an artifact.
type ArtifactKind string

// Artifact kinds (ISO 32000-1 §14.8.2.2.2).
const (
	ArtifactPagination ArtifactKind = "Pagination"
	ArtifactLayout     ArtifactKind = "Layout"
	ArtifactPage       ArtifactKind = "Page"
	ArtifactBackground ArtifactKind = "Background"
)

// ArtifactSubtype is the /Subtype of a pagination artifact.
type ArtifactSubtype string

// Pagination artifact subtypes.
const (
	SubtypeNone      ArtifactSubtype = ""
	SubtypeHeader    ArtifactSubtype = "Header"
	SubtypeFooter    ArtifactSubtype = "Footer"
	SubtypeWatermark ArtifactSubtype = "Watermark"
)

// Artifact describes an artifact sequence. The zero value is a plain
// artifact (/Artifact BMC). Background artifacts without a BBox get the
// page's box, since PDF requires one on them.
type Artifact struct {
	Type    ArtifactKind
	Subtype ArtifactSubtype
	// BBox optionally bounds the artifact on the page.
	BBox *Rect
}

// BeginArtifact opens an artifact sequence (running headers and footers,
// backgrounds, borders, decorative images…), closed with End. It is an
// error to open it while another sequence is open.
func (p *Page) BeginArtifact(a Artifact) {
	if p.doc.err != nil {
		return
	}
	if p.sealed {
		p.doc.failf("page %d: BeginArtifact after Finish", p.index+1)
		return
	}
	switch p.mark {
	case markTagged:
		p.doc.failf("page %d: artifact opened inside tagged content (%s)", p.index+1, p.markElem.typ)
		return
	case markArtifact:
		p.doc.failf("page %d: artifact opened inside another artifact", p.index+1)
		return
	}
	if a.Subtype != SubtypeNone && a.Type != ArtifactPagination {
		p.doc.failf("page %d: artifact subtype %s needs type Pagination, not %q", p.index+1, a.Subtype, a.Type)
		return
	}
	p.mark = markArtifact
	if a.Type == ArtifactBackground && a.BBox == nil {
		// ISO 32000-1 Table 330 requires a BBox on background artifacts;
		// the page is a correct, if loose, bound.
		w, h := p.Size()
		a.BBox = &Rect{0, 0, w, h}
	}
	if a.Type == "" && a.BBox == nil {
		p.op("/Artifact BMC")
		return
	}
	// The properties dictionary, keys in the sorted order pdfobj writes.
	p.setContent(append(p.content, "/Artifact <<"...))
	if a.BBox != nil {
		p.setContent(a.BBox.appendArray(append(p.content, "/BBox "...)))
	}
	if a.Subtype != "" {
		p.setContent(pdfobj.AppendName(append(p.content, "/Subtype "...), pdfobj.Name(a.Subtype)))
	}
	if a.Type != "" {
		p.setContent(pdfobj.AppendName(append(p.content, "/Type "...), pdfobj.Name(a.Type)))
	}
	p.setContent(append(p.content, ">> BDC\n"...))
}

// End closes the sequence opened by BeginTagged or BeginArtifact.
func (p *Page) End() {
	if p.doc.err != nil || !p.open("End") {
		return
	}
	if p.mark == markNone {
		p.doc.failf("page %d: End without an open marked-content sequence", p.index+1)
		return
	}
	if n := len(p.groups); n > 0 && p.groups[n-1].inMark {
		p.doc.failf("page %d: marked-content sequence ended inside a group begun in it; end the group first", p.index+1)
		return
	}
	if p.mark == markTagged && p.doc.autoBBox {
		// boxes[i] is the box of MCID i; sequences closed while
		// SetAutoBBox was off have none.
		if n := int(p.mcidBase) + len(p.mcids) - 1; len(p.boxes) < n {
			p.boxes = append(p.boxes, make([]box, n-len(p.boxes))...)
		}
		p.boxes = append(p.boxes, p.markBox)
	}
	p.markBox = box{}
	p.mark, p.markElem = markNone, nil
	p.op("EMC")
}
