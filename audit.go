package folio

import (
	"context"
	"errors"
	"io"

	"github.com/seed28491532/folio/audit"
)

// AuditHTML audits an HTML document against the WCAG rules and the service's
// conformance rules without converting it.
//
// STUB: implemented when audit/wcag lands.
func AuditHTML(ctx context.Context, r io.Reader, opts Options) (*audit.Report, error) {
	return nil, errors.New("folio: HTML audit not implemented yet")
}

// AuditPDF audits PDF bytes against the machine-checkable PDF/UA-1 rules.
//
// STUB: implemented when audit/ua lands.
func AuditPDF(ctx context.Context, pdf []byte) (*audit.Report, error) {
	return nil, errors.New("folio: PDF audit not implemented yet")
}
