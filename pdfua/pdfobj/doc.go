// Package pdfobj is folio's PDF object model: the value types of ISO 32000
// (null, booleans, numbers, strings, names, arrays, dictionaries, streams and
// indirect references), a deterministic serialiser that writes them with the
// escaping the standard requires, a file writer with a cross-reference table,
// and a reader for existing files that the PDF audit and the tests use.
//
// The package knows nothing about tagging or accessibility; package pdfua
// builds tagged documents on top of it and package audit/ua checks them
// through the reader.
package pdfobj
