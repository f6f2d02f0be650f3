package pdfua

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math"
	"strconv"

	"github.com/seed28491532/folio/fonts"
	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// Font is what the writer needs from a font face. *fonts.Face implements
// it; tests may use a fake. Implementations must be comparable (pointers,
// typically): the document keys its font resources by them, so one face
// is embedded once however many runs use it.
type Font interface {
	// PostScriptName is the base of the /BaseFont name.
	PostScriptName() string
	// Metrics are the face's metrics in font units.
	Metrics() fonts.Metrics
	// Advance is the horizontal advance of a glyph in font units.
	Advance(g fonts.GID) int
	// IsCFF reports a CFF-flavoured OpenType face (embedded as FontFile3
	// /OpenType) rather than a TrueType one (FontFile2).
	IsCFF() bool
	// Subset returns a font program that keeps glyph ids unchanged and
	// carries at least the used glyphs.
	Subset(used []fonts.GID) ([]byte, error)
}

var _ Font = (*fonts.Face)(nil)

// fontState is one font resource of the document: the face, the glyphs
// used so far and their Unicode text.
type fontState struct {
	face Font
	name pdfobj.Name // resource name, F1, F2…
	upem float64
	// ascent and descent are in font units, for content bounding boxes.
	ascent, descent float64
	// pages holds the widths and text of glyphs by GID, in pages of
	// 256 allocated as glyphs are met: a document uses a few hundred of
	// a face's thousands of glyphs, mostly in the first page, so flat
	// tables sized for the highest GID would be mostly zeroed memory.
	pages []*glyphPage
	used  []uint64 // bitset of used GIDs
	label string   // for error messages
}

// glyphPage holds what a fontState knows of 256 consecutive GIDs.
type glyphPage struct {
	// width is the PDF width (1/1000 em), see glyphWidth; plain is the
	// same for glyphs whose two code bytes need no escape in a literal
	// string (ShowText's fast path). In both, +0 (all bits zero) means
	// not known yet; a width of zero is stored as -0.
	width [256]float64
	plain [256]float64
	// text is the Unicode text of each glyph; "" until mapped.
	text [256]string
}

// page returns the page of g, allocating it on first use.
func (fs *fontState) page(g fonts.GID) *glyphPage {
	i := int(g >> 8)
	if i >= len(fs.pages) {
		fs.pages = append(fs.pages, make([]*glyphPage, i+1-len(fs.pages))...)
	}
	p := fs.pages[i]
	if p == nil {
		p = new(glyphPage)
		fs.pages[i] = p
	}
	return p
}

// plainWidth returns the width of g when it is known and g's code needs
// no escape, +0 otherwise.
func (fs *fontState) plainWidth(g fonts.GID) float64 {
	if i := int(g >> 8); i < len(fs.pages) {
		if p := fs.pages[i]; p != nil {
			return p.plain[g&255]
		}
	}
	return 0
}

// font returns the document's state for face, registering it on first use.
func (d *Document) font(face Font) (*fontState, error) {
	if fs := d.lastFont; fs != nil && fs.face == face {
		return fs, nil
	}
	if fs, ok := d.fontIdx[face]; ok {
		d.lastFont = fs
		return fs, nil
	}
	m := face.Metrics()
	label := face.PostScriptName()
	if label == "" {
		return nil, fmt.Errorf("pdfua: font has no PostScript name")
	}
	if m.UnitsPerEm <= 0 {
		return nil, fmt.Errorf("pdfua: font %s: unitsPerEm is %d", label, m.UnitsPerEm)
	}
	fs := &fontState{
		face:   face,
		name:   pdfobj.Name("F" + itoa(len(d.fonts)+1)),
		upem:   float64(m.UnitsPerEm),
		ascent: float64(m.Ascent), descent: float64(m.Descent),
		label: label,
	}
	d.fonts = append(d.fonts, fs)
	d.fontIdx[face] = fs
	d.lastFont = fs
	return fs, nil
}

// mapping returns the Unicode text of g, "" when not mapped yet.
func (fs *fontState) mapping(g fonts.GID) string {
	if i := int(g >> 8); i < len(fs.pages) {
		if p := fs.pages[i]; p != nil {
			return p.text[g&255]
		}
	}
	return ""
}

// setMapping records the Unicode text of g.
func (fs *fontState) setMapping(g fonts.GID, s string) {
	fs.page(g).text[g&255] = s
}

// glyphWidth returns the /W width of g: the advance scaled to 1000 units
// per em, the same value written in /W.
func (fs *fontState) glyphWidth(g fonts.GID) float64 {
	p := fs.page(g)
	if w := p.width[g&255]; known(w) {
		return w
	}
	w := float64(fs.face.Advance(g)) * 1000 / fs.upem
	stored := w
	if stored == 0 {
		stored = math.Copysign(0, -1) // known, and equal to 0 in arithmetic
	}
	p.width[g&255] = stored
	if plainByte(byte(g>>8)) && plainByte(byte(g)) {
		p.plain[g&255] = stored
	}
	return w
}

// known reports whether a width table entry has been computed: +0, the
// zero value, means it has not.
func known(w float64) bool { return math.Float64bits(w) != 0 }

func (fs *fontState) use(g fonts.GID) {
	i := int(g) >> 6
	if i >= len(fs.used) {
		fs.used = append(fs.used, make([]uint64, i+1-len(fs.used))...)
	}
	fs.used[i] |= 1 << (g & 63)
}

// usedGlyphs returns the used GIDs in ascending order.
func (fs *fontState) usedGlyphs() []fonts.GID {
	var out []fonts.GID
	for i, word := range fs.used {
		for b := 0; word != 0; b++ {
			if word&1 != 0 {
				out = append(out, fonts.GID(i*64+b))
			}
			word >>= 1
		}
	}
	return out
}

// subsetTag returns six uppercase letters derived from the face name and
// the used glyph set, so the same glyphs always give the same tag and
// different subsets of one face get different tags.
func subsetTag(psName string, used []fonts.GID) string {
	h := sha256.New()
	h.Write([]byte(psName))
	var b [2]byte
	for _, g := range used {
		binary.BigEndian.PutUint16(b[:], uint16(g))
		h.Write(b[:])
	}
	sum := h.Sum(nil)
	v := binary.BigEndian.Uint64(sum[:8])
	tag := make([]byte, 6)
	for i := range tag {
		tag[i] = 'A' + byte(v%26)
		v /= 26
	}
	return string(tag)
}

// widthsArray builds the /W array for the used glyphs. Runs of three or
// more consecutive GIDs with equal widths use the c_first c_last w form;
// other consecutive GIDs share one c [w1 w2 …] entry.
func widthsArray(used []fonts.GID, width func(fonts.GID) float64) pdfobj.Array {
	var out pdfobj.Array
	i := 0
	for i < len(used) {
		// Extent of the consecutive block starting at i.
		j := i + 1
		for j < len(used) && used[j] == used[j-1]+1 {
			j++
		}
		var pending pdfobj.Array
		pendingStart := used[i]
		flush := func() {
			if len(pending) > 0 {
				out = append(out, pdfobj.Int(pendingStart), pending)
				pending = nil
			}
		}
		k := i
		for k < j {
			w := width(used[k])
			e := k + 1
			for e < j && width(used[e]) == w {
				e++
			}
			if e-k >= 3 {
				flush()
				out = append(out, pdfobj.Int(used[k]), pdfobj.Int(used[e-1]), widthValue(w))
				pendingStart = used[e-1] + 1
			} else {
				if len(pending) == 0 {
					pendingStart = used[k]
				}
				for m := k; m < e; m++ {
					pending = append(pending, widthValue(w))
				}
			}
			k = e
		}
		flush()
		i = j
	}
	return out
}

func widthValue(w float64) pdfobj.Object {
	if w == math.Trunc(w) {
		return pdfobj.Int(int64(w))
	}
	return pdfobj.Real(w)
}

// program returns the compressed subset font program of fs for the used
// glyphs, from the document's font cache when it has one.
func (b *builder) program(fs *fontState, used []fonts.GID) (embeddedProgram, error) {
	cache := b.d.fontCache
	var key fontCacheKey
	if cache != nil {
		key = fontCacheKey{face: fs.face, kind: kindProgram, glyphs: glyphKey(used)}
		if p, ok := cache.get(key); ok {
			return p, nil
		}
	}
	program, err := fs.face.Subset(used)
	if err != nil {
		return embeddedProgram{}, fmt.Errorf("pdfua: font %s: subsetting %d glyphs: %w", fs.label, len(used), err)
	}
	if len(program) == 0 {
		return embeddedProgram{}, fmt.Errorf("pdfua: font %s: subsetting returned no font program", fs.label)
	}
	p := embeddedProgram{data: b.compress(program), length: len(program), widths: widthsArray(used, fs.glyphWidth)}
	if cache != nil {
		cache.put(key, p)
	}
	return p, nil
}

// toUnicode returns the compressed ToUnicode CMap of fs for the used
// glyphs, from the document's font cache when it has one.
func (b *builder) toUnicode(fs *fontState, used []fonts.GID) []byte {
	cmap := toUnicodeCMap(used, fs.mapping)
	cache := b.d.fontCache
	if cache == nil {
		return b.compress(cmap)
	}
	key := fontCacheKey{face: fs.face, kind: kindCMap, glyphs: string(cmap)}
	if p, ok := cache.get(key); ok {
		return p.data
	}
	data := b.compress(cmap)
	cache.put(key, embeddedProgram{data: data, length: len(cmap)})
	return data
}

// fontObjects writes the Type0 font, its CIDFontType2 descendant, font
// descriptor, font program and ToUnicode CMap, and returns the Type0 ref.
func (b *builder) fontObjects(fs *fontState) (pdfobj.Ref, error) {
	used := fs.usedGlyphs()
	face := fs.face
	program, err := b.program(fs, used)
	if err != nil {
		return pdfobj.Ref{}, err
	}
	// Two faces with one PostScript name (a bundled face and an @font-face
	// copy, say) could get the same tag for the same glyph set; viewers
	// may then confuse them, so later ones get a salted tag.
	tagName := fs.label
	baseFont := pdfobj.Name(subsetTag(tagName, used) + "+" + fs.label)
	for n := 2; b.baseFonts[baseFont]; n++ {
		tagName = fs.label + "#" + itoa(n)
		baseFont = pdfobj.Name(subsetTag(tagName, used) + "+" + fs.label)
	}
	if b.baseFonts == nil {
		b.baseFonts = map[pdfobj.Name]bool{}
	}
	b.baseFonts[baseFont] = true
	m := face.Metrics()
	scale := func(v int) int64 { return int64(math.Round(float64(v) * 1000 / fs.upem)) }

	flags := 4 // symbolic: glyphs are addressed by CID, not a standard encoding
	if m.ItalicAngle != 0 {
		flags |= 64
	}
	capHeight := m.CapHeight
	if capHeight == 0 {
		capHeight = m.Ascent
	}
	stemV := m.StemV
	if stemV == 0 {
		stemV = int(fs.upem * 0.08)
	}
	var program2 pdfobj.Ref
	fileKey := "/FontFile2 "
	if face.IsCFF() {
		fileKey = "/FontFile3 "
		program2 = b.w.Add(&pdfobj.Stream{Dict: pdfobj.Dict{
			"Subtype": pdfobj.Name("OpenType"), "Filter": pdfobj.Name("FlateDecode"),
		}, Data: program.data})
	} else {
		program2 = b.w.Add(&pdfobj.Stream{Dict: pdfobj.Dict{
			"Length1": pdfobj.Int(program.length), "Filter": pdfobj.Name("FlateDecode"),
		}, Data: program.data})
	}

	// The descriptor, CID font and Type0 font dictionaries are written as
	// syntax, keys in the byte order pdfobj gives a Dict (the same bytes),
	// into one buffer: building them as Dicts boxed every value.
	buf := make([]byte, 0, 512+len(baseFont)*3)
	integer := func(key string, v int64) {
		buf = strconv.AppendInt(append(buf, key...), v, 10)
	}
	name := func(key string, v pdfobj.Name) {
		buf = pdfobj.AppendName(append(buf, key...), v)
	}
	ref := func(key string, r pdfobj.Ref) {
		buf = appendRef(append(buf, key...), r)
	}
	buf = append(buf, "<<"...)
	integer("/Ascent ", scale(m.Ascent))
	integer("/CapHeight ", scale(capHeight))
	integer("/Descent ", scale(m.Descent))
	integer("/Flags ", int64(flags))
	buf = append(buf, "/FontBBox ["...)
	for i, v := range m.BBox {
		if i > 0 {
			buf = append(buf, ' ')
		}
		buf = strconv.AppendInt(buf, scale(v), 10)
	}
	buf = append(buf, ']')
	ref(fileKey, program2)
	name("/FontName ", baseFont)
	buf = pdfobj.AppendReal(append(buf, "/ItalicAngle "...), m.ItalicAngle)
	integer("/StemV ", scale(stemV))
	buf = append(buf, "/Type /FontDescriptor>>"...)
	descEnd := len(buf)
	descRef := b.w.Alloc()
	b.w.SetRaw(descRef, buf[:descEnd:descEnd])

	cidSubtype := pdfobj.Name("CIDFontType2")
	if face.IsCFF() {
		cidSubtype = "CIDFontType0"
	}
	buf = append(buf, "<<"...)
	name("/BaseFont ", baseFont)
	buf = append(buf, "/CIDSystemInfo <</Ordering (Identity)/Registry (Adobe)/Supplement 0>>"...)
	if !face.IsCFF() {
		buf = append(buf, "/CIDToGIDMap /Identity"...)
	}
	buf = append(buf, "/DW 1000"...)
	ref("/FontDescriptor ", descRef)
	name("/Subtype ", cidSubtype)
	buf = append(buf, "/Type /Font/W "...)
	buf = pdfobj.AppendObject(buf, program.widths)
	buf = append(buf, ">>"...)
	cidEnd := len(buf)
	cidRef := b.w.Alloc()
	b.w.SetRaw(cidRef, buf[descEnd:cidEnd:cidEnd])

	toUni := b.w.Add(&pdfobj.Stream{Dict: b.flate, Data: b.toUnicode(fs, used)})

	buf = append(buf, "<<"...)
	name("/BaseFont ", baseFont)
	ref("/DescendantFonts [", cidRef)
	buf = append(buf, "]/Encoding /Identity-H/Subtype /Type0"...)
	ref("/ToUnicode ", toUni)
	buf = append(buf, "/Type /Font>>"...)
	fontRef := b.w.Alloc()
	b.w.SetRaw(fontRef, buf[cidEnd:])
	return fontRef, nil
}
