package fonts

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf16"

	"github.com/go-text/typesetting/font"
	ot "github.com/go-text/typesetting/font/opentype"
	"github.com/go-text/typesetting/font/opentype/tables"
)

// Face is one loaded font face. It is safe for concurrent use.
//
// Bundled faces parse their font program lazily, on first use; faces added
// with AddFace are parsed at once so bad bytes are reported immediately.
type Face struct {
	family string
	// weight, or weight to weightMax for a face that covers a range (an
	// @font-face font-weight: 100 900).
	weight, weightMax int
	style             Style
	data              []byte
	// stretch to stretchMax are the widths the face covers, as
	// font-stretch percentages (0, 0: unknown, taken as 100); autoSlant
	// says it has no font-style descriptor and an ital or slnt axis, so
	// it matches every style (see descriptors.go).
	stretch, stretchMax float64
	autoSlant           bool

	// synth is what a synthesised variant adds to base, the face it draws
	// with (see Synthesis); variants caches base's variants by synth-1.
	synth    Synthesis
	base     *Face
	variants [3]atomic.Pointer[Face]

	// varBase is the variable face an instance draws with, coords its
	// normalised coordinates and design its axis values (see
	// variable.go); vars are the instances of a variable face.
	varBase *Face
	static  bool // known to have no variation axes (bundled)
	// autoWeight says the face's weight is not declared (an installed
	// font, not an @font-face): a variable one covers its wght axis.
	autoWeight bool
	coords     []tables.Coord
	design     []Variation
	vars       variableState

	once   sync.Once
	parsed *parsedFace
	err    error

	// shapers pools harfbuzz state (not safe for concurrent use) for this
	// face.
	shapers sync.Pool
}

// parsedFace is the immutable result of parsing a face's font program.
type parsedFace struct {
	font      *font.Font
	sfnt      *sfnt
	numGlyphs int
	advances  []uint16 // per glyph, from hmtx
	metrics   Metrics
	psName    string
	cff       bool
	cff2      bool // a CFF2 table: embedded converted (see cff2.go)
	// axes are the variation axes of a TrueType variable font; coords
	// are an instance's normalised coordinates (nil: the default).
	axes   []Axis
	coords []tables.Coord
	// lazyAdv, for an instance of a font without HVAR, replaces
	// advances: each glyph's advance from the gvar phantom points,
	// computed on first use (advance+1; 0: not yet), as that costs a
	// glyph's deltas (see parsedFace.advance).
	lazyAdv []atomic.Uint32
	// ascii caches the cmap for the first 256 code points.
	ascii [256]GID

	// simpleData, computed on first use, is what shaping Latin-1 words
	// without harfbuzz needs (see simple.go).
	simpleOnce sync.Once
	simpleData *simpleFace
}

// newFace returns a face whose font program is parsed on first use.
func newFace(family string, weight int, style Style, data []byte) *Face {
	return &Face{family: family, weight: weight, weightMax: weight, style: style, data: data}
}

// load parses the font program once (a synthesised variant uses its base's).
func (f *Face) load() (*parsedFace, error) {
	if f.base != nil {
		return f.base.load()
	}
	f.once.Do(func() {
		if f.varBase != nil {
			f.parsed, f.err = f.parseInstance()
			return
		}
		f.parsed, f.err = parseFace(f.data, f.family, f.weight, f.style)
	})
	return f.parsed, f.err
}

func parseFace(data []byte, family string, weight int, style Style) (pf *parsedFace, err error) {
	// The go-text parser is robust, but a font is untrusted input: turn any
	// panic deep inside it into an error naming the table rather than
	// crashing the render. table is what is being read, for the message.
	table := "table directory"
	defer func() {
		if err != nil {
			pf = nil
		}
	}()
	defer recoverMalformed(family, &table, &err)
	s, err := parseSFNT(data)
	if err != nil {
		return nil, err
	}
	ld, err := ot.NewLoader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	table = "font"
	ft, err := font.NewFont(ld)
	if err != nil {
		return nil, err
	}
	pf = &parsedFace{font: ft, sfnt: s}
	table = "maxp"
	pf.numGlyphs = int(u16(s.tables["maxp"], 4))
	if pf.numGlyphs == 0 {
		return nil, fmt.Errorf("font has no glyphs")
	}
	_, hasCFF := s.tables["CFF "]
	_, hasCFF2 := s.tables["CFF2"]
	pf.cff = s.version == sfntOTTO || hasCFF || hasCFF2
	pf.cff2 = hasCFF2 && !hasCFF
	if !pf.cff {
		table = "glyf/loca"
		if _, ok := newGlyfLocator(s, pf.numGlyphs); !ok {
			return nil, fmt.Errorf("TrueType font lacks valid glyf/loca tables")
		}
	}
	if !pf.cff || pf.cff2 {
		table = "fvar"
		pf.axes = parseFvar(s.tables["fvar"])
	}
	table = "hmtx"
	pf.advances = parseHmtx(s, pf.numGlyphs)
	table = "cmap"
	for r := range pf.ascii {
		if g, ok := ft.NominalGlyph(rune(r)); ok && int(g) < pf.numGlyphs {
			pf.ascii[r] = GID(g)
		}
	}
	table = "head, hhea, OS/2 or post"
	pf.metrics = pf.computeMetrics(weight)
	table = "name"
	pf.psName = psName(s.tables["name"], family, weight, style)
	return pf, nil
}

func parseHmtx(s *sfnt, numGlyphs int) []uint16 {
	hhea, hmtx := s.tables["hhea"], s.tables["hmtx"]
	nh := int(u16(hhea, 34))
	if nh > numGlyphs {
		nh = numGlyphs
	}
	if nh*4 > len(hmtx) {
		nh = len(hmtx) / 4
	}
	adv := make([]uint16, numGlyphs)
	last := uint16(0)
	for i := 0; i < numGlyphs; i++ {
		if i < nh {
			last = u16(hmtx, 4*i)
		}
		adv[i] = last
	}
	return adv
}

// computeMetrics reads head, hhea, OS/2 and post.
//
// Ascent and descent come from OS/2 sTypo* when its USE_TYPO_METRICS bit is
// set, otherwise from hhea (falling back to OS/2 typo then win values when
// hhea has zeros). CapHeight and XHeight come from OS/2 version ≥ 2, else
// from the outlines of 'H' and 'x', else 70% and 50% of the em. StemV is
// estimated from the weight as 50 + (weight/65)², the usual heuristic (88
// for regular, 166 for bold), since fonts do not record it.
func (pf *parsedFace) computeMetrics(weight int) Metrics {
	t := pf.sfnt.tables
	head, hhea, os2, post := t["head"], t["hhea"], t["OS/2"], t["post"]
	m := Metrics{UnitsPerEm: int(u16(head, 18))}
	if m.UnitsPerEm < 16 || m.UnitsPerEm > 16384 {
		m.UnitsPerEm = 1000
	}
	m.BBox = [4]int{int(i16(head, 36)), int(i16(head, 38)), int(i16(head, 40)), int(i16(head, 42))}
	m.Ascent, m.Descent, m.LineGap = int(i16(hhea, 4)), int(i16(hhea, 6)), int(i16(hhea, 8))
	if len(os2) >= 78 {
		useTypo := u16(os2, 62)&(1<<7) != 0
		if useTypo || (m.Ascent == 0 && m.Descent == 0) {
			m.Ascent, m.Descent, m.LineGap = int(i16(os2, 68)), int(i16(os2, 70)), int(i16(os2, 72))
		}
		if m.Ascent == 0 && m.Descent == 0 {
			m.Ascent, m.Descent, m.LineGap = int(u16(os2, 74)), -int(u16(os2, 76)), 0
		}
		if u16(os2, 0) >= 2 && len(os2) >= 90 {
			m.XHeight, m.CapHeight = int(i16(os2, 86)), int(i16(os2, 88))
		}
		if w := int(u16(os2, 4)); w >= 1 && w <= 1000 && weight == 0 {
			weight = w
		}
	}
	if m.Ascent == 0 && m.Descent == 0 {
		m.Ascent, m.Descent = m.BBox[3], m.BBox[1]
	}
	if m.Descent > 0 {
		m.Descent = -m.Descent
	}
	if m.CapHeight <= 0 {
		m.CapHeight = pf.glyphTop('H', m.UnitsPerEm*7/10)
	}
	if m.XHeight <= 0 {
		m.XHeight = pf.glyphTop('x', m.UnitsPerEm/2)
	}
	if len(post) >= 12 {
		m.ItalicAngle = float64(int32(u32(post, 4))) / 65536
		m.UnderlinePosition = int(i16(post, 8))
		m.UnderlineThickness = int(i16(post, 10))
	}
	if m.UnderlineThickness <= 0 {
		m.UnderlineThickness = m.UnitsPerEm / 20
	}
	if m.UnderlinePosition == 0 {
		m.UnderlinePosition = -m.UnitsPerEm / 10
	}
	if weight <= 0 {
		weight = 400
	}
	m.StemV = 50 + (weight*weight)/(65*65)
	return m
}

// glyphTop returns the yMax of the outline of r's glyph, or def.
func (pf *parsedFace) glyphTop(r rune, def int) int {
	gid, ok := pf.font.NominalGlyph(r)
	if !ok {
		return def
	}
	if loc, ok := newGlyfLocator(pf.sfnt, pf.numGlyphs); ok {
		if g := loc.glyph(int(gid)); len(g) >= 10 {
			return int(i16(g, 8))
		}
	}
	return def
}

// psName returns the PostScript name (name ID 6), restricted to the
// characters PDF names and PostScript allow, or one derived from the family.
func psName(name []byte, family string, weight int, style Style) string {
	raw := nameRecord(name, 6)
	s := sanitizePS(raw)
	if s == "" {
		suffix := ""
		if weight >= 600 {
			suffix = "Bold"
		}
		if style != StyleNormal {
			suffix += "Italic"
		}
		s = sanitizePS(family)
		if suffix != "" {
			s += "-" + suffix
		}
	}
	if s == "" {
		s = "Font"
	}
	return s
}

func sanitizePS(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r > 32 && r < 127 && !strings.ContainsRune("[](){}<>/%#", r) {
			b.WriteRune(r)
		}
		if b.Len() >= 63 {
			break
		}
	}
	return b.String()
}

// nameRecord returns the name table string with the given id, preferring
// Windows Unicode English, then any Windows Unicode, then Macintosh Roman,
// then Unicode platform records.
func nameRecord(name []byte, id uint16) string {
	count := int(u16(name, 2))
	storage := int(u16(name, 4))
	best, bestRank := "", 0
	for i := 0; i < count; i++ {
		rec := 6 + 12*i
		if rec+12 > len(name) {
			break
		}
		if u16(name, rec+6) != id {
			continue
		}
		platform, enc, lang := u16(name, rec), u16(name, rec+2), u16(name, rec+4)
		length, off := int(u16(name, rec+8)), int(u16(name, rec+10))
		start := storage + off
		if start+length > len(name) {
			continue
		}
		raw := name[start : start+length]
		rank := 0
		var s string
		switch {
		case platform == 3 && (enc == 1 || enc == 0 || enc == 10):
			rank = 3
			if lang == 0x409 {
				rank = 4
			}
			s = decodeUTF16BE(raw)
		case platform == 1 && enc == 0:
			rank = 2
			s = string(raw) // ASCII subset of Mac Roman is all PostScript names use
		case platform == 0:
			rank = 1
			s = decodeUTF16BE(raw)
		}
		if rank > bestRank && s != "" {
			best, bestRank = s, rank
		}
	}
	return best
}

func decodeUTF16BE(b []byte) string {
	u := make([]uint16, len(b)/2)
	for i := range u {
		u[i] = uint16(b[2*i])<<8 | uint16(b[2*i+1])
	}
	return string(utf16.Decode(u))
}

// Family returns the family name the face was registered under.
func (f *Face) Family() string { return f.family }

// PostScriptName returns the face's PostScript name (never empty), used as
// the PDF /BaseFont. It is name ID 6 of the name table restricted to
// printable ASCII without PDF delimiters, or one derived from the family.
func (f *Face) PostScriptName() string {
	if pf, err := f.load(); err == nil {
		return pf.psName
	}
	return psName(nil, f.family, f.weight, f.style)
}

// Weight returns the CSS weight of the face (the lower end of its range
// for a face covering several).
func (f *Face) Weight() int { return f.weight }

// Style returns the CSS style of the face.
func (f *Face) Style() Style { return f.style }

// Metrics returns the face's metrics in font units.
func (f *Face) Metrics() Metrics {
	if pf, err := f.load(); err == nil {
		return pf.metrics
	}
	return Metrics{UnitsPerEm: 1000, Ascent: 800, Descent: -200, CapHeight: 700, XHeight: 500, StemV: 80,
		UnderlinePosition: -100, UnderlineThickness: 50}
}

// NumGlyphs returns the number of glyphs in the face (0 if it does not
// parse).
func (f *Face) NumGlyphs() int {
	if pf, err := f.load(); err == nil {
		return pf.numGlyphs
	}
	return 0
}

// Advance returns the horizontal advance of glyph g in font units.
func (f *Face) Advance(g GID) int {
	pf, err := f.load()
	if err != nil || int(g) >= pf.numGlyphs {
		return 0
	}
	return int(pf.advance(g))
}

// HasRune reports whether the face maps r to a glyph.
func (f *Face) HasRune(r rune) bool {
	_, ok := f.glyphFor(r)
	return ok
}

// GlyphFor returns the nominal glyph of r (through the cmap only, without
// substitutions) and whether the face has one.
func (f *Face) GlyphFor(r rune) (GID, bool) { return f.glyphFor(r) }

func (f *Face) glyphFor(r rune) (GID, bool) {
	pf, err := f.load()
	if err != nil {
		return 0, false
	}
	if r >= 0 && r < 256 {
		g := pf.ascii[r]
		return g, g != 0
	}
	g, ok := pf.font.NominalGlyph(r)
	if !ok || g == 0 || int(g) >= pf.numGlyphs {
		return 0, false
	}
	return GID(g), true
}

// IsCFF reports whether the face is CFF-flavoured OpenType, which PDF
// embeds as FontFile3 /OpenType rather than FontFile2.
func (f *Face) IsCFF() bool {
	pf, err := f.load()
	return err == nil && pf.cff
}

// Data returns the original font program bytes. Callers must not modify
// them.
func (f *Face) Data() []byte { return f.data }

// Err returns the error met parsing the face's font program, if any.
func (f *Face) Err() error {
	_, err := f.load()
	return err
}

// String describes the face for diagnostics, e.g. "Liberation Sans 700
// italic".
func (f *Face) String() string {
	s := fmt.Sprintf("%s %d", f.family, f.weight)
	if f.weightMax != f.weight {
		s += fmt.Sprintf("–%d", f.weightMax)
	}
	switch f.style {
	case StyleItalic:
		s += " italic"
	case StyleOblique:
		s += " oblique"
	}
	s += f.variationString()
	if f.synth&SynthBold != 0 {
		s += " (synthetic bold)"
	}
	if f.synth&SynthOblique != 0 {
		s += " (synthetic oblique)"
	}
	return s
}
