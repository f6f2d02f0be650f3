package pdfobj

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestWriterRawObjects checks that objects given as syntax (SetRaw, Raw)
// give the same file as the equivalent values, that Get returns them, and
// that AppendFile and WriteTo agree.
func TestWriterRawObjects(t *testing.T) {
	build := func(raw bool) *Writer {
		w := NewWriter()
		w.Grow(4)
		catalog := w.Alloc()
		pages := w.Alloc()
		elem := w.Alloc()
		w.Set(pages, Dict{"Type": Name("Pages"), "Kids": Array{}, "Count": Int(0)})
		elemDict := Dict{"Type": Name("StructElem"), "S": Name("P"), "K": Array{Int(0), Dict{"MCID": Int(1), "Pg": Ref{Num: 2}}}}
		list := Array{Int(1), elem}
		if raw {
			w.SetRaw(elem, []byte(Format(elemDict)))
			w.Set(catalog, Dict{"Type": Name("Catalog"), "Pages": pages, "X": Raw(Format(list))})
		} else {
			w.Set(elem, elemDict)
			w.Set(catalog, Dict{"Type": Name("Catalog"), "Pages": pages, "X": list})
		}
		return w
	}
	tr := Trailer{Root: Ref{Num: 1}}
	want, err := build(false).AppendFile(nil, tr)
	if err != nil {
		t.Fatal(err)
	}
	w := build(true)
	got, err := w.AppendFile([]byte("prefix"), tr)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got[len("prefix"):], want) {
		t.Errorf("raw objects give\n%s\nwant\n%s", got, want)
	}
	if r, ok := w.Get(Ref{Num: 3}).(Raw); !ok || string(r) != "<</K [0 <</MCID 1/Pg 2 0 R>>]/S /P/Type /StructElem>>" {
		t.Errorf("Get of a raw object = %#v", w.Get(Ref{Num: 3}))
	}
	var buf bytes.Buffer
	if _, err := w.WriteTo(&buf, tr); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), want) {
		t.Errorf("WriteTo and AppendFile differ")
	}
	f, err := Open(got[len("prefix"):])
	if err != nil {
		t.Fatal(err)
	}
	e, err := f.Get(Ref{Num: 3})
	if err != nil {
		t.Fatal(err)
	}
	if Format(e) != Format(build(false).Get(Ref{Num: 3})) {
		t.Errorf("read back %s", Format(e))
	}
}

func TestWriterUnsetObject(t *testing.T) {
	w := NewWriter()
	root := w.Alloc()
	w.Alloc()
	w.Set(root, Dict{})
	if _, err := w.AppendFile(nil, Trailer{Root: root}); err == nil {
		t.Error("an allocated object that was never set must be an error")
	}
}

// TestWriterSetFunc checks that objects written by a SetFunc callback
// give the same file as the equivalent values, and that Get returns
// their syntax.
func TestWriterSetFunc(t *testing.T) {
	elems := []Dict{
		{"Type": Name("StructElem"), "S": Name("P"), "K": Int(0)},
		{"Type": Name("StructElem"), "S": Name("H1"), "K": Array{Int(1), Int(2)}},
		{"Type": Name("StructElem"), "S": Name("Span"), "Alt": String("x")},
	}
	build := func(byFunc bool) *Writer {
		w := NewWriter()
		catalog := w.Alloc()
		first := w.Alloc()
		for range elems[1:] {
			w.Alloc()
		}
		if byFunc {
			w.SetFunc(first, len(elems), 100, func(buf []byte, i int) []byte { return AppendObject(buf, elems[i]) })
		} else {
			for i, e := range elems {
				w.Set(Ref{Num: first.Num + i}, e)
			}
		}
		w.Set(catalog, Dict{"Type": Name("Catalog"), "Elems": Array{first}})
		return w
	}
	tr := Trailer{Root: Ref{Num: 1}}
	want, err := build(false).AppendFile(nil, tr)
	if err != nil {
		t.Fatal(err)
	}
	w := build(true)
	got, err := w.AppendFile(nil, tr)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("SetFunc file differs:\n%s\nwant\n%s", got, want)
	}
	if g := Format(w.Get(Ref{Num: 3})); g != Format(elems[1]) {
		t.Errorf("Get = %s, want %s", g, Format(elems[1]))
	}
}

// chunkRecorder records the sizes of the writes it gets, and fails once
// more than failAfter bytes are written (0: never).
type chunkRecorder struct {
	bytes.Buffer
	writes    []int
	failAfter int
}

func (c *chunkRecorder) Write(p []byte) (int, error) {
	c.writes = append(c.writes, len(p))
	if c.failAfter > 0 && c.Len()+len(p) > c.failAfter {
		return 0, errors.New("disk full")
	}
	return c.Buffer.Write(p)
}

// TestWriteToStreams: WriteTo gives AppendFile's bytes (with an ID given
// and with one derived from the content) in writes of about flushSize,
// never the whole file at once, and reports a failing destination.
func TestWriteToStreams(t *testing.T) {
	build := func() *Writer {
		w := NewWriter()
		w.Compress = false
		catalog := w.Alloc()
		for i := range 400 { // about 400 KB: several flushes
			w.Add(&Stream{Dict: Dict{"N": Int(i)}, Data: bytes.Repeat([]byte{byte('a' + i%26)}, 1000)})
		}
		w.Set(catalog, Dict{"Type": Name("Catalog")})
		return w
	}
	for _, tc := range []struct {
		name string
		id   []byte
	}{{"given ID", []byte("0123456789abcdef")}, {"derived ID", nil}} {
		t.Run(tc.name, func(t *testing.T) {
			tr := Trailer{Root: Ref{Num: 1}, ID: tc.id}
			want, err := build().AppendFile(nil, tr)
			if err != nil {
				t.Fatal(err)
			}
			var rec chunkRecorder
			n, err := build().WriteTo(&rec, tr)
			if err != nil {
				t.Fatal(err)
			}
			if n != int64(len(want)) || !bytes.Equal(rec.Bytes(), want) {
				t.Fatalf("WriteTo wrote %d bytes, not AppendFile's %d", n, len(want))
			}
			if len(rec.writes) < 4 || slices.Max(rec.writes) > flushSize+2000 {
				t.Errorf("writes of %v bytes: want several, each about %d", rec.writes, flushSize)
			}
			if _, err := Open(rec.Bytes()); err != nil {
				t.Errorf("streamed file does not read back: %v", err)
			}
		})
	}
	rec := chunkRecorder{failAfter: 100 << 10}
	if _, err := build().WriteTo(&rec, Trailer{Root: Ref{Num: 1}}); err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("failing destination: err = %v, want disk full", err)
	}
}
