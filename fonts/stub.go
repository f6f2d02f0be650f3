package fonts

// STUB: this file holds the exported signatures other packages build
// against; the fonts implementation replaces every body (and this comment).

// Face is one loaded font face. It is safe for concurrent use.
type Face struct{}

// Family returns the family name the face was registered under.
func (f *Face) Family() string { return "" }

// PostScriptName returns the face's PostScript name (never empty), used as
// the PDF /BaseFont.
func (f *Face) PostScriptName() string { return "" }

// Weight returns the CSS weight of the face.
func (f *Face) Weight() int { return 400 }

// Style returns the CSS style of the face.
func (f *Face) Style() Style { return StyleNormal }

// Metrics returns the face's metrics in font units.
func (f *Face) Metrics() Metrics { return Metrics{} }

// Advance returns the horizontal advance of glyph g in font units.
func (f *Face) Advance(g GID) int { return 0 }

// HasRune reports whether the face maps r to a glyph.
func (f *Face) HasRune(r rune) bool { return false }

// IsCFF reports whether the face is CFF-flavoured OpenType, which PDF
// embeds as FontFile3 /OpenType rather than FontFile2.
func (f *Face) IsCFF() bool { return false }

// Subset returns a font program that keeps glyph ids unchanged but carries
// outlines only for the used glyphs (and glyph 0 and composite components).
func (f *Face) Subset(used []GID) ([]byte, error) { return nil, nil }

// Data returns the original font program bytes.
func (f *Face) Data() []byte { return nil }

// Registry holds the faces available to a render. It is safe for concurrent
// use once built.
type Registry struct{}

// NewRegistry returns a registry with the bundled faces.
func NewRegistry(opts Options) *Registry { return &Registry{} }

// AddFace registers a face from TrueType/OpenType bytes, e.g. from
// @font-face. It fails, naming the family, when the bytes do not parse.
func (r *Registry) AddFace(family string, weight int, style Style, data []byte) error {
	return nil
}

// Match returns the best face for q following CSS Fonts 3 §5; it never
// returns nil (the default sans-serif face is the last resort).
func (r *Registry) Match(q Query) *Face { return nil }

// Shape shapes text with the faces q selects at size points, falling back
// per cluster over q.Families and then the bundled fallback faces.
func (r *Registry) Shape(text string, q Query, size float64, opts ShapeOptions) ([]Run, []Diagnostic) {
	return nil, nil
}

// LineBreaks returns the line-break opportunities of text (UAX #14).
func LineBreaks(text string) []BreakOpportunity { return nil }

// BidiLevels returns the embedding level of each byte of text (levels of
// continuation bytes repeat their rune's level) for base direction base.
func BidiLevels(text string, base Direction) []uint8 { return nil }
