package pdfua

import (
	"math"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/seed28491532/folio/fonts"
	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// TextRun is a run of shaped glyphs drawn with one font at one size, as
// fonts.Registry.Shape returns them.
type TextRun struct {
	Font  Font
	Size  float64 // points
	Color Color
	// X, Y is the pen position of the first glyph on the baseline.
	X, Y float64
	// Text is the source text; Glyphs[i].Cluster indexes into it. A
	// cluster's text runs from its offset to the next larger cluster offset
	// of the run (or the end of Text). The writer maps each glyph to its
	// cluster's text in the font's ToUnicode CMap: a ligature maps to all of
	// its characters. When a glyph was already mapped to other text, the
	// cluster is wrapped in a /Span with /ActualText so extraction still
	// gives Text.
	Text   string
	Glyphs []fonts.Glyph
	// CharSpacing is added after every cluster and WordSpacing after every
	// space (U+0020, U+00A0) cluster, in points (CSS letter-spacing and
	// word-spacing).
	CharSpacing float64
	WordSpacing float64
	// Grow, when positive, grows the glyph outlines by that many points
	// all round (they are also stroked, twice as wide, in the text
	// colour): the bands of a blurred text shadow.
	Grow float64
	// Clip, instead of filling the glyphs, adds their outlines to the
	// clipping path (text rendering mode 7, ISO 32000-1 §9.3.6): what is
	// painted next shows through the text, which stays real text. The
	// mode and clip last until the caller restores the graphics state,
	// so the run must be shown inside Save and Restore.
	Clip bool
}

// Advance returns the run's total advance in points, spacing included.
func (r *TextRun) Advance() float64 {
	var a float64
	for i, g := range r.Glyphs {
		a += g.XAdvance
		if i+1 == len(r.Glyphs) || r.Glyphs[i+1].Cluster != g.Cluster {
			a += r.CharSpacing
			if isSpaceCluster(r.Text, int(g.Cluster), clusterEndAt(r, i)) {
				a += r.WordSpacing
			}
		}
	}
	return a
}

func isSpaceCluster(text string, start, end int) bool {
	if start < 0 || end > len(text) || start >= end {
		return false
	}
	s := text[start:end]
	return s == " " || s == "\u00A0"
}

// clusterEnds returns, for each glyph, the end offset of its cluster text.
func clusterEnds(r *TextRun, ends []int) []int {
	ends = ends[:0]
	n := len(r.Glyphs)
	monotonic := true
	for i := 1; i < n; i++ {
		if r.Glyphs[i].Cluster < r.Glyphs[i-1].Cluster {
			monotonic = false
			break
		}
	}
	if monotonic {
		end := len(r.Text)
		ends = append(ends, make([]int, n)...)
		for i := n - 1; i >= 0; i-- {
			if i+1 < n && r.Glyphs[i+1].Cluster != r.Glyphs[i].Cluster {
				end = int(r.Glyphs[i+1].Cluster)
			}
			ends[i] = end
		}
		return ends
	}
	offs := make([]int, 0, n)
	for _, g := range r.Glyphs {
		offs = append(offs, int(g.Cluster))
	}
	sort.Ints(offs)
	for _, g := range r.Glyphs {
		k := sort.SearchInts(offs, int(g.Cluster)+1)
		end := len(r.Text)
		if k < len(offs) {
			end = offs[k]
		}
		ends = append(ends, end)
	}
	return ends
}

func clusterEndAt(r *TextRun, i int) int {
	end := len(r.Text)
	c := int(r.Glyphs[i].Cluster)
	for _, g := range r.Glyphs {
		if gc := int(g.Cluster); gc > c && gc < end {
			end = gc
		}
	}
	return end
}

// splitCluster assigns the text of a cluster shaped into n glyphs: one
// glyph takes the whole text (ligatures); several glyphs take one
// character each and the last takes the rest. Glyphs beyond the number of
// characters get "" (mapped to U+200B, with ActualText on the cluster).
func splitCluster(text string, n int, out []string) []string {
	out = out[:0]
	if n == 1 {
		return append(out, text)
	}
	rest := text
	for i := 0; i < n; i++ {
		if i == n-1 || rest == "" {
			out = append(out, rest)
			rest = ""
			continue
		}
		_, size := decodeRune(rest)
		out = append(out, rest[:size])
		rest = rest[size:]
	}
	return out
}

// ShowText draws a shaped run. It must be inside marked content. Glyph 0
// (.notdef) is refused: PDF/UA forbids showing it, and the font layer
// falls back to another face instead. A run of font size 0 (CSS
// font-size: 0, used to hide white space) has nothing to draw and is
// skipped.
func (p *Page) ShowText(run TextRun) {
	if len(run.Glyphs) == 0 || run.Size == 0 {
		return
	}
	if !p.painting("text") {
		return
	}
	if run.Font == nil {
		p.doc.failf("page %d: text run %q has no font", p.index+1, clip(run.Text))
		return
	}
	// A synthesised face (fonts.Face.Synthesis) draws its base face's
	// glyphs, emboldened and/or slanted: one embedded font for both.
	var synth fonts.Synthesis
	if f, ok := run.Font.(*fonts.Face); ok && f.Synthesis() != 0 {
		synth, run.Font = f.Synthesis(), f.Unsynthesized()
	}
	if !(run.Size > 0) || math.IsInf(run.Size, 0) {
		p.doc.failf("page %d: text run %q has font size %g", p.index+1, clip(run.Text), run.Size)
		return
	}
	fs, err := p.doc.font(run.Font)
	if err != nil {
		p.doc.fail(err)
		return
	}
	if !finite(run.X, run.Y, run.CharSpacing, run.WordSpacing) {
		p.doc.failf("page %d: text run %q has a non-finite position or spacing", p.index+1, clip(run.Text))
		return
	}
	monotonic := true
	for i, g := range run.Glyphs {
		if i > 0 && g.Cluster < run.Glyphs[i-1].Cluster {
			monotonic = false
		}
		// v-v is 0 for every finite v and NaN otherwise; one test covers
		// the three values.
		if sum := g.XAdvance + g.XOffset + g.YOffset; sum-sum != 0 {
			p.doc.failf("page %d: text run %q: glyph %d has a non-finite advance or offset", p.index+1, clip(run.Text), i)
			return
		}
		// One unsigned comparison covers both ends of the text.
		if g.ID == 0 || uint(g.Cluster) > uint(len(run.Text)) {
			if g.ID == 0 {
				p.doc.failf("page %d: text run %q shows .notdef (glyph 0) of font %s", p.index+1, clip(run.Text), fs.label)
			} else {
				p.doc.failf("page %d: text run %q: glyph %d has cluster %d outside the text", p.index+1, clip(run.Text), i, g.Cluster)
			}
			return
		}
	}
	if run.Clip && p.depth == 0 {
		p.doc.failf("page %d: clipping text run %q shown outside Save and Restore", p.index+1, clip(run.Text))
		return
	}
	p.useFont(fs)
	bold := (synth&fonts.SynthBold != 0 || run.Grow > 0) && !run.Clip
	if bold {
		// Fill and stroke the outlines with the text colour; the saved
		// state is restored after ET so the stroke settings do not leak.
		p.Save()
		p.ts.strokeKnown = false // until the Restore below
		p.color(run.Color, "RG")
		w := 0.0
		if synth&fonts.SynthBold != 0 {
			w = fakeBoldWidth(run.Size)
		}
		if run.Grow > 0 && !math.IsInf(run.Grow, 0) {
			w += 2 * run.Grow
			p.op("1 j") // round joins: no miter spikes on grown corners
		}
		p.num(w)
		p.op("w 2 Tr")
	}
	p.op("BT")
	if run.Clip {
		p.op("7 Tr")
	}
	// Font and fill color belong to the graphics state and outlive ET, so
	// they are written only when they change.
	if p.ts.font != fs || p.ts.size != run.Size {
		p.setContent(pdfobj.AppendName(p.content, fs.name))
		p.setContent(append(p.content, ' '))
		p.num(run.Size)
		p.op("Tf")
		p.ts.font, p.ts.size = fs, run.Size
	}
	p.setFill(run.Color)
	if synth&fonts.SynthOblique != 0 {
		p.setContent(append(p.content, "1 0 "...))
		p.num(obliqueSkew)
		p.setContent(append(p.content, "1 "...))
	} else {
		p.setContent(append(p.content, "1 0 0 1 "...))
	}
	p.num(run.X)
	p.num(run.Y)
	p.op("Tm")

	// The glyphs are written through w, which holds the content buffer
	// until close.
	w := textWriter{buf: p.content, fs: fs, scale: run.Size / 1000, inv: 1000 / run.Size}
	d := p.doc
	var ends []int
	if !monotonic {
		d.ends = clusterEnds(&run, d.ends)
		ends = d.ends
	}
	pen := 0.0
	for i := 0; i < len(run.Glyphs); {
		c := int(run.Glyphs[i].Cluster)
		j := i + 1
		for j < len(run.Glyphs) && int(run.Glyphs[j].Cluster) == c {
			j++
		}
		// A cluster's text ends at the next larger cluster offset: in
		// logical order that is the next group's.
		end := len(run.Text)
		switch {
		case ends != nil:
			end = ends[i]
		case j < len(run.Glyphs):
			end = int(run.Glyphs[j].Cluster)
		}
		text := run.Text[c:end]
		var exact bool
		if j == i+1 {
			// The common case: one glyph for the whole cluster.
			// A glyph with a mapping has been marked used already.
			g := run.Glyphs[i].ID
			m := fs.mapping(g)
			if m == "" {
				m = cleanMapping(text)
				fs.setMapping(g, m)
				fs.use(g)
			}
			// Most clusters are one byte: compare it without a call.
			exact = len(m) == len(text) && (len(m) == 1 && m[0] == text[0] || m == text)
		} else {
			d.parts = splitCluster(text, j-i, d.parts)
			var got strings.Builder
			for k := i; k < j; k++ {
				g := run.Glyphs[k].ID
				m := fs.mapping(g)
				if m == "" {
					m = cleanMapping(d.parts[k-i])
					fs.setMapping(g, m)
					fs.use(g)
				}
				got.WriteString(m)
			}
			exact = got.String() == text
		}
		if !exact {
			w.actualText(text)
		}
		for k := i; k < j; k++ {
			g := &run.Glyphs[k]
			x := pen + g.XOffset
			pen += g.XAdvance
			// The common case, written here rather than in a method so
			// that the loop's values stay in registers: a glyph whose
			// code needs no escape and whose width is known, continuing
			// the open string where the previous glyph left the pen.
			if w.inStr && g.YOffset == w.rise {
				if width := fs.plainWidth(g.ID); known(width) {
					id := g.ID
					if adj := (w.cur - x) * w.inv; adj < adjustThreshold && adj > -adjustThreshold {
						w.buf = append(w.buf, byte(id>>8), byte(id))
						w.cur += width * w.scale
						continue
					}
				}
			}
			w.glyph(g.ID, x, g.YOffset)
		}
		pen += run.CharSpacing
		if run.WordSpacing != 0 && isSpaceCluster(run.Text, c, end) {
			pen += run.WordSpacing
		}
		if !exact {
			w.endActualText()
		}
		i = j
	}
	w.close()
	if w.rise != 0 {
		w.buf = append(w.buf, "0 Ts\n"...)
	}
	p.setContent(w.buf)
	p.op("ET")
	if bold {
		p.Restore()
	}
	if p.mark == markTagged {
		k := run.Size / fs.upem
		p.painted(run.X, run.Y+fs.descent*k, run.X+pen, run.Y+fs.ascent*k)
	}
}

// obliqueSkew is the text matrix's c entry that slants synthesised oblique
// text by fonts.SynthObliqueAngle (14) degrees: tan(14°).
const obliqueSkew = 0.2493280028431807

// fakeBoldWidth is the stroke width that emboldens text of size points, as
// Skia (Chromium) does: 1/24 of the size up to 9 pt, 1/32 from 36 pt,
// interpolated between; filling and stroking widen each stem by it.
func fakeBoldWidth(size float64) float64 {
	t := min(max((size-9)/(36-9), 0), 1)
	return size * (1.0/24 + t*(1.0/32-1.0/24))
}

// useFont adds fs to the page's font resources.
func (p *Page) useFont(fs *fontState) {
	for _, f := range p.fonts {
		if f == fs {
			return
		}
	}
	p.fonts = append(p.fonts, fs)
}

// textWriter emits TJ arrays with the positioning adjustments that put
// each glyph where the shaper placed it. It appends to buf, the page's
// content, which ShowText takes back when the run is done.
type textWriter struct {
	buf   []byte
	fs    *fontState
	scale float64 // size / 1000: text space units per glyph-space unit
	inv   float64 // 1000 / size
	cur   float64 // current horizontal text position, points from run.X
	rise  float64
	open  bool // inside a TJ array
	inStr bool // inside a string of glyph codes
}

// adjustThreshold is the smallest TJ adjustment written, in 1/1000 em;
// smaller differences (rounding noise) are carried until they add up.
const adjustThreshold = 0.5

// glyph shows glyph g with its origin at x, y (points from the run's
// origin): it sets the rise, opens the TJ array and string as needed,
// writes a positioning adjustment when the pen is not where the glyph
// goes and escapes the code when it must. ShowText handles the common
// case, a plain glyph continuing the open string, in line.
func (w *textWriter) glyph(g fonts.GID, x, y float64) {
	if y != w.rise {
		w.close()
		w.buf = pdfobj.AppendReal(w.buf, y)
		w.buf = append(w.buf, " Ts\n"...)
		w.rise = y
	}
	if !w.open {
		w.buf = append(w.buf, '[')
		w.open = true
	}
	adj := (w.cur - x) * w.inv
	if adj >= adjustThreshold || adj <= -adjustThreshold {
		adj = math.Round(adj*100) / 100
		if w.inStr {
			w.buf = append(w.buf, ')')
			w.inStr = false
		}
		w.buf = pdfobj.AppendReal(w.buf, adj)
		w.cur -= adj * w.scale
	}
	if !w.inStr {
		w.buf = append(w.buf, '(')
		w.inStr = true
	}
	if hi, lo := byte(g>>8), byte(g); plainByte(hi) && plainByte(lo) {
		w.buf = append(w.buf, hi, lo)
	} else {
		w.buf = appendCode(w.buf, uint16(g))
	}
	w.cur += w.fs.glyphWidth(g) * w.scale
}

func (w *textWriter) close() {
	if w.inStr {
		w.buf = append(w.buf, ')')
		w.inStr = false
	}
	if w.open {
		w.buf = append(w.buf, "] TJ\n"...)
		w.open = false
	}
}

func (w *textWriter) actualText(s string) {
	w.close()
	w.buf = append(w.buf, "/Span <</ActualText "...)
	w.buf = pdfobj.AppendObject(w.buf, pdfobj.HexString(pdfobj.TextString(s)))
	w.buf = append(w.buf, ">> BDC\n"...)
}

func (w *textWriter) endActualText() {
	w.close()
	w.buf = append(w.buf, "EMC\n"...)
}

// plainByte reports whether c needs no escape in a literal string.
func plainByte(c byte) bool { return c != '(' && c != ')' && c != '\\' && c != '\r' }

// appendCode appends a two-byte glyph code inside a literal string. The
// bytes are written raw (half the size of hex) except those a literal
// string must escape: parentheses, backslash, and carriage return, which
// readers would turn into a line feed.
func appendCode(buf []byte, code uint16) []byte {
	for _, c := range [2]byte{byte(code >> 8), byte(code)} {
		switch c {
		case '(', ')', '\\':
			buf = append(buf, '\\', c)
		case '\r':
			buf = append(buf, '\\', 'r')
		default:
			buf = append(buf, c)
		}
	}
	return buf
}

// clip shortens s for error messages, on a character boundary.
func clip(s string) string {
	if len(s) <= 40 {
		return s
	}
	n := 37
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// finite reports whether all values are finite numbers.
func finite(vs ...float64) bool {
	for _, v := range vs {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}

// ShowTextUnread draws a shaped run that repeats text shown elsewhere
// (a text-shadow copy): the run is wrapped in a /Span with an empty
// /ActualText, so text extraction reads nothing for it and the text once.
// It must be inside an artifact.
func (p *Page) ShowTextUnread(run TextRun) {
	if p.doc.err != nil || len(run.Glyphs) == 0 || run.Size == 0 || !p.open("ShowTextUnread") {
		return
	}
	if p.mark != markArtifact {
		p.doc.failf("page %d: repeated text %q outside an artifact", p.index+1, clip(run.Text))
		return
	}
	p.op("/Span <</ActualText ()>> BDC")
	p.ShowText(run)
	p.op("EMC")
}
