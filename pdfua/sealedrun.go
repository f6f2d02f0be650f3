package pdfua

import (
	"encoding/binary"
	"slices"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// A kept element (the Document, say) lists the subtrees written under
// it by Seal without their elements: a kid whose elem is negative. A
// subtree whose previous sibling is not written is a kid of its own:
// elem is minus its root's object number, page the level of the last
// heading in it (0 for none), form the index of its root's type in
// streamState.types. Consecutive written subtrees share one kid (mcid
// runTag, elem -1 - the index of a sealedRun in streamState.runs), two
// or three bytes each: a Document holding a subtree for each paragraph
// of a long flat document keeps that much a paragraph, not 16 bytes.

// runTag is the mcid of a kid standing for a sealedRun.
const runTag = 1

// sealedRun is a run of consecutive written subtrees: for each, its
// root's object number (the varint of its difference from the one
// before) and its type index (a varint).
type sealedRun struct {
	data []byte
	n    int32 // subtrees
	last int32 // object number of the last
	// level is the level of the last heading in the run's subtrees, 0
	// for none.
	level int8
}

// isWritten reports whether k stands for subtrees written by Seal.
func (k kid) isWritten() bool { return k.elem < 0 }

// run returns the run k stands for, nil when k is a single subtree.
func (d *Document) run(k kid) *sealedRun {
	if k.mcid != runTag {
		return nil
	}
	return &d.st.runs[-1-k.elem]
}

// add appends a written subtree: its root's object number, type index
// and last heading level (0 for none).
func (r *sealedRun) add(ref, typ int32, level int) {
	r.data = binary.AppendVarint(r.data, int64(ref)-int64(r.last))
	r.data = binary.AppendUvarint(r.data, uint64(typ))
	r.n++
	r.last = ref
	if level > 0 {
		r.level = int8(level)
	}
}

// eachWritten calls fn with the object number and type index of each
// subtree written k stands for, in order.
func (d *Document) eachWritten(k kid, fn func(ref int32, typ int32)) {
	r := d.run(k)
	if r == nil {
		fn(-k.elem, k.form)
		return
	}
	data, ref := r.data, int64(0)
	for range r.n {
		dr, m := binary.Varint(data)
		data = data[m:]
		t, m := binary.Uvarint(data)
		data = data[m:]
		ref += dr
		fn(int32(ref), int32(t))
	}
}

// writtenLevel returns the level of the last heading in the subtrees k
// stands for, 0 for none.
func (d *Document) writtenLevel(k kid) int {
	if r := d.run(k); r != nil {
		return int(r.level)
	}
	return int(k.page)
}

// sealedKid replaces e's entry among its parent's kids, e being written,
// by e's number, type and last heading level: in a run with the kid
// before it when that stands for written subtrees too.
func (d *Document) sealedKid(e *StructElem, level int) {
	st := d.st
	ti, ok := st.typeIndex[e.typ]
	if !ok {
		ti = int32(len(st.types))
		st.types = append(st.types, e.typ)
		st.typeIndex[e.typ] = ti
	}
	p := e.parent
	j := len(p.kids) - 1 // e is most often the last kid
	for j >= 0 && p.kids[j].elem != e.index+1 {
		j--
	}
	switch {
	case j < 0:
		return
	case j > 0 && p.kids[j-1].isWritten():
		prev := p.kids[j-1]
		r := d.run(prev)
		if r == nil { // a single subtree before: a run of two
			st.runs = append(st.runs, sealedRun{})
			r = &st.runs[len(st.runs)-1]
			r.add(-prev.elem, prev.form, int(prev.page))
			p.kids[j-1] = kid{elem: int32(-len(st.runs)), mcid: runTag}
		}
		r.add(abs32(e.ref), ti, level)
		p.kids = slices.Delete(p.kids, j, j+1)
	default:
		p.kids[j] = kid{elem: -abs32(e.ref), page: int32(level), form: ti}
	}
}

// kidCount returns the number of e's kids, counting each subtree of a
// run.
func (e *StructElem) kidCount() int {
	n := len(e.kids)
	for _, k := range e.kids {
		if k.isWritten() {
			if r := e.doc.run(k); r != nil {
				n += int(r.n) - 1
			}
		}
	}
	return n
}

// appendWritten appends the object references of the subtrees k stands
// for.
func (d *Document) appendWritten(buf []byte, k kid) []byte {
	first := true
	d.eachWritten(k, func(ref, _ int32) {
		if !first {
			buf = append(buf, ' ')
		}
		first = false
		buf = appendRef(buf, pdfobj.Ref{Num: int(ref)})
	})
	return buf
}

// writtenTypes calls fn with the type of each subtree k stands for.
func (d *Document) writtenTypes(k kid, fn func(typ string)) {
	d.eachWritten(k, func(_, t int32) { fn(d.st.types[t]) })
}
