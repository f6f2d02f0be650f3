package fonts

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// This file holds the fast path of LineBreaks. Most documents are Latin
// text, where UAX #14 needs only a handful of line-break classes and none
// of the grapheme, word, East Asian or Brahmic machinery of the general
// segmenter. appendFastLineBreaks applies the UAX #14 rules for those classes
// and gives up (ok == false) on any other character, so the segmenter
// keeps handling every other script. The rules below reproduce the
// segmenter's outcome exactly, quirks included; TestFastLineBreaksMatch*
// and FuzzFastLineBreaks check that.

// lbClass is a UAX #14 line-break class, as a bit so that rules can test
// membership in a set of classes with one AND.
type lbClass uint32

const (
	lbBK lbClass = 1 << iota // mandatory break (VT, FF)
	lbCR                     // carriage return
	lbLF                     // line feed
	lbSP                     // space
	lbGL                     // non-breaking ("glue")
	lbBA                     // break after (tab, |, soft hyphen)
	lbHY                     // hyphen-minus
	lbHH                     // unambiguous hyphen (en dash)
	lbB2                     // break before and after (em dash)
	lbIN                     // inseparable (ellipsis)
	lbEX                     // exclamation / interrogation
	lbQU                     // quotation mark
	lbAL                     // alphabetic
	lbNU                     // numeric
	lbIS                     // infix numeric separator
	lbSY                     // symbol allowing break after (/)
	lbPR                     // prefix numeric
	lbPO                     // postfix numeric
	lbOP                     // opening punctuation
	lbCL                     // closing punctuation
	lbCP                     // closing parenthesis
)

// quoteKind is the general category of a quotation mark that matters to
// rules LB15a, LB15b and LB19: initial (Pi) or final (Pf) punctuation.
type quoteKind uint8

const (
	quotePlain quoteKind = iota
	quoteInitial
	quoteFinal
)

// asciiLineClass maps each ASCII byte to its class; 0 marks bytes the fast
// path does not handle (control characters, which are class CM). It is a
// read-only table.
var asciiLineClass = [128]lbClass{
	'\t': lbBA, '\n': lbLF, '\v': lbBK, '\f': lbBK, '\r': lbCR,
	' ': lbSP, '!': lbEX, '"': lbQU, '#': lbAL, '$': lbPR, '%': lbPO,
	'&': lbAL, '\'': lbQU, '(': lbOP, ')': lbCP, '*': lbAL, '+': lbPR,
	',': lbIS, '-': lbHY, '.': lbIS, '/': lbSY,
	'0': lbNU, '1': lbNU, '2': lbNU, '3': lbNU, '4': lbNU,
	'5': lbNU, '6': lbNU, '7': lbNU, '8': lbNU, '9': lbNU,
	':': lbIS, ';': lbIS, '<': lbAL, '=': lbAL, '>': lbAL, '?': lbEX,
	'@': lbAL, '[': lbOP, '\\': lbPR, ']': lbCP, '^': lbAL, '_': lbAL,
	'`': lbAL, '{': lbOP, '|': lbBA, '}': lbCL, '~': lbAL,
	'A': lbAL, 'B': lbAL, 'C': lbAL, 'D': lbAL, 'E': lbAL, 'F': lbAL,
	'G': lbAL, 'H': lbAL, 'I': lbAL, 'J': lbAL, 'K': lbAL, 'L': lbAL,
	'M': lbAL, 'N': lbAL, 'O': lbAL, 'P': lbAL, 'Q': lbAL, 'R': lbAL,
	'S': lbAL, 'T': lbAL, 'U': lbAL, 'V': lbAL, 'W': lbAL, 'X': lbAL,
	'Y': lbAL, 'Z': lbAL,
	'a': lbAL, 'b': lbAL, 'c': lbAL, 'd': lbAL, 'e': lbAL, 'f': lbAL,
	'g': lbAL, 'h': lbAL, 'i': lbAL, 'j': lbAL, 'k': lbAL, 'l': lbAL,
	'm': lbAL, 'n': lbAL, 'o': lbAL, 'p': lbAL, 'q': lbAL, 'r': lbAL,
	's': lbAL, 't': lbAL, 'u': lbAL, 'v': lbAL, 'w': lbAL, 'x': lbAL,
	'y': lbAL, 'z': lbAL,
}

// fastLineClass returns the class of r and, for quotation marks, its
// kind; class 0 means the fast path does not handle r.
func fastLineClass(r rune) (lbClass, quoteKind) {
	if r < utf8.RuneSelf {
		return asciiLineClass[r], quotePlain
	}
	switch {
	case r >= 0xC0 && r <= 0x24F: // Latin-1 letters, Latin Extended-A and -B
		return lbAL, quotePlain
	case r >= 0x400 && r <= 0x45F: // basic Cyrillic letters
		return lbAL, quotePlain
	case r >= 0x388 && r <= 0x3CE && r != 0x38B && r != 0x38D && r != 0x3A2: // Greek letters
		return lbAL, quotePlain
	}
	switch r {
	case 0x386, 0xA6, 0xA7, 0xA9, 0xAE, 0xB5, 0xB6, 0xB7, 0x2022: // Ά ¦ § © ® µ ¶ · •
		return lbAL, quotePlain
	case 0xA3, 0xB1, 0x20AC: // £ ± €
		return lbPR, quotePlain
	case 0xA2, 0xB0, 0x2030: // ¢ ° ‰
		return lbPO, quotePlain
	case 0xA0: // no-break space
		return lbGL, quotePlain
	case 0xAD: // soft hyphen
		return lbBA, quotePlain
	case 0x2013: // en dash
		return lbHH, quotePlain
	case 0x2014: // em dash
		return lbB2, quotePlain
	case 0x2026: // horizontal ellipsis
		return lbIN, quotePlain
	case 0xAB, 0x2018, 0x201C: // « ‘ “
		return lbQU, quoteInitial
	case 0xBB, 0x2019, 0x201D: // » ’ ”
		return lbQU, quoteFinal
	}
	return 0, quotePlain
}

// numState tracks the numeric sequence NU (NU | SY | IS)* (CL | CP)? of
// rule LB25.
type numState uint8

const (
	numNone   numState = iota
	numIn              // inside NU (NU | SY | IS)*
	numClosed          // just after the closing CL or CP
)

// next advances the numeric-sequence state over a character of class c and
// reports whether the break before that character is prohibited by LB25's
// NU (NU|SY|IS)* (CL|CP)? × (NU|SY|IS|CL|CP|PR|PO) part.
func (s *numState) next(c lbClass) bool {
	switch *s {
	case numIn:
		switch {
		case c&(lbNU|lbSY|lbIS) != 0:
			return true
		case c&(lbCL|lbCP) != 0:
			*s = numClosed
			return true
		case c&(lbPR|lbPO) != 0:
			*s = numNone
			return true
		}
		*s = numNone
		return false
	case numClosed:
		*s = numNone
		return c&(lbPR|lbPO) != 0
	}
	if c == lbNU {
		*s = numIn
	}
	return false
}

// lbChar is one character of the text as the fast path sees it.
type lbChar struct {
	class lbClass
	quote quoteKind
	off   int // byte offset
}

// decodeLineChar returns the character at text[i] and its width in
// bytes; its class is 0 when the fast path does not handle it.
func decodeLineChar(text string, i int) (lbChar, int) {
	if b := text[i]; b < utf8.RuneSelf {
		return lbChar{class: asciiLineClass[b], off: i}, 1
	}
	r, w := utf8.DecodeRuneInString(text[i:])
	c, q := fastLineClass(r)
	return lbChar{class: c, quote: q, off: i}, w
}

// appendFastLineBreaks appends the breaks of LineBreaks to dst for text
// whose characters all have a class fastLineClass knows. ok is false, and
// out is dst as it was, when some character does not.
func appendFastLineBreaks(dst []BreakOpportunity, text string) (out []BreakOpportunity, ok bool) {
	if text == "" {
		return dst, true
	}
	n0 := len(dst)
	out = dst
	// The rules look one character back beyond the previous one and one
	// ahead; a sliding window of four characters suffices. cur is the
	// character after the break being decided.
	var (
		prev2, prev lbChar
		before      lbChar  // last non-space character before cur
		beforePrev  lbClass // class of the character preceding before
		beforeAt    int     // index (in characters) of before
		num         numState
	)
	cur, w := decodeLineChar(text, 0)
	if cur.class == 0 {
		return dst[:n0], false
	}
	num.next(cur.class)
	pos := w // byte offset of the character after cur
	var next lbChar
	if pos < len(text) {
		if next, w = decodeLineChar(text, pos); next.class == 0 {
			return dst[:n0], false
		}
		pos += w
	}
	for idx := 1; next.off > 0; idx++ {
		// Inside a word of ASCII letters (AL × AL, LB28, with no
		// numeric sequence open) an iteration only shifts the window:
		// do just that while the character after next is one too.
		for cur.class == lbAL && next.class == lbAL && pos < len(text) &&
			text[pos] < utf8.RuneSelf && asciiLineClass[text[pos]] == lbAL {
			before, beforePrev, beforeAt = cur, prev.class, idx-1
			prev2, prev, cur = prev, cur, next
			next = lbChar{class: lbAL, off: pos}
			pos++
			idx++
			num = numNone
		}
		// Shift the window: the character at idx becomes cur.
		if cur.class != lbSP {
			before, beforePrev, beforeAt = cur, prev.class, idx-1
		}
		prev2, prev, cur = prev, cur, next
		last := pos >= len(text)
		if last {
			next = lbChar{class: lbBK} // the paragraph end, as the segmenter sees it
		} else {
			if next, w = decodeLineChar(text, pos); next.class == 0 {
				return dst[:n0], false
			}
			pos += w
		}
		trigger := num.next(cur.class)
		if prev.class == lbAL && cur.class == lbAL {
			continue // the bulk of any text: LB28, no earlier rule applies
		}
		brk, mandatory := fastRule(prev2.class, prev, cur, next.class, before, beforePrev, beforeAt, idx, last, trigger)
		if brk {
			if len(out) == n0 {
				// Most breaks follow a space: room for that many
				// suffices for ordinary prose, and a hyphen or dash
				// costs at most one more allocation.
				out = slices.Grow(out, strings.Count(text, " ")+2)
			}
			out = append(out, BreakOpportunity{Offset: cur.off, Mandatory: mandatory})
		}
	}
	if r, _ := utf8.DecodeLastRuneInString(text); hardBreak(r) {
		out = append(out, BreakOpportunity{Offset: len(text), Mandatory: true})
	}
	return out, true
}

// fastRule decides the break between prev and cur (the character at index
// idx), with a the class two characters back (0 at the start), next's
// class (BK past the end), before the last non-space character ahead of
// cur (at index beforeAt, preceded by a character of class beforePrev),
// last whether cur ends the text and trigger the numeric-sequence
// outcome. The rules are UAX #14's, in its order, for the classes of
// lbClass.
func fastRule(a lbClass, p, c lbChar, next lbClass, before lbChar, beforePrev lbClass, beforeAt, idx int, last, trigger bool) (brk, mandatory bool) {
	pc, cc := p.class, c.class
	switch {
	case pc&(lbBK|lbLF) != 0, pc == lbCR && cc != lbLF: // LB4, LB5
		return true, true
	case cc&(lbBK|lbCR|lbLF|lbSP) != 0: // LB6, LB7
		return false, false
	case pc == lbGL, pc&(lbSP|lbBA|lbHY|lbHH) == 0 && cc == lbGL: // LB12, LB12a
		return false, false
	case cc&(lbCL|lbCP|lbEX|lbSY) != 0: // LB13
		return false, false
	case before.class == lbOP: // LB14: OP SP* ×
		return false, false
	case before.quote == quoteInitial &&
		(beforeAt == 0 || beforePrev&(lbBK|lbCR|lbLF|lbOP|lbQU|lbGL|lbSP) != 0): // LB15a
		return false, false
	case c.quote == quoteFinal &&
		(last || next&(lbSP|lbGL|lbCL|lbQU|lbCP|lbEX|lbIS|lbSY|lbBK|lbCR|lbLF) != 0): // LB15b
		return false, false
	case pc == lbSP && cc == lbIS && next == lbNU: // LB15c
		return true, false
	case cc == lbIS: // LB15d
		return false, false
	case before.class == lbB2 && cc == lbB2: // LB17
		return false, false
	case pc == lbSP: // LB18
		return true, false
	case pc == lbQU || cc == lbQU: // LB19, LB19a (no East Asian characters here)
		return false, false
	case (idx == 1 || a&(lbBK|lbCR|lbLF|lbSP|lbGL) != 0) && pc&(lbHY|lbHH) != 0 && cc == lbAL: // LB20a
		return false, false
	case cc&(lbBA|lbHH|lbHY) != 0, cc == lbIN: // LB21, LB22
		return false, false
	case pc == lbAL && cc == lbNU, pc == lbNU && cc == lbAL: // LB23
		return false, false
	case pc&(lbPR|lbPO) != 0 && cc == lbAL, pc == lbAL && cc&(lbPR|lbPO) != 0: // LB24
		return false, false
	case pc&(lbPR|lbPO) != 0 && (cc == lbNU || cc&(lbOP|lbHY) != 0 && next == lbNU), // LB25
		pc&(lbOP|lbHY|lbIS) != 0 && cc == lbNU,
		pc == lbNU && cc&(lbNU|lbSY|lbIS) != 0,
		trigger:
		return false, false
	case pc == lbAL && cc == lbAL: // LB28
		return false, false
	case pc == lbIS && cc == lbAL: // LB29
		return false, false
	case pc&(lbAL|lbNU) != 0 && cc == lbOP, pc == lbCP && cc&(lbAL|lbNU) != 0: // LB30
		return false, false
	}
	return true, false // LB31
}
