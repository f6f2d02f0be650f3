package fonts

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// MaxWebFontBytes bounds the TrueType/OpenType program a WOFF or WOFF2 file
// may decode to (64 MiB; the largest CJK fonts are about 20 MiB). A file
// declaring or decoding to more is refused with an error wrapping
// ErrFontTooLarge, so a small compressed "bomb" cannot make a render
// allocate gigabytes.
const MaxWebFontBytes = 64 << 20

// maxWebFontRatio bounds how much larger than the compressed file its
// decoded font may be: at most 1 MiB plus maxWebFontRatio times the file
// size. Real fonts compress 2–5 times (WOFF2's glyf transform up to about
// 10); a larger ratio is a decompression bomb.
const maxWebFontRatio = 64

// ErrFontTooLarge is wrapped by errors that refuse a web font whose
// decoded size exceeds MaxWebFontBytes or the allowed compression ratio.
var ErrFontTooLarge = errors.New("font too large")

// webFontBudget is the number of decoded bytes a web font of n compressed
// bytes may produce.
func webFontBudget(n int) int64 {
	return min(int64(MaxWebFontBytes), 1<<20+maxWebFontRatio*int64(n))
}

// checkDecodedSize refuses a declared or actual decoded size over budget.
func checkDecodedSize(format, what string, size, budget int64, fileSize int) error {
	if size <= budget {
		return nil
	}
	if size > MaxWebFontBytes {
		return fmt.Errorf("%s: %s of %d bytes exceeds the %d-byte limit for decoded fonts: %w",
			format, what, size, int64(MaxWebFontBytes), ErrFontTooLarge)
	}
	return fmt.Errorf("%s: %s of %d bytes is more than %d times the %d-byte file (a decompression bomb?): %w",
		format, what, size, maxWebFontRatio, fileSize, ErrFontTooLarge)
}

// checkFileLength refuses a WOFF or WOFF2 file shorter than the length
// its header declares: it was cut short.
func checkFileLength(format string, data []byte) error {
	if n := binary.BigEndian.Uint32(data[8:]); int64(n) > int64(len(data)) {
		return fmt.Errorf("%s: truncated file (%d bytes, the header says %d)", format, len(data), n)
	}
	return nil
}

// decodeWebFont returns the TrueType/OpenType program of data: data itself
// unless it is a WOFF or WOFF2 file, which is decoded.
func decodeWebFont(data []byte) ([]byte, error) {
	if len(data) < 4 {
		return data, nil
	}
	switch binary.BigEndian.Uint32(data) {
	case 0x774F4646: // 'wOFF'
		return decodeWOFF(data)
	case 0x774F4632: // 'wOF2'
		return decodeWOFF2(data)
	}
	return data, nil
}

// decodeWOFF decodes a WOFF 1.0 file (W3C WOFF File Format 1.0): a table
// directory whose tables are each stored raw or zlib-compressed.
func decodeWOFF(data []byte) ([]byte, error) {
	const headerSize, entrySize = 44, 20
	if len(data) < headerSize {
		return nil, fmt.Errorf("WOFF: truncated header (%d bytes, need %d)", len(data), headerSize)
	}
	if err := checkFileLength("WOFF", data); err != nil {
		return nil, err
	}
	flavor := binary.BigEndian.Uint32(data[4:])
	if flavor == 0x74746366 { // 'ttcf'
		return nil, errors.New("WOFF: font collections (TTC) are not supported; extract one face")
	}
	numTables := int(binary.BigEndian.Uint16(data[12:]))
	if numTables == 0 {
		return nil, errors.New("WOFF: no tables")
	}
	if len(data) < headerSize+entrySize*numTables {
		return nil, fmt.Errorf("WOFF: truncated table directory (%d tables)", numTables)
	}
	budget := webFontBudget(len(data))
	declared := int64(binary.BigEndian.Uint32(data[16:]))
	if err := checkDecodedSize("WOFF", "declared font size (totalSfntSize)", declared, budget, len(data)); err != nil {
		return nil, err
	}
	tables := make(map[string][]byte, numTables)
	total := int64(12 + 16*numTables)
	for i := 0; i < numTables; i++ {
		e := data[headerSize+entrySize*i:]
		tag := string(e[:4])
		off := int64(binary.BigEndian.Uint32(e[4:]))
		compLen := int64(binary.BigEndian.Uint32(e[8:]))
		origLen := int64(binary.BigEndian.Uint32(e[12:]))
		if off+compLen > int64(len(data)) {
			return nil, fmt.Errorf("WOFF: table %q lies outside the file", tag)
		}
		if compLen > origLen {
			return nil, fmt.Errorf("WOFF: table %q is stored larger (%d bytes) than its size (%d bytes)", tag, compLen, origLen)
		}
		total += (origLen + 3) &^ 3
		if err := checkDecodedSize("WOFF", "decoded font", total, budget, len(data)); err != nil {
			return nil, err
		}
		if _, dup := tables[tag]; dup {
			return nil, fmt.Errorf("WOFF: table %q appears twice", tag)
		}
		stored := data[off : off+compLen]
		if compLen == origLen {
			tables[tag] = stored
			continue
		}
		t, err := inflateTable(stored, origLen)
		if err != nil {
			return nil, fmt.Errorf("WOFF: table %q: %w", tag, err)
		}
		tables[tag] = t
	}
	return writeSFNT(flavor, tables), nil
}

// inflateTable decompresses a zlib stream that must hold exactly size
// bytes, reading no more than size+1.
func inflateTable(stored []byte, size int64) ([]byte, error) {
	zr, err := zlib.NewReader(bytes.NewReader(stored))
	if err != nil {
		return nil, fmt.Errorf("decompressing: %w", err)
	}
	defer zr.Close()
	out, err := io.ReadAll(io.LimitReader(zr, size+1))
	if err != nil {
		return nil, fmt.Errorf("decompressing: %w", err)
	}
	if int64(len(out)) > size {
		return nil, fmt.Errorf("decompresses to more than the declared %d bytes", size)
	}
	if int64(len(out)) < size {
		return nil, fmt.Errorf("decompresses to %d bytes instead of the declared %d", len(out), size)
	}
	return out, nil
}
