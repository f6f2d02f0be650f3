package box

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/style"
)

func TestPredefinedCounterStyles(t *testing.T) {
	tests := []struct {
		style string
		v     int
		want  string
	}{
		{"arabic-indic", 105, "١٠٥"},
		{"devanagari", 0, "०"},
		{"thai", -12, "-๑๒"},
		{"cjk-decimal", 2026, "二〇二六"},
		{"hiragana", 1, "あ"},
		{"katakana", 49, "アア"}, // past the 48 letters: two letters
		{"katakana", 48, "ン"},
		{"cjk-earthly-branch", 13, "子子"},
		{"cjk-heavenly-stem", 0, "0"}, // outside the alphabetic range: decimal
		{"lower-roman", 14, "xiv"},
		{"upper-roman", 4000, "4000"}, // outside 1–3999: decimal
		{"unknown-style", 7, "7"},
		{"decimal-leading-zero", -3, "-3"},
		// additive
		{"upper-armenian", 2024, "ՍԻԴ"},
		{"armenian", 1, "Ա"},
		{"lower-armenian", 99, "ղթ"},
		{"georgian", 1989, "ჩშპთ"},
		{"georgian", 20000, "20000"},
		{"hebrew", 15, "טו"},
		{"hebrew", 16, "טז"},
		{"hebrew", 1234, "א׳רלד"},
		{"hebrew", 0, "0"},
		// Ethiopic (§7.1.3)
		{"ethiopic-numeric", 1, "፩"},
		{"ethiopic-numeric", 100, "፻"},
		{"ethiopic-numeric", 111, "፻፲፩"},
		{"ethiopic-numeric", 1000, "፲፻"},
		{"ethiopic-numeric", 1001, "፲፻፩"},
		{"ethiopic-numeric", 1234, "፲፪፻፴፬"},
		{"ethiopic-numeric", 10000, "፼"},
		{"ethiopic-numeric", 11111, "፼፲፩፻፲፩"},
		{"ethiopic-numeric", 1000000, "፻፼"},
		{"ethiopic-numeric", 0, "0"},
		// Chinese (§7.1.2)
		{"simp-chinese-informal", 0, "零"},
		{"simp-chinese-informal", 10, "十"},
		{"simp-chinese-informal", 11, "十一"},
		{"simp-chinese-informal", 20, "二十"},
		{"simp-chinese-informal", 101, "一百零一"},
		{"simp-chinese-informal", 110, "一百一十"},
		{"simp-chinese-informal", 1010, "一千零一十"},
		{"simp-chinese-informal", 9999, "九千九百九十九"},
		{"simp-chinese-informal", -5, "负五"},
		{"simp-chinese-informal", 10000, "一〇〇〇〇"}, // fallback cjk-decimal
		{"trad-chinese-informal", -15, "負十五"},
		{"trad-chinese-formal", 11, "壹拾壹"},
		{"simp-chinese-formal", 2005, "贰仟零伍"},
		{"cjk-ideographic", 300, "三百"},
		// Japanese and Korean (§7.1.1)
		{"japanese-informal", 1010, "千十"},
		{"japanese-informal", 2024, "二千二十四"},
		{"japanese-informal", 0, "〇"},
		{"japanese-informal", -3, "マイナス三"},
		{"japanese-formal", 11, "壱拾壱"},
		{"korean-hangul-formal", 1111, "일천일백일십일"},
		{"korean-hangul-formal", 0, "영"},
		{"korean-hanja-informal", 12, "十二"},
		{"korean-hanja-formal", 21, "貳拾壹"},
		{"disclosure-closed", 3, "▸"},
	}
	for _, tc := range tests {
		if got := FormatCounter(tc.v, tc.style); got != tc.want {
			t.Errorf("FormatCounter(%d, %s) = %q, want %q", tc.v, tc.style, got, tc.want)
		}
	}
	markers := []struct {
		style string
		v     int
		want  string
	}{
		{"cjk-decimal", 3, "三、"},
		{"thai", 3, "๓. "},
		{"ethiopic-numeric", 1, "፩/ "},
		{"korean-hangul-formal", 1, "일, "},
		{"simp-chinese-informal", 2, "二、"},
		{"hebrew", 2, "ב. "},
		{"disc", 1, "• "},
	}
	for _, tc := range markers {
		if got := (&counterStyler{}).marker(tc.v, tc.style); got != tc.want {
			t.Errorf("marker(%d, %s) = %q, want %q", tc.v, tc.style, got, tc.want)
		}
	}
}

// counterRules are @counter-style rules of every system, extends chains
// (one a cycle) and fallbacks.
const counterRules = `
@counter-style thumbs { system: cyclic; symbols: "A" "B"; suffix: " " }
@counter-style paren { system: extends decimal; prefix: "("; suffix: ") " }
@counter-style fix { system: fixed 3; symbols: a b c }
@counter-style sym { system: symbolic; symbols: "*" "†" }
@counter-style bin { system: numeric; symbols: "0" "1"; pad: 4 "0"; negative: "(" ")" }
@counter-style add { system: additive; additive-symbols: 5 V, 1 I; range: 1 10; fallback: lower-alpha }
@counter-style xy { system: alphabetic; symbols: x y }
@counter-style loop1 { system: extends loop2; prefix: "<" }
@counter-style loop2 { system: extends loop1; suffix: ">" }
@counter-style rp { system: extends upper-roman; suffix: ") " }
@counter-style zh { system: extends simp-chinese-informal; suffix: "：" }
@counter-style zh-wide { system: extends simp-chinese-informal; range: infinite infinite; fallback: decimal }
@counter-style Lower-Roman { system: cyclic; symbols: "R" }
@counter-style fb1 { system: fixed; symbols: f; fallback: fb2 }
@counter-style fb2 { system: fixed; symbols: g; fallback: fb1 }
@counter-style nosymbols { system: cyclic }
`

// TestCounterStyleRules checks counter() and list markers in the
// document's @counter-style rules.
func TestCounterStyleRules(t *testing.T) {
	tests := []struct {
		style string
		v     int
		want  string
	}{
		{"thumbs", 1, "A"}, {"thumbs", 2, "B"}, {"thumbs", 3, "A"}, {"thumbs", 0, "B"},
		{"paren", 12, "12"},
		{"fix", 3, "a"}, {"fix", 5, "c"}, {"fix", 6, "6"},
		{"sym", 1, "*"}, {"sym", 4, "††"}, {"sym", 0, "0"}, {"sym", 1000, "1000"}, // too long: fallback
		{"bin", 5, "0101"}, {"bin", -5, "(101)"}, {"bin", 19, "10011"},
		{"add", 8, "VIII"}, {"add", 11, "k"}, // out of range: lower-alpha
		{"xy", 3, "xx"},
		{"loop1", 7, "7"}, // cycle: extends decimal
		{"rp", 9, "IX"},
		{"zh", 12, "十二"},
		{"zh-wide", 12345, "12345"}, // the algorithm stops at 9999: decimal
		{"lower-roman", 4, "R"},     // redefined (names match case-insensitively)
		{"fb1", 5, "5"},             // a fallback cycle ends in decimal
		{"nosymbols", 2, "2"},       // invalid rule: unknown style, decimal
		{`symbols(cyclic "x" "y")`, 3, "x"},
		{`symbols("*")`, 3, "***"}, // symbolic
		{`symbols(alphabetic "a" "b")`, 3, "aa"},
		{`symbols(fixed "a" "b")`, 3, "3"},
	}
	var b strings.Builder
	b.WriteString("<style>" + counterRules)
	for i, tc := range tests {
		fmt.Fprintf(&b, "#c%d::before{content:counter(n, %s)}\n", i, tc.style)
	}
	b.WriteString("</style>")
	for i, tc := range tests {
		fmt.Fprintf(&b, `<div id=c%d style="counter-reset:n %d"></div>`, i, tc.v)
	}
	b.WriteString(`<ol style="list-style-type:paren"><li>a<li>b</ol><ol style="list-style-type:zh"><li>c</ol>` +
		`<ol style="list-style-type:rp" start=3><li>d</ol><ol style="list-style-type:loop1"><li>e</ol>` +
		`<ol style='list-style-type:symbols(cyclic "◆" "◇")'><li>f<li>g<li>h</ol>`)
	tree := buildStyled(t, b.String())
	before := map[string]string{}
	var markers []string
	var walk func(bx *Box, owner string)
	walk = func(bx *Box, owner string) {
		if id, ok := Attr(bx.Node, "id"); ok && bx.Pseudo == style.PseudoNone && bx.Node != nil {
			owner = id
		}
		if bx.Kind == KindText && bx.Pseudo == style.PseudoBefore {
			before[owner] += bx.Text
		}
		if bx.Kind == KindText && bx.Pseudo == style.PseudoMarker {
			markers = append(markers, bx.Text)
		}
		for _, c := range bx.Children {
			walk(c, owner)
		}
	}
	walk(tree.Root, "")
	for i, tc := range tests {
		if got := before[fmt.Sprintf("c%d", i)]; got != tc.want {
			t.Errorf("counter(%d, %s) = %q, want %q", tc.v, tc.style, got, tc.want)
		}
	}
	// loop1 is in a cycle: it extends decimal (with its own prefix only)
	want := []string{"(1) ", "(2) ", "一：", "III) ", "<1. ", "◆ ", "◇ ", "◆ "}
	if strings.Join(markers, "|") != strings.Join(want, "|") {
		t.Errorf("markers %q, want %q", markers, want)
	}
}

// TestFormatCounterIn checks formatting with a document's rules outside
// the box tree.
func TestFormatCounterIn(t *testing.T) {
	doc, err := html.Parse(strings.NewReader(`<style>@counter-style pg { system: fixed; symbols: "i" "ii"; }</style>`))
	if err != nil {
		t.Fatal(err)
	}
	st, err := style.Compute(context.Background(), doc, style.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		v    int
		name string
		want string
	}{{2, "pg", "ii"}, {3, "pg", "3"}, {4, "upper-roman", "IV"}} {
		if got := FormatCounterIn(st, tc.v, tc.name); got != tc.want {
			t.Errorf("FormatCounterIn(%d, %s) = %q, want %q", tc.v, tc.name, got, tc.want)
		}
	}
}

// buildStyled computes the styles of src and builds its box tree.
func buildStyled(t *testing.T, src string) *Tree {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	st, err := style.Compute(context.Background(), doc, style.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tr, err := Build(context.Background(), doc, st, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// TestCounterStylesExtremeValues formats extreme values in every
// predefined style: no panic, and a short text (long representations
// fall back to decimal).
func TestCounterStylesExtremeValues(t *testing.T) {
	values := []int{math.MinInt, -1e9, -10000, -1, 0, 1, 9999, 10000, 1e9, math.MaxInt}
	for name := range predefinedStyles {
		for _, v := range values {
			if got := FormatCounter(v, name); len(got) > 4*maxCounterRepeat || got == "" && name != "none" {
				t.Errorf("FormatCounter(%d, %s) = %q", v, name, got)
			}
		}
	}
}
