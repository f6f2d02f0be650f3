package fonts

import (
	"fmt"
	"slices"
	"unicode"
	"unicode/utf8"

	"github.com/go-text/typesetting/font"
	ot "github.com/go-text/typesetting/font/opentype"
	"github.com/go-text/typesetting/harfbuzz"
	"github.com/go-text/typesetting/language"
	"github.com/go-text/typesetting/segmenter"
)

// posShift is the fixed-point precision of shaper positions: harfbuzz runs
// at a scale of unitsPerEm × 64, so positions are in 1/64 font units.
const posShift = 6

// hbShaper is the harfbuzz state for one face, reused through Face.shapers.
type hbShaper struct {
	font  *harfbuzz.Font
	buf   *harfbuzz.Buffer
	runes []rune
	offs  []int32 // byte offset of each rune in the segment
	// glyphs and missing are the result buffers of shape.
	glyphs  []cachedGlyph
	missing []rune
	// feats are the harfbuzz features of ShapeOptions featList and
	// featNoLiga; featSets counts the lists met (see features).
	feats      []harfbuzz.Feature
	featList   string
	featNoLiga bool
	featSets   int
}

func (f *Face) getShaper(pf *parsedFace) *hbShaper {
	if v := f.shapers.Get(); v != nil {
		return v.(*hbShaper)
	}
	fc := font.NewFace(pf.font)
	if pf.coords != nil {
		fc.SetCoords(pf.coords)
	}
	hf := harfbuzz.NewFont(fc)
	hf.XScale = int32(pf.metrics.UnitsPerEm) << posShift
	hf.YScale = hf.XScale
	return &hbShaper{font: hf, buf: harfbuzz.NewBuffer()}
}

var (
	noLigatureFeatures = []harfbuzz.Feature{
		{Tag: ot.MustNewTag("liga"), Value: 0, Start: harfbuzz.FeatureGlobalStart, End: harfbuzz.FeatureGlobalEnd},
		{Tag: ot.MustNewTag("clig"), Value: 0, Start: harfbuzz.FeatureGlobalStart, End: harfbuzz.FeatureGlobalEnd},
	}
)

// Shape shapes text with the faces q selects at size points, falling back
// per cluster over q.Families and then the bundled DejaVu faces.
//
// The runs cover text in logical order, each with Run.Text the substring
// it shaped; Glyph.Cluster is a byte offset into that Run.Text. Within an
// RTL run glyphs are in visual order (clusters decrease). Characters no
// face covers are drawn with a visible replacement (U+25A1, else '?') and
// reported in the diagnostics; glyph 0 (.notdef) is never returned.
// Default-ignorable characters (soft hyphen, joiners, bidi controls),
// line feeds and carriage returns produce no glyph: their bytes belong to
// the cluster of the glyph before them. A tab is drawn as a space. Other
// control characters are drawn visibly, as CSS Text 3 asks: with the
// replacement glyph (and a diagnostic).
//
// Words (text up to and including following spaces) are shaped
// independently and memoised in the registry, so repeated words cost a map
// look-up; kerning across a space is therefore not applied.
func (r *Registry) Shape(text string, q Query, size float64, opts ShapeOptions) ([]Run, []Diagnostic) {
	runs, diags, _ := r.shape(nil, nil, false, text, q, size, opts, true)
	return runs, diags
}

// ShapeAppend is Shape for callers that shape many texts and are done with
// each result before long, such as a layout engine that copies glyphs
// into its lines: instead of a new array per call, the glyphs of all runs
// are appended to buf (growing it as needed), and the extended buffer is
// returned for the next call. The runs' Glyphs alias the buffer. Results
// of earlier calls stay valid while the caller keeps appending; once none
// is in use, the caller may reuse the memory with buf[:0].
func (r *Registry) ShapeAppend(buf []Glyph, text string, q Query, size float64, opts ShapeOptions) ([]Run, []Diagnostic, []Glyph) {
	return r.shape(nil, buf, true, text, q, size, opts, true)
}

// ShapeAppendRuns is ShapeAppend with the runs, too, appended to a
// caller's slice (runs[:0] to reuse it), for a caller done with the runs
// of one call before the next: most texts are one run, and shaping many
// short ones then allocates nothing.
func (r *Registry) ShapeAppendRuns(runs []Run, buf []Glyph, text string, q Query, size float64, opts ShapeOptions) ([]Run, []Diagnostic, []Glyph) {
	return r.shape(runs, buf, true, text, q, size, opts, true)
}

// shape implements Shape (own false: glyphs in a new array) and
// ShapeAppend (own true: glyphs appended to dst). With fast false it takes
// the reference path that tests compare the fast one with: every text is
// itemized and every word shaped by harfbuzz, bypassing the ASCII shortcut
// and the word cache.
func (r *Registry) shape(runs []Run, dst []Glyph, own bool, text string, q Query, size float64, opts ShapeOptions, fast bool) ([]Run, []Diagnostic, []Glyph) {
	if text == "" {
		return runs, nil, dst
	}
	if opts.Position == "sub" || opts.Position == "super" {
		return r.shapePosition(runs, dst, own, text, q, size, opts, fast)
	}
	chain := r.fallbackChain(q)
	if opts.Caps != "" && opts.Caps != "normal" {
		opts = resolveCaps(chain[0], opts)
	}
	if opts.SmallCaps {
		if !chain[0].HasFeature("smcp") || opts.capitalsOnly {
			if q.NoSynthesis&SynthesisSmallCaps != 0 {
				// font-synthesis-small-caps: none, and no smcp: as
				// written
				opts.SmallCaps, opts.AllSmallCaps, opts.capitalsOnly = false, false, false
				return r.shape(runs, dst, own, text, q, size, opts, fast)
			}
			return r.shapeSmallCaps(runs, dst, own, text, q, size, opts, fast)
		}
		// the face's own small capitals
		opts.SmallCaps = false
		if opts.AllSmallCaps && chain[0].HasFeature("c2sc") {
			opts.Features = "smcp=1,c2sc=1," + opts.Features
		} else {
			opts.Features = "smcp=1," + opts.Features
		}
	}
	lang := shapingLanguage(opts.Lang)
	// Items, and the glyph count at the end of each, live on the stack for
	// the usual few items; the glyphs of all runs share one array.
	var itemBuf [8]item
	var endBuf [8]int
	items, ends := itemBuf[:0], endBuf[:0]
	var diags []Diagnostic
	if fast && coversLatin1(chain[0], text) {
		// Printable Latin-1 the primary face has: one Latin item, which
		// is what itemize returns for it.
		items = append(items, item{end: len(text), face: 0, script: language.Latin})
	} else {
		items, diags = itemize(text, chain, diags, items)
		if len(diags) > 0 && r.hasInstalled() && r.addFallback(diagRunes(diags), opts.Lang) {
			// Installed fonts cover some of what the chain lacked.
			chain = r.fallbackChain(q)
			items, diags = itemize(text, chain, nil, items[:0])
		}
	}
	base := len(runs)
	runs = slices.Grow(runs, len(items))[:base+len(items)]
	if !own {
		dst = nil
	}
	// (room for a glyph per character: most texts need no more, and
	// none of a long text's glyph array is spent on its bytes)
	glyphs := slices.Grow(dst, utf8.RuneCountInString(text))
	first := len(glyphs)
	for i, it := range items {
		run := &runs[base+i]
		*run = Run{Size: size, Text: text[it.start:it.end], Direction: opts.Direction}
		if it.face == noFace {
			n := len(glyphs)
			run.Face, glyphs = replacementRun(glyphs, chain, run.Text, size, opts.Direction)
			for _, g := range glyphs[n:] {
				run.Advance += g.XAdvance
			}
		} else {
			run.Face = chain[it.face]
			var missing []rune
			glyphs, missing, run.Advance = r.shapeItem(glyphs, run.Face, run.Text, it.script, lang, opts, size, fast)
			for _, m := range missing {
				if reported(diags, m) {
					continue
				}
				diags = append(diags, Diagnostic{
					Message: fmt.Sprintf("font %s has no glyph for U+%04X %q; it is not drawn", run.Face, m, m),
					Rune:    m,
				})
			}
		}
		ends = append(ends, len(glyphs))
	}
	// Slice the runs' glyphs only now: glyphs may have been reallocated.
	// Each run's capacity ends at its last glyph so appending to one run
	// cannot overwrite the next.
	start := first
	for i := range items {
		end := ends[i]
		runs[base+i].Glyphs = glyphs[start:end:end]
		start = end
	}
	return runs, diags, glyphs
}

// coversLatin1 reports whether text is printable Latin-1 (U+0020–U+007E
// and U+00A0–U+00FF but the soft hyphen) that face f has a glyph for: such
// text has no combining or ignorable characters and no script but Latin
// and Common, so itemize would make it a single Latin item of f.
func coversLatin1(f *Face, text string) bool {
	pf, err := f.load()
	if err != nil {
		return false
	}
	for i := 0; i < len(text); i++ {
		c := rune(text[i])
		if c >= utf8.RuneSelf {
			// U+0080–U+00FF is 0xC2 or 0xC3 and one continuation byte.
			if c&^1 != 0xC2 || i+1 >= len(text) || text[i+1]&0xC0 != 0x80 {
				return false
			}
			c = (c&0x1F)<<6 | rune(text[i+1]&0x3F)
			if c < 0xA0 || c == 0xAD {
				return false
			}
			i++
		} else if c < 0x20 || c == 0x7F {
			return false
		}
		if pf.ascii[c] == 0 {
			return false
		}
	}
	return true
}

// shapingLanguage is language.NewLanguage without its allocation for tags
// already in canonical form (lower-case letters, digits and '-').
func shapingLanguage(tag string) language.Language {
	if tag == "" {
		return "und"
	}
	for i := 0; i < len(tag); i++ {
		if c := tag[i]; !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			if l := language.NewLanguage(tag); l != "" {
				return l
			}
			return "und"
		}
	}
	return language.Language(tag)
}

// replacementRun appends to out the replacement glyph for each
// non-ignorable character of text, in visual order.
func replacementRun(out []Glyph, chain []*Face, text string, size float64, dir Direction) (*Face, []Glyph) {
	f, gid := replacementGlyph(chain)
	if gid == 0 {
		return f, out // no face has U+25A1 or '?': draw nothing rather than .notdef
	}
	adv := float64(f.Advance(gid)) * size / float64(f.Metrics().UnitsPerEm)
	first := len(out)
	for i, r := range text {
		if attaches(r) && i > 0 {
			continue
		}
		out = append(out, Glyph{ID: gid, XAdvance: adv, Cluster: int32(i)})
	}
	if dir == RTL {
		slices.Reverse(out[first:])
	}
	return f, out
}

// shapeItem appends to out the glyphs of one single-face, single-script
// item, shaped word by word through the registry's cache (unless cached is
// false), and returns the characters the face could not draw and the sum
// of the advances appended, added up glyph by glyph in order.
func (r *Registry) shapeItem(out []Glyph, f *Face, text string, script language.Script, lang language.Language, opts ShapeOptions, size float64, cached bool) ([]Glyph, []rune, float64) {
	pf, err := f.load()
	if err != nil {
		return out, nil, 0
	}
	advance := 0.0
	scale := size / float64(int(pf.metrics.UnitsPerEm)<<posShift)
	var missing []rune
	var t *wordTable
	if cached {
		t = r.cache.table(styleKey{face: f, script: script, lang: lang, dir: opts.Direction, noLiga: opts.NoLigatures, features: opts.Features})
	}
	var sh *hbShaper // taken from the face's pool at the first cache miss
	// The shortcut for words harfbuzz would only kern (not on the
	// reference path, which shapes everything with harfbuzz).
	var simple *simpleFace
	if cached && simpleEligible(script, lang, opts) {
		simple = pf.simple()
	}
	// scratch receives the glyphs of words the shortcut shapes: on the
	// stack for short words, and reused from word to word (the cache
	// copies what it keeps), so that a long text cut into maxShapeChunk
	// pieces costs one piece's glyphs, not a new array per piece.
	var buf [32]cachedGlyph
	scratch := buf[:0]
	rtl := opts.Direction == RTL
	pos := 0 // LTR: start of the next word; RTL: end of the next word
	if rtl {
		pos = len(text)
	}
	for rtl && pos > 0 || !rtl && pos < len(text) {
		var segStart, segEnd int
		// Words are looked for within maxShapeChunk bytes only, so a
		// megabyte without a space is cut into pieces in linear time.
		if rtl {
			lower := max(0, pos-maxShapeChunk)
			segStart, segEnd = lower+wordStart(text[lower:pos], pos-lower), pos
			if segStart == lower && lower > 0 {
				segStart = chunkStart(text, lower, segEnd)
			}
			pos = segStart
		} else {
			limit := min(len(text), pos+maxShapeChunk)
			if simple != nil { // simple is only set for left-to-right items
				var end int
				var ok bool
				if out, end, advance, ok = simple.appendUnkerned(out, text, pos, limit, scale, advance); ok {
					pos = end
					continue
				}
			}
			segStart, segEnd = pos, wordEnd(text[:limit], pos)
			if segEnd == limit && limit < len(text) {
				segEnd = ShapingCut(text, segStart, limit)
			}
			pos = segEnd
		}
		seg := text[segStart:segEnd]
		var e cacheEntry
		ok := false
		if cached {
			if e, ok = t.lookup(seg); !ok {
				e, ok = t.lookupPending(seg)
			}
		}
		if !ok && simple != nil {
			// Words harfbuzz would only kern skip the shaper.
			var glyphs []cachedGlyph
			glyphs, ok = simple.shape(scratch[:0], seg)
			scratch = glyphs[:0]
			if ok {
				e = cacheEntry{glyphs: glyphs}
				if t.add(seg, e.glyphs, nil) {
					r.cache.counted()
				}
			}
		}
		if !ok {
			if sh == nil {
				sh = f.getShaper(pf)
			}
			e = sh.shape(f, pf, seg, script, lang, opts)
			if cached && t.add(seg, e.glyphs, e.missing) {
				r.cache.counted()
			}
		}
		n := len(out)
		out = slices.Grow(out, len(e.glyphs))[:n+len(e.glyphs)]
		dst := out[n:]
		for i, g := range e.glyphs {
			x := float64(g.xAdv) * scale
			advance += x
			dst[i] = Glyph{
				ID:       g.id,
				XAdvance: x,
				XOffset:  float64(g.xOff) * scale,
				YOffset:  float64(g.yOff) * scale,
				Cluster:  int32(segStart) + int32(g.cluster),
			}
		}
		missing = append(missing, e.missing...)
	}
	if sh != nil {
		f.shapers.Put(sh)
	}
	return out, missing, advance
}

// maxShapeChunk bounds the bytes harfbuzz shapes at once. A longer word (a
// base64 blob, a megabyte of letters) is shaped in pieces: harfbuzz's
// buffers stay small and the time stays linear, at the cost of kerning and
// ligatures across the rare cut.
const maxShapeChunk = 4096

// ShapingCut returns where a piece of text starting at start ends when it
// may not pass limit: the last boundary of a grapheme cluster (UAX #29)
// after start and at or before limit, so that no mark, joiner, variation
// selector, emoji sequence, flag or Hangul syllable is cut apart. When a
// cluster is longer than the stretch looked at (graphemeWindow bytes), it
// is the last character boundary that does not cut a mark, joiner or
// variation selector from the character it belongs to (the next
// character boundary after limit when the whole stretch is such
// characters). Text cut there shapes as it would whole, apart from
// kerning and ligatures across the cut.
func ShapingCut(text string, start, limit int) int {
	ws := runeStartBack(text, max(start, limit-graphemeWindow), start)
	we := runeStartFwd(text, min(len(text), limit+graphemeLookahead))
	best := -1
	graphemeBoundaries(text, ws, we, func(b int) bool {
		if b > limit {
			return false
		}
		if b > start && (ws == start || b-ws >= graphemeLookbehind) {
			best = b
		}
		return true
	})
	if best > start {
		return best
	}
	for i := limit; i > start; i-- {
		if utf8.RuneStart(text[i]) {
			if r, _ := utf8.DecodeRuneInString(text[i:]); !attaches(r) {
				return i
			}
		}
	}
	for limit < len(text) && !utf8.RuneStart(text[limit]) {
		limit++
	}
	return limit
}

// chunkStart is ShapingCut for right-to-left shaping: where the piece of the
// word ending at end starts when it should not start before limit (it
// does when the cluster at limit reaches end).
func chunkStart(text string, limit, end int) int {
	ws := runeStartBack(text, max(0, limit-graphemeWindow), 0)
	we := runeStartFwd(text, min(end, limit+graphemeWindow))
	// the first boundary at or after limit, else (a cluster reaching
	// end) the last before it
	found, before := -1, -1
	graphemeBoundaries(text, ws, we, func(b int) bool {
		if b >= end || b >= we && we < end {
			return false
		}
		if ws == 0 || b-ws >= graphemeLookbehind {
			if b < limit {
				before = b
			} else {
				found = b
				return false
			}
		}
		return true
	})
	if found < 0 {
		found = before
	}
	if found >= 0 {
		return found
	}
	for i := limit; i < end; i++ {
		if utf8.RuneStart(text[i]) {
			if r, _ := utf8.DecodeRuneInString(text[i:]); !attaches(r) {
				return i
			}
		}
	}
	for limit > 0 && !utf8.RuneStart(text[limit]) {
		limit--
	}
	return limit
}

// The stretch of text ShapingCut and chunkStart segment into grapheme
// clusters: graphemeWindow bytes on the side the cut may move to, with
// graphemeLookahead bytes past the cut (a boundary depends on the
// character after it) and boundaries within graphemeLookbehind bytes of
// the stretch's start not trusted (they depend on what came before: an
// emoji sequence or a run of regional indicators cut by the stretch).
const (
	graphemeWindow     = 256
	graphemeLookahead  = 16
	graphemeLookbehind = 64
)

// graphemeBoundaries calls yield with the grapheme cluster boundaries of
// text[ws:we], as offsets in text and in increasing order, until it
// returns false. The ends of the stretch count as boundaries; text that
// is not UTF-8 has none.
func graphemeBoundaries(text string, ws, we int, yield func(int) bool) {
	var seg segmenter.Segmenter
	if ws >= we || seg.InitWithString(text[ws:we]) != nil {
		return
	}
	it := seg.GraphemeIterator()
	for it.Next() {
		if !yield(ws + it.Grapheme().OffsetInBytes) {
			return
		}
	}
	yield(we)
}

// runeStartBack moves i back to the start of the character it is in, not
// before lower.
func runeStartBack(text string, i, lower int) int {
	for i > lower && i < len(text) && !utf8.RuneStart(text[i]) {
		i--
	}
	return i
}

// runeStartFwd moves i forward to the start of the next character (or
// the end of text) when it is inside one.
func runeStartFwd(text string, i int) int {
	for i < len(text) && !utf8.RuneStart(text[i]) {
		i++
	}
	return i
}

// wordEnd returns the end of the word starting at start: the word's
// characters plus the spaces that follow it.
func wordEnd(text string, start int) int {
	i := start
	for i < len(text) && text[i] != ' ' {
		i++
	}
	for i < len(text) && text[i] == ' ' {
		i++
	}
	return i
}

// wordStart returns the start of the word ending at end (see wordEnd).
func wordStart(text string, end int) int {
	i := end
	for i > 0 && text[i-1] == ' ' {
		i--
	}
	for i > 0 && text[i-1] != ' ' {
		i--
	}
	return i
}

// shape runs harfbuzz on one word. The entry returned uses the shaper's
// buffers: it is valid until the shaper's next use.
func (sh *hbShaper) shape(f *Face, pf *parsedFace, seg string, script language.Script, lang language.Language, opts ShapeOptions) cacheEntry {
	sh.runes, sh.offs = sh.runes[:0], sh.offs[:0]
	for i, r := range seg {
		sh.runes = append(sh.runes, r)
		sh.offs = append(sh.offs, int32(i))
	}
	buf := sh.buf
	buf.Clear()
	buf.Flags = harfbuzz.RemoveDefaultIgnorables
	buf.AddRunes(sh.runes, 0, -1)
	buf.Props.Direction = harfbuzz.LeftToRight
	if opts.Direction == RTL {
		buf.Props.Direction = harfbuzz.RightToLeft
	}
	buf.Props.Script = script
	buf.Props.Language = lang
	features := sh.features(opts)
	func() {
		// A hostile font could trip the shaper; lose the word's shaping,
		// not the process.
		defer func() {
			if rec := recover(); rec != nil {
				buf.Info, buf.Pos = buf.Info[:0], buf.Pos[:0]
			}
		}()
		buf.Shape(sh.font, features)
	}()
	e := cacheEntry{glyphs: sh.glyphs[:0], missing: sh.missing[:0]}
	for i, info := range buf.Info {
		pos := buf.Pos[i]
		ci := info.Cluster
		if ci < 0 || ci >= len(sh.runes) {
			continue
		}
		g := cachedGlyph{
			id:      GID(info.Glyph),
			cluster: sh.offs[ci],
			xAdv:    pos.XAdvance,
			xOff:    pos.XOffset,
			yOff:    pos.YOffset,
		}
		if g.id == 0 || int(info.Glyph) >= pf.numGlyphs {
			r := sh.runes[ci]
			switch {
			case r == '\t' || unicode.IsSpace(r) && !ignorable(r):
				sp, ok := f.glyphFor(' ')
				if !ok {
					continue
				}
				g.id, g.xAdv, g.xOff, g.yOff = sp, int32(pf.advance(sp))<<posShift, 0, 0
			case ignorable(r):
				continue
			default:
				e.missing = append(e.missing, missingRune(f, sh.runes, ci))
				continue
			}
		}
		e.glyphs = append(e.glyphs, g)
	}
	sh.glyphs, sh.missing = e.glyphs, e.missing
	return e
}

// missingRune returns the character of the cluster starting at rune index
// ci that f has no glyph for (the cluster's marks included).
func missingRune(f *Face, runes []rune, ci int) rune {
	for j := ci; j < len(runes); j++ {
		if j > ci && !attaches(runes[j]) {
			break
		}
		if !ignorable(runes[j]) && !f.HasRune(runes[j]) {
			return runes[j]
		}
	}
	return runes[ci]
}
