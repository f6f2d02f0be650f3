package ua

import (
	"encoding/binary"
	"errors"
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
