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

// TestDeflate: every stream, short or long, is a zlib stream (78 01)
// that inflates to the input. deflateFast (fonts, CMaps) is the
// stateless encoder at any size; deflateContent is too up to
// statelessMax, and above uses a level-1 writer, which makes a long
// content stream smaller.
func TestDeflate(t *testing.T) {
	for _, n := range []int{0, 1, 1000, statelessMax, statelessMax + 1, 200 << 10} {
		in := chartContent(n)
		var st bytes.Buffer
		flate.StatelessDeflate(&st, in, true, nil)
		stateless := st.Len() + 6 // zlib header and Adler-32
		for _, c := range []struct {
			name    string
			deflate func([]byte) []byte
			level1  bool
		}{
			{"deflateFast", deflateFast, false},
			{"deflateContent", deflateContent, n > statelessMax},
		} {
			t.Run(fmt.Sprint(c.name, n), func(t *testing.T) {
				out := c.deflate(in)
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
				switch {
				case !c.level1 && len(out) != stateless:
					t.Errorf("%d bytes compressed to %d, want the stateless encoder's %d", n, len(out), stateless)
				case c.level1 && n >= 200<<10 && len(out) >= stateless*95/100:
					t.Errorf("%d bytes compressed to %d, want at least 5 %% under the stateless encoder's %d", n, len(out), stateless)
				}
			})
		}
	}
}
