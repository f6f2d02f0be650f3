package pdfa

import (
	"context"
	"testing"

	"github.com/seed28491532/folio/pdfua"
)

// FuzzAudit: no input makes the audit panic or hang; a report or an error
// comes back.
func FuzzAudit(f *testing.F) {
	f.Add(hostilePDF())
	f.Add(writerPDF(f, pdfua.PDFA3U, pdfua.Attachment{Name: "a.xml", Description: "a", Data: []byte("<a/>")}))
	f.Add([]byte("%PDF-1.7\n1 0 obj <</Type/Catalog/Metadata 2 0 R>> endobj\n2 0 obj <</Length 5>> stream\n<x:a>\nendstream endobj\ntrailer <</Root 1 0 R>>\n%%EOF"))
	f.Fuzz(func(t *testing.T, data []byte) {
		_, _ = Audit(context.Background(), data, Options{MaxObjects: 10_000, MaxDecodedSize: 1 << 20})
	})
}
