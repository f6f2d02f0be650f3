package layout

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// This file applies word-break and line-break (CSS Text 3 §5.2, §5.3) to
// the UAX #14 break opportunities of a paragraph.

// wordBreaks adjusts p.allow between adjacent glyph clusters (across
// inline edges) for word-break: break-all and keep-all, line-break:
// anywhere, and the CJK rules of line-break loose, normal and strict (see
// wordBreakAt for whose style decides). A paragraph in the initial styles
// without a character at U+2000 or above is left untouched without a
// rune being decoded.
func (p *para) wordBreaks() {
	if !p.needsWordBreaks() {
		return
	}
	n := len(p.units)
	prev := -1 // the last glyph cluster seen
	for k := 0; k < n; k++ {
		u := &p.units[k]
		if u.kind != uGlyphs {
			if u.kind != uOpen && u.kind != uClose {
				prev = -1
			}
			continue
		}
		j := prev
		prev = k
		if j < 0 || u.space || u.start == u.end {
			continue
		}
		if allow, ok := p.wordBreakAt(j, k); ok && allow {
			p.allow[k] = true
		} else if ok {
			// the break UAX #14 gave may sit before an opening edge
			// after j
			for at := j + 1; at <= k; at++ {
				p.allow[at] = false
			}
		}
	}
}

// wordBreakAt applies wordBreakRule between glyph clusters j and k > j
// (with only inline edges between them). The style of j decides; at an
// edge between styles, that of k may add a break too (word-break:
// break-all on an inline element breaks before its first letter). After
// a space only line-break: anywhere adds one (after a no-break space).
func (p *para) wordBreakAt(j, k int) (allow, ok bool) {
	before, _ := utf8.DecodeLastRuneInString(p.str[:p.units[j].end])
	after, _ := utf8.DecodeRuneInString(p.str[p.units[k].start:])
	bj, bk := p.items[p.itemOf(&p.units[j])].box, p.items[p.itemOf(&p.units[k])].box
	stj, stk := bj.Style, bk.Style
	if noWrap(stj) && (stj == stk || noWrap(commonAncestor(bj, bk).Style)) {
		// white-space on the nearest common ancestor of the two
		// characters controls the break between them (CSS Text 3 §5.1)
		return false, false
	}
	for i, st := range [2]*style.Style{stj, stk} {
		if i == 1 && (st == stj || ok || noWrap(st) && noWrap(commonAncestor(bj, bk).Style)) {
			continue
		}
		if p.units[j].space && st.LineBreak != style.LineBreakAnywhere {
			continue
		}
		a, o := wordBreakRule(st, before, after)
		if i == 0 || a {
			allow, ok = a, o
		}
	}
	return allow, ok
}

// maxAncestors bounds the ancestors commonAncestor compares.
const maxAncestors = 64

// commonAncestor returns the nearest common ancestor of boxes a and b,
// or a when none is found within maxAncestors levels.
func commonAncestor(a, b *box.Box) *box.Box {
	var up [maxAncestors]*box.Box
	n := 0
	for x := a; x != nil && n < maxAncestors; x = x.Parent {
		up[n] = x
		n++
	}
	for y, d := b, 0; y != nil && d < maxAncestors; y, d = y.Parent, d+1 {
		for _, x := range up[:n] {
			if x == y && x.Style != nil {
				return x
			}
		}
	}
	return a
}

// needsWordBreaks reports whether a style of the paragraph sets
// word-break or line-break, or its text has characters the line-break
// CJK rules concern.
func (p *para) needsWordBreaks() bool {
	for i := range p.items {
		st := p.items[i].box.Style
		if st == nil {
			continue
		}
		if st.WordBreak != style.WordBreakNormal || st.LineBreak != style.LineBreakAuto {
			return true
		}
	}
	// the CJK rules concern characters at U+2010 or above (in Chinese
	// or Japanese text, else after one at U+2E80 or above), whose UTF-8
	// encodings start with a byte of 0xE2 or more
	for i := asciiPrefix(p.str); i < len(p.str); i++ {
		if p.str[i] >= 0xE2 {
			return true
		}
	}
	return false
}

// wordBreakRule says whether a line may break between runes a and b
// (adjacent clusters, neither a space) in text of style st; ok is false
// when the UAX #14 result stands.
func wordBreakRule(st *style.Style, a, b rune) (allow, ok bool) {
	if st.LineBreak == style.LineBreakAnywhere {
		return true, true
	}
	switch st.WordBreak {
	case style.WordBreakBreakAll:
		if wordChar(a) && wordChar(b) && !jamoJoins(a, b) {
			return true, true
		}
	case style.WordBreakKeepAll:
		if wordChar(a) && wordChar(b) && !unicode.Is(unicode.Mn, b) {
			return false, true
		}
	}
	cjk := cjkRune(a) || cjkLang(st.Lang)
	// ideographic: a is of class ID (or a letter break-all makes one)
	id := idChar(a) || st.WordBreak == style.WordBreakBreakAll && wordChar(a)
	if cjk && id && isInseparable(b) {
		return true, true // before leaders in Chinese or Japanese text
	}
	switch st.LineBreak {
	case style.LineBreakLoose:
		if smallKana(b) || iterationMark(b) || centeredPunct(b) || isInseparable(a) && isInseparable(b) ||
			id && (looseHyphen(b) || cjkHyphen(b)) || cjk && (postfixSign(b) || prefixSign(a)) {
			return true, true
		}
	case style.LineBreakNormal, style.LineBreakAuto:
		if cjk && (smallKana(b) || id && cjkHyphen(b)) {
			return true, true
		}
	}
	return false, false
}

// idChar reports whether r is an ideograph, kana or Hangul syllable
// (UAX #14 classes ID, H2, H3), not CJK punctuation.
func idChar(r rune) bool {
	return r >= 0x2E80 && unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul) && !unicode.IsPunct(r)
}

// looseHyphen reports whether r is U+2010 or U+2013, before which loose
// allows a break after an ideograph.
func looseHyphen(r rune) bool { return r == 0x2010 || r == 0x2013 }

// wordChar reports whether r is part of a word for word-break: a letter,
// digit or combining mark (UAX #14 AL, NU, ID, SA and the like; not
// punctuation, whose rules stand).
func wordChar(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.M, r)
}

// jamoJoins reports whether conjoining Hangul jamo a and b belong to one
// syllable (a leading consonant before a jamo, or a vowel or trailing
// consonant after one), which break-all does not split.
func jamoJoins(a, b rune) bool {
	lead := a >= 0x1100 && a <= 0x115F || a >= 0xA960 && a <= 0xA97C
	follow := b >= 0x1160 && b <= 0x11FF || b >= 0xD7B0 && b <= 0xD7FB
	return lead && (follow || b >= 0x1100 && b <= 0x115F) || follow && (a >= 0x1160 && a <= 0x11FF || a >= 0xAC00 && a <= 0xD7A3)
}

// cjkLang reports whether BCP 47 tag lang is Chinese or Japanese, the
// writing systems whose rules line-break selects.
func cjkLang(lang string) bool {
	l := strings.ToLower(lang)
	return l == "ja" || l == "zh" || strings.HasPrefix(l, "ja-") || strings.HasPrefix(l, "zh-")
}

// cjkRune reports whether r is a Han, Hiragana, Katakana or full-width
// character, which puts a break in Chinese or Japanese context.
func cjkRune(r rune) bool {
	return r >= 0x2E80 && unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana) ||
		r >= 0x3000 && r <= 0x30FF || r >= 0xFF00 && r <= 0xFFEF
}

// smallKana reports whether r is UAX #14 class CJ (small kana and the
// prolonged sound mark), before which strict forbids breaking.
func smallKana(r rune) bool {
	switch r {
	case 0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E, 0x3095, 0x3096,
		0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE, 0x30F5, 0x30F6, 0x30FC:
		return true
	}
	return r >= 0x31F0 && r <= 0x31FF || r >= 0xFF67 && r <= 0xFF70
}

// cjkHyphen reports whether r is a Japanese hyphen (wave dash or double
// hyphen), before which normal and loose allow a break after an
// ideograph in Chinese or Japanese text.
func cjkHyphen(r rune) bool { return r == 0x301C || r == 0x30A0 }

// iterationMark reports whether r is an iteration mark, before which
// loose allows a break.
func iterationMark(r rune) bool {
	switch r {
	case 0x3005, 0x303B, 0x309D, 0x309E, 0x30FD, 0x30FE:
		return true
	}
	return false
}

// isInseparable reports whether r is UAX #14 class IN (leaders and
// ellipsis), between which loose allows a break.
func isInseparable(r rune) bool {
	return r == 0x2024 || r == 0x2025 || r == 0x2026 || r == 0xFE19
}

// centeredPunct reports whether r is centred punctuation before which
// loose allows a break.
func centeredPunct(r rune) bool {
	switch r {
	case 0x30FB, 0xFF1A, 0xFF1B, 0xFF65, 0x203C, 0x2047, 0x2048, 0x2049, 0xFF01, 0xFF1F:
		return true
	}
	return false
}

// postfixSign reports whether r is UAX #14 class PO in East Asian width
// F, W or A, before which loose allows a break.
func postfixSign(r rune) bool {
	switch r {
	case 0x00B0, 0x2030, 0x2032, 0x2033, 0x2103, 0xFF05, 0xFFE0, 0x0025, 0x00A2:
		return true
	}
	return false
}

// prefixSign reports whether r is UAX #14 class PR in East Asian width
// F, W or A, after which loose allows a break.
func prefixSign(r rune) bool {
	switch r {
	case 0x00A3, 0x00A5, 0x20AC, 0x2116, 0xFF04, 0xFFE1, 0xFFE5, 0x0024, 0x00B1:
		return true
	}
	return false
}
