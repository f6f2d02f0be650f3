package fonts

import (
	"encoding/binary"
	"fmt"
	"sort"
)

// subsetTables are the TrueType tables a PDF consumer needs to render a
// CIDFontType2 font with an Identity CIDToGIDMap (ISO 32000-1 §9.9): no
// cmap, name, post or layout tables.
var subsetTables = []string{"cvt ", "fpgm", "glyf", "head", "hhea", "hmtx", "loca", "maxp", "prep"}

// maxComponentDepth bounds composite glyph recursion (fonts may be
// malicious and contain cycles; the visited set stops those too).
const maxComponentDepth = 16

// Subset returns a font program that keeps glyph ids unchanged but carries
// outlines only for the used glyphs, glyph 0 and the components of used
// composite glyphs (recursively); every other glyph is empty. Only the
// tables PDF needs for a CIDFontType2 are kept (head, hhea, hmtx, maxp,
// loca, glyf and, when present, cvt, fpgm, prep); hmtx is unchanged so
// advances match the original. Table checksums and head.checkSumAdjustment
// are recomputed, tables are 4-byte aligned, and the output depends only
// on the face and the set of used glyphs (not their order or repeats).
//
// The subset of a variable font's instance (see Query) carries the
// instance's outlines and advances (composites flattened, no hinting and
// no variation tables), so that viewers draw the weight or width shaped.
//
// For CFF-flavoured OpenType (IsCFF) Subset returns the original program
// unchanged: the PDF writer embeds it whole as FontFile3 /Subtype
// /OpenType. Callers must not modify the returned bytes in that case. A
// CFF2 font (variable or not) is the exception: PDF 1.7 has no CFF2, so
// its subset is an OpenType font with a CID-keyed CFF table of the used
// glyphs at the face's coordinates (see cff2.go).
func (f *Face) Subset(used []GID) ([]byte, error) {
	pf, err := f.load()
	if err != nil {
		return nil, fmt.Errorf("subsetting %s: %w", f, err)
	}
	if pf.cff2 {
		return f.subsetCFF2(pf, used)
	}
	if pf.cff {
		return f.data, nil
	}
	loc, ok := newGlyfLocator(pf.sfnt, pf.numGlyphs)
	if !ok {
		return nil, fmt.Errorf("subsetting %s: missing glyf/loca", f)
	}
	keep := make([]bool, pf.numGlyphs)
	var mark func(g, depth int)
	mark = func(g, depth int) {
		if g < 0 || g >= pf.numGlyphs || keep[g] || depth > maxComponentDepth {
			return
		}
		keep[g] = true
		for _, c := range components(loc.glyph(g)) {
			mark(c, depth+1)
		}
	}
	mark(0, 0)
	for _, g := range used {
		mark(int(g), 0)
	}

	// glyf and loca.
	var glyf, instHmtx []byte
	var offsets []int
	var maxAdv uint16
	var maxPoints, maxContours int
	if pf.coords != nil {
		var err error
		if glyf, offsets, instHmtx, maxAdv, maxPoints, maxContours, err = safeInstanceGlyf(f.family, pf, keep); err != nil {
			return nil, fmt.Errorf("subsetting %s: %w", f, err)
		}
	} else {
		glyf, offsets = subsetGlyf(loc, keep)
	}
	longLoca := len(glyf) > 0x1FFFE
	var loca []byte
	if longLoca {
		loca = make([]byte, 4*len(offsets))
		for i, o := range offsets {
			binary.BigEndian.PutUint32(loca[4*i:], uint32(o))
		}
	} else {
		loca = make([]byte, 2*len(offsets))
		for i, o := range offsets {
			binary.BigEndian.PutUint16(loca[2*i:], uint16(o/2))
		}
	}
	head := append([]byte(nil), pf.sfnt.tables["head"]...)
	if len(head) < 54 {
		return nil, fmt.Errorf("subsetting %s: head table too short", f)
	}
	binary.BigEndian.PutUint32(head[8:], 0) // checkSumAdjustment, set below
	if longLoca {
		binary.BigEndian.PutUint16(head[50:], 1)
	} else {
		binary.BigEndian.PutUint16(head[50:], 0)
	}

	tables := map[string][]byte{"glyf": glyf, "loca": loca, "head": head}
	if pf.coords != nil {
		if err := instanceTables(tables, pf, instHmtx, maxAdv, maxPoints, maxContours); err != nil {
			return nil, fmt.Errorf("subsetting %s: %w", f, err)
		}
	}
	for _, tag := range subsetTables {
		if _, done := tables[tag]; done {
			continue
		}
		if t, ok := pf.sfnt.tables[tag]; ok {
			tables[tag] = t
		}
	}
	for tag, t := range tables {
		if t == nil {
			delete(tables, tag) // left out (instanceTables)
		}
	}
	for _, tag := range []string{"hhea", "hmtx", "maxp"} {
		if _, ok := tables[tag]; !ok {
			return nil, fmt.Errorf("subsetting %s: missing %s table", f, tag)
		}
	}
	out := writeSFNT(sfntTrueType, tables)
	// head.checkSumAdjustment makes the whole file sum to 0xB1B0AFBA.
	adj := 0xB1B0AFBA - checksum(out)
	headOff := tableOffset(out, "head")
	binary.BigEndian.PutUint32(out[headOff+8:], adj)
	return out, nil
}

// subsetGlyf returns the glyf table with the outlines of the glyphs keep
// marks (the others empty) and the offset of each glyph and of the end.
func subsetGlyf(loc glyfLocator, keep []bool) ([]byte, []int) {
	size := 0
	for g, k := range keep {
		if k {
			size += (len(loc.glyph(g)) + 3) &^ 3
		}
	}
	glyf := make([]byte, 0, size)
	offsets := make([]int, len(keep)+1)
	for g, k := range keep {
		offsets[g] = len(glyf)
		if k {
			glyf = append(glyf, loc.glyph(g)...)
			for len(glyf)%4 != 0 {
				glyf = append(glyf, 0)
			}
		}
	}
	offsets[len(keep)] = len(glyf)
	return glyf, offsets
}

// instanceTables adds to tables those an instance's subset changes:
// hmtx (every glyph with its advance), hhea and maxp to match, and no
// hinting (cvt, fpgm and prep are left out: the instance's outlines are
// not the ones they were written for).
func instanceTables(tables map[string][]byte, pf *parsedFace, hmtx []byte, maxAdv uint16, maxPoints, maxContours int) error {
	hhea := append([]byte(nil), pf.sfnt.tables["hhea"]...)
	maxp := append([]byte(nil), pf.sfnt.tables["maxp"]...)
	if len(hhea) < 36 || len(maxp) < 6 {
		return fmt.Errorf("hhea or maxp table too short")
	}
	binary.BigEndian.PutUint16(hhea[10:], maxAdv)
	binary.BigEndian.PutUint16(hhea[34:], uint16(pf.numGlyphs))
	if len(maxp) >= 32 { // version 1.0: the TrueType maxima
		binary.BigEndian.PutUint16(maxp[6:], uint16(min(maxPoints, 0xFFFF)))
		binary.BigEndian.PutUint16(maxp[8:], uint16(min(maxContours, 0xFFFF)))
		for _, off := range []int{10, 12, 26, 28, 30} { // composites and instructions: none
			binary.BigEndian.PutUint16(maxp[off:], 0)
		}
	}
	tables["hmtx"], tables["hhea"], tables["maxp"] = hmtx, hhea, maxp
	for _, tag := range []string{"cvt ", "fpgm", "prep"} {
		tables[tag] = nil
	}
	return nil
}

// writeSFNT serialises tables with a sorted table directory, 4-byte
// aligned zero-padded tables and per-table checksums.
func writeSFNT(version uint32, tables map[string][]byte) []byte {
	tags := make([]string, 0, len(tables))
	total := 0
	for tag, t := range tables {
		tags = append(tags, tag)
		total += (len(t) + 3) &^ 3
	}
	sort.Strings(tags)
	n := len(tags)
	hdr := 12 + 16*n
	out := make([]byte, hdr, hdr+total)
	binary.BigEndian.PutUint32(out[0:], version)
	binary.BigEndian.PutUint16(out[4:], uint16(n))
	entrySelector := 0
	for 1<<(entrySelector+1) <= n {
		entrySelector++
	}
	searchRange := (1 << entrySelector) * 16
	binary.BigEndian.PutUint16(out[6:], uint16(searchRange))
	binary.BigEndian.PutUint16(out[8:], uint16(entrySelector))
	binary.BigEndian.PutUint16(out[10:], uint16(n*16-searchRange))
	for i, tag := range tags {
		t := tables[tag]
		rec := out[12+16*i:]
		copy(rec, tag)
		binary.BigEndian.PutUint32(rec[4:], checksum(t))
		binary.BigEndian.PutUint32(rec[8:], uint32(len(out)))
		binary.BigEndian.PutUint32(rec[12:], uint32(len(t)))
		out = append(out, t...)
		for len(out)%4 != 0 {
			out = append(out, 0)
		}
	}
	return out
}

// checksum is the OpenType table checksum: the sum of big-endian uint32s,
// the data zero-padded to a multiple of 4 bytes.
func checksum(b []byte) uint32 {
	var sum uint32
	for len(b) >= 4 {
		sum += binary.BigEndian.Uint32(b)
		b = b[4:]
	}
	if len(b) > 0 {
		var last [4]byte
		copy(last[:], b)
		sum += binary.BigEndian.Uint32(last[:])
	}
	return sum
}

// tableOffset returns the offset of table tag in a file written by
// writeSFNT.
func tableOffset(font []byte, tag string) int {
	n := int(binary.BigEndian.Uint16(font[4:]))
	for i := 0; i < n; i++ {
		rec := font[12+16*i:]
		if string(rec[:4]) == tag {
			return int(binary.BigEndian.Uint32(rec[8:]))
		}
	}
	return -1
}
