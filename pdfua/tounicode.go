package pdfua

import (
	"strings"
	"unicode/utf8"

	"github.com/seed28491532/folio/fonts"
)

// cleanMapping removes the code points a ToUnicode value must not contain
// (U+0000, U+FEFF, U+FFFE; rule 7.21.7-2) and invalid UTF-8. When nothing
// is left it returns U+200B ZERO WIDTH SPACE, so every shown glyph still
// has a valid mapping.
func cleanMapping(s string) string {
	if !needsCleaning(s) {
		if s == "" {
			return "\u200B"
		}
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		if forbidden(r, size) {
			continue
		}
		b.WriteRune(r)
	}
	if b.Len() == 0 {
		return "\u200B"
	}
	return b.String()
}

// forbidden reports code points a mapping must not contain and invalid
// UTF-8 bytes (decoded as RuneError of size 1).
func forbidden(r rune, size int) bool {
	return r == 0 || r == 0xFEFF || r == 0xFFFE || (r == utf8.RuneError && size == 1)
}

func needsCleaning(s string) bool {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if forbidden(r, size) {
			return true
		}
		i += size
	}
	return false
}

const hexUpper = "0123456789ABCDEF"

func appendHex4(buf []byte, v uint16) []byte {
	b := [4]byte{hexUpper[v>>12], hexUpper[(v>>8)&15], hexUpper[(v>>4)&15], hexUpper[v&15]}
	return append(buf, b[:]...)
}

// appendUTF16 appends s as UTF-16BE hex digits, with surrogate pairs for
// characters outside the Basic Multilingual Plane.
func appendUTF16(buf []byte, s string) []byte {
	for _, r := range s {
		if r >= 0x10000 {
			r -= 0x10000
			buf = appendHex4(buf, uint16(0xD800+(r>>10)))
			buf = appendHex4(buf, uint16(0xDC00+(r&0x3FF)))
			continue
		}
		buf = appendHex4(buf, uint16(r))
	}
	return buf
}

// singleBMP returns the code point of s when s is exactly one BMP
// character (not a surrogate), else -1.
func singleBMP(s string) rune {
	r, n := utf8.DecodeRuneInString(s)
	if n != len(s) || r >= 0x10000 || r == utf8.RuneError {
		return -1
	}
	return r
}

// toUnicodeCMap builds the ToUnicode CMap for the used glyphs (ascending).
// Consecutive GIDs mapping to consecutive single BMP characters within one
// 256-code block share a bfrange; everything else is a bfchar. Blocks hold
// at most 100 entries, as the CMap format requires.
func toUnicodeCMap(used []fonts.GID, text func(fonts.GID) string) []byte {
	type rng struct {
		lo, hi fonts.GID
		r      rune
	}
	var ranges []rng
	var chars []fonts.GID
	for i := 0; i < len(used); {
		g := used[i]
		r := singleBMP(text(g))
		j := i + 1
		if r >= 0 {
			for j < len(used) && used[j] == used[j-1]+1 && used[j]>>8 == g>>8 &&
				singleBMP(text(used[j])) == r+rune(j-i) && (r+rune(j-i))>>8 == r>>8 {
				j++
			}
		}
		if j-i >= 2 {
			ranges = append(ranges, rng{g, used[j-1], r})
		} else {
			chars = append(chars, g)
			j = i + 1
		}
		i = j
	}

	buf := make([]byte, 0, 512+len(used)*24)
	buf = append(buf, "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n"+
		"/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"+
		"/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n"+
		"1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n"...)
	for start := 0; start < len(chars); start += 100 {
		block := chars[start:min(start+100, len(chars))]
		buf = append(buf, itoa(len(block))...)
		buf = append(buf, " beginbfchar\n"...)
		for _, g := range block {
			buf = append(buf, '<')
			buf = appendHex4(buf, uint16(g))
			buf = append(buf, "> <"...)
			buf = appendUTF16(buf, cleanMapping(text(g)))
			buf = append(buf, ">\n"...)
		}
		buf = append(buf, "endbfchar\n"...)
	}
	for start := 0; start < len(ranges); start += 100 {
		block := ranges[start:min(start+100, len(ranges))]
		buf = append(buf, itoa(len(block))...)
		buf = append(buf, " beginbfrange\n"...)
		for _, r := range block {
			buf = append(buf, '<')
			buf = appendHex4(buf, uint16(r.lo))
			buf = append(buf, "> <"...)
			buf = appendHex4(buf, uint16(r.hi))
			buf = append(buf, "> <"...)
			buf = appendHex4(buf, uint16(r.r))
			buf = append(buf, ">\n"...)
		}
		buf = append(buf, "endbfrange\n"...)
	}
	buf = append(buf, "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n"...)
	return buf
}
