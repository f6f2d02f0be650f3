package fonts

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/go-text/typesetting/font"
	ot "github.com/go-text/typesetting/font/opentype"
	"github.com/go-text/typesetting/font/opentype/tables"
	"github.com/go-text/typesetting/harfbuzz"
	"github.com/go-text/typesetting/language"
)

// This file holds the shaping shortcut for words harfbuzz would leave
// alone. Most words of a Latin document, and all page numbers, roman
// numerals and short labels, are printable Latin-1 whose glyphs no
// substitution and no positioning but pair kerning can touch. For those,
// harfbuzz's result is the cmap glyph of each character with its hmtx
// advance, plus the kerning of the GPOS pair lookups: simpleFace applies
// exactly that, as go-text's harfbuzz does, without building a buffer and
// running the shaping plan. Whether a face's tables allow it is decided
// once per face, conservatively: any glyph that a substitution or any other
// positioning lookup of a default feature could reach (in any script or
// language system) sends the word to harfbuzz. TestSimpleShapeMatchesHarfbuzz
// compares the two on every bundled face.

// simpleGlyph flags of a Latin-1 code point.
const (
	// sgUsable: the glyph exists and no substitution, non-pair
	// positioning or GDEF class other than base can affect it.
	sgUsable uint8 = 1 << iota
	// sgPairs: the glyph is the first of pairs the emulated pair lookups
	// may adjust.
	sgPairs
	// sgNoFollow: the glyph is the first of pairs that are not emulated
	// (a legacy kern table, or pair lookups that vary with the language):
	// a word where another glyph follows it goes to harfbuzz.
	sgNoFollow
)

// simpleFace is what shaping printable Latin-1 words of one face without
// harfbuzz needs. It is computed once per parsed face and immutable.
type simpleFace struct {
	ok bool
	// glyph, flags and adv describe each Latin-1 code point: its
	// nominal glyph, sgUsable/sgPairs/sgNoFollow, and its advance as
	// harfbuzz computes it (1/64 font units).
	glyph [256]GID
	flags [256]uint8
	adv   [256]int32
	// pairs are the GPOS pair-positioning lookups harfbuzz applies to
	// Latin text in every language, in the order it applies them.
	pairs []font.GPOSLookup
	// xScale and upem convert design units as harfbuzz does.
	xScale, upem int32
}

// Feature tags harfbuzz enables by default for horizontal left-to-right
// text of the default shaper (go-text harfbuzz's collectFeatures):
// everything a default-shaped Latin word may get. frac/numr/dnom apply only
// around U+2044, which no Latin-1 word contains; rtla/rtlm only right to
// left.
var (
	defaultFeatureTags = tagSet("rvrn", "ltra", "ltrm", "rand", "Harf", "HARF", "Buzz", "BUZZ",
		"abvm", "blwm", "ccmp", "locl", "mark", "mkmk", "rlig",
		"calt", "clig", "curs", "dist", "kern", "liga", "rclt")
	ligatureFeatureTags = tagSet("liga", "clig") // off with ShapeOptions.NoLigatures
	kernTag             = ot.MustNewTag("kern")
	latnTag             = ot.MustNewTag("latn")
)

func tagSet(tags ...string) map[ot.Tag]bool {
	m := make(map[ot.Tag]bool, len(tags))
	for _, t := range tags {
		m[ot.MustNewTag(t)] = true
	}
	return m
}

// simple returns the face's simple-shaping data, computing it on first use.
func (pf *parsedFace) simple() *simpleFace {
	pf.simpleOnce.Do(func() {
		pf.simpleData = analyzeSimple(pf)
	})
	return pf.simpleData
}

// analyzeSimple decides which Latin-1 glyphs of pf harfbuzz can only
// kern. A font that breaks the analysis gets no shortcut.
func analyzeSimple(pf *parsedFace) (sf *simpleFace) {
	sf = &simpleFace{}
	defer func() {
		if recover() != nil {
			sf = &simpleFace{}
		}
	}()
	ft := pf.font
	// AAT shaping, tracking and feature variations change the plan in
	// ways not modelled here.
	if len(ft.Morx) > 0 || len(ft.Kerx) > 0 || !ft.Trak.IsEmpty() ||
		len(ft.GSUB.FeatureVariations) > 0 || len(ft.GPOS.FeatureVariations) > 0 {
		return sf
	}
	sf.upem = int32(ft.Upem())
	sf.xScale = int32(pf.metrics.UnitsPerEm) << posShift
	if sf.upem <= 0 {
		return sf
	}
	var touched, pairFirst, noFollow [256]bool
	mark := func(set *[256]bool, cov tables.Coverage) {
		for c, g := range pf.ascii {
			if g != 0 && !set[c] {
				if _, ok := cov.Index(tables.GlyphID(g)); ok {
					set[c] = true
				}
			}
		}
	}
	// Substitutions: any lookup of a default feature anywhere.
	subs, ok := defaultLookups(&ft.GSUB.Layout, len(ft.GSUB.Lookups))
	if !ok {
		return sf
	}
	for _, li := range subs {
		for _, st := range ft.GSUB.Lookups[li].Subtables {
			mark(&touched, st.Cov())
		}
	}
	// Positioning: pair lookups are emulated when Latin text gets the
	// same ones in every language; every other lookup touches its
	// coverage.
	pos, ok := defaultLookups(&ft.GPOS.Layout, len(ft.GPOS.Lookups))
	if !ok {
		return sf
	}
	emulated, hasKern, ok := latinPairLookups(ft)
	if !ok {
		emulated = nil
	}
	for _, li := range pos {
		lk := ft.GPOS.Lookups[li]
		switch {
		case !isPairLookup(lk):
			for _, st := range lk.Subtables {
				mark(&touched, st.Cov())
			}
		case slices.Contains(emulated, li):
			for _, st := range lk.Subtables {
				mark(&pairFirst, st.Cov())
			}
		default:
			for _, st := range lk.Subtables {
				mark(&noFollow, st.Cov())
			}
		}
	}
	for _, li := range emulated {
		sf.pairs = append(sf.pairs, ft.GPOS.Lookups[li])
	}
	// The legacy kern table applies when GPOS has no kern feature for the
	// language system harfbuzz picks.
	if len(ft.Kern) > 0 && !(len(ft.GPOS.Lookups) > 0 && hasKern) {
		for _, st := range ft.Kern {
			pairs, isPairs := st.Data.(font.Kern0)
			if !isPairs {
				return sf
			}
			for _, p := range pairs {
				for c, g := range pf.ascii {
					if g != 0 && tables.GlyphID(g) == p.Left {
						noFollow[c] = true
					}
				}
			}
		}
	}
	hf := harfbuzz.NewFont(font.NewFace(ft))
	hf.XScale = sf.xScale
	hf.YScale = sf.xScale
	for c, g := range pf.ascii {
		if g == 0 || touched[c] {
			continue
		}
		if cd := ft.GDEF.GlyphClassDef; cd != nil {
			if class, _ := cd.Class(tables.GlyphID(g)); class > 1 {
				continue // ligature, mark or component: lookups may skip it
			}
		}
		sf.glyph[c] = g
		sf.flags[c] = sgUsable
		if pairFirst[c] {
			sf.flags[c] |= sgPairs
		}
		if noFollow[c] {
			sf.flags[c] |= sgNoFollow
		}
		sf.adv[c] = int32(hf.GlyphHAdvance(ot.GID(g)))
	}
	sf.ok = true
	return sf
}

// defaultLookups returns the lookups of every default feature in every
// script and language system of a GSUB or GPOS table, required features
// included: a superset of what harfbuzz applies to default-shaped text in
// any language. ok is false when an index is out of range.
func defaultLookups(l *font.Layout, numLookups int) (lookups []uint16, ok bool) {
	seen := make([]bool, len(l.Features))
	add := func(fi uint16, required bool) bool {
		if int(fi) >= len(l.Features) {
			return fi == 0xFFFF && required
		}
		if seen[fi] || !required && !defaultFeatureTags[l.Features[fi].Tag] {
			return true
		}
		seen[fi] = true
		for _, li := range l.Features[fi].LookupListIndices {
			if int(li) >= numLookups {
				return false
			}
			if !slices.Contains(lookups, li) {
				lookups = append(lookups, li)
			}
		}
		return true
	}
	for _, s := range l.Scripts {
		for _, ls := range langSystems(s) {
			if !add(ls.RequiredFeatureIndex, true) {
				return nil, false
			}
			for _, fi := range ls.FeatureIndices {
				if !add(fi, false) {
					return nil, false
				}
			}
		}
	}
	return lookups, true
}

// langSystems returns every language system harfbuzz may pick in script s:
// each listed one and the default (empty when the script has none).
func langSystems(s font.Script) []tables.LangSys {
	out := append([]tables.LangSys(nil), s.LangSys...)
	if s.DefaultLangSys != nil {
		return append(out, *s.DefaultLangSys)
	}
	return append(out, tables.LangSys{RequiredFeatureIndex: 0xFFFF})
}

// latinPairLookups returns the GPOS pair-positioning lookups harfbuzz
// applies to Latin text, in application order, and whether the picked
// language system has a kern feature (which keeps harfbuzz from applying
// the legacy kern table). ok is false when these depend on the language
// (the Latin script's language systems differ) or on the ligature
// option; such a face's pairs are not emulated.
func latinPairLookups(ft *font.Font) (lookups []uint16, hasKern, ok bool) {
	l := &ft.GPOS.Layout
	si := -1
	for _, tag := range []ot.Tag{latnTag, ot.MustNewTag("DFLT"), ot.MustNewTag("dflt")} {
		if si = l.FindScript(tag); si >= 0 {
			break
		}
	}
	if si < 0 {
		return nil, false, true // no script: harfbuzz applies no GPOS feature
	}
	for i, ls := range langSystems(l.Scripts[si]) {
		var set []uint16
		kern := false
		var seenTags []ot.Tag
		add := func(fi uint16, required bool) bool {
			if int(fi) >= len(l.Features) {
				return fi == 0xFFFF && required
			}
			f := l.Features[fi]
			if !required {
				// harfbuzz takes the first feature of each tag.
				if slices.Contains(seenTags, f.Tag) || !defaultFeatureTags[f.Tag] {
					return true
				}
				seenTags = append(seenTags, f.Tag)
			}
			if !required {
				kern = kern || f.Tag == kernTag
			}
			for _, li := range f.LookupListIndices {
				if int(li) >= len(ft.GPOS.Lookups) {
					return false
				}
				lk := ft.GPOS.Lookups[li]
				if !isPairLookup(lk) {
					continue
				}
				if ligatureFeatureTags[f.Tag] || lk.Flag&2 != 0 { // IgnoreBaseGlyphs
					return false
				}
				if !slices.Contains(set, li) {
					set = append(set, li)
				}
			}
			return true
		}
		if !add(ls.RequiredFeatureIndex, true) {
			return nil, false, false
		}
		for _, fi := range ls.FeatureIndices {
			if !add(fi, false) {
				return nil, false, false
			}
		}
		slices.Sort(set)
		if i == 0 {
			lookups, hasKern = set, kern
		} else if !slices.Equal(set, lookups) || kern != hasKern {
			return nil, false, false
		}
	}
	return lookups, hasKern, true
}

// isPairLookup reports whether every subtable of lk is pair positioning.
func isPairLookup(lk font.GPOSLookup) bool {
	if len(lk.Subtables) == 0 {
		return false
	}
	for _, st := range lk.Subtables {
		if _, ok := st.(tables.PairPos); !ok {
			return false
		}
	}
	return true
}

// simpleEligible reports whether words of an item with these properties
// may take the shortcut: Latin script, left to right, and a language tag
// without harfbuzz's private-use overrides of script and language tags.
func simpleEligible(script language.Script, lang language.Language, opts ShapeOptions) bool {
	return script == language.Latin && opts.Direction != RTL && opts.Features == "" && !strings.Contains(string(lang), "x-hb")
}

// shape appends to out the glyphs harfbuzz gives word, if the word is
// printable Latin-1 that the face's tables can only kern, and reports
// whether it did. Positions are in 1/64 font units, clusters byte offsets.
func (sf *simpleFace) shape(out []cachedGlyph, word string) ([]cachedGlyph, bool) {
	if !sf.ok || word == "" {
		return out, false
	}
	first := len(out)
	pairs := false
	for i := 0; i < len(word); i++ {
		start := i
		c := rune(word[i])
		if c >= utf8.RuneSelf {
			if c&^1 != 0xC2 || i+1 >= len(word) || word[i+1]&0xC0 != 0x80 {
				return out[:first], false
			}
			c = (c&0x1F)<<6 | rune(word[i+1]&0x3F)
			if c < 0xA0 || c == 0xAD {
				return out[:first], false
			}
			i++
		} else if c < 0x20 || c == 0x7F {
			return out[:first], false
		}
		fl := sf.flags[c]
		if fl&sgUsable == 0 {
			return out[:first], false
		}
		if i+1 < len(word) { // another glyph follows
			if fl&sgNoFollow != 0 {
				return out[:first], false
			}
			pairs = pairs || fl&sgPairs != 0
		}
		out = append(out, cachedGlyph{id: sf.glyph[c], cluster: int32(start), xAdv: sf.adv[c]})
	}
	if pairs && !sf.kernSafely(out[first:]) {
		return out[:first], false
	}
	return out, true
}

// kernSafely is kern that reports a panic in the font's tables (a hostile
// font could trip the table readers) as false, leaving the word to
// harfbuzz, which guards itself likewise.
func (sf *simpleFace) kernSafely(glyphs []cachedGlyph) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	sf.kern(glyphs)
	return true
}

// appendUnkerned appends to out the glyphs of the word of text that
// starts at start (its characters and the spaces after them, as wordEnd
// finds it, ending before limit), scaled and with clusters as byte
// offsets in text, if the word is printable Latin-1 that the face's tables
// leave entirely alone (no pair that may be kerned either). It returns the
// word's end, advance plus the advances appended (added one by one, in
// order), and whether it did. Such a
// word needs neither harfbuzz nor the word cache: the cmap glyph and
// advance of each character are its shaping, and looking them up is
// cheaper than a cache look-up.
func (sf *simpleFace) appendUnkerned(out []Glyph, text string, start, limit int, scale, advance float64) ([]Glyph, int, float64, bool) {
	if !sf.ok || start >= limit {
		return out, 0, advance, false
	}
	first := len(out)
	adv := advance
	spaces := false // in the spaces after the word
	i := start
	for ; i < limit; i++ {
		at := i
		c := rune(text[i])
		if c == ' ' {
			spaces = true
		} else if spaces {
			break // the next word
		}
		if c >= utf8.RuneSelf {
			if c&^1 != 0xC2 || i+1 >= limit || text[i+1]&0xC0 != 0x80 {
				return out[:first], 0, advance, false
			}
			c = (c&0x1F)<<6 | rune(text[i+1]&0x3F)
			if c < 0xA0 || c == 0xAD {
				return out[:first], 0, advance, false
			}
			i++
		} else if c < 0x20 || c == 0x7F {
			return out[:first], 0, advance, false
		}
		fl := sf.flags[c]
		if fl&sgUsable == 0 || fl&(sgPairs|sgNoFollow) != 0 && i+1 < limit && (!spaces || text[i+1] == ' ') {
			return out[:first], 0, advance, false
		}
		x := float64(sf.adv[c]) * scale
		adv += x
		out = append(out, Glyph{ID: sf.glyph[c], XAdvance: x, Cluster: int32(at)})
	}
	if i == limit && limit < len(text) {
		return out[:first], 0, advance, false // cut inside a long word: ShapingCut decides where
	}
	return out, i, adv, true
}

// kern applies the face's pair lookups to glyphs as go-text's harfbuzz
// does: each lookup in turn walks the glyphs; at each glyph the first
// subtable that applies adjusts the pair and moves on past the second
// glyph when the second value record is not empty.
func (sf *simpleFace) kern(glyphs []cachedGlyph) {
	for _, lk := range sf.pairs {
		for i := 0; i < len(glyphs); {
			next := i + 1
			applied := false
			for _, st := range lk.Subtables {
				if next >= len(glyphs) {
					break
				}
				g1, g2 := tables.GlyphID(glyphs[i].id), tables.GlyphID(glyphs[next].id)
				pp := st.(tables.PairPos)
				index, covered := pp.Data.Cov().Index(g1)
				if !covered {
					continue
				}
				var f1, f2 tables.ValueFormat
				var v1, v2 tables.ValueRecord
				switch d := pp.Data.(type) {
				case tables.PairPosData1:
					rec, found := d.PairSets[index].FindGlyph(g2)
					if !found {
						continue
					}
					f1, f2, v1, v2 = d.ValueFormat1, d.ValueFormat2, rec.ValueRecord1, rec.ValueRecord2
				case tables.PairPosData2:
					class2, found := d.ClassDef2.Class(g2)
					if !found {
						continue
					}
					class1, _ := d.ClassDef1.Class(g1)
					rec := d.Record(class1, class2)
					f1, f2, v1, v2 = d.ValueFormat1, d.ValueFormat2, rec.ValueRecord1, rec.ValueRecord2
				default:
					continue
				}
				sf.applyValue(&glyphs[i], f1, v1)
				sf.applyValue(&glyphs[next], f2, v2)
				if f2 != 0 {
					next++
				}
				applied = true
				break
			}
			if applied {
				i = next
			} else {
				i++
			}
		}
	}
}

// applyValue adds a horizontal value record to g, scaled as harfbuzz's
// emScaleX does. Device tables apply only with a ppem or variations,
// neither of which the shaper sets.
func (sf *simpleFace) applyValue(g *cachedGlyph, format tables.ValueFormat, v tables.ValueRecord) {
	if format&tables.XPlacement != 0 {
		g.xOff += int32(v.XPlacement) * sf.xScale / sf.upem
	}
	if format&tables.YPlacement != 0 {
		g.yOff += int32(v.YPlacement) * sf.xScale / sf.upem
	}
	if format&tables.XAdvance != 0 {
		g.xAdv += int32(v.XAdvance) * sf.xScale / sf.upem
	}
}
