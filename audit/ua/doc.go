// Package ua checks PDF files against PDF/UA-1 (ISO 14289-1) the way
// veraPDF's PDF/UA-1 profile does, reading the file only through the
// pdfobj reader: file header and catalog, XMP identification and title,
// natural language, role mapping, the structure tree (tables, lists,
// headings, TOC, figures, formulas, notes, forms), real content versus
// artifacts in every page and form XObject content stream, annotations,
// optional content, embedded files, encryption (files of the standard
// security handler with an empty user password — RC4 40–128, AES-128,
// AES-256 — are decrypted and audited in full; the accessibility
// permission, /P bit 10, is checked) and fonts (embedding,
// CMaps, ToUnicode coverage, .notdef, widths against the font program).
//
// Rule ids are "pdfua-" followed by veraPDF's clause-test id, e.g.
// "pdfua-7.1-3"; each finding carries the ISO 14289-1 clause and the
// Matterhorn Protocol failure conditions it corresponds to, the page and
// object it concerns, the structure path when it is about an element, and
// a repair hint.
//
// With Options.SpecRules (on in folio.AuditPDF, the validator of finished
// PDFs) it also checks the service's conformance rules 3–5 on the tag
// tree, ids "spec-…": exactly one H1 (spec-3-one-h1), Figure alternate
// texts that describe something rather than folio's "Image" placeholder,
// a generic word or a file name (spec-4-figure-alt), a Caption in every
// Table (spec-5-table-caption), and a /Scope on every TH or an /ID that
// cells name in /Headers (spec-5-th-scope). A PDF can conform to PDF/UA-1
// and fail these: its headings, figures and tables are tagged, but the
// document's content breaks the rules. It also checks that real text
// (not an artifact) can be seen: text in render mode 3 without
// /ActualText, or in mode 7 (a clip only) with nothing painted through
// it (needs review, ids folio-visibility-…), outside the crop
// box, cut away whole by its clipping path (W, W*, a form's /BBox, or
// text shown in render modes 4–7),
// covered whole by a later opaque rectangle or image, or under
// 1.1:1 contrast with the rectangle or white page under it (warnings),
// each with the page and its position in points. Hostile input (truncated, encrypted, damaged, huge) gives
// findings or a clear error in bounded time and memory, never a panic.
package ua
