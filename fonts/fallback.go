package fonts

import (
	"fmt"
	"unicode"
	"unicode/utf8"

	"github.com/go-text/typesetting/language"
)

// replacementRune is drawn, from the first face of the chain that has it,
// for characters no face covers; '?' of the primary face is the last
// resort.
const replacementRune = '\u25A1' // WHITE SQUARE

// fallbackChain returns the faces Shape tries, in order: the best face of
// every known family of q.Families, then the bundled DejaVu families
// (the one closest to the primary face's kind first), each matched to q's
// weight and style. The first entry is always Match(q).
func (r *Registry) fallbackChain(q Query) []*Face {
	chain := make([]*Face, 0, len(q.Families)+4)
	add := func(f *Face) {
		for _, g := range chain {
			if g == f {
				return
			}
		}
		chain = append(chain, f)
	}
	add(r.Match(q))
	for _, fam := range q.Families {
		if faces := r.Families(fam); len(faces) > 0 {
			add(selectFace(faces, q.Weight, q.Style))
		}
	}
	order := [3]string{FamilyDejaVu, FamilyDejaVuSer, FamilyDejaVuMon}
	switch chain[0].family {
	case FamilySerif, FamilyDejaVuSer:
		order = [3]string{FamilyDejaVuSer, FamilyDejaVu, FamilyDejaVuMon}
	case FamilyMono, FamilyDejaVuMon:
		order = [3]string{FamilyDejaVuMon, FamilyDejaVu, FamilyDejaVuSer}
	}
	for _, fam := range order {
		add(selectFace(r.bundled.families[normalizeFamily(fam)], q.Weight, q.Style))
	}
	return chain
}

// item is a maximal stretch of text shaped with one face and script.
type item struct {
	start, end int // byte range in the shaped text
	face       int // index in the chain, or noFace for replaced characters
	script     language.Script
}

const noFace = -1

// cell is itemize's per-character record.
type cell struct {
	start  int // byte offset
	face   int
	script language.Script
}

// attaches reports whether r belongs to the cluster of the character
// before it: combining marks, joiners, variation selectors and other
// default-ignorable or control characters. Such characters follow their
// base's face rather than starting a fallback.
func attaches(r rune) bool {
	if r < 0x300 {
		return r < 0x20 || (r >= 0x7F && r < 0xA0) || r == 0xAD
	}
	return unicode.In(r, unicode.Mn, unicode.Me, unicode.Mc) || ignorable(r)
}

// ignorable reports whether r needs no glyph: controls and Unicode
// Default_Ignorable_Code_Point characters (soft hyphen, joiners, bidi
// controls, variation selectors…).
func ignorable(r rune) bool {
	switch {
	case r < 0x20 || (r >= 0x7F && r < 0xA0) || r == 0xAD:
		return true
	case r < 0x34F:
		return false
	}
	return r == 0x34F || r == 0x61C || (r >= 0x115F && r <= 0x1160) ||
		(r >= 0x17B4 && r <= 0x17B5) || (r >= 0x180B && r <= 0x180F) ||
		(r >= 0x200B && r <= 0x200F) || (r >= 0x202A && r <= 0x202E) ||
		(r >= 0x2060 && r <= 0x206F) || r == 0x3164 || (r >= 0xFE00 && r <= 0xFE0F) ||
		r == 0xFEFF || r == 0xFFA0 || (r >= 0xFFF0 && r <= 0xFFF8) ||
		(r >= 0x1BCA0 && r <= 0x1BCA3) || (r >= 0x1D173 && r <= 0x1D17A) ||
		(r >= 0xE0000 && r <= 0xE0FFF)
}

// itemize splits text into items: each character goes to the first face of
// chain that has it; combining marks stay with their base (moving the whole
// cluster to a face that has both when the base's face lacks the mark);
// characters no face has get noFace and a diagnostic. Items also break
// where the script changes (Common and Inherited characters take the
// script of their neighbours).
func itemize(text string, chain []*Face, diags []Diagnostic) ([]item, []Diagnostic) {
	cells := make([]cell, 0, len(text))
	clusterStart := 0 // index in cells of the current cluster's base
	firstStrong := language.Unknown
	for i := 0; i < len(text); {
		r, w := rune(text[i]), 1
		if r >= utf8.RuneSelf {
			r, w = utf8.DecodeRuneInString(text[i:])
		}
		c := cell{start: i, face: noFace, script: language.Common}
		if r >= 0x80 {
			c.script = language.LookupScript(r)
		} else if r >= 'A' && r <= 'z' && (r <= 'Z' || r >= 'a') {
			c.script = language.Latin
		}
		if firstStrong == language.Unknown && c.script.Strong() && c.script != language.Unknown {
			firstStrong = c.script
		}
		if len(cells) > 0 && attaches(r) {
			prev := cells[len(cells)-1].face
			c.face = prev
			if !ignorable(r) && (prev == noFace || !chain[prev].HasRune(r)) {
				if k := coveringFace(text, cells[clusterStart:], r, chain); k != noFace {
					for j := clusterStart; j < len(cells); j++ {
						cells[j].face = k
					}
					c.face = k
				}
			}
		} else {
			clusterStart = len(cells)
			for k, f := range chain {
				if f.HasRune(r) {
					c.face = k
					break
				}
			}
			if c.face == noFace {
				if ignorable(r) {
					c.face = 0
				} else {
					diags = append(diags, Diagnostic{
						Message: fmt.Sprintf("no font covers U+%04X %q; drawn as a replacement glyph", r, r),
						Rune:    r,
					})
				}
			}
		}
		cells = append(cells, c)
		i += w
	}
	// Resolve Common/Inherited scripts to their neighbours'.
	cur := firstStrong
	if cur == language.Unknown {
		cur = language.Latin
	}
	for i := range cells {
		if s := cells[i].script; s.Strong() && s != language.Unknown {
			cur = s
		} else {
			cells[i].script = cur
		}
	}
	var items []item
	for i, c := range cells {
		end := len(text)
		if i+1 < len(cells) {
			end = cells[i+1].start
		}
		if n := len(items); n > 0 && items[n-1].face == c.face && items[n-1].script == c.script {
			items[n-1].end = end
			continue
		}
		items = append(items, item{start: c.start, end: end, face: c.face, script: c.script})
	}
	return items, diags
}

// coveringFace returns the first face of chain that has r and every
// non-ignorable character of the cluster so far, or noFace.
func coveringFace(text string, cluster []cell, r rune, chain []*Face) int {
	for k, f := range chain {
		if !f.HasRune(r) {
			continue
		}
		ok := true
		for _, c := range cluster {
			cr, _ := utf8.DecodeRuneInString(text[c.start:])
			if !ignorable(cr) && !f.HasRune(cr) {
				ok = false
				break
			}
		}
		if ok {
			return k
		}
	}
	return noFace
}

// replacementGlyph returns the face and glyph used to draw characters no
// face covers: U+25A1 from the first face of chain that has it, else '?'
// from the primary face.
func replacementGlyph(chain []*Face) (*Face, GID) {
	for _, f := range chain {
		if g, ok := f.glyphFor(replacementRune); ok {
			return f, g
		}
	}
	for _, f := range chain {
		if g, ok := f.glyphFor('?'); ok {
			return f, g
		}
	}
	return chain[0], 0
}
