package pdfobj

import (
	"bytes"
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
