// Package hyphen finds where words may be hyphenated, with Frank Liang's
// algorithm over the TeX hyphenation patterns of a language (the hyph-utf8
// pattern lists, shipped in patterns/ with their licences).
//
// Languages: English (en, American patterns for every en-* tag), German
// (de, reformed spelling), French (fr), Spanish (es), Italian (it),
// Portuguese (pt), Polish (pl), Danish (da), Norwegian Bokmål (nb, no),
// Finnish (fi), Dutch (nl), Swedish (sv) and Russian (ru; the last three
// from their TeX sources, shipped unchanged as the LPPL asks). The tables
// of a language are parsed on first use and shared read-only afterwards.
package hyphen

import (
	"embed"
	"fmt"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

//go:embed patterns/*.pat patterns/*.hyp patterns/*.tex
var files embed.FS

// Patterns are the hyphenation patterns of one language.
type Patterns struct {
	// pats maps the letters of a pattern (with '.' for a word edge) to
	// its values, one byte per position between and around the letters,
	// and every proper prefix of a pattern's letters that is no pattern
	// to "" (so a look-up that fails ends the search for longer ones).
	pats map[string]string
	// maxRunes is the letter count of the longest pattern.
	maxRunes int
	// exceptions maps a lower-case word to its break positions (rune
	// counts from the word's start).
	exceptions map[string][]int
	// LeftMin and RightMin are the fewest characters the language leaves
	// before and after a hyphen (TeX's \lefthyphenmin and
	// \righthyphenmin for typesetting).
	LeftMin, RightMin int
}

// language is a shipped pattern list.
type language struct {
	file              string
	leftMin, rightMin int
	// exceptions says a word list (file.hyp) comes with the patterns.
	exceptions bool
	// tex says file is a hyph-utf8 source shipped unchanged (file.tex,
	// its licence asking that): the patterns and exceptions are read
	// from its \patterns and \hyphenation blocks.
	tex  bool
	once sync.Once
	pats *Patterns
	err  error
}

// languages maps a primary language subtag to its patterns. The entries
// are filled once (sync.Once) and read-only afterwards.
var languages = map[string]*language{
	"en": {file: "en-us", leftMin: 2, rightMin: 3, exceptions: true},
	"de": {file: "de-1996", leftMin: 2, rightMin: 2},
	"fr": {file: "fr", leftMin: 2, rightMin: 2},
	"es": {file: "es", leftMin: 2, rightMin: 2},
	"it": {file: "it", leftMin: 2, rightMin: 2},
	"pt": {file: "pt", leftMin: 2, rightMin: 3, exceptions: true},
	"pl": {file: "pl", leftMin: 2, rightMin: 2, exceptions: true},
	"da": {file: "da", leftMin: 2, rightMin: 2},
	"nb": {file: "nb", leftMin: 2, rightMin: 2, exceptions: true},
	"fi": {file: "fi", leftMin: 2, rightMin: 2},
	"nl": {file: "hyph-nl", leftMin: 2, rightMin: 2, tex: true},
	"sv": {file: "hyph-sv", leftMin: 2, rightMin: 2, tex: true},
	"ru": {file: "hyph-ru", leftMin: 2, rightMin: 2, tex: true},
}

// For returns the patterns for a BCP 47 language tag (its primary subtag
// decides: "en-GB" gets the English patterns), or nil when none are
// shipped for it.
func For(tag string) *Patterns {
	primary, _, _ := strings.Cut(tag, "-")
	if len(primary) > 8 {
		return nil
	}
	var buf [8]byte
	for i := 0; i < len(primary); i++ {
		c := primary[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	key := string(buf[:len(primary)])
	if key == "no" {
		key = "nb" // Norwegian: the Bokmål patterns
	}
	l := languages[key]
	if l == nil {
		return nil
	}
	l.once.Do(func() { l.pats, l.err = l.load() })
	if l.err != nil {
		return nil // the shipped files are tested to parse
	}
	return l.pats
}

// Languages returns the primary language subtags that have patterns.
func Languages() []string {
	return []string{"da", "de", "en", "es", "fi", "fr", "it", "nb", "nl", "no", "pl", "pt", "ru", "sv"}
}

func (l *language) load() (*Patterns, error) {
	if l.tex {
		return l.loadTeX()
	}
	data, err := files.ReadFile("patterns/" + l.file + ".pat")
	if err != nil {
		return nil, fmt.Errorf("hyphen: reading patterns %s: %w", l.file, err)
	}
	p, err := Parse(string(data))
	if err != nil {
		return nil, fmt.Errorf("hyphen: patterns %s: %w", l.file, err)
	}
	p.LeftMin, p.RightMin = l.leftMin, l.rightMin
	if l.exceptions {
		data, err := files.ReadFile("patterns/" + l.file + ".hyp")
		if err != nil {
			return nil, fmt.Errorf("hyphen: reading exceptions %s: %w", l.file, err)
		}
		p.addExceptions(string(data))
	}
	return p, nil
}

// loadTeX reads the patterns and exceptions of a hyph-utf8 source.
func (l *language) loadTeX() (*Patterns, error) {
	data, err := files.ReadFile("patterns/" + l.file + ".tex")
	if err != nil {
		return nil, fmt.Errorf("hyphen: reading patterns %s: %w", l.file, err)
	}
	pats, exc, err := ParseTeX(string(data))
	if err != nil {
		return nil, fmt.Errorf("hyphen: patterns %s: %w", l.file, err)
	}
	p, err := Parse(pats)
	if err != nil {
		return nil, fmt.Errorf("hyphen: patterns %s: %w", l.file, err)
	}
	p.LeftMin, p.RightMin = l.leftMin, l.rightMin
	p.addExceptions(exc)
	return p, nil
}

// ParseTeX returns the contents of the \patterns{…} and \hyphenation{…}
// blocks of a TeX hyphenation file (the hyph-*.tex sources of
// hyph-utf8), comments ('%' to the end of the line) removed. A file
// without a \patterns block, or whose block is not closed, is refused.
func ParseTeX(src string) (patterns, exceptions string, err error) {
	var b strings.Builder
	for line := range strings.Lines(src) {
		if i := strings.IndexByte(line, '%'); i >= 0 {
			line = line[:i] + "\n"
		}
		b.WriteString(line)
	}
	text := b.String()
	block := func(cmd string) (string, bool, error) {
		start := strings.Index(text, "\\"+cmd+"{")
		if start < 0 {
			return "", false, nil
		}
		body := text[start+len(cmd)+2:]
		end := strings.IndexByte(body, '}')
		if end < 0 {
			return "", true, fmt.Errorf("\\%s block not closed", cmd)
		}
		return body[:end], true, nil
	}
	patterns, ok, err := block("patterns")
	if err != nil {
		return "", "", err
	}
	if !ok {
		return "", "", fmt.Errorf("no \\patterns block")
	}
	exceptions, _, err = block("hyphenation")
	return patterns, exceptions, err
}

// maxPatternRunes bounds a pattern's letters (the shipped lists stay
// under 15): a longer one is refused as malformed.
const maxPatternRunes = 32

// Parse reads a pattern list: patterns separated by white space, each
// letters with optional digits between them ("a1b", ".ach4"); lines
// starting with '%' are comments. LeftMin and RightMin are left 2.
func Parse(src string) (*Patterns, error) {
	p := &Patterns{pats: make(map[string]string, len(src)/7), LeftMin: 2, RightMin: 2}
	var letters strings.Builder
	var vals []byte
	for line := range strings.Lines(src) {
		if strings.HasPrefix(line, "%") {
			continue
		}
		for _, f := range strings.Fields(line) {
			letters.Reset()
			vals = vals[:0]
			n := 0
			pending := byte(0)
			for _, r := range f {
				if '0' <= r && r <= '9' {
					pending = byte(r - '0')
					continue
				}
				vals = append(vals, pending)
				pending = 0
				letters.WriteRune(unicode.ToLower(r))
				n++
			}
			vals = append(vals, pending)
			if n == 0 || n > maxPatternRunes {
				return nil, fmt.Errorf("malformed pattern %q", f)
			}
			key := letters.String()
			p.pats[key] = string(vals)
			p.maxRunes = max(p.maxRunes, n)
			for i := range key {
				if _, ok := p.pats[key[:i]]; !ok && i > 0 {
					p.pats[key[:i]] = ""
				}
			}
		}
	}
	return p, nil
}

// addExceptions reads words with hyphens where they break ("ta-ble"; a
// word without one never breaks).
func (p *Patterns) addExceptions(src string) {
	if p.exceptions == nil {
		p.exceptions = map[string][]int{}
	}
	for line := range strings.Lines(src) {
		if strings.HasPrefix(line, "%") {
			continue
		}
		for _, f := range strings.Fields(line) {
			var pos []int
			n := 0
			for _, r := range f {
				if r == '-' {
					pos = append(pos, n)
					continue
				}
				n++
			}
			p.exceptions[strings.ToLower(strings.ReplaceAll(f, "-", ""))] = pos
		}
	}
}

// maxWordRunes bounds the words hyphenated: a longer "word" (a DNA
// sequence, a hash) is left whole, keeping the work per word bounded.
const maxWordRunes = 64

// Points appends to dst the byte offsets in word where a hyphen may go
// and returns it. Word is one word (letters, no spaces); at least left
// characters stay before a break and right after it (each at least the
// language's LeftMin and RightMin).
func (p *Patterns) Points(dst []int, word string, left, right int) []int {
	left, right = max(left, p.LeftMin, 1), max(right, p.RightMin, 1)
	n := utf8.RuneCountInString(word)
	if n < left+right || n > maxWordRunes {
		return dst
	}
	// the lower-case word between dots, and the byte offset of each rune
	// of the word in it and in word
	var sbuf [4 * (maxWordRunes + 2)]byte
	var lpos, wpos [maxWordRunes + 3]int
	s := append(sbuf[:0], '.')
	i := 0
	for off, r := range word {
		wpos[i] = off
		lpos[i+1] = len(s)
		s = utf8.AppendRune(s, unicode.ToLower(r))
		i++
	}
	wpos[n] = len(word)
	lpos[n+1] = len(s)
	s = append(s, '.')
	lpos[0], lpos[n+2] = 0, len(s)
	if ex, ok := p.exceptions[string(s[1:len(s)-1])]; ok {
		for _, k := range ex {
			if k >= left && n-k >= right {
				dst = append(dst, wpos[k])
			}
		}
		return dst
	}
	// vals[k] is the value of the position before rune k of s.
	var vals [maxWordRunes + 3]byte
	m := n + 2
	for a := 0; a < m; a++ {
		for b := a + 1; b <= m && b-a <= p.maxRunes; b++ {
			v, ok := p.pats[string(s[lpos[a]:lpos[b]])]
			if !ok {
				break // no pattern starts with these letters
			}
			for k := 0; k < len(v); k++ {
				vals[a+k] = max(vals[a+k], v[k])
			}
		}
	}
	// a break before rune k of the word is the position before rune k+1
	// of s
	for k := left; k <= n-right; k++ {
		if vals[k+1]%2 == 1 {
			dst = append(dst, wpos[k])
		}
	}
	return dst
}
