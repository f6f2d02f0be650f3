package layout

import (
	"math/bits"
	"sort"
	"unicode"
	"unicode/utf8"

	"github.com/seed28491532/folio/fonts"
	"github.com/seed28491532/folio/internal/hyphen"
	"github.com/seed28491532/folio/style"
)

// defaultHyphenWord is the fewest characters of a word that hyphens: auto
// hyphenates when hyphenate-limit-chars leaves it to the UA (CSS Text 4
// suggests 5).
const defaultHyphenWord = 5

// autoHyphens adds the hyphenation opportunities of the text of items in
// hyphens: auto whose language has patterns (CSS Text 3 §5.4): a word may
// break between two of its glyph clusters where the patterns allow, and
// a line broken there ends in the hyphenate-character, as at a soft
// hyphen. A word may run through the edges of inline boxes ("hy<b>phen</b>")
// when both sides hyphenate alike. Words holding a soft hyphen keep the
// author's opportunities only.
func (p *para) autoHyphens() {
	var pts []int
	for ii := 0; ii < len(p.items); {
		it := &p.items[ii]
		st := it.box.Style
		if it.kind != uGlyphs || st.Hyphens != style.HyphensAuto || noWrap(st) || st.LineBreak == style.LineBreakAnywhere {
			ii++
			continue
		}
		// the text of this item and of the next ones hyphenated alike,
		// past edges of inline boxes (which add no text)
		start, end := it.start, it.end
		jj := ii + 1
		for ; jj < len(p.items); jj++ {
			n := &p.items[jj]
			if n.kind == uOpen || n.kind == uClose {
				continue
			}
			if n.kind != uGlyphs || !sameHyphenation(n.box.Style, st) {
				break
			}
			end = n.end
		}
		ii = jj
		pats := hyphen.For(st.Lang)
		if pats == nil {
			continue
		}
		lim := st.HyphenateLimitChars
		minWord := int(lim[0])
		if minWord == 0 {
			minWord = defaultHyphenWord
		}
		text := p.str[start:end]
		for i := 0; i < len(text); {
			ws, we, n, shy := nextWord(text, i)
			i = we
			if n < minWord || shy {
				continue
			}
			pts = p.l.texts.hyphenPoints(pts[:0], pats, text[ws:we], lim[1], lim[2])
			for _, o := range pts {
				p.allowHyphen(start + ws + o)
			}
		}
	}
}

// sameHyphenation reports whether text in style a hyphenates as text in
// style b (which is hyphens: auto).
func sameHyphenation(a, b *style.Style) bool {
	return a == b || a.Hyphens == b.Hyphens && a.Lang == b.Lang && a.HyphenateLimitChars == b.HyphenateLimitChars && !noWrap(a)
}

// nextWord finds the first word of text at or after byte i: its bounds,
// its character count and whether it holds a soft hyphen. A word is
// letters and combining marks, with apostrophes and soft hyphens inside.
// When no word is left, ws = we = len(text).
func nextWord(text string, i int) (ws, we, n int, shy bool) {
	for i < len(text) {
		r, size := utf8.DecodeRuneInString(text[i:])
		if unicode.IsLetter(r) {
			break
		}
		i += size
	}
	ws, we = i, i
	for i < len(text) {
		r, size := utf8.DecodeRuneInString(text[i:])
		switch {
		case unicode.IsLetter(r) || unicode.Is(unicode.Mn, r):
			n++
			we = i + size
		case r == '\u00AD':
			shy = true
		case r == '\'' || r == '’':
			n++
		default:
			return ws, we, n, shy
		}
		i += size
	}
	return ws, we, n, shy
}

// allowHyphen lets a line break at paragraph offset o, drawing a hyphen,
// when o is the boundary of two glyph clusters (maybe with edges of
// inline boxes between them).
func (p *para) allowHyphen(o int) {
	units := p.units
	k := sort.Search(len(units), func(i int) bool { return int(units[i].start) >= o })
	for k < len(units) && units[k].kind == uClose && int(units[k].start) == o {
		k++ // an element ending here ends on the line before the break
	}
	if k == 0 || k >= len(units) || int(units[k].start) != o || units[k].kind != uGlyphs && units[k].kind != uOpen {
		return
	}
	j := p.hyphenUnit(k)
	if j < 0 || int(units[j].end) != o || units[j].space {
		return
	}
	units[j].shy = true
	p.allow[k] = true
}

// hyphenText is what a line broken at a hyphenation opportunity of text
// in style st ends with.
func hyphenText(st *style.Style) string {
	if st.HyphenateCharacter != "" {
		return st.HyphenateCharacter
	}
	return "-"
}

// hyphen returns the glyphs of the hyphen drawn after run when a line
// breaks at one of its hyphenation opportunities (shaped once per style
// in a paragraph).
func (p *para) hyphen(run int) []fonts.Glyph {
	r := p.runs[run]
	st := p.items[r.item].box.Style
	tc := &p.l.texts
	if gl, ok := tc.hyGlyphs[st]; ok {
		return gl
	}
	runs, _ := p.l.shaper.Shape(hyphenText(st), query(st), st.FontSize, fonts.ShapeOptions{Lang: st.Lang})
	var gl []fonts.Glyph
	for _, r := range runs {
		gl = append(gl, r.Glyphs...)
	}
	if tc.hyGlyphs == nil {
		tc.hyGlyphs = map[*style.Style][]fonts.Glyph{}
	}
	if len(tc.hyGlyphs) < maxHyphenStyles {
		tc.hyGlyphs[st] = gl
	}
	return gl
}

// maxHyphenStyles bounds the styles whose hyphen a layout keeps shaped,
// maxHyphenWords the words whose hyphenation points it keeps.
const (
	maxHyphenStyles = 1024
	maxHyphenWords  = 1 << 15
)

// hyWordKey identifies the hyphenation points of a word.
type hyWordKey struct {
	word        string
	pats        *hyphen.Patterns
	left, right uint8
}

// hyphenPoints is pats.Points for a word with at least left and right
// characters each side, remembering the points of words of up to 64
// bytes (as a mask of their offsets): the words of a text repeat a lot.
func (tc *textCache) hyphenPoints(dst []int, pats *hyphen.Patterns, word string, left, right uint8) []int {
	if len(word) > 64 {
		return pats.Points(dst, word, int(left), int(right))
	}
	k := hyWordKey{word: word, pats: pats, left: left, right: right}
	if m, ok := tc.hyWords[k]; ok {
		for ; m != 0; m &= m - 1 {
			dst = append(dst, bits.TrailingZeros64(m))
		}
		return dst
	}
	n := len(dst)
	dst = pats.Points(dst, word, int(left), int(right))
	var m uint64
	for _, o := range dst[n:] {
		m |= 1 << o // 0 < o < len(word) <= 64
	}
	if tc.hyWords == nil {
		tc.hyWords = make(map[hyWordKey]uint64, 64)
	}
	if len(tc.hyWords) < maxHyphenWords {
		tc.hyWords[k] = m
	}
	return dst
}

// hyphenUnit returns the glyph cluster a line ending before unit k ends
// with, past the edges of inline boxes and anchors of floats, or -1 when
// another unit (a space, an atomic inline) ends it.
func (p *para) hyphenUnit(k int) int {
	for j := k - 1; j >= 0; j-- {
		switch p.units[j].kind {
		case uGlyphs:
			return j
		case uOpen, uClose, uOOF:
		default:
			return -1
		}
	}
	return -1
}

// softHyphens reports whether s is one or more soft hyphens.
func softHyphens(s string) bool {
	for i := 0; i < len(s); i += 2 {
		if i+2 > len(s) || s[i:i+2] != "\u00AD" {
			return false
		}
	}
	return s != ""
}
