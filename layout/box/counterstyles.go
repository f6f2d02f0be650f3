package box

import (
	"math"
	"strings"

	"github.com/seed28491532/folio/style"
)

// The counter styles predefined by CSS Counter Styles 3 (§6, §7), in the
// form an @counter-style rule gives them; the complex Chinese and
// Ethiopic ones carry an algorithm (complexAlgo).
var predefinedStyles = buildPredefined()

// numericDigits are the digits of the predefined numeric styles beyond
// decimal.
var numericDigits = map[string]string{
	"arabic-indic": "٠١٢٣٤٥٦٧٨٩",
	"persian":      "۰۱۲۳۴۵۶۷۸۹",
	"bengali":      "০১২৩৪৫৬৭৮৯",
	"cambodian":    "០១២៣៤៥៦៧៨៩",
	"khmer":        "០១២៣៤៥៦៧៨៩",
	"cjk-decimal":  "〇一二三四五六七八九",
	"devanagari":   "०१२३४५६७८९",
	"gujarati":     "૦૧૨૩૪૫૬૭૮૯",
	"gurmukhi":     "੦੧੨੩੪੫੬੭੮੯",
	"kannada":      "೦೧೨೩೪೫೬೭೮೯",
	"lao":          "໐໑໒໓໔໕໖໗໘໙",
	"malayalam":    "൦൧൨൩൪൫൬൭൮൯",
	"mongolian":    "᠐᠑᠒᠓᠔᠕᠖᠗᠘᠙",
	"myanmar":      "၀၁၂၃၄၅၆၇၈၉",
	"oriya":        "୦୧୨୩୪୫୬୭୮୯",
	"tamil":        "௦௧௨௩௪௫௬௭௮௯",
	"telugu":       "౦౧౨౩౪౫౬౭౮౯",
	"thai":         "๐๑๒๓๔๕๖๗๘๙",
	"tibetan":      "༠༡༢༣༤༥༦༧༨༩",
}

// alphabeticLetters are the letters of the predefined alphabetic styles.
var alphabeticLetters = map[string]string{
	"lower-alpha":        "abcdefghijklmnopqrstuvwxyz",
	"lower-latin":        "abcdefghijklmnopqrstuvwxyz",
	"upper-alpha":        "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
	"upper-latin":        "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
	"lower-greek":        "αβγδεζηθικλμνξοπρστυφχψω",
	"hiragana":           "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわゐゑをん",
	"katakana":           "アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヰヱヲン",
	"hiragana-iroha":     "いろはにほへとちりぬるをわかよたれそつねならむうゐのおくやまけふこえてあさきゆめみしゑひもせす",
	"katakana-iroha":     "イロハニホヘトチリヌルヲワカヨタレソツネナラムウヰノオクヤマケフコエテアサキユメミシヱヒモセス",
	"cjk-earthly-branch": "子丑寅卯辰巳午未申酉戌亥",
	"cjk-heavenly-stem":  "甲乙丙丁戊己庚辛壬癸",
}

// additiveTables are the predefined additive styles: weight and symbol
// pairs by descending weight, and the range they cover.
var additiveTables = map[string]struct {
	lo, hi int
	pairs  string // "weight symbol" pairs separated by commas
}{
	"upper-roman":    {1, 3999, "1000 M,900 CM,500 D,400 CD,100 C,90 XC,50 L,40 XL,10 X,9 IX,5 V,4 IV,1 I"},
	"lower-roman":    {1, 3999, "1000 m,900 cm,500 d,400 cd,100 c,90 xc,50 l,40 xl,10 x,9 ix,5 v,4 iv,1 i"},
	"armenian":       {1, 9999, upperArmenian},
	"upper-armenian": {1, 9999, upperArmenian},
	"lower-armenian": {1, 9999, "9000 ք,8000 փ,7000 ւ,6000 ց,5000 ր,4000 տ,3000 վ,2000 ս,1000 ռ,900 ջ,800 պ,700 չ,600 ո,500 շ,400 ն,300 յ,200 մ,100 ճ,90 ղ,80 ձ,70 հ,60 կ,50 ծ,40 խ,30 լ,20 ի,10 ժ,9 թ,8 ը,7 է,6 զ,5 ե,4 դ,3 գ,2 բ,1 ա"},
	"georgian":       {1, 19999, "10000 ჵ,9000 ჰ,8000 ჯ,7000 ჴ,6000 ხ,5000 ჭ,4000 წ,3000 ძ,2000 ც,1000 ჩ,900 შ,800 ყ,700 ღ,600 ქ,500 ფ,400 ჳ,300 ტ,200 ს,100 რ,90 ჟ,80 პ,70 ო,60 ჲ,50 ნ,40 მ,30 ლ,20 კ,10 ი,9 თ,8 ჱ,7 ზ,6 ვ,5 ე,4 დ,3 გ,2 ბ,1 ა"},
	"hebrew":         {1, 10999, "10000 י׳,9000 ט׳,8000 ח׳,7000 ז׳,6000 ו׳,5000 ה׳,4000 ד׳,3000 ג׳,2000 ב׳,1000 א׳,400 ת,300 ש,200 ר,100 ק,90 צ,80 פ,70 ע,60 ס,50 נ,40 מ,30 ל,20 כ,19 יט,18 יח,17 יז,16 טז,15 טו,10 י,9 ט,8 ח,7 ז,6 ו,5 ה,4 ד,3 ג,2 ב,1 א"},
}

const upperArmenian = "9000 Ք,8000 Փ,7000 Ւ,6000 Ց,5000 Ր,4000 Տ,3000 Վ,2000 Ս,1000 Ռ,900 Ջ,800 Պ,700 Չ,600 Ո,500 Շ,400 Ն,300 Յ,200 Մ,100 Ճ,90 Ղ,80 Ձ,70 Հ,60 Կ,50 Ծ,40 Խ,30 Լ,20 Ի,10 Ժ,9 Թ,8 Ը,7 Է,6 Զ,5 Ե,4 Դ,3 Գ,2 Բ,1 Ա"

// cjkAdditive describes the Japanese and Korean styles, additive over
// digits with the markers 10, 100, 1000 (§7.1.1): digits 0–9, the
// markers, whether a lone 1 before a marker is dropped (informal), the
// negative sign and the suffix.
var cjkAdditive = map[string]struct {
	digits, markers [10]string
	dropOne         bool
	negative        string
	suffix          string
}{
	"japanese-informal":     {[10]string{"〇", "一", "二", "三", "四", "五", "六", "七", "八", "九"}, [10]string{"十", "百", "千"}, true, "マイナス", "、"},
	"japanese-formal":       {[10]string{"零", "壱", "弐", "参", "四", "伍", "六", "七", "八", "九"}, [10]string{"拾", "百", "阡"}, false, "マイナス", "、"},
	"korean-hangul-formal":  {[10]string{"영", "일", "이", "삼", "사", "오", "육", "칠", "팔", "구"}, [10]string{"십", "백", "천"}, false, "마이너스 ", ", "},
	"korean-hanja-informal": {[10]string{"零", "一", "二", "三", "四", "五", "六", "七", "八", "九"}, [10]string{"十", "百", "千"}, true, "마이너스 ", ", "},
	"korean-hanja-formal":   {[10]string{"零", "壹", "貳", "參", "四", "五", "六", "七", "八", "九"}, [10]string{"拾", "百", "仟"}, false, "마이너스 ", ", "},
}

// chineseStyles are the Chinese styles (§7.1.2): digits, markers for
// 10, 100, 1000, the negative sign, and whether informal (10–19 drop
// their tens digit).
var chineseStyles = map[string]struct {
	digits   [10]string
	markers  [3]string
	negative string
	informal bool
}{
	"simp-chinese-informal": {[10]string{"零", "一", "二", "三", "四", "五", "六", "七", "八", "九"}, [3]string{"十", "百", "千"}, "负", true},
	"simp-chinese-formal":   {[10]string{"零", "壹", "贰", "叁", "肆", "伍", "陆", "柒", "捌", "玖"}, [3]string{"拾", "佰", "仟"}, "负", false},
	"trad-chinese-informal": {[10]string{"零", "一", "二", "三", "四", "五", "六", "七", "八", "九"}, [3]string{"十", "百", "千"}, "負", true},
	"trad-chinese-formal":   {[10]string{"零", "壹", "貳", "參", "肆", "伍", "陸", "柒", "捌", "玖"}, [3]string{"拾", "佰", "仟"}, "負", false},
	"cjk-ideographic":       {[10]string{"零", "一", "二", "三", "四", "五", "六", "七", "八", "九"}, [3]string{"十", "百", "千"}, "負", true},
}

// cjkSuffix are the alphabetic and numeric styles whose marker ends in
// "、" rather than ". ".
var cjkSuffix = map[string]bool{"cjk-decimal": true, "hiragana": true, "katakana": true, "hiragana-iroha": true,
	"katakana-iroha": true, "cjk-earthly-branch": true, "cjk-heavenly-stem": true}

// buildPredefined assembles the predefined styles.
func buildPredefined() map[string]*counterDef {
	m := map[string]*counterDef{}
	def := func(name string, sys style.CounterSystem, symbols []string) *counterDef {
		d := &counterDef{name: name, system: sys, symbols: symbols, negative: [2]string{"-", ""}, suffix: ". ", fallback: "decimal", first: 1}
		m[name] = d
		return d
	}
	def("decimal", style.SystemNumeric, strings.Split("0123456789", ""))
	lz := def("decimal-leading-zero", style.SystemNumeric, strings.Split("0123456789", ""))
	lz.pad, lz.padSymbol = 2, "0"
	for name, digits := range numericDigits {
		d := def(name, style.SystemNumeric, strings.Split(digits, ""))
		if cjkSuffix[name] {
			d.suffix = "、"
		}
	}
	for name, letters := range alphabeticLetters {
		d := def(name, style.SystemAlphabetic, strings.Split(letters, ""))
		if cjkSuffix[name] {
			d.suffix = "、"
		}
	}
	for name, sym := range map[string]string{"disc": "•", "circle": "◦", "square": "▪", "disclosure-open": "▾", "disclosure-closed": "▸"} {
		def(name, style.SystemCyclic, []string{sym}).suffix = " "
	}
	for name, t := range additiveTables {
		d := def(name, style.SystemAdditive, nil)
		d.ranges = [][2]int{{t.lo, t.hi}}
		for _, p := range strings.Split(t.pairs, ",") {
			w, sym, _ := strings.Cut(p, " ")
			d.additive = append(d.additive, style.AdditiveSymbol{Weight: atoi(w), Symbol: sym})
		}
	}
	for name, t := range cjkAdditive {
		d := def(name, style.SystemAdditive, nil)
		d.ranges, d.negative, d.suffix, d.fallback = [][2]int{{-9999, 9999}}, [2]string{t.negative, ""}, t.suffix, "cjk-decimal"
		for p, w := 3, 1000; p >= 0; p, w = p-1, w/10 {
			for digit := 9; digit >= 1; digit-- {
				sym := t.digits[digit]
				if p > 0 {
					sym += t.markers[p-1]
					if digit == 1 && t.dropOne {
						sym = t.markers[p-1]
					}
				}
				d.additive = append(d.additive, style.AdditiveSymbol{Weight: digit * w, Symbol: sym})
			}
		}
		d.additive = append(d.additive, style.AdditiveSymbol{Weight: 0, Symbol: t.digits[0]})
	}
	for name, t := range chineseStyles {
		d := def(name, style.SystemAdditive, nil)
		d.ranges, d.negative, d.suffix, d.fallback = [][2]int{{-9999, 9999}}, [2]string{t.negative, ""}, "、", "cjk-decimal"
		d.algo = func(v int) (string, bool) {
			if v > 9999 {
				return "", false // four digits only (a wider range extended)
			}
			return chinese(v, t.digits, t.markers, t.informal), true
		}
	}
	e := def("ethiopic-numeric", style.SystemAdditive, nil)
	e.ranges, e.suffix, e.algo = [][2]int{{1, math.MaxInt}}, "/ ", ethiopic
	return m
}

// atoi reads the decimal digits of s (the tables above).
func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}

// chinese is the Chinese algorithm of §7.1.2 for 0 ≤ v ≤ 9999: each
// non-zero digit followed by its marker, trailing zeros dropped and runs
// of zeros collapsed into one, and for the informal styles 10–19 without
// their tens digit.
func chinese(v int, digits [10]string, markers [3]string, informal bool) string {
	if v == 0 {
		return digits[0]
	}
	var b strings.Builder
	zero := false // a zero is pending (written before the next non-zero digit)
	started := false
	for p, w := 3, 1000; p >= 0; p, w = p-1, w/10 {
		d := v / w % 10
		if d == 0 {
			zero = zero || started
			continue
		}
		if zero {
			b.WriteString(digits[0])
			zero = false
		}
		if !(informal && p == 1 && d == 1 && v < 20) {
			b.WriteString(digits[d])
		}
		if p > 0 {
			b.WriteString(markers[p-1])
		}
		started = true
	}
	return b.String()
}

// ethiopic is the Ethiopic numeric algorithm of §7.1.3 for v ≥ 1: groups
// of two digits from the right; a group of zero, or of one when it is
// the most significant or has an odd index, loses its digits; odd groups
// that were not zero get ፻, even groups but the first ፼.
func ethiopic(v int) (string, bool) {
	if v == 1 {
		return "፩", true
	}
	ones := []string{"", "፩", "፪", "፫", "፬", "፭", "፮", "፯", "፰", "፱"}
	tens := []string{"", "፲", "፳", "፴", "፵", "፶", "፷", "፸", "፹", "፺"}
	var groups []int
	for ; v > 0; v /= 100 {
		groups = append(groups, v%100)
	}
	var b strings.Builder
	for i := len(groups) - 1; i >= 0; i-- {
		g := groups[i]
		if !(g == 0 || g == 1 && (i == len(groups)-1 || i%2 == 1)) {
			b.WriteString(tens[g/10])
			b.WriteString(ones[g%10])
		}
		switch {
		case i%2 == 1 && g != 0:
			b.WriteString("፻")
		case i%2 == 0 && i > 0:
			b.WriteString("፼")
		}
	}
	return b.String(), true
}
