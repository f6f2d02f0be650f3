package pdfobj

import (
	"bytes"
	"errors"
	"testing"
)

// TestDecodeStreamMax: a stream decodes within the tighter cap and fails
// with ErrTooLarge past it, compressed or not.
func TestDecodeStreamMax(t *testing.T) {
	for _, compress := range []bool{false, true} {
		w := NewWriter()
		w.Compress = compress
		catalog := w.Alloc()
		small := w.Add(&Stream{Dict: Dict{}, Data: bytes.Repeat([]byte("a"), 100)})
		big := w.Add(&Stream{Dict: Dict{}, Data: bytes.Repeat([]byte("b"), 5000)})
		w.Set(catalog, Dict{"Type": Name("Catalog"), "S": small, "B": big})
		var buf bytes.Buffer
		if _, err := w.WriteTo(&buf, Trailer{Root: catalog}); err != nil {
			t.Fatal(err)
		}
		f, err := Open(buf.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		s, _ := f.Resolve(small).(*Stream)
		b, _ := f.Resolve(big).(*Stream)
		if got, err := f.DecodeStreamMax(s, 1000); err != nil || len(got) != 100 {
			t.Errorf("compress %v: small stream: %d bytes, %v", compress, len(got), err)
		}
		if _, err := f.DecodeStreamMax(b, 1000); !errors.Is(err, ErrTooLarge) {
			t.Errorf("compress %v: big stream: err = %v, want ErrTooLarge", compress, err)
		}
		if got, err := f.DecodeStreamMax(b, 0); err != nil || len(got) != 5000 {
			t.Errorf("compress %v: big stream without a cap: %d bytes, %v", compress, len(got), err)
		}
	}
}
