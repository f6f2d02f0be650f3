// Package fonts finds, shapes and embeds fonts: a registry of bundled faces
// (Liberation Sans/Serif/Mono, DejaVu for glyph fallback), faces added at
// run time from @font-face, matching by CSS family list, weight and style,
// shaping through go-text/typesetting, line-break opportunities (UAX #14),
// bidi levels, and TrueType subsetting for embedding in PDF.
//
// # Registries and faces
//
// NewRegistry is cheap (a few hundred bytes): the bundled faces are built
// once per process and shared, each parsing its font program lazily on
// first use. Faces added with AddFace belong to one registry and shadow
// bundled families and aliases of the same name. System fonts (go-text's
// fontscan) are consulted only when Options.SystemFonts is set, so output
// is deterministic by default. Registries and faces are safe for
// concurrent use.
//
// Within a family a face is chosen by width (font-stretch), then style,
// then weight (CSS Fonts 4 §5.2; a face added with AddFaceWeights covers a
// weight range, one added with AddFaceDescriptors the ranges of its
// @font-face descriptors, auto ones those of its variation axes). When the
// family lacks the face asked for, the chosen face is a synthesised
// variant (Face.Synthesis), as browsers synthesise: bold for weights of
// 600 and more from a lighter face, oblique for italic or oblique from an
// upright one, unless Query.NoSynthesis (CSS font-synthesis) forbids it;
// it also governs synthesised small capitals and sub/superscripts. A variant shares its base face's parsed tables; the PDF
// writer draws it with the base's font program, filled and stroked
// and/or with a 14° skew.
//
// Family names are matched case-insensitively with quotes stripped. The
// CSS generic families map to Liberation (serif → Liberation Serif,
// sans-serif, cursive, fantasy and system-ui → Liberation Sans, monospace →
// Liberation Mono), as do common names Liberation is metric-compatible with
// or stands in for (Arial, Helvetica, Times New Roman, Georgia, Courier
// New, Verdana…).
//
// # Web fonts
//
// AddFace takes WOFF 1.0 (zlib tables) and WOFF2 (brotli, with the glyf,
// loca and hmtx transforms undone) as well as TrueType and OpenType, and
// decodes them to the sfnt program that is shaped and embedded. A web font
// may decode to at most MaxWebFontBytes, and to at most 1 MiB plus 64
// times its own size: a file that declares or decompresses to more is
// refused before the memory is allocated (ErrFontTooLarge).
//
// # Shaping
//
// Registry.Shape itemises text into runs of one face and script: each
// character goes to the first face of the query's family list that has
// it, then to DejaVu Sans, Serif and Mono; combining marks stay with their
// base. Characters no face covers are drawn with U+25A1 and reported as
// Diagnostics, so glyph 0 never reaches the PDF. Words are shaped with
// HarfBuzz (kerning, ligatures, mark positioning) and memoised per
// registry in font units, so repeated words cost a map look-up.
//
// Most Latin words need no shaping engine: when a word is printable
// Latin-1 and no substitution or positioning lookup of the face's default
// features can reach its glyphs except GPOS pair kerning, HarfBuzz's
// result is the cmap glyph and hmtx advance of each character plus that
// kerning. Such words take a shortcut (simple.go) that applies exactly
// this, without HarfBuzz: a word with no kerned pair is not even cached
// (looking its glyphs up is cheaper than a cache look-up), a kerned one is
// kerned once and cached. Which glyphs qualify is decided once per face,
// conservatively, from its GSUB, GPOS, GDEF and kern tables; the shortcut
// is tested glyph for glyph against HarfBuzz on every bundled face.
//
// What a registry caches, and so what a process that shares one registry
// across documents (the server) saves on every document after the first:
// the fallback chain of each font query (which also answers Match), and
// each shaped word per face, script, language, direction and ligature
// setting (up to 32,768 words, then the cache starts afresh) except the
// unkerned Latin-1 words of the shortcut. Per process, each parsed face
// keeps which of its Latin-1 glyphs the shortcut may take (immutable once
// computed). Cache hits
// take no lock: the tables are immutable maps published through atomic
// pointers, and new words are published in batches. Printable ASCII and
// Latin-1 text that the primary face covers skips itemisation. Shape
// returns a new glyph array per call; ShapeAppend appends to a buffer the
// caller reuses.
//
// # Variable fonts
//
// A TrueType variable font (fvar, gvar, HVAR) is instanced at the axis
// values a Query asks for (CSS Fonts 4 §7.1): wght follows Weight within
// the face's @font-face weight range (so, as in browsers, a face declared
// for one weight stays at it and may be synthesised bold; an installed
// font, which declares none, covers its wght axis), wdth follows
// Stretch, ital or slnt an italic or oblique Style (then nothing is
// synthesised), opsz Query.OpticalSize (font-optical-sizing: auto, the
// size in px), and Query.Variations (font-variation-settings) comes last.
// Each distinct instance is a Face of its own (up to 64 per variable face,
// then the default instance is used): it shapes with harfbuzz at its
// coordinates, reports its advances, and its Subset carries its own
// outlines (gvar applied, composites flattened, no hinting) and hmtx
// without the variation tables, under a PostScript name that says the
// coordinates ("Family-Regular_wght700"). CFF2 variable fonts are
// instanced alike; as PDF 1.7 has no CFF2, their Subset converts the
// outlines at the instance's coordinates to a CID-keyed CFF table.
//
// # Embedding
//
// Face.Subset keeps glyph ids (for an Identity CIDToGIDMap) and empties the
// outlines of unused glyphs; CFF-flavoured OpenType is returned whole for
// embedding as FontFile3 /OpenType, except CFF2, converted to CFF.
package fonts
