package fonts

import (
	"fmt"
	"slices"
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
// (the one closest to the primary face's kind first), then the installed
// families added for characters none of those cover (see addFallback),
// each matched to q's weight and style. The first entry is always
// Match(q).
func (r *Registry) fallbackChain(q Query) []*Face {
	orig := q
	if q.OpticalSize != 0 && !r.opsz.Load() {
		// no face has an opsz axis: one chain for every size
		q.OpticalSize = 0
	}
	t := r.chains.Load()
	if chain := t.find(q); chain != nil {
		return chain
	}
	chain := r.buildChain(q)
	if q.OpticalSize != orig.OpticalSize && r.opsz.Load() {
		// building it met the first installed face with an opsz axis
		return r.fallbackChain(orig)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if cur := r.chains.Load(); cur.generation() == t.generation() { // no AddFace since t
		r.chains.Store(cur.with(q, chain))
	}
	return chain
}

// maxChains bounds the fallback chains a registry keeps; the table starts
// afresh when it is full.
const maxChains = 256

// chainTable is an immutable snapshot of the fallback chains a registry
// has computed, read without locking. Chains are filed under the query's
// first family, so a look-up hashes one short string. AddFace replaces the
// table with an empty one of the next generation, so a chain computed
// before the face was added is never stored.
type chainTable struct {
	gen    int
	n      int // chains stored
	chains map[string][]chainEntry
}

// chainEntry is the fallback chain of one query.
type chainEntry struct {
	families []string // the query's, copied
	weight   int
	style    Style
	stretch  float64
	vars     string
	opsz     float64
	noSynth  FontSynthesis
	chain    []*Face
}

// generation returns t's generation; a nil table is generation 0.
func (t *chainTable) generation() int {
	if t == nil {
		return 0
	}
	return t.gen
}

// find returns the stored chain of q, or nil.
func (t *chainTable) find(q Query) []*Face {
	if t == nil {
		return nil
	}
	first := ""
	if len(q.Families) > 0 {
		first = q.Families[0]
	}
	for _, e := range t.chains[first] {
		if e.weight == q.Weight && e.style == q.Style && e.stretch == q.Stretch && e.vars == q.Variations && e.opsz == q.OpticalSize && e.noSynth == q.NoSynthesis && slices.Equal(e.families, q.Families) {
			return e.chain
		}
	}
	return nil
}

// with returns a copy of t (nil: an empty generation-0 table) with q's
// chain added.
func (t *chainTable) with(q Query, chain []*Face) *chainTable {
	nt := &chainTable{gen: t.generation(), chains: make(map[string][]chainEntry, 8)}
	if t != nil && t.n < maxChains {
		for k, es := range t.chains {
			nt.chains[k] = es
		}
		nt.n = t.n
	}
	first := ""
	if len(q.Families) > 0 {
		first = q.Families[0]
	}
	e := chainEntry{families: slices.Clone(q.Families), weight: q.Weight, style: q.Style, stretch: q.Stretch, vars: q.Variations, opsz: q.OpticalSize, noSynth: q.NoSynthesis, chain: chain}
	// A new backing array: the old table's slice is shared and read
	// concurrently.
	nt.chains[first] = append(slices.Clip(nt.chains[first]), e)
	nt.n++
	return nt
}

// buildChain computes fallbackChain's result.
func (r *Registry) buildChain(q Query) []*Face {
	chain := make([]*Face, 0, len(q.Families)+4)
	add := func(f *Face) {
		for _, g := range chain {
			if g == f {
				return
			}
		}
		chain = append(chain, f)
	}
	for _, fam := range q.Families {
		if faces := r.Families(fam); len(faces) > 0 {
			add(selectFaceFor(faces, q))
		}
	}
	if len(chain) == 0 {
		add(selectFaceFor(r.bundled.families[normalizeFamily(FamilySans)], q))
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
	r.mu.RLock()
	fams := r.fallbackFams
	r.mu.RUnlock()
	for _, key := range fams {
		if faces := r.installedFamily(key, key); len(faces) > 0 {
			add(selectFaceFor(faces, q))
		}
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

// attaches reports whether r belongs to the cluster of the character
// before it: combining marks, joiners, variation selectors and other
// default-ignorable or control characters. Such characters follow their
// base's face rather than starting a fallback.
func attaches(r rune) bool {
	if r < 0x300 {
		return ignorable(r)
	}
	return unicode.In(r, unicode.Mn, unicode.Me, unicode.Mc) || ignorable(r)
}

// visibleControl reports whether r is a control character (Unicode
// category Cc) that CSS Text 3 §4.1.3 has drawn visibly: all but tab,
// line feed and carriage return, which white-space processing handles.
// No face draws one: it gets the replacement glyph.
func visibleControl(r rune) bool {
	return r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r >= 0x7F && r < 0xA0
}

// ignorable reports whether r needs no glyph: tab, line feed, carriage
// return and Unicode Default_Ignorable_Code_Point characters (soft
// hyphen, joiners, bidi controls, variation selectors…).
func ignorable(r rune) bool {
	switch {
	case r == '\t' || r == '\n' || r == '\r' || r == 0xAD:
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

// itemize appends the items of text to items: each character goes to the
// first face of chain that has it; combining marks stay with their base (moving the whole
// cluster to a face that has both when the base's face lacks the mark);
// characters no face has get noFace and a diagnostic. Items also break
// where the script changes (Common and Inherited characters take the
// script of the text before them, or after them at the start).
func itemize(text string, chain []*Face, diags []Diagnostic, items []item) ([]item, []Diagnostic) {
	// scriptless marks items whose script is not known yet (only Common
	// characters so far); it is resolved by the first strong character.
	const scriptless = language.Script(0)
	clusterStart := 0 // byte offset of the current cluster's base
	add := func(start, end, face int, script language.Script) {
		if n := len(items); n > 0 {
			last := &items[n-1]
			if last.face == face && last.end == start {
				switch {
				case script == scriptless || script == last.script:
					last.end = end
					return
				case last.script == scriptless:
					last.script, last.end = script, end
					return
				}
			}
		}
		items = append(items, item{start: start, end: end, face: face, script: script})
	}
	cur := scriptless // script of the text so far
	var ascii *[256]GID
	if pf, err := chain[0].load(); err == nil {
		ascii = &pf.ascii
	}
	for i := 0; i < len(text); {
		// Fast path: printable ASCII the primary face has.
		if c := text[i]; c >= 0x20 && c < 0x7F && ascii != nil && ascii[c] != 0 {
			if (c|0x20) >= 'a' && (c|0x20) <= 'z' {
				if cur == scriptless {
					for j := range items {
						items[j].script = language.Latin
					}
				}
				cur = language.Latin
			}
			clusterStart = i
			add(i, i+1, 0, cur)
			i++
			continue
		}
		r, w := rune(text[i]), 1
		if r >= utf8.RuneSelf {
			r, w = utf8.DecodeRuneInString(text[i:])
		}
		script := scriptless
		if r >= 'A' && r <= 'z' && (r <= 'Z' || r >= 'a') {
			script = language.Latin
		} else if r >= 0x80 {
			if s := language.LookupScript(r); s.Strong() && s != language.Unknown {
				script = s
			}
		}
		if script != scriptless {
			if cur == scriptless {
				for j := range items {
					items[j].script = script
				}
			}
			cur = script
		}
		face := noFace
		if len(items) > 0 && attaches(r) {
			face = items[len(items)-1].face
			if !ignorable(r) && (face == noFace || !chain[face].HasRune(r)) {
				if k := coveringFace(text[clusterStart:i], r, chain); k != noFace && k != face {
					// Move the whole cluster to face k.
					last := &items[len(items)-1]
					if last.start >= clusterStart {
						items = items[:len(items)-1]
					} else {
						last.end = clusterStart
					}
					add(clusterStart, i, k, cur)
					face = k
				}
			}
		} else {
			clusterStart = i
			for k, f := range chain {
				if f.HasRune(r) && !visibleControl(r) {
					face = k
					break
				}
			}
			if face == noFace {
				if ignorable(r) {
					face = 0
				} else if !reported(diags, r) {
					diags = append(diags, Diagnostic{
						Message: fmt.Sprintf("no font covers U+%04X %q; drawn as a replacement glyph", r, r),
						Rune:    r,
					})
				}
			}
		}
		add(i, i+w, face, cur)
		i += w
	}
	for j := range items {
		if items[j].script == scriptless {
			items[j].script = language.Latin
		}
	}
	return items, diags
}

// coveringFace returns the first face of chain that has r and every
// non-ignorable character of cluster, or noFace.
func coveringFace(cluster string, r rune, chain []*Face) int {
	for k, f := range chain {
		if !f.HasRune(r) {
			continue
		}
		ok := true
		for _, cr := range cluster {
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

// reported reports whether diags already has a diagnostic for r, so each
// missing character is reported once per Shape call.
func reported(diags []Diagnostic, r rune) bool {
	for _, d := range diags {
		if d.Rune == r {
			return true
		}
	}
	return false
}
