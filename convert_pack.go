package folio

import (
	"bytes"
	"compress/flate"
	"fmt"
	"io"
)

// packSource compresses the source a document keeps for the tagging
// fallback (laying it out again parses it again: reparse) when no audit
// reads it: a long document's HTML is megabytes (3.2 MB for 1,000 pages
// of bench/longdoc), held through its whole layout; compressed it is a
// twelfth of that (0.27 MB), for about 4 ms a megabyte. A source under
// packMin bytes is kept as it is: its memory does not matter, and a
// compressor's state (about 1 MB to set up) cost an invoice's render a
// tenth of its CPU.
func (in *input) packSource() error {
	if len(in.src) < packMin {
		return nil
	}
	if in.reopen != nil {
		// read again from the caller's file when needed
		in.size, in.src = len(in.src), nil
		return nil
	}
	var buf bytes.Buffer
	zw, err := flate.NewWriter(&buf, flate.BestSpeed)
	if err != nil {
		return fmt.Errorf("folio: keeping the source: %w", err)
	}
	if _, err := zw.Write(in.src); err != nil {
		return fmt.Errorf("folio: keeping the source: %w", err)
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("folio: keeping the source: %w", err)
	}
	in.packed, in.src = bytes.Clone(buf.Bytes()), nil
	return nil
}

// packMin is the smallest source packSource compresses.
const packMin = 256 << 10

// source returns the document's decoded HTML: src, or what packSource
// kept, decompressed.
func (in *input) source() ([]byte, error) {
	if in.src == nil && in.packed == nil && in.reopen != nil {
		r, err := in.reopened()
		if err != nil {
			return nil, err
		}
		defer r.Close()
		src := make([]byte, 0, in.size+bytes.MinRead)
		buf := bytes.NewBuffer(src)
		if _, err := buf.ReadFrom(r); err != nil {
			return nil, err
		}
		return buf.Bytes(), nil
	}
	if in.src != nil || in.packed == nil {
		return in.src, nil
	}
	src, err := io.ReadAll(flate.NewReader(bytes.NewReader(in.packed)))
	if err != nil {
		return nil, fmt.Errorf("folio: reading the source kept: %w", err)
	}
	return src, nil
}

// reopened opens the source again (Source.Reopen); reading it fails when
// it does not hold in.size bytes.
func (in *input) reopened() (io.ReadCloser, error) {
	r, err := in.reopen()
	if err != nil {
		return nil, fmt.Errorf("folio: reading the document again: %w", err)
	}
	return &sizedReader{r: r, want: int64(in.size)}, nil
}

// sizedReader reads a source read before again, failing at its end when
// its length changed: the document was parsed and styled from the bytes
// read first.
type sizedReader struct {
	r       io.ReadCloser
	n, want int64
}

func (s *sizedReader) Read(p []byte) (int, error) {
	n, err := s.r.Read(p)
	s.n += int64(n)
	if err == io.EOF && s.n != s.want {
		return n, fmt.Errorf("folio: reading the document again: %d bytes, not the %d read first: it changed during the conversion", s.n, s.want)
	}
	if s.n > s.want {
		return n, fmt.Errorf("folio: reading the document again: more than the %d bytes read first: it changed during the conversion", s.want)
	}
	return n, err
}

func (s *sizedReader) Close() error { return s.r.Close() }
