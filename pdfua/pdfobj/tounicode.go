package pdfobj

import "unicode/utf16"

// ToUnicode is a parsed ToUnicode CMap (ISO 32000-1 9.10.3): the
// character codes of one font mapped to Unicode text. The zero value and
// nil map nothing.
type ToUnicode struct {
	single map[uint32]string
	ranges []cmapRange
	index  RangeIndex // over ranges, so a lookup costs O(log n)
}

// cmapRange is one bfrange entry; it is expanded on lookup, so that a
// range of 65,536 codes costs one entry.
type cmapRange struct {
	lo, hi uint32
	base   []uint16 // destination of lo, incremented in its last unit
	list   []string // array form: one destination per code
}

// maxCMapEntries bounds the operators read from a CMap and the single
// codes and ranges kept, so that a hostile CMap cannot take much time or memory.
const maxCMapEntries = 1 << 18

// maxCMapRange bounds the codes of one bfrange.
const maxCMapRange = 1 << 16

// ParseToUnicode reads the bfchar and bfrange sections of a ToUnicode
// CMap. Malformed entries (an inverted or oversized range, a destination
// that is neither a string nor a non-empty array) are skipped; it never
// fails, since a partial map still serves text extraction. Where ranges
// overlap, the one defined first wins; a bfchar entry wins over every
// range.
func ParseToUnicode(data []byte) *ToUnicode {
	m := &ToUnicode{single: map[uint32]string{}}
	cp := NewContentParser(data)
	for n := 0; n < maxCMapEntries; n++ {
		op, err := cp.Next()
		if err != nil {
			break
		}
		switch op.Operator {
		case "endbfchar":
			for i := 0; i+1 < len(op.Operands); i += 2 {
				code, ok := CMapCode(op.Operands[i])
				if !ok || len(m.single) >= maxCMapEntries {
					continue
				}
				if s, ok := StringBytes(op.Operands[i+1]); ok {
					m.single[code] = utf16BE(s)
				} else if nm, ok := op.Operands[i+1].(Name); ok {
					m.single[code] = string(nm)
				}
			}
		case "endbfrange":
			for i := 0; i+2 < len(op.Operands); i += 3 {
				lo, ok1 := CMapCode(op.Operands[i])
				hi, ok2 := CMapCode(op.Operands[i+1])
				if !ok1 || !ok2 || hi < lo || hi-lo > maxCMapRange || len(m.ranges) > maxCMapEntries {
					continue
				}
				r := cmapRange{lo: lo, hi: hi}
				switch d := op.Operands[i+2].(type) {
				case Array:
					if len(d) == 0 {
						continue // maps no code
					}
					r.list = make([]string, 0, min(len(d), int(hi-lo)+1))
					for _, x := range d {
						if len(r.list) > int(hi-lo) {
							break // more destinations than codes
						}
						s, _ := StringBytes(x)
						r.list = append(r.list, utf16BE(s))
					}
				default:
					s, ok := StringBytes(d)
					if !ok {
						continue
					}
					for k := 0; k+1 < len(s); k += 2 {
						r.base = append(r.base, uint16(s[k])<<8|uint16(s[k+1]))
					}
					if len(r.base) == 0 {
						r.base = []uint16{0}
					}
				}
				m.ranges = append(m.ranges, r)
			}
		}
	}
	m.index = NewRangeIndex(len(m.ranges), func(i int) (uint32, uint32) { return m.ranges[i].lo, m.ranges[i].hi })
	return m
}

// Lookup returns the text of code and whether the CMap maps it.
func (m *ToUnicode) Lookup(code uint32) (string, bool) {
	if m == nil {
		return "", false
	}
	if s, ok := m.single[code]; ok {
		return s, true
	}
	i, ok := m.index.Find(code)
	if !ok {
		return "", false
	}
	r := &m.ranges[i]
	off := code - r.lo
	if r.list != nil {
		// An array shorter than its range maps only its first codes.
		if int(off) < len(r.list) {
			return r.list[off], true
		}
		return "", false
	}
	if len(r.base) == 0 {
		return "", false
	}
	u := append([]uint16(nil), r.base...)
	u[len(u)-1] += uint16(off)
	return string(utf16.Decode(u)), true
}

// StringBytes returns the bytes of a literal or hex string.
func StringBytes(o Object) ([]byte, bool) {
	switch s := o.(type) {
	case String:
		return s, true
	case HexString:
		return s, true
	}
	return nil, false
}

// CMapCode reads a CMap source code: a string of one to four bytes taken
// as a big-endian number.
func CMapCode(o Object) (uint32, bool) {
	s, ok := StringBytes(o)
	if !ok || len(s) == 0 || len(s) > 4 {
		return 0, false
	}
	var v uint32
	for _, b := range s {
		v = v<<8 | uint32(b)
	}
	return v, true
}

// utf16BE decodes UTF-16BE text; an odd last byte counts as a unit.
func utf16BE(s []byte) string {
	u := make([]uint16, 0, (len(s)+1)/2)
	for i := 0; i+1 < len(s); i += 2 {
		u = append(u, uint16(s[i])<<8|uint16(s[i+1]))
	}
	if len(s)%2 == 1 {
		u = append(u, uint16(s[len(s)-1]))
	}
	return string(utf16.Decode(u))
}
