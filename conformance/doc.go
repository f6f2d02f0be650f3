// Package conformance is folio's conformance suite. It has no API: its
// tests convert a corpus of HTML documents (testdata/corpus) and check the
// PDFs from outside — the PDF/UA audit of package audit/ua, the HTML audit,
// text extraction with pdftotext in document order, the structure tree as
// pdfinfo -struct-text prints it, qpdf --check, page sizes and counts, and
// byte-for-byte determinism. It also holds the hostile-input tests, the
// Convert fuzz target and the conversion and audit benchmarks.
//
// The external tools (pdftotext, pdfinfo from poppler-utils, and qpdf) must
// be on PATH; scripts/test.sh installs them. Tests that need them fail with
// a message naming the tool when it is missing. Golden files are rewritten
// with
//
//	go test ./conformance -update
package conformance
