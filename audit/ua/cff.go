package ua

import "errors"

// The glyph names of a bare CFF font program (FontFile3 /Type1C), for
// the /CharSet rule (7.21.4.2-1): its CharStrings INDEX gives the number
// of glyphs, its charset their string ids, and the String INDEX or the
// standard strings their names (Adobe Technical Note #5176).

var errCFF = errors.New("not a readable CFF font program")

// maxCFFGlyphs bounds the glyphs read from a CFF program (the INDEX
// count is 16-bit).
const maxCFFGlyphs = 1 << 16

// cffIndex returns the byte ranges of the entries of the INDEX at off and
// the offset just past it.
func cffIndex(data []byte, off int) (items [][2]int, end int, err error) {
	if off < 0 || off+2 > len(data) {
		return nil, 0, errCFF
	}
	count := int(data[off])<<8 | int(data[off+1])
	if count == 0 {
		return nil, off + 2, nil
	}
	if off+3 > len(data) {
		return nil, 0, errCFF
	}
	osz := int(data[off+2])
	if osz < 1 || osz > 4 {
		return nil, 0, errCFF
	}
	base := off + 3 + (count+1)*osz - 1 // offsets are 1-based from here
	if base >= len(data) || base < 0 {
		return nil, 0, errCFF
	}
	read := func(i int) int {
		v := 0
		for _, b := range data[off+3+i*osz : off+3+(i+1)*osz] {
			v = v<<8 | int(b)
		}
		return base + v
	}
	items = make([][2]int, count)
	prev := read(0)
	for i := 0; i < count; i++ {
		next := read(i + 1)
		if prev < base+1 || next < prev || next > len(data) {
			return nil, 0, errCFF
		}
		items[i] = [2]int{prev, next}
		prev = next
	}
	return items, prev, nil
}

// cffTopDict reads the operators of a Top DICT that the glyph names
// need: the charset and CharStrings offsets, and whether the font is
// CID-keyed (ROS), whose charset holds CIDs rather than names.
func cffTopDict(d []byte) (charset, charStrings int, cid bool, err error) {
	var operands []int
	charStrings = -1
	for i := 0; i < len(d); {
		b := d[i]
		switch {
		case b <= 21: // an operator
			op := int(b)
			i++
			if b == 12 {
				if i >= len(d) {
					return 0, 0, false, errCFF
				}
				op = 1200 + int(d[i])
				i++
			}
			last := 0
			if len(operands) > 0 {
				last = operands[len(operands)-1]
			}
			switch op {
			case 15:
				charset = last
			case 17:
				charStrings = last
			case 1230:
				cid = true
			}
			operands = operands[:0]
		case b == 28:
			if i+3 > len(d) {
				return 0, 0, false, errCFF
			}
			operands = append(operands, int(int16(uint16(d[i+1])<<8|uint16(d[i+2]))))
			i += 3
		case b == 29:
			if i+5 > len(d) {
				return 0, 0, false, errCFF
			}
			operands = append(operands, int(int32(uint32(d[i+1])<<24|uint32(d[i+2])<<16|uint32(d[i+3])<<8|uint32(d[i+4]))))
			i += 5
		case b == 30: // a real: nibbles up to an 0xf end nibble
			i++
			for i < len(d) && d[i]&0x0f != 0x0f && d[i]>>4 != 0x0f {
				i++
			}
			i++
			operands = append(operands, 0)
		case b >= 32 && b <= 246:
			operands = append(operands, int(b)-139)
			i++
		case b >= 247 && b <= 254:
			if i+2 > len(d) {
				return 0, 0, false, errCFF
			}
			v := (int(b)-247)*256 + int(d[i+1]) + 108
			if b >= 251 {
				v = -(int(b)-251)*256 - int(d[i+1]) - 108
			}
			operands = append(operands, v)
			i += 2
		default:
			return 0, 0, false, errCFF
		}
		if len(operands) > 48 {
			return 0, 0, false, errCFF
		}
	}
	return charset, charStrings, cid, nil
}

// cffGlyphNames returns the glyph names of the first font of a CFF
// program, or ok false when it cannot be read, is CID-keyed or uses a
// predefined expert charset.
func cffGlyphNames(data []byte) (map[string]bool, bool) {
	if len(data) < 4 || data[0] != 1 {
		return nil, false
	}
	_, end, err := cffIndex(data, int(data[2])) // Name INDEX
	if err != nil {
		return nil, false
	}
	tops, end, err := cffIndex(data, end)
	if err != nil || len(tops) == 0 {
		return nil, false
	}
	strs, _, err := cffIndex(data, end)
	if err != nil {
		return nil, false
	}
	charset, csOff, cid, err := cffTopDict(data[tops[0][0]:tops[0][1]])
	if err != nil || cid || csOff <= 0 {
		return nil, false
	}
	glyphs, _, err := cffIndex(data, csOff)
	if err != nil || len(glyphs) == 0 || len(glyphs) > maxCFFGlyphs {
		return nil, false
	}
	name := func(sid int) string {
		if sid < len(cffStandardStrings) {
			return cffStandardStrings[sid]
		}
		if i := sid - len(cffStandardStrings); i < len(strs) {
			return string(data[strs[i][0]:strs[i][1]])
		}
		return ""
	}
	names := map[string]bool{".notdef": true}
	n := len(glyphs) - 1 // glyph 0 is .notdef, not in the charset
	switch {
	case charset == 0: // ISOAdobe: SIDs 1…228 in order
		for sid := 1; sid <= n && sid <= 228; sid++ {
			names[name(sid)] = true
		}
		return names, n <= 228
	case charset <= 2: // Expert, ExpertSubset
		return nil, false
	}
	p := charset
	if p >= len(data) {
		return nil, false
	}
	format := data[p]
	p++
	for got := 0; got < n; {
		switch format {
		case 0:
			if p+2 > len(data) {
				return nil, false
			}
			names[name(int(data[p])<<8|int(data[p+1]))] = true
			p += 2
			got++
		case 1, 2:
			w := 3
			if format == 2 {
				w = 4
			}
			if p+w > len(data) {
				return nil, false
			}
			first := int(data[p])<<8 | int(data[p+1])
			left := int(data[p+2])
			if format == 2 {
				left = left<<8 | int(data[p+3])
			}
			p += w
			for k := 0; k <= left && got < n; k++ {
				names[name(first+k)] = true
				got++
			}
		default:
			return nil, false
		}
	}
	delete(names, "")
	return names, true
}
