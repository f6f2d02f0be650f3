package ua

import (
	"encoding/binary"
	"errors"
	"sort"
)

// sfnt is the part of a TrueType/OpenType program the width and glyph
// checks read: unitsPerEm, the horizontal metrics and the glyph count.
type sfnt struct {
	unitsPerEm int
	numGlyphs  int
	numHMetric int
	hmtx       []byte
	// cmaps lists the (platform, encoding) pairs of the cmap subtables.
	cmaps [][2]uint16
	cmap  []byte
	// cff is the CFF table of an OpenType font with CFF outlines.
	cff []byte
}

var errBadFont = errors.New("font program cannot be parsed")

func parseSFNT(data []byte) (*sfnt, error) {
	if len(data) < 12 {
		return nil, errBadFont
	}
	n := int(binary.BigEndian.Uint16(data[4:]))
	if 12+16*n > len(data) {
		return nil, errBadFont
	}
	tables := map[string][]byte{}
	for i := 0; i < n; i++ {
		rec := data[12+16*i:]
		tag := string(rec[:4])
		off := int64(binary.BigEndian.Uint32(rec[8:]))
		length := int64(binary.BigEndian.Uint32(rec[12:]))
		if off+length > int64(len(data)) {
			if tag == "head" || tag == "hhea" || tag == "hmtx" || tag == "maxp" {
				return nil, errBadFont
			}
			continue
		}
		tables[tag] = data[off : off+length]
	}
	head, hhea, hmtx, maxp := tables["head"], tables["hhea"], tables["hmtx"], tables["maxp"]
	if len(head) < 54 || len(hhea) < 36 || len(maxp) < 6 {
		return nil, errBadFont
	}
	s := &sfnt{
		unitsPerEm: int(binary.BigEndian.Uint16(head[18:])),
		numGlyphs:  int(binary.BigEndian.Uint16(maxp[4:])),
		numHMetric: int(binary.BigEndian.Uint16(hhea[34:])),
		hmtx:       hmtx,
	}
	if s.unitsPerEm < 16 || s.numHMetric == 0 || len(hmtx) < 4*s.numHMetric {
		return nil, errBadFont
	}
	s.cmap = tables["cmap"]
	s.cff = tables["CFF "]
	if cm := tables["cmap"]; len(cm) >= 4 {
		n := int(binary.BigEndian.Uint16(cm[2:]))
		for i := 0; i < n && 4+8*i+8 <= len(cm); i++ {
			rec := cm[4+8*i:]
			s.cmaps = append(s.cmaps, [2]uint16{binary.BigEndian.Uint16(rec), binary.BigEndian.Uint16(rec[2:])})
		}
	}
	return s, nil
}

// advance returns the advance of gid in 1/1000 em.
func (s *sfnt) advance(gid int) float64 {
	i := gid
	if i >= s.numHMetric {
		i = s.numHMetric - 1
	}
	adv := binary.BigEndian.Uint16(s.hmtx[4*i:])
	return float64(adv) * 1000 / float64(s.unitsPerEm)
}

// hasCmap reports whether the program has a (platform, encoding) subtable.
func (s *sfnt) hasCmap(platform, encoding uint16) bool {
	for _, c := range s.cmaps {
		if c[0] == platform && c[1] == encoding {
			return true
		}
	}
	return false
}

// cmapTable returns the raw subtable for (platform, encoding), or nil.
func (s *sfnt) cmapTable(platform, encoding uint16) []byte {
	cm := s.cmap
	if len(cm) < 4 {
		return nil
	}
	n := int(binary.BigEndian.Uint16(cm[2:]))
	for i := 0; i < n && 4+8*i+8 <= len(cm); i++ {
		rec := cm[4+8*i:]
		if binary.BigEndian.Uint16(rec) != platform || binary.BigEndian.Uint16(rec[2:]) != encoding {
			continue
		}
		off := int(binary.BigEndian.Uint32(rec[4:]))
		if off < 0 || off+4 > len(cm) {
			return nil
		}
		return cm[off:]
	}
	return nil
}

// lookup maps a character code through a cmap subtable of format 0, 4, 6
// or 12. ok is false when the format is unsupported or the data is short.
// Formats 4 and 12 are searched in O(log n), relying on the sorted order
// the OpenType specification requires.
func cmapLookup(sub []byte, c uint32) (gid int, ok bool) {
	if len(sub) < 4 {
		return 0, false
	}
	u16 := func(b []byte, i int) (int, bool) {
		if i < 0 || i+2 > len(b) {
			return 0, false
		}
		return int(binary.BigEndian.Uint16(b[i:])), true
	}
	switch binary.BigEndian.Uint16(sub) {
	case 0:
		if c > 255 || len(sub) < 6+256 {
			return 0, len(sub) >= 6+256
		}
		return int(sub[6+c]), true
	case 4:
		// Segments are sorted by end code: the first with end >= c holds
		// c if its start is <= c. A binary search keeps a hostile table of
		// 32,767 segments cheap per code.
		segX2, ok := u16(sub, 6)
		if !ok || c > 0xFFFF {
			return 0, ok
		}
		segs := segX2 / 2
		if 16+8*segs > len(sub) {
			return 0, false
		}
		s := sort.Search(segs, func(i int) bool {
			end, _ := u16(sub, 14+2*i)
			return end >= int(c)
		})
		if s == segs {
			return 0, true
		}
		start, _ := u16(sub, 16+segX2+2*s)
		delta, _ := u16(sub, 16+2*segX2+2*s)
		roAt := 16 + 3*segX2 + 2*s
		ro, _ := u16(sub, roAt)
		if int(c) < start {
			return 0, true
		}
		if ro == 0 {
			return (int(c) + delta) & 0xFFFF, true
		}
		g, ok := u16(sub, roAt+ro+2*(int(c)-start))
		if !ok {
			return 0, false
		}
		if g == 0 {
			return 0, true
		}
		return (g + delta) & 0xFFFF, true
	case 6:
		first, ok1 := u16(sub, 6)
		count, ok2 := u16(sub, 8)
		if !ok1 || !ok2 {
			return 0, false
		}
		if int(c) < first || int(c) >= first+count {
			return 0, true
		}
		g, ok := u16(sub, 10+2*(int(c)-first))
		return g, ok
	case 12:
		if len(sub) < 16 {
			return 0, false
		}
		// Groups are sorted by start code (and do not overlap): search
		// for the first whose end is >= c.
		n := min(int(binary.BigEndian.Uint32(sub[12:])), (len(sub)-16)/12)
		group := func(i int) []byte { return sub[16+12*i:] }
		i := sort.Search(n, func(i int) bool { return binary.BigEndian.Uint32(group(i)[4:]) >= c })
		if i < n {
			g := group(i)
			if lo := binary.BigEndian.Uint32(g); c >= lo {
				return int(binary.BigEndian.Uint32(g[8:]) + c - lo), true
			}
		}
		return 0, true
	}
	return 0, false
}
