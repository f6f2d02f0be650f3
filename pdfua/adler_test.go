package pdfua

import (
	"bytes"
	"fmt"
	"hash/adler32"
	"math/rand/v2"
	"testing"

	"github.com/klauspost/compress/zlib"
)

// TestAdler32Sum: the checksum is hash/adler32's for every length up to
// a few blocks of eight, for runs of 0xff (the largest sums) past the
// chunk where the sums are reduced, and for random data.
func TestAdler32Sum(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	random := make([]byte, 3*adlerChunk+13)
	for i := range random {
		random[i] = byte(rng.Uint32())
	}
	ff := make([]byte, 2*adlerChunk+7)
	for i := range ff {
		ff[i] = 0xff
	}
	cases := map[string][]byte{"empty": nil, "random": random, "0xff": ff, "zeros": make([]byte, adlerChunk+1)}
	for n := range 40 {
		cases["random prefix "+string(rune('a'+n))] = random[:n]
	}
	for name, data := range cases {
		if got, want := adler32Sum(data), adler32.Checksum(data); got != want {
			t.Errorf("%s (%d bytes): %08x, want %08x", name, len(data), got, want)
		}
	}
}

// TestDeflateWithAsZlib: deflateWith writes, byte for byte, the stream
// of zlib.Writer at the cache's level (it frames a flate writer itself
// to checksum faster), reused writers included.
func TestDeflateWithAsZlib(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	text := make([]byte, 0, 200_000)
	for len(text) < 190_000 {
		text = fmt.Appendf(text, "%.3f %.3f m\n%.3f %.3f l\nS\n", rng.Float64()*600, rng.Float64()*800, rng.Float64()*600, rng.Float64()*800)
	}
	noise := make([]byte, 70_000)
	for i := range noise {
		noise[i] = byte(rng.Uint32())
	}
	for _, c := range []struct {
		name  string
		cache *zlibCache
		level int
	}{{"fast", zlibFast, zlib.BestSpeed}, {"default", zlibDefault, zlib.DefaultCompression}} {
		for _, data := range [][]byte{nil, []byte("q Q"), text, noise, text[:40_000]} {
			var want bytes.Buffer
			zw, _ := zlib.NewWriterLevel(&want, c.level)
			zw.Write(data)
			zw.Close()
			if got := deflateWith(c.cache, data); !bytes.Equal(got, want.Bytes()) {
				t.Errorf("%s level, %d bytes: %d bytes written differ from zlib.Writer's %d", c.name, len(data), len(got), want.Len())
			}
		}
	}
}
