package folio_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/seed28491532/folio"
	"github.com/seed28491532/folio/audit"
)

// A Latin-1 document converts to a PDF whose text extracts as written,
// however the encoding is declared; an undeclared one is also read right
// but the audit warns.
func TestConvertLatin1(t *testing.T) {
	body := "<title>Menu</title></head><body><h1>Caf\xe9 cr\xe8me br\xfbl\xe9e</h1></body></html>"
	tests := []struct {
		name, doc, charset string
		warn               bool
	}{
		{"meta charset", `<!DOCTYPE html><html lang="fr"><head><meta charset="iso-8859-1">` + body, "", false},
		{"meta http-equiv", `<!DOCTYPE html><html lang="fr"><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1252">` + body, "", false},
		{"Content-Type", `<!DOCTYPE html><html lang="fr"><head>` + body, "text/html; charset=iso-8859-1", false},
		{"undeclared", `<!DOCTYPE html><html lang="fr"><head>` + body, "", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := folio.Convert(context.Background(), strings.NewReader(tc.doc), folio.Options{Charset: tc.charset, Audit: true})
			if err != nil {
				t.Fatalf("Convert: %v", err)
			}
			if text := pdftotext(t, res.PDF); !strings.Contains(text, "Café crème brûlée") {
				t.Fatalf("pdftotext = %q, want Café crème brûlée", text)
			}
			if got := hasRule(res.Report.Warnings, "text-encoding"); got != tc.warn {
				t.Fatalf("text-encoding warning %v, want %v: %+v", got, tc.warn, res.Report.Warnings)
			}
			rep, err := folio.AuditHTML(context.Background(), strings.NewReader(tc.doc), folio.Options{Charset: tc.charset})
			if err != nil {
				t.Fatalf("AuditHTML: %v", err)
			}
			if got := hasRule(rep.Warnings, "text-encoding"); got != tc.warn {
				t.Fatalf("AuditHTML: text-encoding warning %v, want %v: %+v", got, tc.warn, rep.Warnings)
			}
		})
	}
}

func hasRule(fs []audit.Finding, rule string) bool {
	for _, f := range fs {
		if f.Rule == rule {
			return true
		}
	}
	return false
}

// A PDF or an image passed as HTML is refused, naming what it is, by
// Convert and AuditHTML alike.
func TestConvertRefusesBinaryInput(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"%PDF-1.7\n1 0 obj << >> endobj\n", "it looks like a PDF document"},
		{"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "it looks like a PNG image"},
	} {
		_, err := folio.Convert(context.Background(), strings.NewReader(tc.in), folio.Options{})
		if !errors.Is(err, folio.ErrNotHTML) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Convert: err = %v, want ErrNotHTML saying %q", err, tc.want)
		}
		_, err = folio.AuditHTML(context.Background(), strings.NewReader(tc.in), folio.Options{})
		if !errors.Is(err, folio.ErrNotHTML) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("AuditHTML: err = %v, want ErrNotHTML saying %q", err, tc.want)
		}
	}
}
