package box

import "strconv"

// The numeric and alphabetic counter styles predefined by CSS Counter
// Styles 3 (§6.1, §7.1) beyond the Latin and Greek ones in FormatCounter:
// their digits (numeric: positional, with the style's zero) or letters
// (alphabetic: a, b, …, aa like lower-alpha).
var (
	numericStyles = map[string]string{
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
	alphabeticStyles = map[string]string{
		"hiragana":           "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわゐゑをん",
		"katakana":           "アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヰヱヲン",
		"hiragana-iroha":     "いろはにほへとちりぬるをわかよたれそつねならむうゐのおくやまけふこえてあさきゆめみしゑひもせす",
		"katakana-iroha":     "イロハニホヘトチリヌルヲワカヨタレソツネナラムウヰノオクヤマケフコエテアサキユメミシヱヒモセス",
		"cjk-earthly-branch": "子丑寅卯辰巳午未申酉戌亥",
		"cjk-heavenly-stem":  "甲乙丙丁戊己庚辛壬癸",
	}
	// cjkSuffix are the styles whose marker ends in "、" rather than ". ".
	cjkSuffix = map[string]bool{"cjk-decimal": true, "hiragana": true, "katakana": true, "hiragana-iroha": true,
		"katakana-iroha": true, "cjk-earthly-branch": true, "cjk-heavenly-stem": true}
)

// numeric is the numeric counter system: v in base len(digits), with a
// minus sign for negative values.
func numeric(v int, digits string) string {
	rs := []rune(digits)
	if v == 0 {
		return string(rs[0])
	}
	neg := v < 0
	if neg {
		v = -v
	}
	var out []rune
	for v > 0 {
		out = append([]rune{rs[v%len(rs)]}, out...)
		v /= len(rs)
	}
	if neg {
		return "-" + string(out)
	}
	return string(out)
}

// predefinedCounter formats v in a numeric or alphabetic style of
// numericStyles or alphabeticStyles; ok is false for other styles.
func predefinedCounter(v int, name string) (string, bool) {
	if d, ok := numericStyles[name]; ok {
		return numeric(v, d), true
	}
	if l, ok := alphabeticStyles[name]; ok {
		if v <= 0 {
			return strconv.Itoa(v), true // outside the range: decimal
		}
		return alpha(v, l), true
	}
	return "", false
}
