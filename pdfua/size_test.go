package pdfua

import (
	"testing"

	"github.com/seed28491532/folio/pdfua/pdfobj"
	"unsafe"
)

// TestStructElemSize keeps a structure element small: a long document
// has about a hundred a page, kept until the file is written, and most
// have no attributes (StructAttrs, out of the element).
func TestStructElemSize(t *testing.T) {
	if got := unsafe.Sizeof(StructElem{}); got > 88 {
		t.Errorf("pdfua.StructElem takes %d bytes, more than 88: put what few elements have in StructAttrs", got)
	}
	// a long table has a kid per cell and per row: 16 bytes, and no
	// pointer for the collector to follow (kid.elem is an index)
	if got := unsafe.Sizeof(kid{}); got > 16 {
		t.Errorf("pdfua.kid takes %d bytes, more than 16", got)
	}
}

// TestPageSize keeps a page small: a streaming document keeps every
// page to the end (its number, size, objects, annotations and shared
// resources), 136 bytes with 64-bit numbers, a pdfobj.Ref for each
// stream and its own width and height. Pages of one size share it, and
// each page still gives its own.
func TestPageSize(t *testing.T) {
	if got := unsafe.Sizeof(Page{}); got > 96 {
		t.Errorf("pdfua.Page takes %d bytes, more than 96: keep what drawing needs in pageDraw", got)
	}
	d := newTestDoc()
	sizes := [][2]float64{{595.28, 841.89}, {612, 792}, {595.28, 841.89}, {841.89, 595.28}, {612, 792}}
	var pages []*Page
	for _, s := range sizes {
		pages = append(pages, d.AddPage(s[0], s[1]))
	}
	for i, p := range pages {
		if w, h := p.Size(); w != sizes[i][0] || h != sizes[i][1] {
			t.Errorf("page %d: size %gx%g, want %gx%g", i+1, w, h, sizes[i][0], sizes[i][1])
		}
	}
	if len(d.sizes) != 3 {
		t.Errorf("%d sizes kept for 3 distinct ones", len(d.sizes))
	}
}

// TestStructAttrsOnlyWhenSet checks that an element gets attributes only
// when one is set, and writes the same bytes either way.
func TestStructAttrsOnlyWhenSet(t *testing.T) {
	d := New(Info{Title: "t", Lang: "en"})
	p := d.Root().Add("P")
	if p.attrs != nil {
		t.Fatal("a new element has attributes")
	}
	var b builder
	b.d = d
	plain := string(b.appendElem(nil, p, pdfobj.Ref{}))
	p.Attrs().Lang = ""
	if got := string(b.appendElem(nil, p, pdfobj.Ref{})); got != plain {
		t.Errorf("empty attributes change the element: %q, was %q", got, plain)
	}
	p.Attrs().Lang = "fr"
	if got := string(b.appendElem(nil, p, pdfobj.Ref{})); got == plain {
		t.Errorf("Lang not written: %q", got)
	}
}
