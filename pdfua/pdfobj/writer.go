package pdfobj

import (
	"bytes"
	"crypto/md5"
	"errors"
	"fmt"
	"hash"
	"io"
	"slices"
	"strconv"

	"github.com/klauspost/compress/zlib"
)

// Writer assembles a PDF file from numbered objects. Objects are allocated
// with Alloc (or Add), filled in any order, and written in number order by
// WriteTo, which also writes the cross-reference table and trailer. The
// output depends only on the objects given, so identical input gives
// identical bytes.
type Writer struct {
	objects []Object // index i holds object number i+1; nil until Set
	// hint is the estimated size of the objects set with SetFunc.
	hint int
	// Version is the header version, "1.7" by default.
	Version string
	// Compress enables Flate compression of streams without a /Filter.
	Compress bool
	// A streaming writer (Stream) keeps no table of objects: fw is its
	// output, offsets holds an entry per object allocated (its offset
	// in the file once written, 0 before) and pending the objects set
	// but not written yet, those set with SetFunc by their range in
	// funcs (a few) rather than one by one.
	fw      *fileWriter
	offsets offsetTable
	pending map[int]Object
	funcs   []*objectFunc
}

// NewWriter returns an empty writer that compresses streams.
func NewWriter() *Writer {
	return &Writer{Version: "1.7", Compress: true}
}

// Alloc reserves the next object number and returns its reference.
func (w *Writer) Alloc() Ref {
	if w.fw != nil {
		w.offsets.alloc()
		return Ref{Num: w.offsets.len()}
	}
	w.objects = append(w.objects, nil)
	return Ref{Num: len(w.objects)}
}

// Set stores o as the value of the object r refers to.
func (w *Writer) Set(r Ref, o Object) {
	if w.fw != nil {
		w.pending[r.Num] = o
		return
	}
	w.objects[r.Num-1] = o
}

// SetRaw stores syntax, an object already in PDF syntax (see Raw), as the
// value of the object r refers to: it is Set(r, Raw(syntax)). The writer
// keeps syntax until the file is written; the caller must not modify it.
// Writers of many small objects use SetFunc, which saves building them
// apart from the file.
func (w *Writer) SetRaw(r Ref, syntax []byte) {
	w.Set(r, Raw(syntax))
}

// funcObject marks an object set with SetFunc: object number
// f.first+i is written by f.fn(buf, i).
type funcObject struct{ f *objectFunc }

func (funcObject) isObject() {}

type objectFunc struct {
	first, n int // index of the first object, number of objects
	fn       func(buf []byte, i int) []byte
}

// SetFunc makes objects first … first+n-1 (allocated, consecutive) be
// written by fn when the file is assembled: fn(buf, i) appends the syntax
// of object first+i, without the "obj" and "endobj" around it, and
// returns the extended buffer. size estimates their total length. It
// saves writers of many small objects (structure elements) from building
// their syntax in a buffer of its own that the file then copies; fn must
// give the same bytes whenever it is called.
func (w *Writer) SetFunc(first Ref, n, size int, fn func(buf []byte, i int) []byte) {
	f := &objectFunc{first: first.Num - 1, n: n, fn: fn}
	if w.fw != nil { // by its range: a long outline's items are many
		for i := range n {
			delete(w.pending, f.first+i+1)
		}
		w.funcs = append(w.funcs, f)
		w.hint += size
		return
	}
	for i := range n {
		w.Set(Ref{Num: f.first + i + 1}, funcObject{f})
	}
	w.hint += size
}

// Grow makes room for n more objects, so that allocating them does not
// reallocate the object table.
func (w *Writer) Grow(n int) {
	if w.fw != nil {
		return // the offsets grow by blocks
	}
	w.objects = slices.Grow(w.objects, n)
}

// Add allocates a new object holding o and returns its reference.
func (w *Writer) Add(o Object) Ref {
	r := w.Alloc()
	w.Set(r, o)
	return r
}

// Len returns the number of allocated objects.
func (w *Writer) Len() int { return max(len(w.objects), w.offsets.len()) }

// Get returns the object stored under r, or nil (also for an object
// a streaming writer wrote already).
func (w *Writer) Get(r Ref) Object {
	var o Object
	switch {
	case w.fw != nil:
		o = w.pendingAt(r.Num) // nil once written
	case r.Num >= 1 && r.Num <= len(w.objects):
		o = w.objects[r.Num-1]
	}
	if f, ok := o.(funcObject); ok {
		return Raw(f.f.fn(nil, r.Num-1-f.f.first))
	}
	return o
}

// Trailer holds the entries of the file trailer besides /Size.
type Trailer struct {
	Root Ref
	Info Ref // zero Ref: no /Info
	// ID is the document identifier; both elements of /ID are set to it.
	// When empty, an ID is derived from the file content.
	ID []byte
}

// WriteTo writes the whole file: header, objects, xref table and trailer,
// the same bytes as AppendFile. It streams: objects are serialised into a
// buffer of about flushSize bytes that is written to out whenever it
// fills, so the file is never held whole (a long document's file can be
// larger than everything else it keeps). It fails when an allocated
// object was never set, before writing anything; when out fails, out
// holds part of the file.
func (w *Writer) WriteTo(out io.Writer, t Trailer) (int64, error) {
	if w.fw != nil {
		return w.finishStream(out, t)
	}
	objs, err := w.prepared()
	if err != nil {
		return 0, err
	}
	fw := &fileWriter{out: out, buf: make([]byte, 0, flushSize+4096)}
	if len(t.ID) == 0 {
		fw.sum = md5.New() // the ID is derived from the bytes before the trailer
	}
	fw.buf = w.appendHeader(fw.buf)
	offsets := make([]int, len(objs))
	for i, o := range objs {
		offsets[i] = int(fw.n) + len(fw.buf)
		fw.buf = appendIndirect(fw.buf, i, o)
		if len(fw.buf) >= flushSize {
			fw.flush()
		}
	}
	xref := int(fw.n) + len(fw.buf)
	fw.buf = appendXref(fw.buf, offsets)
	id := t.ID
	if fw.sum != nil {
		fw.flush()
		id = fw.sum.Sum(nil)
		fw.sum = nil
	}
	fw.buf = appendTrailer(fw.buf, len(objs), xref, t, id)
	fw.flush()
	return fw.n, fw.err
}

// flushSize is the size from which WriteTo hands its buffer to the
// io.Writer.
const flushSize = 64 << 10

// fileWriter is WriteTo's buffered output: n bytes written so far, the
// first error, and the hash of what was written when the file ID is
// derived from it.
type fileWriter struct {
	out io.Writer
	buf []byte
	n   int64
	err error
	sum hash.Hash
}

func (fw *fileWriter) flush() {
	if fw.err == nil && len(fw.buf) > 0 {
		var k int
		k, fw.err = fw.out.Write(fw.buf)
		fw.n += int64(k)
		if fw.sum != nil {
			fw.sum.Write(fw.buf)
		}
	}
	if cap(fw.buf) > 4*flushSize {
		fw.buf = make([]byte, 0, flushSize+4096) // not the buffer of one huge stream
	} else {
		fw.buf = fw.buf[:0]
	}
}

// direct writes b to the output after what was flushed, past the
// buffer (which the caller flushed).
func (fw *fileWriter) direct(b []byte) {
	if fw.err != nil {
		return
	}
	var k int
	k, fw.err = fw.out.Write(b)
	fw.n += int64(k)
	if fw.sum != nil {
		fw.sum.Write(b[:k])
	}
}

// prepared returns the objects to write, streams compressed when
// Compress is set; it fails when one was never set.
func (w *Writer) prepared() ([]Object, error) {
	objs := w.objects
	if w.Compress {
		objs = make([]Object, len(w.objects))
		for i, o := range w.objects {
			if s, ok := o.(*Stream); ok && s.Dict["Filter"] == nil && len(s.Data) > 64 {
				o = compressStream(s)
			}
			objs[i] = o
		}
	}
	for i, o := range objs {
		if o == nil {
			return nil, fmt.Errorf("pdfobj: object %d allocated but never set", i+1)
		}
	}
	return objs, nil
}

func (w *Writer) appendHeader(buf []byte) []byte {
	version := w.Version
	if version == "" {
		version = "1.7"
	}
	buf = append(buf, "%PDF-"...)
	buf = append(buf, version...)
	return append(buf, "\n%\xE2\xE3\xCF\xD3\n"...)
}

// appendIndirect appends object number i+1, o, as an indirect object.
func appendIndirect(buf []byte, i int, o Object) []byte {
	buf = strconv.AppendInt(buf, int64(i+1), 10)
	buf = append(buf, " 0 obj\n"...)
	switch o := o.(type) {
	case funcObject:
		buf = o.f.fn(buf, i-o.f.first)
	default:
		buf = AppendObject(buf, o)
	}
	return append(buf, "\nendobj\n"...)
}

// appendXref appends the cross-reference table of objects at offsets.
func appendXref(buf []byte, offsets []int) []byte {
	buf = append(buf, "xref\n0 "...)
	buf = strconv.AppendInt(buf, int64(len(offsets)+1), 10)
	buf = append(buf, "\n0000000000 65535 f \n"...)
	for _, off := range offsets {
		buf = appendXrefEntry(buf, off)
	}
	return buf
}

// appendXrefEntry appends the xref entry of an object at offset off.
func appendXrefEntry(buf []byte, off int) []byte {
	// Ten zero-padded digits, written without fmt: this runs once per
	// object.
	var entry = [20]byte{9: '0', 10: ' ', 11: '0', 12: '0', 13: '0', 14: '0', 15: '0', 16: ' ', 17: 'n', 18: ' ', 19: '\n'}
	for i, v := 9, off; i >= 0; i-- {
		entry[i] = byte('0' + v%10)
		v /= 10
	}
	return append(buf, entry[:]...)
}

// appendTrailer appends the trailer of a file of n objects whose xref
// table starts at offset xref, with file identifier id.
func appendTrailer(buf []byte, n, xref int, t Trailer, id []byte) []byte {
	trailer := Dict{
		"Size": Int(n + 1),
		"Root": t.Root,
		"ID":   Array{HexString(id), HexString(id)},
	}
	if t.Info.Num != 0 {
		trailer["Info"] = t.Info
	}
	buf = append(buf, "trailer\n"...)
	buf = AppendObject(buf, trailer)
	buf = append(buf, "\nstartxref\n"...)
	buf = strconv.AppendInt(buf, int64(xref), 10)
	return append(buf, "\n%%EOF\n"...)
}

// AppendFile appends the whole file (see WriteTo) to buf and returns the
// result. The file is built in place, so a caller that wants the bytes
// saves the copies of writing them to a buffer.
func (w *Writer) AppendFile(buf []byte, t Trailer) ([]byte, error) {
	if w.fw != nil {
		return nil, errors.New("pdfobj: AppendFile of a streaming writer (see Stream)")
	}
	objs, err := w.prepared()
	if err != nil {
		return nil, err
	}
	buf = slices.Grow(buf, w.fileSizeHint(objs))
	start := len(buf)
	buf = w.appendHeader(buf)
	offsets := make([]int, len(objs))
	for i, o := range objs {
		offsets[i] = len(buf) - start
		buf = appendIndirect(buf, i, o)
	}
	xref := len(buf) - start
	buf = appendXref(buf, offsets)
	id := t.ID
	if len(id) == 0 {
		sum := md5.Sum(buf[start:])
		id = sum[:]
	}
	return appendTrailer(buf, len(objs), xref, t, id), nil
}

// fileSizeHint estimates the size of the file holding objs, so that it is
// allocated once: stream data and raw objects count in full, other
// objects and the xref entries by a typical size.
func (w *Writer) fileSizeHint(objs []Object) int {
	n := 1024 + w.hint
	for _, o := range objs {
		switch v := o.(type) {
		case *Stream:
			n += len(v.Data) + 160
		case Raw:
			n += len(v) + 40
		case funcObject:
			n += 40
		default:
			n += 160
		}
	}
	return n
}

// compressStream returns a copy of s with Flate-encoded data.
func compressStream(s *Stream) *Stream {
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, zlib.DefaultCompression)
	zw.Write(s.Data)
	zw.Close()
	d := make(Dict, len(s.Dict)+1)
	for k, v := range s.Dict {
		d[k] = v
	}
	d["Filter"] = Name("FlateDecode")
	return &Stream{Dict: d, Data: z.Bytes()}
}
