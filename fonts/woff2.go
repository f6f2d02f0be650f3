package fonts

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/andybalholm/brotli"
)

// woff2KnownTags are the table tags a WOFF2 directory entry names by index
// (W3C WOFF2 §5.1, "Known Table Tags"); index 63 means the tag follows.
var woff2KnownTags = [63]string{
	"cmap", "head", "hhea", "hmtx", "maxp", "name", "OS/2", "post", "cvt ",
	"fpgm", "glyf", "loca", "prep", "CFF ", "VORG", "EBDT", "EBLC", "gasp",
	"hdmx", "kern", "LTSH", "PCLT", "VDMX", "vhea", "vmtx", "BASE", "GDEF",
	"GPOS", "GSUB", "EBSC", "JSTF", "MATH", "CBDT", "CBLC", "COLR", "CPAL",
	"SVG ", "sbix", "acnt", "avar", "bdat", "bloc", "bsln", "cvar", "fdsc",
	"feat", "fmtx", "fvar", "gvar", "hsty", "just", "lcar", "mort", "morx",
	"opbd", "prop", "trak", "Zapf", "Silf", "Glat", "Gloc", "Feat", "Sill",
}

// woff2Table is one entry of a WOFF2 table directory.
type woff2Table struct {
	tag         string
	origLen     int64
	streamLen   int64 // its length in the decompressed stream
	transformed bool
	data        []byte // its bytes in the decompressed stream
}

// decodeWOFF2 decodes a WOFF2 file (W3C WOFF File Format 2.0): a table
// directory and one brotli stream holding the tables, glyf and loca
// usually transformed (reconstructed by reconstructGlyf) and hmtx
// possibly so. Collections are refused, like TTC files.
func decodeWOFF2(data []byte) ([]byte, error) {
	const headerSize = 48
	if len(data) < headerSize {
		return nil, fmt.Errorf("WOFF2: truncated header (%d bytes, need %d)", len(data), headerSize)
	}
	if err := checkFileLength("WOFF2", data); err != nil {
		return nil, err
	}
	flavor := binary.BigEndian.Uint32(data[4:])
	if flavor == 0x74746366 { // 'ttcf'
		return nil, errors.New("WOFF2: font collections are not supported; extract one face")
	}
	numTables := int(binary.BigEndian.Uint16(data[12:]))
	if numTables == 0 {
		return nil, errors.New("WOFF2: no tables")
	}
	budget := webFontBudget(len(data))
	declared := int64(binary.BigEndian.Uint32(data[16:]))
	if err := checkDecodedSize("WOFF2", "declared font size (totalSfntSize)", declared, budget, len(data)); err != nil {
		return nil, err
	}
	compressedLen := int64(binary.BigEndian.Uint32(data[20:]))
	tables, p, err := readWOFF2Directory(data, headerSize, numTables, budget)
	if err != nil {
		return nil, err
	}
	if int64(p)+compressedLen > int64(len(data)) {
		return nil, fmt.Errorf("WOFF2: compressed data (%d bytes) runs past the end of the file", compressedLen)
	}
	var streamLen int64
	for _, t := range tables {
		streamLen += t.streamLen
	}
	if err := checkDecodedSize("WOFF2", "decompressed table data", streamLen, budget, len(data)); err != nil {
		return nil, err
	}
	stream, err := unbrotli(data[p:int64(p)+compressedLen], streamLen)
	if err != nil {
		return nil, err
	}
	byTag := make(map[string]*woff2Table, len(tables))
	off := int64(0)
	for i := range tables {
		t := &tables[i]
		t.data = stream[off : off+t.streamLen : off+t.streamLen]
		off += t.streamLen
		if _, dup := byTag[t.tag]; dup {
			return nil, fmt.Errorf("WOFF2: table %q appears twice", t.tag)
		}
		byTag[t.tag] = t
	}
	out, err := woff2Tables(byTag, budget, len(data))
	if err != nil {
		return nil, err
	}
	total := int64(12 + 16*len(out))
	for _, t := range out {
		total += int64(len(t)+3) &^ 3
	}
	if err := checkDecodedSize("WOFF2", "decoded font", total, budget, len(data)); err != nil {
		return nil, err
	}
	return writeSFNT(flavor, out), nil
}

// readWOFF2Directory reads numTables directory entries from data at p,
// returning them and the offset after the directory.
func readWOFF2Directory(data []byte, p, numTables int, budget int64) ([]woff2Table, int, error) {
	tables := make([]woff2Table, 0, numTables)
	for i := 0; i < numTables; i++ {
		if p >= len(data) {
			return nil, 0, errors.New("WOFF2: truncated table directory")
		}
		flags := data[p]
		p++
		var t woff2Table
		if idx := flags & 0x3f; idx < 63 {
			t.tag = woff2KnownTags[idx]
		} else {
			if p+4 > len(data) {
				return nil, 0, errors.New("WOFF2: truncated table directory")
			}
			t.tag = string(data[p : p+4])
			p += 4
		}
		version := flags >> 6
		orig, err := readUIntBase128(data, &p)
		if err != nil {
			return nil, 0, fmt.Errorf("WOFF2: table %q length: %w", t.tag, err)
		}
		t.origLen, t.streamLen = int64(orig), int64(orig)
		if t.tag == "glyf" || t.tag == "loca" {
			t.transformed = version != 3 // version 3 is the null transform
		} else {
			t.transformed = version != 0
		}
		if t.transformed {
			n, err := readUIntBase128(data, &p)
			if err != nil {
				return nil, 0, fmt.Errorf("WOFF2: table %q transformed length: %w", t.tag, err)
			}
			t.streamLen = int64(n)
		}
		if t.origLen > budget || t.streamLen > budget {
			return nil, 0, checkDecodedSize("WOFF2", fmt.Sprintf("table %q", t.tag), max(t.origLen, t.streamLen), budget, len(data))
		}
		tables = append(tables, t)
	}
	return tables, p, nil
}

// readUIntBase128 reads a WOFF2 UIntBase128 at *p: big-endian base-128
// digits, high bit set on all but the last, at most 5 bytes, no leading
// zero digit, no overflow of 32 bits.
func readUIntBase128(b []byte, p *int) (uint32, error) {
	var v uint32
	for i := 0; i < 5; i++ {
		if *p >= len(b) {
			return 0, errors.New("truncated UIntBase128")
		}
		c := b[*p]
		*p++
		if i == 0 && c == 0x80 {
			return 0, errors.New("UIntBase128 with a leading zero")
		}
		if v&0xFE000000 != 0 {
			return 0, errors.New("UIntBase128 overflows 32 bits")
		}
		v = v<<7 | uint32(c&0x7f)
		if c&0x80 == 0 {
			return v, nil
		}
	}
	return 0, errors.New("UIntBase128 longer than 5 bytes")
}

// unbrotli decompresses the WOFF2 table stream, which must hold exactly
// size bytes; it never reads more than size+1.
func unbrotli(compressed []byte, size int64) ([]byte, error) {
	out := make([]byte, 0, size)
	buf := bytes.NewBuffer(out)
	n, err := buf.ReadFrom(io.LimitReader(brotli.NewReader(bytes.NewReader(compressed)), size+1))
	if err != nil {
		return nil, fmt.Errorf("WOFF2: decompressing the tables: %w", err)
	}
	if n > size {
		return nil, fmt.Errorf("WOFF2: the brotli stream holds more than the %d bytes of its tables", size)
	}
	if n < size {
		return nil, fmt.Errorf("WOFF2: the brotli stream holds %d bytes, its tables %d", n, size)
	}
	return buf.Bytes(), nil
}

// woff2Tables returns the sfnt tables of a decoded WOFF2 file, undoing the
// glyf/loca and hmtx transforms.
func woff2Tables(byTag map[string]*woff2Table, budget int64, fileSize int) (map[string][]byte, error) {
	out := make(map[string][]byte, len(byTag))
	glyf, loca := byTag["glyf"], byTag["loca"]
	if (glyf == nil) != (loca == nil) {
		return nil, errors.New("WOFF2: glyf and loca must come together")
	}
	var xMins []int16
	if glyf != nil {
		if glyf.transformed != loca.transformed {
			return nil, errors.New("WOFF2: glyf and loca must both be transformed or both not")
		}
		if glyf.transformed {
			if loca.streamLen != 0 {
				return nil, errors.New("WOFF2: a transformed loca table must be empty")
			}
			g, err := reconstructGlyf(glyf.data, budget, fileSize)
			if err != nil {
				return nil, err
			}
			out["glyf"], out["loca"], xMins = g.glyf, g.loca, g.xMins
			if int64(len(g.loca)) != loca.origLen {
				return nil, fmt.Errorf("WOFF2: reconstructed loca has %d bytes, the directory says %d", len(g.loca), loca.origLen)
			}
			if head := byTag["head"]; head != nil && len(head.data) >= 54 {
				// head.indexToLocFormat must describe the rebuilt loca.
				h := append([]byte(nil), head.data...)
				binary.BigEndian.PutUint16(h[50:], uint16(g.indexFormat))
				out["head"] = h
			}
		}
	}
	for tag, t := range byTag {
		if _, done := out[tag]; done {
			continue
		}
		switch {
		case !t.transformed:
			out[tag] = t.data
		case tag == "hmtx":
			h, err := reconstructHmtx(t.data, byTag, xMins)
			if err != nil {
				return nil, err
			}
			out[tag] = h
		case tag != "glyf" && tag != "loca":
			return nil, fmt.Errorf("WOFF2: table %q uses an unknown transform", tag)
		}
	}
	return out, nil
}
