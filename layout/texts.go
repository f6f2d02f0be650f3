package layout

import (
	"cmp"

	"github.com/seed28491532/folio/fonts"
	"github.com/seed28491532/folio/internal/slab"
	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// This file holds what one layout keeps of short texts it met more than
// once (report and invoice tables repeat values a lot): their shaped
// content and, for table cells, their min/max-content widths.

// fontKey is what shaping a text, its break opportunities and its
// intrinsic widths depend on in a text box's style.
type fontKey struct {
	family, lang, variant string
	size, letter, word    float64
	weight                int
	fstyle                uint8
	ws                    style.WhiteSpace
	wrap                  style.OverflowWrap
	wordBreak             style.WordBreak
	lineBreak             style.LineBreak
	hyphens               style.Hyphens
	hyLimit               [3]uint8
	features              string
	// variable fonts and font-variant-position (issue #21)
	stretch          float64
	variations, vpos string
	opszNone         bool
	noSynth          uint8 // font-synthesis
}

// textKey identifies a short text in one font class and paragraph
// direction.
type textKey struct {
	text  string
	class int32
	rtl   bool
}

// textInfo is what the layout knows of one textKey.
type textInfo struct {
	// shaped is the shaped paragraph of the text alone, when hasShaped.
	shaped    shapedText
	hasShaped bool
	// seen says a paragraph laid out without measuring showed the text
	// already (shaped for itself): the next keeps the shaped content.
	seen bool
	// mn, mx are the min- and max-content widths of a table cell holding
	// the text alone (when measured is set).
	mn, mx   float64
	measured bool
}

// shapedText is the shaped content of a paragraph of one short text,
// shared read-only by the paragraphs showing the same text in the same
// font.
type shapedText struct {
	base  uint8
	runs  []shaped
	units []unit
	cum   []float64
	allow []bool
}

// textCache is the per-layout store behind textInfo.
type textCache struct {
	// classes numbers the distinct fontKeys; byStyle remembers the class
	// of each style met (styles are shared by many boxes).
	classes map[fontKey]int32
	byStyle map[*style.Style]int32
	// texts holds the entries of the current generation, old those of
	// the one before (see info).
	texts, old map[textKey]*textInfo
	// generation is the size of a generation when set (tests), else
	// textGeneration.
	generation int
	slab       slab.Slab[textInfo] // entries allocated ahead
	// fams joins font-family lists for fontKey and metricsKey.
	fams famKeys
	// hintBox and hint: the entry of text box hintBox's text, known to
	// the caller (a table cell measured) and given to the paragraph
	// showing it without a second lookup.
	hintBox *box.Box
	hint    *textInfo
	// hyWords holds the hyphenation points of the words met (see
	// hyphenPoints), hyGlyphs the hyphen drawn at a hyphenation break
	// of text in each style (see para.hyphen).
	hyWords  map[hyWordKey]uint64
	hyGlyphs map[*style.Style][]fonts.Glyph
	// ellGlyphs holds the ellipsis of each block style (see
	// para.ellipsis).
	ellGlyphs map[*style.Style][]fonts.Glyph
	// feats holds the OpenType features of the font groups met that
	// set some (see features).
	feats map[*style.FontGroup]string
}

// maxFeatureGroups bounds the font groups whose features a layout keeps.
const maxFeatureGroups = 4096

// features returns st.FontFeatures(), joined once per font group.
func (tc *textCache) features(st *style.Style) string {
	g := st.FontGroup
	if g == nil || g.FontVariantLigatures == "" && g.FontVariantNumeric == "" && g.FontVariantEastAsian == "" && g.FontKerning == "" && g.FontFeatureSettings == "" {
		return ""
	}
	if f, ok := tc.feats[g]; ok {
		return f
	}
	f := st.FontFeatures()
	if tc.feats == nil {
		tc.feats = map[*style.FontGroup]string{}
	}
	if len(tc.feats) < maxFeatureGroups {
		tc.feats[g] = f
	}
	return f
}

// setHint says ti is the entry of text box t's text in paragraphs laid
// out until the next call (nil, nil: none).
func (tc *textCache) setHint(t *box.Box, ti *textInfo) { tc.hintBox, tc.hint = t, ti }

const (
	// maxShortText is the longest text (bytes) kept by textInfo.
	maxShortText = 64
	// textGeneration is how many texts a generation of the text cache
	// holds: a layout keeps at most twice as many (see info).
	textGeneration = 4096
)

// fontClass returns the number of the fontKey of text style st. Styles
// are keyed by address: layout swaps scratch styles into block boxes
// only, never into the text boxes whose styles come here.
func (tc *textCache) fontClass(st *style.Style) int32 {
	if c, ok := tc.byStyle[st]; ok {
		return c
	}
	k := fontKey{family: tc.fams.key(st.FontFamily), lang: st.Lang, variant: st.FontVariant, size: st.FontSize,
		letter: st.LetterSpacing, word: st.WordSpacing, weight: st.FontWeight, fstyle: st.FontStyle,
		ws: st.WhiteSpace, wrap: st.OverflowWrap, wordBreak: st.WordBreak, lineBreak: st.LineBreak, hyphens: st.Hyphens, hyLimit: st.HyphenateLimitChars,
		features: tc.features(st), stretch: st.FontStretch, variations: st.FontVariationSettings, vpos: st.FontVariantPosition,
		opszNone: st.FontOpticalSizingNone, noSynth: st.FontSynthesisNone}
	c, ok := tc.classes[k]
	if !ok {
		if tc.classes == nil {
			tc.classes = map[fontKey]int32{}
			tc.byStyle = map[*style.Style]int32{}
		}
		c = int32(len(tc.classes))
		tc.classes[k] = c
	}
	if len(tc.byStyle) >= maxStyleClasses {
		// a memo: the styles of the pages handed on go (a long
		// document's boxes and styles are let go as it is laid out)
		clear(tc.byStyle)
	}
	tc.byStyle[st] = c
	return c
}

// maxStyleClasses bounds the text styles whose font class a layout
// remembers by address (textCache.byStyle).
const maxStyleClasses = 256

// info returns what is known of text in text style st in a paragraph of
// direction rtl, creating the entry when asked; nil for a text too long
// to keep.
//
// The entries come in two generations, so that a long document keeps
// the texts it shows again and again, not every text it met: once the
// current generation holds textGeneration texts, the one before is let
// go and the current one takes its place. A text met again from the
// generation before is entered in the current one anew with its widths
// but not its shaped content, which the next paragraph showing it keeps
// again: that content was carved from the blocks of its time (see
// para.slabs), which a moved entry would keep alive.
func (tc *textCache) info(text string, st *style.Style, rtl, create bool) *textInfo {
	if len(text) >= maxShortText {
		return nil
	}
	k := textKey{text: text, class: tc.fontClass(st), rtl: rtl}
	if ti, ok := tc.texts[k]; ok {
		return ti
	}
	prev, again := tc.old[k]
	if !create && !again {
		return nil
	}
	if tc.texts == nil {
		tc.texts = make(map[textKey]*textInfo, 16)
	} else if n := cmp.Or(tc.generation, textGeneration); len(tc.texts) >= n {
		tc.old, tc.texts = tc.texts, make(map[textKey]*textInfo, n)
	}
	ti := tc.slab.One(16, 256)
	if again {
		*ti = textInfo{seen: true, mn: prev.mn, mx: prev.mx, measured: prev.measured}
	}
	tc.texts[k] = ti
	return ti
}
