package htmlstream

import (
	"context"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// BenchmarkParse parses a 3 MB long document whole (html.Parse) and
// streaming (Body, Next for every child, each unlinked once returned, as
// the facade does, and Finish).
func BenchmarkParse(b *testing.B) {
	in := longDoc(3 << 20 / (len(longDoc(2)) - len(longDoc(1))))
	b.Run("whole", func(b *testing.B) {
		b.SetBytes(int64(len(in)))
		b.ReportAllocs()
		for b.Loop() {
			if _, err := html.Parse(strings.NewReader(in)); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("stream", func(b *testing.B) {
		b.SetBytes(int64(len(in)))
		b.ReportAllocs()
		for b.Loop() {
			p := New(context.Background(), strings.NewReader(in))
			_, body, err := p.Body()
			if err != nil {
				b.Fatal(err)
			}
			for {
				n, err := p.Next()
				if err != nil {
					b.Fatal(err)
				}
				if n == nil {
					break
				}
				body.RemoveChild(n)
			}
			if err := p.Finish(); err != nil {
				b.Fatal(err)
			}
			p.Close()
		}
	})
}
