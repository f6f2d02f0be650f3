package server

import "strings"

// The memory cost model of admission (see memBudget): a request is
// estimated to need
//
//	RenderBaseBytes + RenderBytesPerByte × HTML bytes + assetExpansion × other bytes
//
// while it renders (RenderBaseBytes + pdfExpansion × PDF bytes to audit
// or inspect a PDF). The coefficients were calibrated by the peak heap of
// renders measured with a tight collector (GOGC 10), printed by
//
//	FOLIO_CALIBRATE=1 go test ./server -run TestCalibrateCostModel -v
//
// which gave, on folio 0.1 before streaming pages (#24):
//
//	document               HTML bytes  pages  peak heap  bytes per HTML byte
//	one paragraph                  53      1     1.8 MB
//	invoice template            10819      1     3.8 MB        369
//	12-page report template     38665     13     2.6 MB         72
//	text and tables, 10 pp      13808      7     2.1 MB        160
//	text and tables, 200 pp    272878    121    36.2 MB        139
//	text and tables, 1000 pp  1364078    601   176.7 MB        136
//
// so a render holds about 2 MiB whatever its size (fonts' working sets,
// the PDF writer) plus about 140 bytes for each byte of HTML (boxes,
// fragments, display lists). The model errs high for documents heavy
// in markup and low only for tiny documents with large images; a
// deployment whose documents differ can recalibrate the two numbers
// (Config.RenderBaseBytes, Config.RenderBytesPerByte; `folio serve`
// --render-base-bytes and --render-bytes-per-byte).
const (
	DefaultRenderBaseBytes    = 2 << 20
	DefaultRenderBytesPerByte = 140
	// templateExpansion is how many bytes of HTML a byte of template data
	// is assumed to give before the template has run (the invoice
	// sample's 2 KB of data give 10.8 KB of HTML; the report's data give
	// 1.3 times their size). The estimate is corrected from the HTML
	// itself once the template has rendered.
	templateExpansion = 6
	// assetExpansion is the memory assumed for each byte of a multipart
	// asset or attachment: compressed images decode to several times
	// their size.
	assetExpansion = 8
	// pdfExpansion is the memory assumed for each byte of a PDF that is
	// audited or inspected: the same calibration measured 8 to 19 bytes
	// a byte (the audit and pdfinfo of the text-and-tables PDFs of 94 KB
	// to 6.4 MB), as content streams are inflated and parsed.
	pdfExpansion = 20
)

// costModel estimates the memory of a request from its size.
type costModel struct {
	base, perByte int64
}

// admission is the estimate before the body is read, from its length n
// and media type alone: a PDF body is audited or inspected, any other
// byte is taken to be HTML, or template data for render-template.
func (c costModel) admission(path, contentType string, n int64) int64 {
	switch {
	case strings.HasSuffix(path, "/render-template"):
		n *= templateExpansion
	case strings.HasPrefix(contentType, "application/pdf"):
		return c.pdf(n)
	}
	return c.base + c.perByte*n
}

// pdf is the estimate of auditing or inspecting a PDF of n bytes.
func (c costModel) pdf(n int64) int64 { return c.base + pdfExpansion*n }

// render is the estimate once the content is known: the HTML bytes of
// every document (merged documents are laid out into one PDF, so they are
// live together) and the bytes of assets and attachments.
func (c costModel) render(html, other int64) int64 {
	return c.base + c.perByte*html + assetExpansion*other
}

// documentsCost is the estimate of rendering docs with assets and
// attachments of other bytes.
func (c costModel) documentsCost(docs [][]byte, other int64) int64 {
	var html int64
	for _, d := range docs {
		html += int64(len(d))
	}
	return c.render(html, other)
}
