// Package templates holds folio's five built-in document templates —
// accessible_report, invoice, scientific_paper, official_certificate and
// product_catalog — together with their JSON Schemas (draft 2020-12), sample
// data and validation.
//
// Every template is an html/template source with print CSS, embedded in the
// binary. Render validates the JSON data against the template's schema and
// its semantic rules (for example an invoice's gross_total must equal the
// total computed from its lines) and then executes the template, returning
// an HTML document ready for the HTML→PDF converter. The HTML is accessible
// by construction: a lang attribute (from data, default "en"), a title,
// exactly one h1, headings without skipped levels, tables with captions and
// scoped header cells, and images only with alternative text.
//
// Escaping is automatic: every string from the data is escaped for its
// context by html/template, so user text can never inject markup, script or
// CSS. Images are accepted only as base64 data: URIs of PNG or JPEG images.
//
// Validation errors are *ValidationError values that list every problem with
// the JSON path and the expectation, for example
//
//	data.gross_total: expected number, got string
//	data.seller.name: required
//
// Malformed JSON gives a *SyntaxError with line and column, an unknown id an
// error matching ErrUnknownTemplate that lists the valid ids, and data larger
// than MaxDataSize an error matching ErrDataTooLarge.
//
// Money is formatted as the ISO 4217 code, a space and the amount with the
// currency's minor digits, for example "EUR 1,234.50" or "JPY 12,000"; German
// and French documents use their own separators ("EUR 1.234,50"), and their
// fixed labels and page footers are translated (see locale). Invoice arithmetic is exact decimal
// arithmetic: each line's net (quantity × unit price) and tax (net × rate /
// 100) are rounded half away from zero to the currency's minor unit, and the
// totals are sums of the rounded line values.
package templates
