package pdfua

import (
	"errors"
	"fmt"
	"io"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// streamState is what a document written as it is built (StreamTo)
// keeps: the writer streaming to the output, the objects every part of
// the file refers to, how far the pages' content went out, the checks
// carried from one written subtree to the next and the IDs of the
// written elements (for the IDTree).
type streamState struct {
	w                          *pdfobj.Writer
	out                        io.Writer
	catalog, pages, structRoot pdfobj.Ref
	flushed                    int // pages before this one were considered
	v                          validator
	idRefs                     map[string]pdfobj.Ref
	flate                      pdfobj.Dict
	written                    int  // elements written early
	done                       bool // the file was finished
	// runs are the runs of written subtrees kept elements list
	// (sealedrun.go), types the structure types of their roots,
	// typeIndex their indexes.
	runs      []sealedRun
	types     []string
	typeIndex map[string]int32
	// resources are the resources of finished pages, shared by those
	// that use the same (see keepLess).
	resources map[string]*pageRes
}

// StreamTo makes d write its file to out while it is built rather than
// all at once by Write: object numbers are given as objects are made,
// each page's compressed content goes out once the next page is
// finished (Page.Finish), and each subtree sealed with StructElem.Seal
// goes out as soon as it is, the document keeping only its number, so a
// long document's memory does not grow with the structure and content
// it has finished. Finish the file with WriteContext (or Write) to the
// same out. The file differs from Write's without StreamTo in the order
// and numbering of its objects, not in what they say; it is the same
// for the same calls. A document may start streaming after pages were
// added: what it holds goes out then.
//
// The checks of a sealed subtree run when it is written, in the order
// subtrees are sealed: a rule it breaks is recorded (Err) and the
// subtree kept. As bytes went out before the end, a failed Write leaves
// out holding part of a file.
func (d *Document) StreamTo(out io.Writer) error {
	switch {
	case d.err != nil:
		return d.err
	case d.st != nil:
		return errors.New("pdfua: StreamTo called twice")
	case out == nil:
		return errors.New("pdfua: StreamTo without a writer")
	}
	w := pdfobj.NewWriter()
	w.Compress = false // as build: streams are compressed here
	if err := w.Stream(out); err != nil {
		return err
	}
	st := &streamState{w: w, out: out, v: validator{ids: map[string]bool{}}, idRefs: map[string]pdfobj.Ref{}, typeIndex: map[string]int32{}, resources: map[string]*pageRes{},
		flate: pdfobj.Dict{"Filter": pdfobj.Name("FlateDecode")}}
	st.catalog, st.pages, st.structRoot = w.Alloc(), w.Alloc(), w.Alloc()
	d.st = st
	// number what exists, in a fixed order
	for _, p := range d.pages {
		p.ref = int32(w.Alloc().Num)
	}
	for _, e := range d.elems.all() {
		e.ref = int32(w.Alloc().Num)
	}
	for _, p := range d.pages {
		for _, a := range p.annots {
			a.ref = w.Alloc()
		}
	}
	for _, f := range d.forms {
		f.ref = w.Alloc()
	}
	d.early.Wait()
	for _, p := range d.pages {
		if p.sealed {
			p.writeParentTree()
		}
	}
	if n := len(d.pages); n > 0 && d.pages[n-1].sealed {
		d.flushPages(n)
	} else {
		d.flushPages(n - 1)
	}
	queue := d.sealQueue
	d.sealQueue = nil
	for _, e := range queue {
		e.Seal()
	}
	return d.err
}

// writeParentTree writes p's ParentTree array, the object numbers of
// the elements owning its MCIDs, once p is finished in a streaming
// document, and keeps only the array's number for the ParentTree's
// number tree: the page holds no element nor a number for each MCID. A
// reopened page (NewStream) takes no further MCID (BeginTagged).
func (p *Page) writeParentTree() {
	d := p.doc
	if p.ptree != 0 || d.err != nil {
		return
	}
	buf := make([]byte, 0, 2+12*len(p.mcids))
	buf = append(buf, '[')
	for j, e := range p.mcids {
		if j > 0 {
			buf = append(buf, ' ')
		}
		buf = appendRef(buf, pdfobj.Ref{Num: int(abs32(e.ref))})
	}
	buf = append(buf, ']')
	ref := d.st.w.Alloc()
	if err := d.st.w.WriteNow(ref, pdfobj.Raw(buf)); err != nil {
		d.fail(fmt.Errorf("pdfua: writing the ParentTree entries of page %d: %w", p.index+1, err))
		return
	}
	p.ptree = int32(ref.Num)
	p.mcidBase += int32(len(p.mcids))
	p.mcids = nil
}

func abs32(v int32) int32 {
	if v < 0 {
		return -v
	}
	return v
}

// flushPages writes the compressed content of the finished pages before
// page end whose compression is done, in page order, stopping at the
// first page not finished.
func (d *Document) flushPages(end int) {
	st := d.st
	for ; st.flushed < end && st.flushed < len(d.pages); st.flushed++ {
		p := d.pages[st.flushed]
		if !p.sealed || len(p.groups) > 0 {
			return
		}
		if p.flushed || p.packed == nil {
			continue
		}
		for _, data := range p.streams {
			ref := st.w.Alloc()
			if err := st.w.WriteNow(ref, &pdfobj.Stream{Dict: st.flate, Data: data}); err != nil {
				d.fail(fmt.Errorf("pdfua: writing page %d: %w", p.index+1, err))
				return
			}
			p.written = append(p.written, int32(ref.Num))
		}
		p.streams = nil
		ref := st.w.Alloc()
		if err := st.w.WriteNow(ref, &pdfobj.Stream{Dict: st.flate, Data: p.packed}); err != nil {
			d.fail(fmt.Errorf("pdfua: writing page %d: %w", p.index+1, err))
			return
		}
		p.written = append(p.written, int32(ref.Num))
		p.packed, p.flushed = nil, true
		p.keepLess()
	}
}

// written reports whether e went to the file already (StreamTo, Seal).
func (e *StructElem) written() bool { return e.ref < 0 }

// Seal declares e's subtree complete: no element will be added under e
// and no content or link given to e or its descendants. A streaming
// document (StreamTo) checks the subtree and writes its elements at
// once, keeping only e's type and number, so the caller must let go of
// its pointers to the descendants; a document not streaming (yet)
// writes it when it starts to. Subtrees may be sealed in any order, a
// subtree before them kept: the checks (heading levels too) are those
// of the whole tree in document order. An element whose parent's kinds
// of kids PDF/UA constrains (a table row, a list item) stays in memory
// until Write, as does the root.
func (e *StructElem) Seal() {
	d := e.doc
	if d.err != nil || e == d.root || e.written() {
		return
	}
	if d.st == nil {
		d.sealQueue = append(d.sealQueue, e)
		return
	}
	if !d.sealable(e) {
		return
	}
	// the heading levels continue from the heading before e in
	// document order, in a subtree written or not
	d.st.v.lastLevel = d.levelBefore(e)
	if err := d.st.v.walk(d, e); err != nil {
		d.fail(err)
		return
	}
	level, _ := d.levelAfter(e, 0)
	b := &builder{d: d, w: d.st.w}
	var buf []byte
	var walk func(x *StructElem, depth int)
	walk = func(x *StructElem, depth int) {
		if d.err != nil || depth > maxSealDepth {
			return
		}
		buf = b.appendElem(buf[:0], x, b.elemRef(x.parent))
		ref := pdfobj.Ref{Num: int(x.ref)}
		if err := d.st.w.WriteNow(ref, pdfobj.Raw(buf)); err != nil {
			d.fail(fmt.Errorf("pdfua: writing the structure: %w", err))
			return
		}
		a := x.at()
		if a.ID != "" {
			d.st.idRefs[a.ID] = ref
		}
		if x.Table != nil {
			for _, h := range x.Table.Headers {
				if !d.st.v.ids[h] {
					d.st.v.pendingHeaders = append(d.st.v.pendingHeaders, h)
				}
			}
		}
		for _, k := range x.kids {
			if c := d.child(k); c != nil {
				walk(c, depth+1)
			} else if k.isAnnot() {
				// the annotation, written at the end, needs the
				// element's type and number only
				a := k.annot(d)
				a.elem, a.typ, a.elemRef = nil, x.typ, abs32(x.ref)
			}
		}
		x.ref = -x.ref
		d.st.written++
		if x == e {
			// e's parent lists e by its number, type and last
			// heading, for its own checks and object
			d.sealedKid(e, level)
		}
		d.elems.clear(int(x.index))
		// no pointer out of the block either: a chain of parents
		// would hold every block of the document
		x.kids, x.attrs, x.Table, x.page, x.parent = nil, nil, nil, nil, nil
	}
	walk(e, 0)
}

// levelBefore returns the level of the last heading before e in
// document order (pre-order), 0 for none: subtrees may be sealed out of
// order, before a subtree kept in memory that precedes them.
func (d *Document) levelBefore(e *StructElem) int {
	for x := e; x.parent != nil; x = x.parent {
		p := x.parent
		j := len(p.kids) - 1 // x is most often the last kid
		for j >= 0 && p.kids[j].elem != x.index+1 {
			j--
		}
		for j--; j >= 0; j-- {
			if k := p.kids[j]; k.isWritten() && d.writtenLevel(k) > 0 {
				return d.writtenLevel(k) // written subtrees' last heading
			}
			if c := d.child(p.kids[j]); c != nil {
				if l, ok := d.levelAfter(c, 0); ok {
					return l
				}
			}
		}
		if l := headingLevel(d.standardType(p.typ)); l > 0 {
			return l
		}
	}
	return 0
}

// levelAfter returns the level of the last heading in e's subtree.
func (d *Document) levelAfter(e *StructElem, depth int) (int, bool) {
	if depth > maxSealDepth {
		return 0, false
	}
	for j := len(e.kids) - 1; j >= 0; j-- {
		if k := e.kids[j]; k.isWritten() && d.writtenLevel(k) > 0 {
			return d.writtenLevel(k), true
		}
		if c := d.child(e.kids[j]); c != nil {
			if l, ok := d.levelAfter(c, depth+1); ok {
				return l, true
			}
		}
	}
	l := headingLevel(d.standardType(e.typ))
	return l, l > 0
}

// headingLevel returns n for Hn, 0 for other types.
func headingLevel(st string) int {
	if len(st) == 2 && st[0] == 'H' && st[1] >= '1' && st[1] <= '6' {
		return int(st[1] - '0')
	}
	return 0
}

// maxSealDepth bounds the recursion of Seal, as the depth of the tree
// built from HTML is bounded far below it.
const maxSealDepth = 10000

// sealable reports whether e can be written before its parent: its
// parent's check (Write) then sees e's type but not e's kids, which is
// enough unless the nearest ancestor that is not a grouping element
// (Div, Part, NonStruct) constrains the types of its kids.
func (d *Document) sealable(e *StructElem) bool {
	for p := e.parent; p != nil; p = p.parent {
		st := d.standardType(p.typ)
		if rule, ok := nestingRuleOf(st); ok && rule.kids != nil {
			return false
		}
		if !passThrough(st) {
			return true
		}
	}
	return true
}
