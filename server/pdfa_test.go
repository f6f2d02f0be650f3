package server

import (
	"bytes"
	"strings"
	"testing"
)

// TestRenderPDFAAttachments renders a multipart request with pdf_a and an
// attachment part, and checks the refusals of bad combinations.
func TestRenderPDFAAttachments(t *testing.T) {
	h := New(Config{})
	html := []byte(`<!doctype html><html lang="en"><head><title>Archive</title></head><body><h1>Archive</h1></body></html>`)
	body, ct := multipartBody(t, part{"file", "index.html", html}, part{"attachment", "figures.csv", []byte("a,b\n")},
		part{"pdf_a", "", []byte("3B")})
	rec := do(t, h, "POST", "/api/v1/render", ct, body)
	if rec.Code != 200 {
		t.Fatalf("status %d: %.300s", rec.Code, rec.Body)
	}
	pdf := rec.Body.Bytes()
	for _, want := range []string{"<pdfaid:part>3</pdfaid:part>", "<pdfaid:conformance>B</pdfaid:conformance>", "/EmbeddedFiles", "(figures.csv)"} {
		if !bytes.Contains(pdf, []byte(want)) {
			t.Errorf("PDF lacks %q", want)
		}
	}
	for _, tc := range []struct {
		name  string
		parts []part
		want  string
	}{
		{"part 2", []part{{"attachment", "a.csv", []byte("x")}, {"pdf_a", "", []byte("2b")}}, `"field":"pdf_a"`},
		{"unknown level", []part{{"pdf_a", "", []byte("1b")}}, `pdf_a \"1b\" is not one of 2a, 2b, 2u, 3a, 3b, 3u`},
		{"same name", []part{{"attachment", "a.csv", []byte("x")}, {"attachment", "a.csv", []byte("y")}}, `two attachment parts are named \"a.csv\"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body, ct := multipartBody(t, append([]part{{"file", "index.html", html}}, tc.parts...)...)
			rec := do(t, h, "POST", "/api/v1/render", ct, body)
			if rec.Code != 422 && rec.Code != 400 || !strings.Contains(rec.Body.String(), tc.want) {
				t.Errorf("status %d, body %.400s; want a field error containing %s", rec.Code, rec.Body, tc.want)
			}
		})
	}
	// JSON takes pdf_a too.
	rec = do(t, h, "POST", "/api/v1/render", "application/json", []byte(`{"html":"<html lang=en><title>x</title><p>x","pdf_a":"2u"}`))
	if rec.Code != 200 || !bytes.Contains(rec.Body.Bytes(), []byte("<pdfaid:conformance>U</pdfaid:conformance>")) {
		t.Errorf("JSON pdf_a 2u: status %d, PDF/A-2u not claimed", rec.Code)
	}
}
