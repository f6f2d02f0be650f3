package pdfua

import (
	"encoding/binary"
	"fmt"
	"slices"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// What a streaming document keeps of a finished page until Write: its
// number, size, objects and annotations, and its resources, shared
// with the finished pages that use the same ones. The content and the
// drawing state go once the content is written (flushPages); a page
// reopened (NewStream) gets them afresh, and its own resources.

// keepLess lets go of what p, finished and its content written, no
// longer needs: its drawing state, and its resources for a copy shared
// by the pages that use the same. With SetAutoBBox, the boxes of its
// MCIDs stay for the BBoxes of elements written at the end.
func (p *Page) keepLess() {
	d := p.doc
	if d.autoBBox || !p.sealed || p.pageDraw == nil || len(p.groups) > 0 {
		return
	}
	p.pageDraw = nil
	if len(p.forms) > 0 {
		return // its forms' own: shared by no other page
	}
	key := p.pageRes.key(d)
	if r, ok := d.st.resources[string(key)]; ok {
		p.pageRes = r
		return
	}
	d.st.resources[string(key)] = p.pageRes
}

// key returns what identifies r: the indexes of its resources.
func (r *pageRes) key(d *Document) []byte {
	buf := make([]byte, 0, 32)
	buf = binary.AppendUvarint(buf, uint64(len(r.fonts)))
	for _, fs := range r.fonts {
		buf = binary.AppendUvarint(buf, uint64(d.fontIndex(fs)+1))
	}
	buf = binary.AppendUvarint(buf, uint64(len(r.images)))
	for _, im := range r.images {
		buf = binary.AppendUvarint(buf, uint64(im.index))
	}
	for _, list := range [][]int{r.gstates, r.shadings, r.patterns} {
		buf = binary.AppendUvarint(buf, uint64(len(list)))
		for _, i := range list {
			buf = binary.AppendUvarint(buf, uint64(i))
		}
	}
	return buf
}

// clone returns a copy of r that shares no list with it.
func (r *pageRes) clone() *pageRes {
	return &pageRes{fonts: slices.Clone(r.fonts), images: slices.Clone(r.images), gstates: slices.Clone(r.gstates),
		shadings: slices.Clone(r.shadings), patterns: slices.Clone(r.patterns), forms: slices.Clone(r.forms)}
}

// open reports whether p still has its drawing state, recording an
// error naming what was called otherwise: a streaming document lets go
// of it once a finished page's content is written (keepLess).
func (p *Page) open(what string) bool {
	if p.pageDraw != nil {
		return true
	}
	p.doc.failf("page %d: %s after Finish", p.index+1, what)
	return false
}

// lateStreams returns the content streams before the current one
// (NewStream) that were not written yet.
func (p *Page) lateStreams() [][]byte {
	if p.pageDraw == nil {
		return nil
	}
	return p.streams
}

// mcidBoxes returns the boxes of p's MCIDs (SetAutoBBox), nil once
// they were let go.
func (p *Page) mcidBoxes() []box {
	if p.pageDraw == nil {
		return nil
	}
	return p.boxes
}

// owners returns the elements owning p's MCIDs from mcidBase, none once
// a streaming document wrote them (writeParentTree).
func (p *Page) owners() []*StructElem {
	if p.pageDraw == nil {
		return nil
	}
	return p.mcids
}

// writeLate compresses and writes the further stream of a page reopened
// (NewStream) once its content went out, and lets go of what the page
// no longer needs (keepLess), rather than keep it until Write: a long
// document's late margin boxes reopen every page after the last.
func (p *Page) writeLate(content []byte, forms []*form) {
	d := p.doc
	for _, f := range forms {
		f.packed, f.content = deflateContent(f.content), nil
	}
	ref := d.st.w.Alloc()
	if err := d.st.w.WriteNow(ref, &pdfobj.Stream{Dict: d.st.flate, Data: deflateContent(content)}); err != nil {
		d.fail(fmt.Errorf("pdfua: writing page %d: %w", p.index+1, err))
		return
	}
	p.written = append(p.written, int32(ref.Num))
	p.flushed = true
	p.keepLess()
}
