package ua

import "errors"

// The glyphs of a bare CFF font program (Adobe Technical Note #5176):
// its CharStrings INDEX gives the number of glyphs and its charset their
// string ids or, in a CID-keyed program (FontFile3 /CIDFontType0C), their
// CIDs. The names (from the String INDEX or the standard strings) serve
// the /CharSet rule (7.21.4.2-1), the CIDs the /CIDSet rule (7.21.4.2-2)
// and the glyphs a CFF CIDFont shows (7.21.4.1-2).

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

// cffProgram is the first font of a CFF program as the glyph checks
// read it.
type cffProgram struct {
	data    []byte
	strs    [][2]int // the String INDEX
	charset int      // offset of the charset, or 0–2 for a predefined one
	glyphs  int      // number of glyphs, .notdef included
	cid     bool     // CID-keyed: the charset holds CIDs, not string ids
}

// parseCFF reads the header, the Name, Top DICT and String INDEXes and
// the CharStrings count of a CFF program.
func parseCFF(data []byte) (cffProgram, bool) {
	if len(data) < 4 || data[0] != 1 {
		return cffProgram{}, false
	}
	_, end, err := cffIndex(data, int(data[2])) // Name INDEX
	if err != nil {
		return cffProgram{}, false
	}
	tops, end, err := cffIndex(data, end)
	if err != nil || len(tops) == 0 {
		return cffProgram{}, false
	}
	strs, _, err := cffIndex(data, end)
	if err != nil {
		return cffProgram{}, false
	}
	charset, csOff, cid, err := cffTopDict(data[tops[0][0]:tops[0][1]])
	if err != nil || csOff <= 0 {
		return cffProgram{}, false
	}
	glyphs, _, err := cffIndex(data, csOff)
	if err != nil || len(glyphs) == 0 || len(glyphs) > maxCFFGlyphs {
		return cffProgram{}, false
	}
	return cffProgram{data: data, strs: strs, charset: charset, glyphs: len(glyphs), cid: cid}, true
}

// Predefined charsets (CFF, Adobe Technical Note #5176, Appendix C) as
// runs of consecutive string ids: the ids of glyphs 1, 2, … in order.
var (
	isoAdobeCharset = [][2]int{{1, 228}}
	expertCharset   = [][2]int{{1, 1}, {229, 238}, {13, 15}, {99, 99}, {239, 248}, {27, 28}, {249, 266},
		{109, 110}, {267, 318}, {158, 158}, {155, 155}, {163, 163}, {319, 326}, {150, 150}, {164, 164},
		{169, 169}, {327, 378}}
	expertSubsetCharset = [][2]int{{1, 1}, {231, 232}, {235, 238}, {13, 15}, {99, 99}, {239, 248}, {27, 28},
		{249, 251}, {253, 266}, {109, 110}, {267, 270}, {272, 272}, {300, 302}, {305, 305}, {314, 315},
		{158, 158}, {155, 155}, {163, 163}, {320, 326}, {150, 150}, {164, 164}, {169, 169}, {327, 346}}
	// predefinedCharsets are indexed by the Top DICT's charset operand.
	predefinedCharsets = [3][][2]int{isoAdobeCharset, expertCharset, expertSubsetCharset}
)

// eachPredefined calls fn with the first n ids of a predefined charset;
// false when the program has more glyphs than the charset names (the
// spec allows a predefined charset only for a prefix of it).
func eachPredefined(runs [][2]int, n int, fn func(id int)) bool {
	got := 0
	for _, r := range runs {
		for id := r[0]; id <= r[1] && got < n; id++ {
			fn(id)
			got++
		}
	}
	return got == n
}

// eachCharset calls fn with the string id (or CID) of every glyph after
// .notdef, as the charset lists them, a predefined one (ISOAdobe, Expert,
// ExpertSubset) included; false when the charset cannot be read.
func (p cffProgram) eachCharset(fn func(id int)) bool {
	data, n := p.data, p.glyphs-1
	at := p.charset
	switch {
	case at >= 0 && at <= 2:
		return eachPredefined(predefinedCharsets[at], n, fn)
	case at < 0 || at >= len(data):
		return false
	}
	format := data[at]
	at++
	for got := 0; got < n; {
		switch format {
		case 0:
			if at+2 > len(data) {
				return false
			}
			fn(int(data[at])<<8 | int(data[at+1]))
			at += 2
			got++
		case 1, 2:
			w := 3
			if format == 2 {
				w = 4
			}
			if at+w > len(data) {
				return false
			}
			first := int(data[at])<<8 | int(data[at+1])
			left := int(data[at+2])
			if format == 2 {
				left = left<<8 | int(data[at+3])
			}
			at += w
			for k := 0; k <= left && got < n; k++ {
				fn(first + k)
				got++
			}
		default:
			return false
		}
	}
	return true
}

// cffGlyphNames returns the glyph names of the first font of a CFF
// program, or ok false when it cannot be read or is CID-keyed.
func cffGlyphNames(data []byte) (map[string]bool, bool) {
	p, ok := parseCFF(data)
	if !ok || p.cid {
		return nil, false
	}
	name := func(sid int) string {
		if sid < len(cffStandardStrings) {
			return cffStandardStrings[sid]
		}
		if i := sid - len(cffStandardStrings); i < len(p.strs) {
			return string(data[p.strs[i][0]:p.strs[i][1]])
		}
		return ""
	}
	names := map[string]bool{".notdef": true}
	if !p.eachCharset(func(sid int) { names[name(sid)] = true }) {
		return nil, false
	}
	delete(names, "")
	return names, true
}

// cffCIDs returns the CIDs of the glyphs of a CID-keyed CFF program
// (FontFile3 /CIDFontType0C) as a bit set laid out as a /CIDSet stream
// (CID c is bit 0x80>>(c%8) of byte c/8; CID 0, .notdef, included), or
// ok false when the program cannot be read or is not CID-keyed. Its
// charset maps glyph indices to CIDs.
func cffCIDs(data []byte) ([]byte, bool) {
	p, ok := parseCFF(data)
	if !ok || !p.cid {
		return nil, false
	}
	set := make([]byte, 1, 64)
	set[0] = 0x80
	add := func(cid int) {
		if cid > 0xFFFF {
			return
		}
		for cid/8 >= len(set) {
			set = append(set, 0)
		}
		set[cid/8] |= 0x80 >> (cid % 8)
	}
	if !p.eachCharset(add) {
		return nil, false
	}
	return set, true
}

// hasCID reports whether bit set set (laid out as a /CIDSet) holds cid.
func hasCID(set []byte, cid int) bool {
	return cid >= 0 && cid/8 < len(set) && set[cid/8]&(0x80>>(cid%8)) != 0
}

// checkCFFCIDSet applies 7.21.4.2-2 to a subset CIDFont with a CID-keyed
// CFF program: its /CIDSet lists exactly the CIDs of the program's
// charset (CID 0, .notdef, aside).
func (c *checker) checkCFFCIDSet(fi *fontInfo, l loc) {
	n := min(8*max(len(fi.cidSet), len(fi.cffCIDs)), 1<<16) // CIDs are 16-bit
	for cid := 1; cid < n; cid++ {
		inProg, listed := hasCID(fi.cffCIDs, cid), hasCID(fi.cidSet, cid)
		if inProg == listed {
			continue
		}
		if inProg {
			c.fail("pdfua-7.21.4.2-2", l, "subset font %s: CID %d is in the CFF program, but its /CIDSet bit is not set", fi.display(), cid)
		} else {
			c.fail("pdfua-7.21.4.2-2", l, "subset font %s: /CIDSet lists CID %d, which the CFF program has no glyph for", fi.display(), cid)
		}
		return
	}
	c.pass("pdfua-7.21.4.2-2")
}
