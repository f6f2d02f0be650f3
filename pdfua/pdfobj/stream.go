package pdfobj

import (
	"crypto/md5"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// Stream makes w write the file to out as it goes: the header at once,
// each object passed to WriteNow as soon as it is given, and the rest
// (with the cross-reference table and trailer) by WriteTo, which must
// then be given the same out. Objects written early are not kept, only
// their offsets, so a long document need not hold what it has finished.
// The file is valid whatever the order of the objects in it; it is
// deterministic for a deterministic order of calls.
func (w *Writer) Stream(out io.Writer) error {
	switch {
	case w.fw != nil:
		return errors.New("pdfobj: Stream called twice")
	case len(w.objects) > 0:
		return errors.New("pdfobj: Stream after objects were allocated")
	}
	w.pending = map[int]Object{}
	w.fw = &fileWriter{out: out, buf: make([]byte, 0, flushSize+4096), sum: md5.New()}
	w.fw.buf = w.appendHeader(w.fw.buf)
	return nil
}

// Streaming reports whether Stream was called.
func (w *Writer) Streaming() bool { return w.fw != nil }

// WriteNow writes o as object r to the output at once (see Stream) and
// keeps only its offset. It fails when the writer does not stream, when
// r was written already, or with the output's first error.
func (w *Writer) WriteNow(r Ref, o Object) error {
	fw := w.fw
	switch {
	case fw == nil:
		return errors.New("pdfobj: WriteNow on a writer that does not stream")
	case r.Num < 1 || r.Num > w.offsets.len():
		return fmt.Errorf("pdfobj: WriteNow of object %d, of %d allocated", r.Num, w.offsets.len())
	case w.offsets.isWritten(r.Num - 1):
		return fmt.Errorf("pdfobj: object %d written twice", r.Num)
	case o == nil:
		return fmt.Errorf("pdfobj: WriteNow of object %d without a value", r.Num)
	}
	if s, ok := o.(*Stream); ok && w.Compress && s.Dict["Filter"] == nil && len(s.Data) > 64 {
		o = compressStream(s)
	}
	w.offsets.set(r.Num-1, fw.n+int64(len(fw.buf)))
	delete(w.pending, r.Num)
	if raw, ok := o.(Raw); ok && len(raw) > flushSize {
		// a large object (the Document element of a long flat
		// document) goes out as it is, not copied into the buffer
		fw.buf = strconv.AppendInt(fw.buf, int64(r.Num), 10)
		fw.buf = append(fw.buf, " 0 obj\n"...)
		fw.flush()
		fw.direct(raw)
		fw.buf = append(fw.buf, "\nendobj\n"...)
		return fw.err
	}
	fw.buf = appendIndirect(fw.buf, r.Num-1, o)
	if len(fw.buf) >= flushSize {
		fw.flush()
	}
	return fw.err
}

// finishStream writes the objects not yet written, in number order, then
// the cross-reference table and trailer, to the output Stream was given.
func (w *Writer) finishStream(out io.Writer, t Trailer) (int64, error) {
	fw := w.fw
	if out != fw.out {
		return 0, errors.New("pdfobj: WriteTo of a streaming writer to another output than Stream's")
	}
	n := w.offsets.len()
	for i := range n {
		if !w.offsets.isWritten(i) && w.pendingAt(i+1) == nil {
			return 0, fmt.Errorf("pdfobj: object %d allocated but never set", i+1)
		}
	}
	for i := range n {
		if w.offsets.isWritten(i) {
			continue
		}
		o := w.pendingAt(i + 1)
		if s, ok := o.(*Stream); ok && w.Compress && s.Dict["Filter"] == nil && len(s.Data) > 64 {
			o = compressStream(s)
		}
		w.offsets.set(i, fw.n+int64(len(fw.buf)))
		fw.buf = appendIndirect(fw.buf, i, o)
		delete(w.pending, i+1)
		if len(fw.buf) >= flushSize {
			fw.flush()
		}
	}
	// the xref table goes out as it is made, as the objects did
	xref := int(fw.n) + len(fw.buf)
	fw.buf = strconv.AppendInt(append(fw.buf, "xref\n0 "...), int64(n+1), 10)
	fw.buf = append(fw.buf, "\n0000000000 65535 f \n"...)
	w.offsets.each(func(off int64) {
		fw.buf = appendXrefEntry(fw.buf, int(off))
		if len(fw.buf) >= flushSize {
			fw.flush()
		}
	})
	id := t.ID
	if len(id) == 0 {
		fw.flush()
		id = fw.sum.Sum(nil)
	}
	fw.sum = nil
	fw.buf = appendTrailer(fw.buf, n, xref, t, id)
	fw.flush()
	return fw.n, fw.err
}

// pendingAt returns object num of a streaming writer, set and not
// written yet, or nil.
func (w *Writer) pendingAt(num int) Object {
	if o := w.pending[num]; o != nil {
		return o
	}
	if num < 1 || num > w.offsets.len() || w.offsets.isWritten(num-1) {
		return nil
	}
	for _, f := range w.funcs {
		if i := num - 1 - f.first; i >= 0 && i < f.n {
			return funcObject{f}
		}
	}
	return nil
}
