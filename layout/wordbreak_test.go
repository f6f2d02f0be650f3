package layout

import (
	"strings"
	"testing"

	"github.com/seed28491532/folio/style"
)

// TestWordBreakLines lays out text with word-break and line-break set
// (5 points a character in the test fonts).
func TestWordBreakLines(t *testing.T) {
	nowrap := func(s *style.Style) { s.MutText().WhiteSpace = style.WhiteSpaceNowrap }
	wb := func(v style.WordBreak) cssish {
		set := func(s *style.Style) { s.MutText().WordBreak = v }
		return cssish{"w": set, "n": func(s *style.Style) { set(s); nowrap(s) }}
	}
	lb := func(v style.LineBreak) cssish {
		return cssish{"w": func(s *style.Style) { s.MutText().LineBreak = v }}
	}
	x50 := strings.Repeat("x", 50)
	tests := []struct {
		name  string
		width float64 // of the content area, in characters
		src   string
		mods  cssish
		want  []string
	}{
		{"normal overflows", 36, `<p id=w>aaaa ` + x50 + `</p>`, nil, []string{"aaaa ", x50}},
		{"break-all breaks the word at the line end", 36, `<p id=w>aaaa ` + x50 + `</p>`, wb(style.WordBreakBreakAll),
			[]string{"aaaa " + strings.Repeat("x", 31), strings.Repeat("x", 19)}},
		{"break-all fills the line past a space", 4, `<p id=w>ab cd</p>`, wb(style.WordBreakBreakAll), []string{"ab c", "d"}},
		{"break-all under nowrap", 4, `<p id=w><span id=n>abcdef</span></p>`, wb(style.WordBreakBreakAll),
			[]string{"abcdef"}},
		{"the common ancestor's white-space rules at an edge", 1, `<p id=w>abc<span id=n>xyz</span>def</p>`, wb(style.WordBreakBreakAll),
			[]string{"a", "b", "c", "xyz", "d", "e", "f"}},
		{"break-word wraps a word that does not fit", 36, `<p id=w>aaaa ` + x50 + `</p>`, wb(style.WordBreakBreakWord),
			[]string{"aaaa ", strings.Repeat("x", 36), strings.Repeat("x", 14)}},
		{"break-all across inline edges", 4, `<p id=w>ab<b id=w>cdef</b></p>`, wb(style.WordBreakBreakAll), []string{"abcd", "ef"}},
		{"break-all on an inline breaks before it", 4, `<p>aaaaa<b id=w>bb</b></p>`, wb(style.WordBreakBreakAll),
			[]string{"aaaaa", "bb"}},
		{"anywhere after a no-break space", 3, "<p id=w>XX\u00a0X</p>", lb(style.LineBreakAnywhere), []string{"XX\u00a0", "X"}},
		{"anywhere after a slash", 4, `<p id=w>XXX/X</p>`, lb(style.LineBreakAnywhere), []string{"XXX/", "X"}},
		{"anywhere inside punctuation", 2, `<p id=w>a.,b</p>`, lb(style.LineBreakAnywhere), []string{"a.", ",b"}},
		{"keep-all keeps ideographs together", 4, `<p id=w>日本語日本語</p>`, wb(style.WordBreakKeepAll), []string{"日本語日本語"}},
		{"ideographs break anywhere by default", 4, `<p id=w>日本語日本語</p>`, nil, []string{"日本語日", "本語"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			page := pageOf{w: tt.width*5 + 20, h: 1000, margin: 10}
			got := lineTexts(layoutHTML(t, "<!doctype html><body>"+tt.src, page, tt.mods))
			if strings.Join(got, "/") != strings.Join(tt.want, "/") {
				t.Errorf("lines = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestWordBreakRule checks the break opportunities word-break and
// line-break add or remove between two adjacent characters.
func TestWordBreakRule(t *testing.T) {
	const none, yes, no = 0, 1, 2 // UAX #14 stands, break, no break
	tests := []struct {
		name   string
		wb     style.WordBreak
		lb     style.LineBreak
		lang   string
		a, b   rune
		result int
	}{
		{"normal Latin", style.WordBreakNormal, style.LineBreakAuto, "en", 'a', 'b', none},
		{"break-all Latin", style.WordBreakBreakAll, style.LineBreakAuto, "en", 'a', 'b', yes},
		{"break-all digits", style.WordBreakBreakAll, style.LineBreakAuto, "en", '1', 'b', yes},
		{"break-all before a combining mark", style.WordBreakBreakAll, style.LineBreakAuto, "en", 'e', 0x0301, yes},
		{"break-all before punctuation", style.WordBreakBreakAll, style.LineBreakAuto, "en", 'a', '.', none},
		{"break-all inside a jamo syllable", style.WordBreakBreakAll, style.LineBreakAuto, "ko", 0x1100, 0x1161, none},
		{"break-all between jamo syllables", style.WordBreakBreakAll, style.LineBreakAuto, "ko", 0x11AB, 0x1103, yes},
		{"keep-all ideographs", style.WordBreakKeepAll, style.LineBreakAuto, "ja", 0x65E5, 0x672C, no},
		{"keep-all Hangul", style.WordBreakKeepAll, style.LineBreakAuto, "ko", 0xD55C, 0xAE00, no},
		{"keep-all before CJK punctuation", style.WordBreakKeepAll, style.LineBreakAuto, "ja", 0x3002, 0x65E5, none},
		{"anywhere in punctuation", style.WordBreakNormal, style.LineBreakAnywhere, "en", '.', ',', yes},
		{"normal before small kana", style.WordBreakNormal, style.LineBreakNormal, "ja", 0x6587, 0x3041, yes},
		{"auto before small kana", style.WordBreakNormal, style.LineBreakAuto, "ja", 0x6587, 0x30FC, yes},
		{"strict before small kana", style.WordBreakNormal, style.LineBreakStrict, "ja", 0x6587, 0x3041, none},
		{"normal before a CJK hyphen", style.WordBreakNormal, style.LineBreakNormal, "en", 0x6587, 0x2010, none},
		{"loose before a hyphen", style.WordBreakNormal, style.LineBreakLoose, "en", 0x6587, 0x2010, yes},
		{"strict before leaders in Japanese", style.WordBreakNormal, style.LineBreakStrict, "ja", 0x6587, 0x2025, yes},
		{"normal between leaders", style.WordBreakNormal, style.LineBreakNormal, "ja", 0x2025, 0x2025, none},
		{"normal before leaders after a full stop", style.WordBreakNormal, style.LineBreakNormal, "ja", 0x3002, 0x2025, none},
		{"normal before a wave dash", style.WordBreakNormal, style.LineBreakNormal, "ja", 0x6587, 0x301C, yes},
		{"loose before a hyphen after a letter", style.WordBreakNormal, style.LineBreakLoose, "en", 'a', 0x2010, none},
		{"loose break-all before a hyphen", style.WordBreakBreakAll, style.LineBreakLoose, "en", 'a', 0x2013, yes},
		{"normal before an iteration mark", style.WordBreakNormal, style.LineBreakNormal, "ja", 0x6587, 0x3005, none},
		{"loose before an iteration mark", style.WordBreakNormal, style.LineBreakLoose, "ja", 0x6587, 0x3005, yes},
		{"loose between ellipses", style.WordBreakNormal, style.LineBreakLoose, "ja", 0x2026, 0x2026, yes},
		{"loose before a postfix", style.WordBreakNormal, style.LineBreakLoose, "ja", 0x6587, 0x2103, yes},
		{"loose after a prefix", style.WordBreakNormal, style.LineBreakLoose, "ja", 0xFFE5, '1', yes},
		{"loose postfix in English", style.WordBreakNormal, style.LineBreakLoose, "en", '5', '%', none},
		{"small kana in English", style.WordBreakNormal, style.LineBreakNormal, "en", 'a', 0x3041, none},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			blank := style.Blank()
			st := &blank
			txt := st.MutText()
			txt.WordBreak, txt.LineBreak, txt.Lang = tt.wb, tt.lb, tt.lang
			allow, ok := wordBreakRule(st, tt.a, tt.b)
			got := none
			if ok && allow {
				got = yes
			} else if ok {
				got = no
			}
			if got != tt.result {
				t.Errorf("wordBreakRule(%U, %U) = %d, want %d", tt.a, tt.b, got, tt.result)
			}
		})
	}
}
