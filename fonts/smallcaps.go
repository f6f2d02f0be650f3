package fonts

import (
	"unicode"
	"unicode/utf8"
)

// smallCapsScale is the size of synthesised small capitals relative to
// the font size, as Chromium and Firefox synthesise them.
const smallCapsScale = 0.7

// smallCapsLower reports whether r is drawn as a small capital: a
// lower-case letter with a one-character upper-case form.
func smallCapsLower(r rune) bool {
	if r < utf8.RuneSelf {
		return r >= 'a' && r <= 'z'
	}
	return unicode.IsLower(r) && unicode.ToUpper(r) != r
}

// shapeSmallCaps is shape for opts.SmallCaps: the text is cut into
// segments of small-capital letters (with the marks that follow them) and
// of everything else; the first are upper-cased and shaped at
// smallCapsScale of the size, the others as they are. The runs of an
// upper-cased segment get back the source text and clusters indexing it,
// so text extraction gives what was written.
func (r *Registry) shapeSmallCaps(runs []Run, dst []Glyph, own bool, text string, q Query, size float64, opts ShapeOptions, fast bool) ([]Run, []Diagnostic, []Glyph) {
	opts.SmallCaps = false
	all, capitalsOnly := opts.AllSmallCaps, opts.capitalsOnly
	opts.capitalsOnly = false
	small := func(r rune) bool {
		if capitalsOnly {
			return unicode.IsUpper(r)
		}
		return smallCapsLower(r) || all && unicode.IsUpper(r)
	}
	var diags, d []Diagnostic
	var upper []byte
	var offs []int // source offset of each byte of upper, and of its end
	for i := 0; i < len(text); {
		first, _ := utf8.DecodeRuneInString(text[i:])
		lower := small(first)
		upper, offs = upper[:0], offs[:0]
		j := i
		for j < len(text) {
			c, w := utf8.DecodeRuneInString(text[j:])
			if j > i && small(c) != lower && !attaches(c) {
				break
			}
			if lower {
				u := c
				if !capitalsOnly && smallCapsLower(c) {
					u = unicode.ToUpper(c)
				}
				n := len(upper)
				upper = utf8.AppendRune(upper, u)
				for range len(upper) - n {
					offs = append(offs, j)
				}
			}
			j += w
		}
		if !lower {
			runs, d, dst = r.shape(runs, dst, own, text[i:j], q, size, opts, fast)
			diags = append(diags, d...)
			i = j
			continue
		}
		offs = append(offs, j)
		base := len(runs)
		runs, d, dst = r.shape(runs, dst, own, string(upper), q, size*smallCapsScale, opts, fast)
		diags = append(diags, d...)
		pos := 0 // offset in upper of the run's text
		for k := base; k < len(runs); k++ {
			run := &runs[k]
			start, end := pos, pos+len(run.Text)
			for g := range run.Glyphs {
				run.Glyphs[g].Cluster = int32(offs[start+int(run.Glyphs[g].Cluster)] - offs[start])
			}
			run.Text = text[offs[start]:offs[end]]
			pos = end
		}
		i = j
	}
	return runs, diags, dst
}
