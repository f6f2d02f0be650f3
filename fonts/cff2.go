package fonts

import (
	"encoding/binary"
	"fmt"
	"math"
	"strconv"

	"github.com/go-text/typesetting/font"
	ot "github.com/go-text/typesetting/font/opentype"
)

// This file embeds CFF2 fonts (OpenType variable fonts with PostScript
// outlines). PDF 1.7 knows CFF (version 1) only, so the subset of a CFF2
// face, its default or an instance, is an OpenType font whose CFF table
// holds the outlines at the face's coordinates (the charstrings
// evaluated with their blend operators by go-text, written back as plain
// Type 2 charstrings without hints) and whose hmtx holds the instance's
// advances. The CFF is CID-keyed (Adobe-Identity-0, CID = glyph id), so
// the PDF's Identity CIDs select the glyphs and no glyph names are
// needed.

// cff2DropTables are the tables a CFF2 face's subset leaves out: the
// variations, the CFF2 outlines it replaces, and layout tables PDF does
// not read.
var cff2DropTables = map[string]bool{
	"CFF2": true, "fvar": true, "avar": true, "HVAR": true, "VVAR": true, "MVAR": true,
	"STAT": true, "gvar": true, "cvar": true, "GDEF": true, "GPOS": true, "GSUB": true,
	"BASE": true, "DSIG": true, "JSTF": true, "MATH": true, "hmtx": true, "hhea": true,
}

// maxCharstringBytes bounds one converted glyph program (a glyph has a
// few hundred segments at most; a hostile font is cut off).
const maxCharstringBytes = 1 << 16

// subsetCFF2 is Subset for a CFF2 face: an OpenType font with a CFF table
// of the glyphs used (and .notdef) at pf's coordinates, the other glyphs
// empty.
func (f *Face) subsetCFF2(pf *parsedFace, used []GID) (out []byte, err error) {
	table := "CFF2"
	defer recoverMalformed(f.family, &table, &err)
	keep := make([]bool, pf.numGlyphs)
	keep[0] = true
	for _, g := range used {
		if int(g) < pf.numGlyphs {
			keep[g] = true
		}
	}
	fc := font.NewFace(pf.font)
	if pf.coords != nil {
		fc.SetCoords(pf.coords)
	}
	charstrings := make([][]byte, pf.numGlyphs)
	for g := range charstrings {
		charstrings[g] = []byte{14} // endchar
		if !keep[g] {
			continue
		}
		o, ok := fc.GlyphData(font.GID(g)).(font.GlyphOutline)
		if !ok {
			continue
		}
		if cs := outlineCharstring(o.Segments); len(cs) <= maxCharstringBytes {
			charstrings[g] = cs
		}
	}
	upem := int(u16(pf.sfnt.tables["head"], 18))
	table = "CFF"
	cff := buildCIDCFF(pf.psName, charstrings, upem)

	table = "hhea/hmtx"
	hhea := append([]byte(nil), pf.sfnt.tables["hhea"]...)
	if len(hhea) < 36 {
		return nil, fmt.Errorf("subsetting %s: hhea table too short", f)
	}
	hmtx := make([]byte, 4*pf.numGlyphs)
	var maxAdv uint16
	lsb := parseLSB(pf.sfnt, pf.numGlyphs)
	for g := range pf.numGlyphs {
		a := pf.advances[g] // (an unused glyph's advance is not worth its deltas)
		if keep[g] {
			a = pf.advance(GID(g))
		}
		maxAdv = max(maxAdv, a)
		binary.BigEndian.PutUint16(hmtx[4*g:], a)
		binary.BigEndian.PutUint16(hmtx[4*g+2:], uint16(lsb[g]))
	}
	binary.BigEndian.PutUint16(hhea[10:], maxAdv)
	binary.BigEndian.PutUint16(hhea[34:], uint16(pf.numGlyphs))
	tables := map[string][]byte{"CFF ": cff, "hhea": hhea, "hmtx": hmtx}
	for tag, t := range pf.sfnt.tables {
		if !cff2DropTables[tag] {
			tables[tag] = t
		}
	}
	head := append([]byte(nil), pf.sfnt.tables["head"]...)
	if len(head) < 54 || len(pf.sfnt.tables["maxp"]) < 6 {
		return nil, fmt.Errorf("subsetting %s: head or maxp table too short", f)
	}
	binary.BigEndian.PutUint32(head[8:], 0)
	tables["head"] = head
	out = writeSFNT(sfntOTTO, tables)
	binary.BigEndian.PutUint32(out[tableOffset(out, "head")+8:], 0xB1B0AFBA-checksum(out))
	return out, nil
}

// parseLSB returns each glyph's left side bearing from hmtx (0 where the
// table is short).
func parseLSB(s *sfnt, numGlyphs int) []int16 {
	hhea, hmtx := s.tables["hhea"], s.tables["hmtx"]
	nh := min(int(u16(hhea, 34)), numGlyphs)
	lsb := make([]int16, numGlyphs)
	for g := range numGlyphs {
		p := 4*g + 2
		if g >= nh {
			p = 4*nh + 2*(g-nh)
		}
		if p+2 <= len(hmtx) {
			lsb[g] = int16(binary.BigEndian.Uint16(hmtx[p:]))
		}
	}
	return lsb
}

// outlineCharstring writes an outline as a Type 2 charstring: rmoveto,
// rlineto and rrcurveto between points rounded to font units (deltas of
// rounded points, so no error accumulates), quadratic segments raised to
// cubic, then endchar. Type 2 closes each contour at the next moveto.
func outlineCharstring(segs []ot.Segment) []byte {
	var cs []byte
	var x, y int // the current point, rounded
	var fx, fy float64
	delta := func(p ot.SegmentPoint) {
		px, py := int(math.Round(float64(p.X))), int(math.Round(float64(p.Y)))
		cs = appendCSInt(cs, px-x)
		cs = appendCSInt(cs, py-y)
		x, y = px, py
		fx, fy = float64(p.X), float64(p.Y)
	}
	for _, s := range segs {
		switch s.Op {
		case ot.SegmentOpMoveTo:
			delta(s.Args[0])
			cs = append(cs, 21)
		case ot.SegmentOpLineTo:
			delta(s.Args[0])
			cs = append(cs, 5)
		case ot.SegmentOpQuadTo:
			c, e := s.Args[0], s.Args[1]
			c1 := ot.SegmentPoint{X: float32(fx + 2.0/3*(float64(c.X)-fx)), Y: float32(fy + 2.0/3*(float64(c.Y)-fy))}
			c2 := ot.SegmentPoint{X: float32(float64(e.X) + 2.0/3*float64(c.X-e.X)), Y: float32(float64(e.Y) + 2.0/3*float64(c.Y-e.Y))}
			delta(c1)
			delta(c2)
			delta(e)
			cs = append(cs, 8)
		case ot.SegmentOpCubeTo:
			delta(s.Args[0])
			delta(s.Args[1])
			delta(s.Args[2])
			cs = append(cs, 8)
		}
	}
	return append(cs, 14)
}

// appendCSInt appends an integer operand in Type 2 charstring encoding.
func appendCSInt(b []byte, v int) []byte {
	switch {
	case v >= -107 && v <= 107:
		return append(b, byte(v+139))
	case v >= 108 && v <= 1131:
		v -= 108
		return append(b, byte(v>>8+247), byte(v))
	case v >= -1131 && v <= -108:
		v = -v - 108
		return append(b, byte(v>>8+251), byte(v))
	}
	v = min(max(v, math.MinInt16), math.MaxInt16)
	return append(b, 28, byte(v>>8), byte(v))
}

// appendDictInt appends an integer DICT operand, always in the 5-byte
// form so that offsets can be laid out before they are known.
func appendDictInt(b []byte, v int) []byte {
	return append(b, 29, byte(v>>24), byte(v>>16), byte(v>>8), byte(v))
}

// appendDictReal appends a real DICT operand (nibble-encoded decimal).
func appendDictReal(b []byte, v float64) []byte {
	s := strconv.FormatFloat(v, 'g', 8, 64)
	var nibbles []byte
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			nibbles = append(nibbles, c-'0')
		case c == '.':
			nibbles = append(nibbles, 0xa)
		case c == '-':
			nibbles = append(nibbles, 0xe)
		case c == 'e' || c == 'E':
			if i+1 < len(s) && s[i+1] == '-' {
				nibbles = append(nibbles, 0xc)
				i++
			} else {
				nibbles = append(nibbles, 0xb)
				if i+1 < len(s) && s[i+1] == '+' {
					i++
				}
			}
		}
	}
	nibbles = append(nibbles, 0xf)
	if len(nibbles)%2 == 1 {
		nibbles = append(nibbles, 0xf)
	}
	b = append(b, 30)
	for i := 0; i < len(nibbles); i += 2 {
		b = append(b, nibbles[i]<<4|nibbles[i+1])
	}
	return b
}

// appendIndex appends a CFF INDEX of items (offsets 4 bytes wide).
func appendIndex(b []byte, items [][]byte) []byte {
	b = binary.BigEndian.AppendUint16(b, uint16(len(items)))
	if len(items) == 0 {
		return b
	}
	b = append(b, 4)
	off := 1
	b = binary.BigEndian.AppendUint32(b, uint32(off))
	for _, it := range items {
		off += len(it)
		b = binary.BigEndian.AppendUint32(b, uint32(off))
	}
	for _, it := range items {
		b = append(b, it...)
	}
	return b
}

// indexSize is the length appendIndex gives items.
func indexSize(items [][]byte) int {
	if len(items) == 0 {
		return 2
	}
	n := 3 + 4*(len(items)+1)
	for _, it := range items {
		n += len(it)
	}
	return n
}

// buildCIDCFF writes a CID-keyed CFF font (Adobe-Identity-0, one Font
// DICT, CID = glyph id) named name with the given charstrings, scaled
// for upem units per em.
func buildCIDCFF(name string, charstrings [][]byte, upem int) []byte {
	strs := [][]byte{[]byte("Adobe"), []byte("Identity")} // SIDs 391, 392
	n := len(charstrings)
	// charset format 2: CIDs 1…n-1 in one range
	charset := []byte{0} // format 0, no glyph but .notdef
	if n > 1 {
		charset = binary.BigEndian.AppendUint16([]byte{2, 0, 1}, uint16(n-2))
	}
	fdselect := []byte{3, 0, 1, 0, 0, 0}
	fdselect = binary.BigEndian.AppendUint16(fdselect, uint16(n))
	private := []byte{139, 20, 139, 21} // defaultWidthX 0, nominalWidthX 0

	top := func(charsetOff, csOff, fdArrayOff, fdSelectOff int) []byte {
		var d []byte
		d = appendDictInt(d, 391)
		d = appendDictInt(d, 392)
		d = appendDictInt(d, 0)
		d = append(d, 12, 30) // ROS
		if upem > 0 && upem != 1000 {
			s := 1 / float64(upem)
			for _, v := range []float64{s, 0, 0, s, 0, 0} {
				d = appendDictReal(d, v)
			}
			d = append(d, 12, 7) // FontMatrix
		}
		d = appendDictInt(d, n)
		d = append(d, 12, 34) // CIDCount
		d = appendDictInt(d, charsetOff)
		d = append(d, 15)
		d = appendDictInt(d, csOff)
		d = append(d, 17)
		d = appendDictInt(d, fdArrayOff)
		d = append(d, 12, 36)
		d = appendDictInt(d, fdSelectOff)
		d = append(d, 12, 37)
		return d
	}
	fontDict := func(privOff int) []byte {
		var d []byte
		d = appendDictInt(d, len(private))
		d = appendDictInt(d, privOff)
		return append(d, 18)
	}
	header := []byte{1, 0, 4, 4}
	names := [][]byte{[]byte(name)}
	// every DICT integer is 5 bytes: the sizes do not depend on the
	// offsets
	start := len(header) + indexSize(names) + indexSize([][]byte{top(0, 0, 0, 0)}) + indexSize(strs) + indexSize(nil)
	charsetOff := start
	fdSelectOff := charsetOff + len(charset)
	csOff := fdSelectOff + len(fdselect)
	fdArrayOff := csOff + indexSize(charstrings)
	privOff := fdArrayOff + indexSize([][]byte{fontDict(0)})

	b := append([]byte(nil), header...)
	b = appendIndex(b, names)
	b = appendIndex(b, [][]byte{top(charsetOff, csOff, fdArrayOff, fdSelectOff)})
	b = appendIndex(b, strs)
	b = appendIndex(b, nil) // global subrs
	b = append(b, charset...)
	b = append(b, fdselect...)
	b = appendIndex(b, charstrings)
	b = appendIndex(b, [][]byte{fontDict(privOff)})
	return append(b, private...)
}
