package pdfobj

import (
	"unicode/utf16"
	"unicode/utf8"
)

// pdfDocHigh maps PDFDocEncoding bytes 0x80–0x9F to Unicode (ISO 32000-1
// Annex D); the other bytes above 0xA0 equal Latin-1 (0xAD is undefined).
var pdfDocHigh = [32]rune{
	0x2022, 0x2020, 0x2021, 0x2026, 0x2014, 0x2013, 0x0192, 0x2044,
	0x2039, 0x203A, 0x2212, 0x2030, 0x201E, 0x201C, 0x201D, 0x2018,
	0x2019, 0x201A, 0x2122, 0xFB01, 0xFB02, 0x0141, 0x0152, 0x0160,
	0x0178, 0x017D, 0x0131, 0x0142, 0x0153, 0x0161, 0x017E, 0xFFFD,
}

// Text decodes a PDF text string (ISO 32000-1 7.9.2.2): UTF-16BE with a
// byte-order mark, UTF-8 with a byte-order mark (PDF 2.0), or
// PDFDocEncoding. Non-string objects give "".
func Text(o Object) string {
	var b []byte
	switch s := o.(type) {
	case String:
		b = s
	case HexString:
		b = s
	case Name:
		return string(s)
	default:
		return ""
	}
	if len(b) >= 2 && b[0] == 0xFE && b[1] == 0xFF {
		u := make([]uint16, 0, len(b)/2)
		for i := 2; i+1 < len(b); i += 2 {
			u = append(u, uint16(b[i])<<8|uint16(b[i+1]))
		}
		return string(utf16.Decode(u))
	}
	if len(b) >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF && utf8.Valid(b[3:]) {
		return string(b[3:])
	}
	out := make([]rune, 0, len(b))
	for _, c := range b {
		switch {
		case c >= 0x80 && c < 0xA0:
			out = append(out, pdfDocHigh[c-0x80])
		default:
			out = append(out, rune(c))
		}
	}
	return string(out)
}
