// Package pdfua writes tagged PDF that conforms to PDF/UA-1 (ISO 14289-1):
// every painted item is either real content owned by a structure element
// through a marked-content identifier (MCID) or an artifact, fonts are
// embedded as Type0/CIDFontType2 subsets with exact /W widths and a
// ToUnicode CMap, and the catalog carries /Lang, /MarkInfo, /StructTreeRoot,
// /ViewerPreferences /DisplayDocTitle and XMP metadata with pdfuaid:part 1.
//
// The package is driven by the layout glue (package render) but knows
// nothing about layout. A document is built in four kinds of calls:
//
//   - metadata: New(Info{Title, Lang, …}); Title and Lang are required;
//   - structure: Document.Root returns the Document element, and
//     StructElem.Add appends children in reading order (standard types, or
//     custom ones mapped with Document.RoleMap). Attributes (Alt,
//     ActualText, Lang, E, ID, Title, Table scope/headers/spans, list
//     numbering, layout BBox) are fields of StructElem;
//   - content: Document.AddPage returns a Page whose builder paints text
//     runs (shaped glyphs from package fonts), paths, clips, images,
//     axial and radial shadings (DrawShading, with per-stop alpha as a
//     soft mask) and tiling patterns of an image or shading (FillTiled)
//     inside marked-content sequences: Page.BeginTagged(elem) … Page.End
//     for real content, Page.BeginArtifact … Page.End for artifacts. One
//     element can own sequences on several pages, so a paragraph or table
//     split over pages stays one element;
//   - navigation: Page.AddLink (URI or named destination, each rectangle
//     one annotation with an OBJR in the Link element),
//     Document.AddDestination and Document.AddOutline.
//
// Coordinates are PDF user space: points, origin bottom-left.
//
// Text runs are written as TJ arrays whose adjustments put every glyph
// where the shaper placed it (kerning, offsets, letter and word spacing).
// Each glyph's Unicode text for the ToUnicode CMap comes from its cluster:
// a ligature maps to all of its characters. When a glyph already maps to
// other text, the cluster is wrapped in a /Span with /ActualText so text
// extraction is still exact. See Example for a complete document.
//
// Misuse never produces a broken file. The first error (tagged content
// inside an artifact or the reverse, painting outside marked content, an
// image that does not decode or exceeds MaxImagePixels, .notdef glyphs…) is
// recorded, later building calls are ignored, and Document.Err and
// Document.Write return it. Write also checks what can only be checked on
// the whole document, following the veraPDF PDF/UA-1 rules: a title and a
// valid language (5, 7.1-9, 7.2-29), role-mapped custom types and no
// remapped standard types (7.1-5/6/7), Figure and Formula alternate text
// (7.3-1, 7.7-1), unique non-empty Note IDs (7.9), heading levels that
// start at H1 and deepen one step at a time, no H mixed with H1–H6
// (7.4), the parent/child rules of tables, lists and TOCs (7.2-3…40),
// regular table grids and header association (7.2-15/41/42/43, 7.5),
// link annotations owned by Link elements with known destinations
// (7.18.5), balanced Save/Restore and closed sequences.
//
// Structure elements without any kids are written without /K rather than
// dropped: PDF/UA allows empty elements, and tables need empty TD cells to
// stay regular. A Figure's layout BBox is recommended, not required; with
// Document.SetAutoBBox, Figure, Formula and Table elements without one get
// the bounds of their painted content.
//
// Every page gets /Tabs /S and a /StructParents key; link annotations get
// the following keys. Fonts are embedded once per face as Type0 fonts
// over CIDFontType2 (or CIDFontType0 with FontFile3 /OpenType for CFF
// faces) with Identity-H encoding, CIDToGIDMap /Identity, a six-letter
// subset tag derived from the glyph set, /W from the face's advances and
// no CIDSet. Images are written once however often they are drawn.
//
// With Info.PDFA the file is also PDF/A-2 or -3 (level a, b or u): an
// sRGB output intent with a profile generated here (SRGBProfile), the
// pdfaid identification and the extension schema declaring pdfuaid in
// XMP. Document.Attach embeds files as file specifications with /F, /UF,
// /Desc and /AFRelationship in the /EmbeddedFiles name tree, listed in
// the catalog's /AF; Info.FacturX declares a Factur-X invoice among them.
//
// Output is deterministic: the same calls with the same Info (including
// Info.Now and Info.DocumentID) give identical bytes.
//
// Streams are Flate-compressed with github.com/klauspost/compress (its
// stateless deflate in a zlib frame for content, fonts and CMaps). A
// page's content is compressed in the background once the next page is
// added (and again by Write only if it was drawn on later), and a
// document of thousands of structure elements checks its structure on
// another goroutine while Write builds the file. Processes
// that write many documents with the same faces share a FontCache
// (Document.SetFontCache) so that the subset font programs and ToUnicode
// CMaps of a glyph set are built and compressed once; the output is the
// same with or without it.
//
// A long document can be written while it is built (Document.StreamTo):
// objects are then numbered as they are made, each finished page's
// content goes out when the next page is finished, and each subtree of
// the structure tree sealed with StructElem.Seal is checked and written
// at once, the document keeping its number (and type) only. Write then
// adds what is left: pages, fonts, annotations, the ParentTree and the
// rest. The file says the same as without StreamTo, its objects in
// another order.
package pdfua
