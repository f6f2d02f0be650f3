package ua

import "github.com/seed28491532/folio/pdfua/pdfobj"

// eachShownCode walks the strings a text-showing operation (Tj, ', ", TJ)
// shows in font fi: it calls code for each character code (one byte, or
// two for a Type 0 font whose CMap is not one-byte; single says a code
// is one byte, where word spacing applies to 32) and, when adjust is not
// nil, adjust for each number of a TJ array.
func eachShownCode(op pdfobj.Op, fi *fontInfo, code func(c uint32, single bool), adjust func(n float64)) {
	step := 1
	if fi != nil && fi.type0 && (fi.cidMap == nil || !fi.cidMap.oneByte) {
		step = 2
	}
	show := func(s []byte) {
		for i := 0; i+step <= len(s); i += step {
			c := uint32(s[i])
			if step == 2 {
				c = c<<8 | uint32(s[i+1])
			}
			code(c, step == 1)
		}
	}
	for _, o := range op.Operands {
		switch s := o.(type) {
		case pdfobj.String:
			show(s)
		case pdfobj.HexString:
			show(s)
		case pdfobj.Array:
			for _, e := range s {
				switch t := e.(type) {
				case pdfobj.String:
					show(t)
				case pdfobj.HexString:
					show(t)
				default:
					if n, ok := pdfobj.Number(t); ok && adjust != nil {
						adjust(n)
					}
				}
			}
		}
	}
}
