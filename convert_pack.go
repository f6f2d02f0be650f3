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
	if in.src != nil || in.packed == nil {
		return in.src, nil
	}
	src, err := io.ReadAll(flate.NewReader(bytes.NewReader(in.packed)))
	if err != nil {
		return nil, fmt.Errorf("folio: reading the source kept: %w", err)
	}
	return src, nil
}
