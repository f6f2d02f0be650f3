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
//     runs (shaped glyphs from package fonts), paths, clips and images
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
// Misuse never produces a broken file. The first error (tagged content
// inside an artifact or the reverse, painting outside marked content, an
// image that does not decode or exceeds MaxImagePixels, .notdef glyphs…) is
// recorded, later building calls are ignored, and Document.Err and
// Document.Write return it. Write also checks what can only be checked on
// the whole document: a title and a valid language, Figure and Formula
// alternate text, Note IDs, heading levels, role-mapped custom types,
// known link destinations, balanced Save/Restore and closed sequences.
//
// Structure elements without any kids are written without /K rather than
// dropped (PDF/UA allows empty elements, and tables need empty TD cells to
// stay regular).
//
// Output is deterministic: the same calls with the same Info (including
// Info.Now and Info.DocumentID) give identical bytes.
package pdfua
