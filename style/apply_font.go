package style

import (
	"math"
	"strings"

	"github.com/seed28491532/folio/css"
)

// Color, direction and the font properties, computed first: currentColor
// and the em units of the others depend on them.

func applyColor(a applier, s *Style, _ propID, x value) bool {
	c, ok := ParseColor(x.f[0], a.parent.Color)
	if ok && x.single() {
		s.Color = c
	}
	return ok && x.single()
}

func applyDirection(_ applier, s *Style, _ propID, x value) bool {
	switch x.kw {
	case "ltr":
		s.Direction = LTR
	case "rtl":
		s.Direction = RTL
	default:
		return false
	}
	return true
}

func applyFontSize(a applier, s *Style, _ propID, x value) bool {
	if !x.single() {
		return false
	}
	pfs := a.parent.FontSize
	if v, ok := fontSizeKeyword(x.kw); ok {
		s.FontSize = v
		return true
	}
	switch x.kw {
	case "smaller":
		s.FontSize = pfs / 1.2
		return true
	case "larger":
		s.FontSize = pfs * 1.2
		return true
	}
	lc := a.lc
	lc.em, lc.font = pfs, a.parent
	t := x.f[0]
	l, ok := lc.length(t, true, false)
	if !ok {
		return false
	}
	s.FontSize = l.Resolve(pfs, pfs)
	if l.Unit == Percent && t.Kind != css.Function {
		s.FontSize = pfs * l.Value / 100
	}
	return true
}

// fontSizeKeyword returns the size of an absolute font-size keyword.
func fontSizeKeyword(s string) (float64, bool) {
	switch s {
	case "xx-small":
		return mediumFontSize * 3 / 5, true
	case "x-small":
		return mediumFontSize * 3 / 4, true
	case "small":
		return mediumFontSize * 8 / 9, true
	case "medium":
		return mediumFontSize, true
	case "large":
		return mediumFontSize * 6 / 5, true
	case "x-large":
		return mediumFontSize * 3 / 2, true
	case "xx-large":
		return mediumFontSize * 2, true
	case "xxx-large":
		return mediumFontSize * 3, true
	}
	return 0, false
}

func applyFontFamily(_ applier, s *Style, _ propID, x value) bool {
	var fams []string
	for _, part := range css.SplitCommas(x.v) {
		p := css.Fields(part)
		if len(p) == 0 {
			return false
		}
		if len(p) == 1 && p[0].Kind == css.String {
			fams = append(fams, p[0].Text)
			continue
		}
		var words []string
		for _, w := range p {
			if w.Kind != css.Ident {
				return false
			}
			words = append(words, w.Text)
		}
		name := strings.Join(words, " ")
		switch lower := strings.ToLower(name); lower {
		case "serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "ui-serif",
			"ui-sans-serif", "ui-monospace", "math", "emoji", "fangsong":
			name = lower
		}
		fams = append(fams, name)
	}
	s.FontFamily = fams
	return true
}

func applyFontWeight(a applier, s *Style, _ propID, x value) bool {
	if !x.single() {
		return false
	}
	pw := a.parent.FontWeight
	switch x.kw {
	case "normal":
		s.FontWeight = 400
	case "bold":
		s.FontWeight = 700
	case "bolder":
		switch {
		case pw < 350:
			s.FontWeight = 400
		case pw < 550:
			s.FontWeight = 700
		default:
			s.FontWeight = max(pw, 900)
		}
	case "lighter":
		switch {
		case pw < 550:
			s.FontWeight = min(pw, 100)
		case pw < 750:
			s.FontWeight = 400
		default:
			s.FontWeight = 700
		}
	default:
		n, ok := a.lengths(s).number(x.f[0])
		if !ok || n < 1 || n > 1000 {
			return false
		}
		s.FontWeight = int(math.Round(n))
	}
	return true
}

func applyFontStyle(_ applier, s *Style, _ propID, x value) bool {
	switch x.kw {
	case "normal":
		s.FontStyle = 0
	case "italic":
		s.FontStyle = 1
	case "oblique":
		s.FontStyle = 2
	default:
		return false
	}
	return true
}

func applyFontVariant(_ applier, s *Style, _ propID, x value) bool {
	switch x.kw {
	case "normal", "none":
		s.FontVariant = "normal"
	case "small-caps", "all-small-caps", "petite-caps", "all-petite-caps", "unicase", "titling-caps":
		s.FontVariant = x.kw // fonts.ShapeOptions.Caps
	default:
		return false
	}
	return true
}

func applyLineHeight(a applier, s *Style, _ propID, x value) bool {
	if !x.single() {
		return false
	}
	if x.kw == "normal" {
		s.LineHeight, s.LineHeightNum = Length{Unit: Auto}, 0
		return true
	}
	lc := a.lengths(s)
	t := x.f[0]
	if n, ok := lc.number(t); ok {
		if n < 0 {
			return false
		}
		s.LineHeight, s.LineHeightNum = Length{Value: n * 100, Unit: Percent}, n
		return true
	}
	l, ok := lc.length(t, true, false)
	if !ok {
		return false
	}
	s.LineHeight, s.LineHeightNum = Length{Value: l.Resolve(s.FontSize, 0), Unit: Pt}, 0
	return true
}

func copyLineHeight(d, s *Style, _ propID) {
	d.LineHeight, d.LineHeightNum = s.LineHeight, s.LineHeightNum
}
