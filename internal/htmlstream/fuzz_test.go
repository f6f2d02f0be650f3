package htmlstream

import (
	"context"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// FuzzStream checks, on arbitrary input and read sizes, that streaming
// makes html.Parse's tree, that every child is complete when Next returns
// it, that the head is complete when Body returns, and that the caller
// may change and drop what it was given (all of it, or all but the last). A document html.Parse rejects
// must give an error.
func FuzzStream(f *testing.F) {
	for _, d := range docs {
		f.Add(d.in, uint8(0))
		f.Add("<!doctype html>"+d.in, uint8(4))
	}
	f.Add(longDoc(2), uint8(63))
	f.Fuzz(func(t *testing.T, in string, c uint8) {
		chunk := int(c)%64 + 1
		if _, err := html.Parse(strings.NewReader(in)); err != nil {
			p := New(context.Background(), strings.NewReader(in))
			p.chunk = chunk
			defer p.Close()
			if err := drain(p); err == nil {
				t.Fatalf("html.Parse: %v; streaming: no error", err)
			}
			return
		}
		check(t, in, chunk, keep)
		check(t, in, chunk, strip)
		check(t, in, chunk, unlink)
	})
}
