package cli

import "io"

// onceReader reads an input's bytes once and lets go of them as it goes:
// the conversion keeps its own copy only as long as it needs one (the
// HTML audit's), so a long input is not held in memory, read, while its
// pages are laid out (issue 24).
type onceReader struct{ b []byte }

// newOnceReader returns a reader of b that drops b once read.
func newOnceReader(b []byte) *onceReader { return &onceReader{b: b} }

func (r *onceReader) Read(p []byte) (int, error) {
	if len(r.b) == 0 {
		r.b = nil
		return 0, io.EOF
	}
	n := copy(p, r.b)
	if r.b = r.b[n:]; len(r.b) == 0 {
		r.b = nil
	}
	return n, nil
}

// Len returns the number of bytes not yet read (the facade sizes its
// buffer by it).
func (r *onceReader) Len() int { return len(r.b) }
