// Package fonts finds, shapes and embeds fonts: a registry of bundled faces
// (Liberation Sans/Serif/Mono, DejaVu for glyph fallback), faces added at
// run time from @font-face, matching by CSS family list, weight and style,
// shaping through go-text/typesetting, line-break opportunities (UAX #14),
// bidi levels, and TrueType subsetting for embedding in PDF.
package fonts
