package display

import (
	"unicode/utf8"

	"github.com/seed28491532/folio/fonts"
	"github.com/seed28491532/folio/svg"
)

// svgAdvances returns the advance of each character of t's text shaped
// as a whole (svg.RenderOptions.Advances): a textPath places its
// characters by them, so a kerned pair keeps its kerning along the
// path.
func (b *builder) svgAdvances(t *svg.Text) []float64 {
	q := fonts.Query{Families: t.Families, Weight: t.Weight}
	if t.Italic {
		q.Style = fonts.StyleItalic
	}
	runs, _ := b.shaper.Shape(t.Content, q, t.Size, fonts.ShapeOptions{NoLigatures: t.LetterSpacing != 0})
	return charAdvances(t.Content, runs, t.LetterSpacing)
}

// charAdvances spreads the advances of the glyphs of runs (the shaped
// s, in logical order) over the characters of s: a cluster's advance,
// with letterSpacing after it, goes to its characters in equal parts
// (a ligature's characters share it). It returns nil when the runs do
// not cover s.
func charAdvances(s string, runs []fonts.Run, letterSpacing float64) []float64 {
	byByte := make([]float64, len(s)+1)
	start := make([]bool, len(s)+1) // a cluster starts at the byte
	off := 0
	for _, run := range runs {
		for _, g := range run.Glyphs {
			if c := off + int(g.Cluster); c >= 0 && c < len(s) {
				byByte[c] += g.XAdvance
				start[c] = true
			}
		}
		off += len(run.Text)
	}
	if off != len(s) {
		return nil
	}
	out := make([]float64, 0, utf8.RuneCountInString(s))
	for i := 0; i < len(s); {
		j := i + 1
		for j < len(s) && !start[j] {
			j++
		}
		n := utf8.RuneCountInString(s[i:j])
		w := (byByte[i] + letterSpacing) / float64(n)
		for range n {
			out = append(out, w)
		}
		i = j
	}
	return out
}
