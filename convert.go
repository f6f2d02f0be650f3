package folio

import (
	"context"
	"errors"
	"io"

	"github.com/seed28491532/folio/audit"
)

// ErrAuditFailed is returned (wrapped) by Convert in strict mode when the
// audit finds errors; the Result is still returned with the report.
var ErrAuditFailed = errors.New("folio: accessibility audit failed")

// ErrLimit is wrapped by errors that report an exceeded limit (pages,
// depth, image size, deadline).
var ErrLimit = errors.New("folio: limit exceeded")

// Diagnostic is a non-fatal problem met during conversion: dropped CSS, a
// refused resource, a normalised heading level, a missing glyph.
type Diagnostic struct {
	// Stage is "html", "css", "resource", "layout", "font" or "tags".
	Stage   string `json:"stage"`
	Message string `json:"message"`
	// Line and Column locate the problem in the input where known.
	Line   int `json:"line,omitempty"`
	Column int `json:"column,omitempty"`
}

// Result is the outcome of a conversion.
type Result struct {
	PDF         []byte
	Pages       int
	Report      *audit.Report // nil unless Options.Audit or Strict
	Diagnostics []Diagnostic
}

// Convert reads HTML from r and converts it to a tagged PDF.
//
// STUB: implemented by the layout work; it returns an error until then.
func Convert(ctx context.Context, r io.Reader, opts Options) (*Result, error) {
	return nil, errors.New("folio: convert not implemented yet")
}
