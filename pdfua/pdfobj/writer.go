package pdfobj

import (
	"bytes"
	"crypto/md5"
	"fmt"
	"io"
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
	// Version is the header version, "1.7" by default.
	Version string
	// Compress enables Flate compression of streams without a /Filter.
	Compress bool
}

// NewWriter returns an empty writer that compresses streams.
func NewWriter() *Writer {
	return &Writer{Version: "1.7", Compress: true}
}

// Alloc reserves the next object number and returns its reference.
func (w *Writer) Alloc() Ref {
	w.objects = append(w.objects, nil)
	return Ref{Num: len(w.objects)}
}

// Set stores o as the value of the object r refers to.
func (w *Writer) Set(r Ref, o Object) {
	w.objects[r.Num-1] = o
}

// Add allocates a new object holding o and returns its reference.
func (w *Writer) Add(o Object) Ref {
	r := w.Alloc()
	w.Set(r, o)
	return r
}

// Len returns the number of allocated objects.
func (w *Writer) Len() int { return len(w.objects) }

// Get returns the object stored under r, or nil.
func (w *Writer) Get(r Ref) Object {
	if r.Num < 1 || r.Num > len(w.objects) {
		return nil
	}
	return w.objects[r.Num-1]
}

// Trailer holds the entries of the file trailer besides /Size.
type Trailer struct {
	Root Ref
	Info Ref // zero Ref: no /Info
	// ID is the document identifier; both elements of /ID are set to it.
	// When empty, an ID is derived from the file content.
	ID []byte
}

// WriteTo writes the whole file: header, objects, xref table and trailer.
// It fails when an allocated object was never set.
func (w *Writer) WriteTo(out io.Writer, t Trailer) (int64, error) {
	var buf bytes.Buffer
	buf.Grow(64 * 1024)
	version := w.Version
	if version == "" {
		version = "1.7"
	}
	buf.WriteString("%PDF-" + version + "\n%\xE2\xE3\xCF\xD3\n")
	offsets := make([]int, len(w.objects))
	scratch := make([]byte, 0, 4096)
	for i, o := range w.objects {
		if o == nil {
			return 0, fmt.Errorf("pdfobj: object %d allocated but never set", i+1)
		}
		if s, ok := o.(*Stream); ok && w.Compress && s.Dict["Filter"] == nil && len(s.Data) > 64 {
			o = compressStream(s)
		}
		offsets[i] = buf.Len()
		scratch = strconv.AppendInt(scratch[:0], int64(i+1), 10)
		scratch = append(scratch, " 0 obj\n"...)
		scratch = AppendObject(scratch, o)
		scratch = append(scratch, "\nendobj\n"...)
		buf.Write(scratch)
	}
	xref := buf.Len()
	fmt.Fprintf(&buf, "xref\n0 %d\n0000000000 65535 f \n", len(w.objects)+1)
	entry := []byte("0000000000 00000 n \n")
	for _, off := range offsets {
		// Ten zero-padded digits, written without fmt: this loop runs once
		// per object.
		for i, v := 9, off; i >= 0; i-- {
			entry[i] = byte('0' + v%10)
			v /= 10
		}
		buf.Write(entry)
	}
	id := t.ID
	if len(id) == 0 {
		sum := md5.Sum(buf.Bytes())
		id = sum[:]
	}
	trailer := Dict{
		"Size": Int(len(w.objects) + 1),
		"Root": t.Root,
		"ID":   Array{HexString(id), HexString(id)},
	}
	if t.Info.Num != 0 {
		trailer["Info"] = t.Info
	}
	buf.WriteString("trailer\n")
	buf.Write(AppendObject(nil, trailer))
	fmt.Fprintf(&buf, "\nstartxref\n%d\n%%%%EOF\n", xref)
	n, err := out.Write(buf.Bytes())
	return int64(n), err
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
