package style

import (
	"strconv"
	"strings"

	"github.com/seed28491532/folio/css"
)

// fontFace converts an @font-face rule; rules without a family or a
// usable src are reported and skipped.
func (c *collector) fontFace(r *css.FontFaceRule, base string) (FontFace, bool) {
	ff := FontFace{AutoStyle: true, Base: base}
	for _, d := range r.Decls {
		f := css.Fields(d.Value)
		switch d.Name {
		case "font-family":
			if len(f) == 1 && f[0].Kind == css.String {
				ff.Family = f[0].Text
			} else {
				var words []string
				for _, t := range f {
					if t.Kind != css.Ident {
						words = nil
						break
					}
					words = append(words, t.Text)
				}
				ff.Family = strings.Join(words, " ")
			}
			if ff.Family == "" {
				c.report(d.Pos, "invalid font-family in @font-face: dropped")
			}
		case "src":
			for _, part := range css.SplitCommas(d.Value) {
				var src FontSource
				for _, t := range css.Fields(part) {
					switch {
					case t.Kind == css.URL:
						src.URL = t.Text
					case t.Kind == css.Function && strings.EqualFold(t.Text, "url"):
						if a := css.Fields(t.Args); len(a) == 1 && a[0].Kind == css.String {
							src.URL = a[0].Text
						}
					case t.Kind == css.Function && strings.EqualFold(t.Text, "local"):
						a := css.Fields(t.Args)
						var words []string
						for _, x := range a {
							words = append(words, x.Text)
						}
						src.Local = strings.Join(words, " ")
					case t.Kind == css.Function && strings.EqualFold(t.Text, "format"):
						if a := css.Fields(t.Args); len(a) >= 1 {
							src.Format = strings.ToLower(a[0].Text)
						}
					}
				}
				if src.URL != "" || src.Local != "" {
					ff.Sources = append(ff.Sources, src)
				}
			}
		case "font-weight":
			if len(f) == 1 && f[0].Is("auto") {
				ff.Weight = [2]int{}
				break
			}
			var ws []int
			for _, t := range f {
				switch {
				case t.Is("normal"):
					ws = append(ws, 400)
				case t.Is("bold"):
					ws = append(ws, 700)
				case t.Kind == css.Number && t.Num >= 1 && t.Num <= 1000:
					ws = append(ws, int(t.Num))
				}
			}
			switch len(ws) {
			case 1:
				ff.Weight = [2]int{ws[0], ws[0]}
			case 2:
				ff.Weight = [2]int{min(ws[0], ws[1]), max(ws[0], ws[1])}
			default:
				c.report(d.Pos, "invalid font-weight in @font-face: ignored")
			}
		case "font-style":
			switch {
			case len(f) > 0 && f[0].Is("normal"):
				ff.Style, ff.AutoStyle = 0, false
			case len(f) > 0 && f[0].Is("italic"):
				ff.Style, ff.AutoStyle = 1, false
			case len(f) > 0 && f[0].Is("oblique"):
				ff.Style, ff.AutoStyle = 2, false
			}
		case "font-stretch":
			if st, ok := faceStretch(f); ok {
				ff.Stretch = st
			} else {
				c.report(d.Pos, "invalid font-stretch in @font-face: ignored")
			}
		case "unicode-range":
			for _, part := range css.SplitCommas(d.Value) {
				p := css.Fields(part)
				if len(p) != 1 || p[0].Kind != css.UnicodeRange {
					continue
				}
				if r, ok := parseUnicodeRange(p[0].Text); ok {
					ff.UnicodeRange = append(ff.UnicodeRange, r)
				}
			}
		}
	}
	if ff.Family == "" || len(ff.Sources) == 0 {
		c.report(r.Pos, "@font-face without font-family or src: dropped")
		return ff, false
	}
	return ff, true
}

// faceStretch parses an @font-face font-stretch descriptor: auto (0, 0),
// or one or two of a keyword or a percentage in 0–1000%.
func faceStretch(f []css.Token) ([2]float64, bool) {
	if len(f) == 1 && f[0].Is("auto") {
		return [2]float64{}, true
	}
	var vs []float64
	for _, t := range f {
		switch {
		case t.Kind == css.Ident:
			v, ok := stretchKeywords[strings.ToLower(t.Text)]
			if !ok {
				return [2]float64{}, false
			}
			vs = append(vs, v)
		case t.Kind == css.Percentage && t.Num >= 0 && t.Num <= 1000:
			vs = append(vs, t.Num)
		default:
			return [2]float64{}, false
		}
	}
	switch len(vs) {
	case 1:
		return [2]float64{vs[0], vs[0]}, true
	case 2:
		return [2]float64{min(vs[0], vs[1]), max(vs[0], vs[1])}, true
	}
	return [2]float64{}, false
}

// parseUnicodeRange parses U+XXXX, U+XXXX-YYYY and U+XX?? forms.
func parseUnicodeRange(s string) ([2]rune, bool) {
	if len(s) < 3 || (s[0] != 'u' && s[0] != 'U') || s[1] != '+' {
		return [2]rune{}, false
	}
	s = s[2:]
	lo, hi := s, s
	if i := strings.IndexByte(s, '-'); i >= 0 {
		lo, hi = s[:i], s[i+1:]
	} else if strings.Contains(s, "?") {
		lo = strings.ReplaceAll(s, "?", "0")
		hi = strings.ReplaceAll(s, "?", "F")
	}
	a, err1 := strconv.ParseUint(lo, 16, 32)
	b, err2 := strconv.ParseUint(hi, 16, 32)
	if err1 != nil || err2 != nil || a > b || b > 0x10FFFF {
		return [2]rune{}, false
	}
	return [2]rune{rune(a), rune(b)}, true
}
