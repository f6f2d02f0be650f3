// Package pdfobj is folio's PDF object model: the value types of ISO 32000
// (null, booleans, numbers, strings, names, arrays, dictionaries, streams and
// indirect references), a deterministic serialiser that writes them with the
// escaping the standard requires, a file writer with a cross-reference table,
// and a reader for existing files that the PDF audit and the tests use.
//
// The reader (Open) parses classic cross-reference tables and
// cross-reference streams with their /Prev chains (the newest definition
// of an object wins), object streams, and rebuilds broken cross-reference
// data by scanning for "n g obj". Objects are read lazily and cached;
// Resolve follows references with loop detection. DecodeStream applies the
// Flate, LZW, ASCIIHex, ASCII85 and RunLength filters with PNG and TIFF
// predictors and passes image codecs (DCT, JPX, CCITT, JBIG2) through.
// ContentParser tokenizes content streams (operands, operators, inline
// images). Pages walks the page tree with inherited attributes, and
// NumberTree/NameTree read the two tree structures. The reader is built
// for hostile input: nesting depth, decoded size (256 MiB by default),
// /Prev chains and reference chains are bounded, and nothing panics.
//
// The package knows nothing about tagging or accessibility; package pdfua
// builds tagged documents on top of it and package audit/ua checks them
// through the reader.
package pdfobj
