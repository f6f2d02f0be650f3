package layout

import (
	"github.com/seed28491532/folio/fonts"
	"github.com/seed28491532/folio/style"
)

// LineMetrics are a font's vertical metrics at a size, in points. Descent
// is positive (below the baseline).
type LineMetrics struct {
	Ascent, Descent, LineGap float64
	XHeight                  float64
	// UnderlinePos is the distance of the underline below the baseline;
	// UnderlineThickness its thickness.
	UnderlinePos, UnderlineThickness float64
}

// TextShaper is what layout needs from a font system: shaped runs and
// vertical metrics. FontShaper adapts a *fonts.Registry; tests use a fake.
type TextShaper interface {
	// Shape shapes text. The returned runs and their Glyphs slices belong
	// to the caller, which may modify them (layout reverses RTL runs and
	// adds letter- and word-spacing in place).
	Shape(text string, q fonts.Query, size float64, opts fonts.ShapeOptions) ([]fonts.Run, []fonts.Diagnostic)
	// Metrics returns the metrics of face at size, or of the face q
	// selects when face is nil.
	Metrics(face *fonts.Face, q fonts.Query, size float64) LineMetrics
}

// AppendShaper is an optional interface of a TextShaper: ShapeAppend is
// Shape with the runs appended to runs and the glyphs of all runs to buf
// (both grown as needed), which are returned extended; the runs' Glyphs
// alias buf. Layout checks for it and then shapes a paragraph's texts into
// a glyph buffer it reuses once the paragraph's lines are built (or, for
// a text it keeps, into a shared pointer-free block), and the runs into a
// slice it reuses as soon as it has read them, instead of new arrays per
// call.
type AppendShaper interface {
	ShapeAppend(runs []fonts.Run, buf []fonts.Glyph, text string, q fonts.Query, size float64, opts fonts.ShapeOptions) ([]fonts.Run, []fonts.Diagnostic, []fonts.Glyph)
}

// FontShaper is a TextShaper over a font registry.
type FontShaper struct{ Registry *fonts.Registry }

// Shape implements TextShaper.
func (s FontShaper) Shape(text string, q fonts.Query, size float64, opts fonts.ShapeOptions) ([]fonts.Run, []fonts.Diagnostic) {
	return s.Registry.Shape(text, q, size, opts)
}

// ShapeAppend implements AppendShaper.
func (s FontShaper) ShapeAppend(runs []fonts.Run, buf []fonts.Glyph, text string, q fonts.Query, size float64, opts fonts.ShapeOptions) ([]fonts.Run, []fonts.Diagnostic, []fonts.Glyph) {
	return s.Registry.ShapeAppendRuns(runs, buf, text, q, size, opts)
}

// Metrics implements TextShaper.
func (s FontShaper) Metrics(face *fonts.Face, q fonts.Query, size float64) LineMetrics {
	if face == nil {
		face = s.Registry.Match(q)
	}
	if face == nil {
		return defaultMetrics(size)
	}
	return scaleMetrics(face.Metrics(), size)
}

func scaleMetrics(m fonts.Metrics, size float64) LineMetrics {
	if m.UnitsPerEm <= 0 {
		return defaultMetrics(size)
	}
	k := size / float64(m.UnitsPerEm)
	lm := LineMetrics{
		Ascent:             float64(m.Ascent) * k,
		Descent:            -float64(m.Descent) * k,
		LineGap:            float64(m.LineGap) * k,
		XHeight:            float64(m.XHeight) * k,
		UnderlinePos:       -float64(m.UnderlinePosition) * k,
		UnderlineThickness: float64(m.UnderlineThickness) * k,
	}
	if lm.XHeight <= 0 {
		lm.XHeight = 0.5 * size
	}
	if lm.UnderlineThickness <= 0 {
		lm.UnderlineThickness = size / 14
	}
	if lm.UnderlinePos <= 0 {
		lm.UnderlinePos = size / 10
	}
	if lm.Ascent <= 0 {
		lm.Ascent = 0.8 * size
	}
	if lm.Descent < 0 {
		lm.Descent = -lm.Descent
	}
	return lm
}

func defaultMetrics(size float64) LineMetrics {
	return LineMetrics{Ascent: 0.8 * size, Descent: 0.2 * size, XHeight: 0.5 * size,
		UnderlinePos: 0.1 * size, UnderlineThickness: size / 14}
}

// query is the font query of a style.
func query(st *style.Style) fonts.Query {
	fam := st.FontFamily
	if len(fam) == 0 {
		fam = []string{"serif"}
	}
	q := fonts.Query{Families: fam, Weight: st.FontWeight, Style: fonts.Style(st.FontStyle),
		Stretch: st.FontStretch, Variations: st.FontVariationSettings,
		// (style's font-synthesis bits are in fonts.FontSynthesis's order)
		NoSynthesis: fonts.FontSynthesis(st.FontSynthesisNone)}
	if !st.FontOpticalSizingNone {
		q.OpticalSize = st.FontSize * 4 / 3 // CSS px
	}
	return q
}

// shapeOptions are the shaping options of text style st with OpenType
// features (textCache.features), the same for paragraphs and the margin
// boxes' fast path.
func shapeOptions(st *style.Style, features string) fonts.ShapeOptions {
	return fonts.ShapeOptions{Lang: st.Lang, NoLigatures: st.LetterSpacing != 0,
		Caps: st.FontVariant, Position: st.FontVariantPosition, Features: features}
}

// appendLineBreaks appends the UAX #14 break opportunities of text to
// dst, with a simple space-based fallback when the fonts package gives
// none.
func appendLineBreaks(dst []fonts.BreakOpportunity, text string) []fonts.BreakOpportunity {
	if b := fonts.AppendLineBreaks(dst, text); len(b) > len(dst) || text == "" {
		return b
	}
	out := dst
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case ' ', '\t':
			if i+1 < len(text) && text[i+1] != ' ' {
				out = append(out, fonts.BreakOpportunity{Offset: i + 1})
			}
		case '\n':
			out = append(out, fonts.BreakOpportunity{Offset: i + 1, Mandatory: true})
		}
	}
	return append(out, fonts.BreakOpportunity{Offset: len(text), Mandatory: true})
}
