package fonts

// This file is the contract between fonts and its users (layout, pdfua).
// Signatures here are relied on by other packages; change them only with
// care and update every caller.

// GID is a glyph index in a font.
type GID uint16

// Style is the CSS font-style of a face.
type Style uint8

// Font styles.
const (
	StyleNormal Style = iota
	StyleItalic
	StyleOblique
)

// Synthesis is what a renderer must add to a face to stand in for one a
// family lacks, as browsers do (CSS Fonts 4 §5.2, font-synthesis):
// emboldening the outlines (filling and stroking them) and slanting them.
type Synthesis uint8

// Synthesis flags.
const (
	SynthBold Synthesis = 1 << iota
	SynthOblique
)

// SynthObliqueAngle is the slant of synthesised oblique text, in degrees
// clockwise from vertical: CSS's default oblique angle.
const SynthObliqueAngle = 14

// Query describes the font CSS asks for.
type Query struct {
	// Families is the CSS font-family list in order, generic names
	// (serif, sans-serif, monospace, cursive, fantasy, system-ui) included.
	Families []string
	// Weight is the CSS numeric weight, 100–900 (400 normal, 700 bold).
	Weight int
	// Style is normal, italic or oblique.
	Style Style
	// Stretch is the CSS font-stretch as a percentage (0 means 100,
	// normal). With Weight and Style it sets the wdth, wght, ital and
	// slnt axes of a variable face (CSS Fonts 4 §7.1).
	Stretch float64
	// Variations are the CSS font-variation-settings, "tag=value" items
	// joined by commas ("wght=650,wdth=80"), applied after the axes the
	// other fields set.
	Variations string
	// OpticalSize, when positive, is the font size in CSS px that sets
	// the opsz axis (CSS font-optical-sizing: auto); 0 leaves it.
	OpticalSize float64
	// NoSynthesis is what CSS font-synthesis forbids synthesising (0:
	// everything allowed, font-synthesis: weight style small-caps
	// position).
	NoSynthesis FontSynthesis
}

// FontSynthesis is a set of the kinds of synthesis CSS font-synthesis
// controls (CSS Fonts 4 §3.8).
type FontSynthesis uint8

// FontSynthesis flags: bold, oblique, small capitals, and subscripts and
// superscripts (font-synthesis-weight, -style, -small-caps, -position).
const (
	SynthesisWeight FontSynthesis = 1 << iota
	SynthesisStyle
	SynthesisSmallCaps
	SynthesisPosition
)

// Metrics are a face's vertical metrics in font units (see UnitsPerEm).
// Descent is negative below the baseline, as in the OS/2 and hhea tables.
type Metrics struct {
	UnitsPerEm  int
	Ascent      int
	Descent     int
	LineGap     int
	CapHeight   int
	XHeight     int
	ItalicAngle float64
	// BBox is the font bounding box: xMin, yMin, xMax, yMax.
	BBox [4]int
	// UnderlinePosition and UnderlineThickness come from the post table.
	UnderlinePosition  int
	UnderlineThickness int
	// StemV is an estimate of the dominant vertical stem width, for the PDF
	// font descriptor.
	StemV int
}

// Direction is a text direction.
type Direction uint8

// Directions.
const (
	LTR Direction = iota
	RTL
)

// Glyph is one shaped glyph. Advances and offsets are in points at the
// run's size; YOffset is positive upwards. Cluster is the byte offset in
// Run.Text (not in the whole shaped string) of the first character of the
// cluster this glyph belongs to; all glyphs of one cluster share it and the
// cluster's text runs to the next larger cluster offset in the run (or the
// end of Run.Text). A ligature such as "ffi" is one glyph whose cluster
// covers all its characters. Characters that draw nothing (soft hyphen,
// joiners, bidi controls, line feed, carriage return) have no glyph of their own:
// their bytes fall inside the logically preceding cluster's text (or, at
// the start of a run, before the first cluster), so a ToUnicode map built
// from clusters should drop default-ignorable characters. A character no
// face covers, and any other control character, is drawn with a visible
// replacement glyph whose cluster is that character. ID is never 0
// (.notdef).
//
// Cluster is an int32 (texts are far shorter than 2 GiB) next to ID so that
// a glyph takes 32 bytes, not 40: lines and shaped runs hold one a
// character.
type Glyph struct {
	ID       GID
	Cluster  int32
	XAdvance float64
	XOffset  float64
	YOffset  float64
}

// Run is a sequence of glyphs shaped with one face at one size.
type Run struct {
	Face *Face
	Size float64 // font size in points
	// Text is the substring of the shaped text this run covers; the runs
	// Shape returns are in logical order and their Texts concatenate to the
	// input. Glyph.Cluster indexes into Text.
	Text string
	// Glyphs are in visual order: for an RTL run clusters decrease.
	Glyphs    []Glyph
	Direction Direction
	// Advance is the sum of the glyph advances in points.
	Advance float64
}

// ShapeOptions tune shaping.
type ShapeOptions struct {
	// Lang is a BCP 47 tag; it picks language-specific glyph forms.
	Lang string
	// Direction of the text; bidi reordering is the caller's job, this only
	// tells the shaper which way the run goes.
	Direction Direction
	// NoLigatures disables standard ligatures (e.g. for letter-spacing).
	NoLigatures bool
	// SmallCaps synthesises small capitals (CSS font-variant: small-caps):
	// lower-case letters are drawn as capitals at 0.7 of the size, in runs
	// of their own whose Size says so; Run.Text and the clusters stay the
	// source text.
	SmallCaps bool
	// AllSmallCaps, with SmallCaps, makes capitals small capitals too
	// (CSS all-small-caps: c2sc with smcp, or synthesised alike).
	AllSmallCaps bool
	// Features are OpenType features to apply on top of the defaults,
	// "tag=value" items joined by commas ("liga=0,tnum=1"; the later item
	// of a tag wins), as CSS font-feature-settings, font-variant-* and
	// font-kerning ask for. With SmallCaps, a face that has smcp gets it
	// instead of synthesised small capitals.
	Features string
	// Caps is the CSS font-variant-caps ("" or "normal" for none):
	// small-caps and all-small-caps as SmallCaps and AllSmallCaps;
	// petite-caps, all-petite-caps, unicase and titling-caps with the
	// face's pcap, c2pc, unic or titl feature, else synthesised as CSS
	// Fonts 4 §6.6 says (petite as small capitals, unicase as capitals at
	// the small-caps size, titling not at all).
	Caps string
	// Position is the CSS font-variant-position, "sub" or "super" (""
	// for normal): the face's subs or sups feature when it has a variant
	// for every character, else synthesised: smaller (Run.Size), moved
	// down or up through Glyph.YOffset.
	Position string

	// capitalsOnly, with SmallCaps, makes capitals small capitals and
	// leaves lower-case letters (the synthesis of unicase).
	capitalsOnly bool
}

// BreakOpportunity is a place where a line may (or must) break: before the
// byte at Offset in the text.
type BreakOpportunity struct {
	Offset    int
	Mandatory bool
}

// Diagnostic reports a problem met while shaping or loading fonts, such as
// a character that no available face covers.
type Diagnostic struct {
	Message string
	// Rune is the character concerned, or 0.
	Rune rune
}

// Options configure a Registry.
type Options struct {
	// SystemFonts enables the installed system fonts (found through
	// go-text's fontscan, which reads the fontconfig directories): by
	// family name, and as fallback for characters the bundled faces lack.
	// Off by default so output is deterministic.
	SystemFonts bool
	// FontDirs are directories whose font files (.ttf, .otf, .woff,
	// .woff2, searched recursively, within limits) are used like system
	// fonts: by family name (before system fonts) and as fallback.
	FontDirs []string
}
