package ua

import (
	"unicode/utf16"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// toUnicodeMap is a parsed ToUnicode CMap: single codes and ranges.
type toUnicodeMap struct {
	single map[uint32]string
	ranges []cmapRange
}

type cmapRange struct {
	lo, hi uint32
	base   []uint16 // destination of lo, incremented in its last unit
	list   []string // array form: one destination per code
}

const maxCMapEntries = 1 << 18

// parseToUnicode reads bfchar and bfrange sections of a ToUnicode CMap.
func parseToUnicode(data []byte) *toUnicodeMap {
	m := &toUnicodeMap{single: map[uint32]string{}}
	cp := pdfobj.NewContentParser(data)
	for n := 0; n < maxCMapEntries; n++ {
		op, err := cp.Next()
		if err != nil {
			break
		}
		switch op.Operator {
		case "endbfchar":
			for i := 0; i+1 < len(op.Operands); i += 2 {
				code, ok := codeOf(op.Operands[i])
				if !ok {
					continue
				}
				if s, ok := strBytes(op.Operands[i+1]); ok {
					m.single[code] = utf16be(s)
				} else if nm, ok := op.Operands[i+1].(pdfobj.Name); ok {
					m.single[code] = string(nm)
				}
			}
		case "endbfrange":
			for i := 0; i+2 < len(op.Operands); i += 3 {
				lo, ok1 := codeOf(op.Operands[i])
				hi, ok2 := codeOf(op.Operands[i+1])
				if !ok1 || !ok2 || hi < lo || hi-lo > 1<<16 || len(m.ranges) > maxCMapEntries {
					continue
				}
				r := cmapRange{lo: lo, hi: hi}
				switch d := op.Operands[i+2].(type) {
				case pdfobj.Array:
					for _, x := range d {
						s, _ := strBytes(x)
						r.list = append(r.list, utf16be(s))
					}
				default:
					s, ok := strBytes(d)
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
	return m
}

func (m *toUnicodeMap) lookup(code uint32) (string, bool) {
	if m == nil {
		return "", false
	}
	if s, ok := m.single[code]; ok {
		return s, true
	}
	for _, r := range m.ranges {
		if code < r.lo || code > r.hi {
			continue
		}
		off := code - r.lo
		if r.list != nil {
			if int(off) < len(r.list) {
				return r.list[off], true
			}
			return "", false
		}
		u := append([]uint16(nil), r.base...)
		u[len(u)-1] += uint16(off)
		return string(utf16.Decode(u)), true
	}
	return "", false
}

func strBytes(o pdfobj.Object) ([]byte, bool) {
	switch s := o.(type) {
	case pdfobj.String:
		return s, true
	case pdfobj.HexString:
		return s, true
	}
	return nil, false
}

func codeOf(o pdfobj.Object) (uint32, bool) {
	s, ok := strBytes(o)
	if !ok || len(s) == 0 || len(s) > 4 {
		return 0, false
	}
	var v uint32
	for _, b := range s {
		v = v<<8 | uint32(b)
	}
	return v, true
}

func utf16be(s []byte) string {
	u := make([]uint16, 0, len(s)/2)
	for i := 0; i+1 < len(s); i += 2 {
		u = append(u, uint16(s[i])<<8|uint16(s[i+1]))
	}
	if len(s)%2 == 1 {
		u = append(u, uint16(s[len(s)-1]))
	}
	return string(utf16.Decode(u))
}
