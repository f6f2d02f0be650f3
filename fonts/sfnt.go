package fonts

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// sfnt is a parsed table directory of a TrueType/OpenType font file. Table
// slices alias the original bytes and must not be modified.
type sfnt struct {
	version uint32
	tables  map[string][]byte
	order   []string // tags in directory order
}

// Well-known sfnt versions.
const (
	sfntTrueType = 0x00010000
	sfntApple    = 0x74727565 // 'true'
	sfntOTTO     = 0x4F54544F // 'OTTO'
)

var errTruncated = errors.New("truncated font data")

// parseSFNT reads the table directory of data, checking every table lies
// inside it.
func parseSFNT(data []byte) (*sfnt, error) {
	if len(data) < 12 {
		return nil, errTruncated
	}
	s := &sfnt{version: binary.BigEndian.Uint32(data), tables: map[string][]byte{}}
	switch s.version {
	case sfntTrueType, sfntApple, sfntOTTO:
	case 0x74746366: // 'ttcf'
		return nil, errors.New("font collections (TTC) are not supported; extract one face")
	case 0x774F4646, 0x774F4632: // 'wOFF', 'wOF2'
		return nil, errors.New("WOFF/WOFF2 data must be decoded first (Registry.AddFace does)")
	default:
		return nil, fmt.Errorf("not a TrueType/OpenType font (signature %#08x)", s.version)
	}
	n := int(binary.BigEndian.Uint16(data[4:]))
	if n == 0 || len(data) < 12+16*n {
		return nil, errTruncated
	}
	for i := 0; i < n; i++ {
		rec := data[12+16*i:]
		tag := string(rec[:4])
		off := int64(binary.BigEndian.Uint32(rec[8:]))
		length := int64(binary.BigEndian.Uint32(rec[12:]))
		if off+length > int64(len(data)) {
			return nil, fmt.Errorf("table %q lies outside the file", tag)
		}
		if _, dup := s.tables[tag]; dup {
			continue
		}
		s.tables[tag] = data[off : off+length : off+length]
		s.order = append(s.order, tag)
	}
	return s, nil
}

// u16, i16 and u32 read big-endian values, returning 0 when b is too short,
// so metric parsing degrades instead of panicking on short tables.
func u16(b []byte, off int) uint16 {
	if off < 0 || off+2 > len(b) {
		return 0
	}
	return binary.BigEndian.Uint16(b[off:])
}

func i16(b []byte, off int) int16 { return int16(u16(b, off)) }

func u32(b []byte, off int) uint32 {
	if off < 0 || off+4 > len(b) {
		return 0
	}
	return binary.BigEndian.Uint32(b[off:])
}

// glyfLocator finds glyph outlines in the glyf table through loca.
type glyfLocator struct {
	glyf      []byte
	loca      []byte
	longLoca  bool
	numGlyphs int
}

func newGlyfLocator(s *sfnt, numGlyphs int) (glyfLocator, bool) {
	glyf, ok1 := s.tables["glyf"]
	loca, ok2 := s.tables["loca"]
	head := s.tables["head"]
	if !ok1 || !ok2 || len(head) < 54 {
		return glyfLocator{}, false
	}
	g := glyfLocator{glyf: glyf, loca: loca, longLoca: i16(head, 50) == 1, numGlyphs: numGlyphs}
	need := (numGlyphs + 1) * 2
	if g.longLoca {
		need *= 2
	}
	if len(loca) < need {
		return glyfLocator{}, false
	}
	return g, true
}

// glyph returns the outline bytes of glyph g (empty for blank glyphs or
// malformed offsets).
func (g glyfLocator) glyph(id int) []byte {
	if id < 0 || id >= g.numGlyphs {
		return nil
	}
	var start, end int
	if g.longLoca {
		start, end = int(u32(g.loca, 4*id)), int(u32(g.loca, 4*id+4))
	} else {
		start, end = 2*int(u16(g.loca, 2*id)), 2*int(u16(g.loca, 2*id+2))
	}
	if start >= end || end > len(g.glyf) {
		return nil
	}
	return g.glyf[start:end]
}

// Composite glyph flags.
const (
	compArgsAreWords    = 0x0001
	compHaveScale       = 0x0008
	compMoreComponents  = 0x0020
	compHaveXYScale     = 0x0040
	compHaveTwoByTwo    = 0x0080
	compHaveInstruction = 0x0100
)

// components returns the glyph ids a composite glyph refers to (nil for
// simple glyphs).
func components(outline []byte) []int {
	if len(outline) < 10 || i16(outline, 0) >= 0 {
		return nil
	}
	var out []int
	p := 10
	for p+4 <= len(outline) {
		flags := u16(outline, p)
		out = append(out, int(u16(outline, p+2)))
		p += 4
		if flags&compArgsAreWords != 0 {
			p += 4
		} else {
			p += 2
		}
		switch {
		case flags&compHaveScale != 0:
			p += 2
		case flags&compHaveXYScale != 0:
			p += 4
		case flags&compHaveTwoByTwo != 0:
			p += 8
		}
		if flags&compMoreComponents == 0 {
			break
		}
	}
	return out
}
