package pdfobj

import (
	"bytes"
	"crypto/md5"
	"strconv"
	"testing"
	"unsafe"
)

// offsetsOf returns the offsets t gives, in number order.
func offsetsOf(t *offsetTable) []int64 {
	var out []int64
	t.each(func(off int64) { out = append(out, off) })
	return out
}

// tableSize returns the memory t's blocks hold.
func tableSize(t *offsetTable) int {
	size := 0
	for _, b := range t.blocks {
		size += int(unsafe.Sizeof(b)) + 4*cap(b.rel) + 8*cap(b.wide) + cap(b.deltas) + int(unsafe.Sizeof(hole{}))*cap(b.holes)
	}
	return size
}

// TestOffsetTable checks that the streaming writer's table of offsets
// gives back every offset set, whatever the order objects are written
// in, objects written long after (holes of packed blocks) and files past
// 4 GiB included, and that a long document's table takes little more
// than a byte an object.
func TestOffsetTable(t *testing.T) {
	const gib = int64(1) << 30
	type write struct {
		i   int   // object index
		at  int   // objects allocated when it is written
		off int64 // its offset
	}
	// writes returns n objects of about size bytes from base on,
	// written in number order as they are allocated but for those late
	// says (written at the end, after the others).
	writes := func(n int, base, size int64, late func(i int) bool) []write {
		var ws, end []write
		off := base
		for i := range n {
			w := write{i: i, at: i + 1, off: off}
			off += size + int64(i%7)
			if late(i) {
				end = append(end, w)
				continue
			}
			ws = append(ws, w)
		}
		for k := range end {
			end[k].at, end[k].off = n, off
			off += size
		}
		return append(ws, end...)
	}
	never := func(int) bool { return false }
	for _, tc := range []struct {
		name    string
		n       int
		ws      []write
		maxSize float64 // bytes an object
	}{
		{"in number order", 50 * offsetsPer, writes(50*offsetsPer, 15, 100, never), 1.3},
		{"a page object every 100 written at the end", 50 * offsetsPer, writes(50*offsetsPer, 15, 100, func(i int) bool { return i%100 == 0 }), 1.5},
		{"a long subtree written at the end", 50 * offsetsPer, writes(50*offsetsPer, 15, 100, func(i int) bool { return i >= 10000 && i < 30000 }), 2.6},
		{"past 4 GiB", 20 * offsetsPer, writes(20*offsetsPer, 5*gib, 3000, never), 2.4},
		{"objects of 300 KB", 10 * offsetsPer, writes(10*offsetsPer, 15, 300000, func(i int) bool { return i%50 == 0 }), 3.7},
		{"in reverse order", 3 * offsetsPer, func() []write {
			var ws []write
			for k := range 3 * offsetsPer {
				ws = append(ws, write{i: 3*offsetsPer - 1 - k, at: 3 * offsetsPer, off: 15 + 100*int64(k)})
			}
			return ws
		}(), 0},
		{"a block spanning 5 GiB", 4 * offsetsPer, func() []write {
			var ws []write
			for i := range 4 * offsetsPer {
				off := 15 + 100*int64(i)
				if i%offsetsPer == 7 {
					off = 5*gib + int64(i)
				}
				ws = append(ws, write{i: i, at: i + 1, off: off})
			}
			return ws
		}(), 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var tab offsetTable
			want := make([]int64, tc.n)
			for k, w := range tc.ws {
				for tab.len() < w.at {
					tab.alloc()
				}
				if tab.isWritten(w.i) {
					t.Fatalf("object %d written before it is", w.i+1)
				}
				tab.set(w.i, w.off)
				want[w.i] = w.off
				if !tab.isWritten(w.i) {
					t.Fatalf("object %d not written once it is", w.i+1)
				}
				if k == len(tc.ws)/2 || k == len(tc.ws)-1 {
					got := offsetsOf(&tab)
					for i := range tab.len() {
						if got[i] != want[i] {
							t.Fatalf("after %d writes, object %d at %d, want %d", k+1, i+1, got[i], want[i])
						}
					}
				}
			}
			per := float64(tableSize(&tab)) / float64(tc.n)
			t.Logf("%.2f bytes an object", per)
			if tc.maxSize > 0 && per > tc.maxSize {
				t.Errorf("the table takes %.2f bytes an object, more than %.2f", per, tc.maxSize)
			}
		})
	}
}

// TestWriteNowLargeObject checks that an object larger than the
// writer's buffer, written past the buffer, is where the xref table
// says and counts in the file's derived ID like any other.
func TestWriteNowLargeObject(t *testing.T) {
	var out bytes.Buffer
	w := NewWriter()
	if err := w.Stream(&out); err != nil {
		t.Fatal(err)
	}
	catalog, big, small := w.Alloc(), w.Alloc(), w.Alloc()
	arr := []byte("[")
	for i := 0; len(arr) < 3*flushSize; i++ {
		arr = strconv.AppendInt(append(arr, ' '), int64(i), 10)
	}
	arr = append(arr, ']')
	for _, o := range []struct {
		ref Ref
		obj Object
	}{{small, Int(7)}, {big, Raw(arr)}} {
		if err := w.WriteNow(o.ref, o.obj); err != nil {
			t.Fatal(err)
		}
	}
	w.Set(catalog, Dict{"Type": Name("Catalog"), "Big": big, "Small": small})
	if _, err := w.WriteTo(&out, Trailer{Root: catalog}); err != nil {
		t.Fatal(err)
	}
	data := out.Bytes()
	f, err := Open(data)
	if err != nil {
		t.Fatal(err)
	}
	got, err := f.Get(big)
	if err != nil {
		t.Fatal(err)
	}
	if a, ok := got.(Array); !ok || len(a) == 0 || Format(a) != string(arr[:1])+string(arr[2:]) {
		t.Errorf("the large object reads back as %.60s…", Format(got))
	}
	sum := md5.Sum(data[:bytes.LastIndex(data, []byte("trailer\n"))])
	if id := f.Trailer()["ID"].(Array)[0]; string(id.(HexString)) != string(sum[:]) {
		t.Errorf("ID %x, want the MD5 of the file before the trailer %x", id, sum)
	}
}
