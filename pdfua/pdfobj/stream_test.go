package pdfobj

import (
	"bytes"
	"strconv"
	"strings"
	"testing"
)

// TestStreamWritesEarly checks a streaming writer: objects given to
// WriteNow go to the output at once, out of number order, the rest with
// the xref table by WriteTo, and the file reads back whole; misuse is
// refused with an error naming it.
func TestStreamWritesEarly(t *testing.T) {
	var out bytes.Buffer
	w := NewWriter()
	if err := w.WriteNow(Ref{Num: 1}, Int(1)); err == nil || !strings.Contains(err.Error(), "does not stream") {
		t.Errorf("WriteNow without Stream: %v", err)
	}
	if err := w.Stream(&out); err != nil {
		t.Fatal(err)
	}
	catalog, pages, elem := w.Alloc(), w.Alloc(), w.Alloc()
	if err := w.WriteNow(elem, Dict{"Type": Name("StructElem"), "S": Name("P"), "P": catalog}); err != nil {
		t.Fatal(err)
	}
	if err := w.WriteNow(elem, Int(2)); err == nil || !strings.Contains(err.Error(), "written twice") {
		t.Errorf("second WriteNow of object %d: %v", elem.Num, err)
	}
	w.Set(pages, Dict{"Type": Name("Pages"), "Kids": Array{}, "Count": Int(0)})
	w.Set(catalog, Dict{"Type": Name("Catalog"), "Pages": pages, "X": elem})
	if _, err := w.AppendFile(nil, Trailer{Root: catalog}); err == nil {
		t.Error("AppendFile of a streaming writer did not fail")
	}
	if _, err := w.WriteTo(&bytes.Buffer{}, Trailer{Root: catalog}); err == nil {
		t.Error("WriteTo another output than Stream's did not fail")
	}
	if _, err := w.WriteTo(&out, Trailer{Root: catalog}); err != nil {
		t.Fatal(err)
	}
	data := out.Bytes()
	if i, j := bytes.Index(data, []byte("3 0 obj")), bytes.Index(data, []byte("1 0 obj")); i < 0 || j < i {
		t.Errorf("object 3 at %d, object 1 at %d: want 3 first", i, j)
	}
	f, err := Open(data)
	if err != nil {
		t.Fatal(err)
	}
	o, err := f.Get(elem)
	if d, ok := o.(Dict); err != nil || !ok || d["S"] != Name("P") {
		t.Errorf("object %d reads back as %v (%v)", elem.Num, o, err)
	}

	late := NewWriter()
	late.Alloc()
	if err := late.Stream(&bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), "after objects were allocated") {
		t.Errorf("Stream after Alloc: %v", err)
	}
	unset := NewWriter()
	var out2 bytes.Buffer
	unset.Stream(&out2)
	root := unset.Alloc()
	unset.Alloc()
	unset.Set(root, Dict{"Type": Name("Catalog")})
	if _, err := unset.WriteTo(&out2, Trailer{Root: root}); err == nil || !strings.Contains(err.Error(), "object 2 allocated but never set") {
		t.Errorf("WriteTo with an object never set: %v", err)
	}
}

// TestStreamSetFunc checks SetFunc on a streaming writer: its objects
// are written in number order among the others, the same bytes as a
// writer that does not stream, Get gives one until it is written, Set
// and WriteNow still take precedence for one of them, and the writer
// keeps the range, not an entry for each object (a long outline has
// one for each heading).
func TestStreamSetFunc(t *testing.T) {
	const n = 1000
	build := func(w *Writer) {
		root := w.Alloc()
		first := w.Alloc()
		for range n - 1 {
			w.Alloc()
		}
		last := w.Alloc()
		w.SetFunc(first, n, 16*n, func(buf []byte, i int) []byte {
			return append(strconv.AppendInt(append(buf, "<</I "...), int64(i), 10), ">>"...)
		})
		w.Set(Ref{Num: first.Num + 7}, Int(-7))
		w.Set(last, Name("End"))
		w.Set(root, Dict{"Type": Name("Catalog"), "First": first})
	}
	var plain bytes.Buffer
	pw := NewWriter()
	build(pw)
	if _, err := pw.WriteTo(&plain, Trailer{Root: Ref{Num: 1}, ID: []byte("id")}); err != nil {
		t.Fatal(err)
	}
	var streamed bytes.Buffer
	sw := NewWriter()
	if err := sw.Stream(&streamed); err != nil {
		t.Fatal(err)
	}
	build(sw)
	if len(sw.pending) > 3 {
		t.Errorf("a streaming writer keeps %d pending objects for %d set with SetFunc and 3 with Set", len(sw.pending), n)
	}
	if got := sw.Get(Ref{Num: 12}); got == nil || string(AppendObject(nil, got)) != "<</I 10>>" {
		t.Errorf("Get of object 12: %v", got)
	}
	if _, err := sw.WriteTo(&streamed, Trailer{Root: Ref{Num: 1}, ID: []byte("id")}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(plain.Bytes(), streamed.Bytes()) {
		t.Errorf("streamed file (%d bytes) differs from the plain one (%d bytes)", streamed.Len(), plain.Len())
	}
	if got := sw.Get(Ref{Num: 12}); got != nil {
		t.Errorf("Get of object 12 once written: %v", got)
	}
}
