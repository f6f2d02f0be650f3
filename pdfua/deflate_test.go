package pdfua

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"io"
	"testing"

	"github.com/klauspost/compress/flate"
)

// chartContent returns about n bytes of content stream like a chart's:
// paths of numbers to 1/1000 pt from a fixed pseudo-random sequence.
func chartContent(n int) []byte {
	var b bytes.Buffer
	x := uint32(1)
	next := func() float64 {
		x = x*1664525 + 1013904223
		return float64(x>>8%600000) / 1000
	}
	for b.Len() < n {
		fmt.Fprintf(&b, "%g %g m\n%g %g l\n%g %g %g %g %g %g c\nS\n", next(), next(), next(), next(),
			next(), next(), next(), next(), next(), next())
	}
	return b.Bytes()[:n]
}

// TestDeflateFast: every stream, short or long, is a zlib stream (78 01)
// that inflates to the input; one longer than statelessMax is compressed
// by a level-1 writer, smaller than the stateless encoder makes it.
func TestDeflateFast(t *testing.T) {
	for _, n := range []int{0, 1, 1000, statelessMax, statelessMax + 1, 200 << 10} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			in := chartContent(n)
			out := deflateFast(in)
			if len(out) < 2 || out[0] != 0x78 || out[1] != 0x01 {
				t.Fatalf("header % x, want 78 01", out[:min(2, len(out))])
			}
			zr, err := zlib.NewReader(bytes.NewReader(out))
			if err != nil {
				t.Fatal(err)
			}
			back, err := io.ReadAll(zr)
			if err != nil || !bytes.Equal(back, in) {
				t.Fatalf("inflated %d bytes (%v), want the %d of the input", len(back), err, len(in))
			}
			var st bytes.Buffer
			flate.StatelessDeflate(&st, in, true, nil)
			stateless := st.Len() + 6 // zlib header and Adler-32
			switch {
			case n <= statelessMax && len(out) != stateless:
				t.Errorf("%d bytes compressed to %d, want the stateless encoder's %d", n, len(out), stateless)
			case n >= 200<<10 && len(out) >= stateless*95/100:
				t.Errorf("%d bytes compressed to %d, want at least 5 %% under the stateless encoder's %d", n, len(out), stateless)
			}
		})
	}
}
