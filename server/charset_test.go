package server

import (
	"bytes"
	"encoding/json"
	"mime/multipart"
	"net/textproto"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// latin1Page is a French page in ISO-8859-1 that does not declare its
// encoding.
const latin1Page = "<!doctype html><html lang=\"fr\"><head><title>Menu</title></head><body><h1>Caf\xe9 cr\xe8me</h1></body></html>"

// extractText runs pdftotext on a PDF.
func extractText(t *testing.T, pdf []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "out.pdf")
	if err := os.WriteFile(path, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", "-enc", "UTF-8", path, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext (poppler-utils) is required: %v", err)
	}
	return string(out)
}

// The charset of the transport decides how the HTML is read: the
// Content-Type of a validate body or of a multipart file part; a JSON
// string is Unicode whatever its <meta> says.
func TestE2ETransportCharset(t *testing.T) {
	h := New(Config{})
	warns := func(body []byte) bool {
		var rep struct {
			Warnings []struct{ Rule string } `json:"warnings"`
		}
		if err := json.Unmarshal(body, &rep); err != nil {
			t.Fatalf("report: %v: %.300s", err, body)
		}
		for _, w := range rep.Warnings {
			if w.Rule == "text-encoding" {
				return true
			}
		}
		return false
	}
	for _, tc := range []struct {
		ct   string
		warn bool
	}{
		{"text/html; charset=iso-8859-1", false},
		{"text/html", true},
	} {
		rec := do(t, h, "POST", "/api/v1/validate", tc.ct, []byte(latin1Page))
		if rec.Code != 200 || warns(rec.Body.Bytes()) != tc.warn {
			t.Errorf("validate %s: status %d, text-encoding warning want %v: %.500s", tc.ct, rec.Code, tc.warn, rec.Body)
		}
	}

	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	hdr := textproto.MIMEHeader{}
	hdr.Set("Content-Disposition", `form-data; name="file"; filename="index.html"`)
	hdr.Set("Content-Type", "text/html; charset=ISO-8859-1")
	w, _ := mw.CreatePart(hdr)
	w.Write([]byte(latin1Page))
	mw.Close()
	rec := do(t, h, "POST", "/api/v1/render", mw.FormDataContentType(), buf.Bytes())
	if rec.Code != 200 || !strings.Contains(extractText(t, rec.Body.Bytes()), "Café crème") {
		t.Errorf("multipart render with a Latin-1 part: status %d", rec.Code)
	}

	utf8Page := `<!doctype html><html lang="fr"><head><meta charset="iso-8859-1"><title>Menu</title></head><body><h1>Café crème</h1></body></html>`
	rec = postJSON(t, h, "/api/v1/render", map[string]any{"html": utf8Page})
	if rec.Code != 200 {
		t.Fatalf("JSON render: status %d: %.300s", rec.Code, rec.Body)
	}
	if text := extractText(t, rec.Body.Bytes()); !strings.Contains(text, "Café crème") {
		t.Errorf("JSON html with a stale <meta charset> extracts as %q", text)
	}
}

// Binary input sent as HTML is a 422 invalid_input naming what it is.
func TestE2EBinaryInputRefused(t *testing.T) {
	h := New(Config{})
	pdf := "%PDF-1.7\n1 0 obj << >> endobj\n"
	check := func(name string, code int, body []byte) {
		t.Helper()
		var p Problem
		json.Unmarshal(body, &p)
		if code != 422 || p.Code != CodeInvalidInput || !strings.Contains(p.Detail, "a PDF document") {
			t.Errorf("%s: %d %s %q", name, code, p.Code, p.Detail)
		}
	}
	rec := postJSON(t, h, "/api/v1/render", map[string]any{"html": pdf})
	check("render JSON", rec.Code, rec.Body.Bytes())
	rec = do(t, h, "POST", "/api/v1/validate", "text/html", []byte(pdf))
	check("validate text/html", rec.Code, rec.Body.Bytes())
}
