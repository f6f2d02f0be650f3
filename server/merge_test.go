package server

import (
	"bytes"
	"strings"
	"testing"

	"github.com/seed28491532/folio/pdfinfo"
)

func mergeHTML(lang, heading string) string {
	return `<!doctype html><html lang="` + lang + `"><head><title>` + heading + `</title></head><body><h1>` + heading + `</h1></body></html>`
}

// partsOf returns the types and languages of the children of the PDF's
// Document element.
func partsOf(t *testing.T, pdf []byte) []string {
	t.Helper()
	info, err := pdfinfo.Read(pdf)
	if err != nil {
		t.Fatalf("reading the PDF: %v", err)
	}
	root := info.Structure
	if root != nil && len(root.Children) == 1 {
		root = root.Children[0]
	}
	if root == nil || root.Type != "Document" {
		t.Fatalf("no Document element: %+v", root)
	}
	var out []string
	for _, c := range root.Children {
		out = append(out, strings.TrimSpace(c.Type+" "+c.Lang))
	}
	return out
}

func TestE2ERenderMergesDocuments(t *testing.T) {
	h := New(Config{})
	rec := postJSON(t, h, "/api/v1/render", map[string]any{
		"documents": []string{mergeHTML("en", "Cover"), mergeHTML("de", "Kapitel")},
	})
	if rec.Code != 200 || rec.Header().Get("X-Pages") != "2" {
		t.Fatalf("JSON documents: status %d pages %q: %.300s", rec.Code, rec.Header().Get("X-Pages"), rec.Body)
	}
	if got := strings.Join(partsOf(t, rec.Body.Bytes()), ", "); got != "Part, Part de" {
		t.Errorf("JSON documents: Document children %q, want Part, Part de", got)
	}
	body, ct := multipartBody(t, part{"file", "a.html", []byte(mergeHTML("en", "One"))},
		part{"file", "b.html", []byte(mergeHTML("en", "Two"))}, part{"file", "c.html", []byte(mergeHTML("fr", "Trois"))},
		part{"format", "", []byte("json")})
	rec = do(t, h, "POST", "/api/v1/render", ct, body)
	if rec.Code != 200 {
		t.Fatalf("multipart: status %d: %.300s", rec.Code, rec.Body)
	}
	r := decodeRender(t, rec.Body.Bytes())
	if r.Pages != 3 || r.Audit == nil || !bytes.HasPrefix(r.PDF, []byte("%PDF-")) {
		t.Errorf("multipart: pages %d audit %v", r.Pages, r.Audit != nil)
	}
	if got := strings.Join(partsOf(t, r.PDF), ", "); got != "Part, Part, Part fr" {
		t.Errorf("multipart: Document children %q", got)
	}
}

func TestRenderDocumentsErrors(t *testing.T) {
	h := New(Config{})
	cases := []struct {
		name   string
		body   map[string]any
		status int
		field  string
		msg    string
	}{
		{"empty list", map[string]any{"documents": []string{}}, 422, "documents", "at least one"},
		{"not strings", map[string]any{"documents": []any{"<p>a", 3}}, 422, "documents[1]", "must be a string"},
		{"not a list", map[string]any{"documents": "<p>a"}, 422, "documents", "array of strings"},
		{"empty document", map[string]any{"documents": []string{"<p>a", "  "}}, 422, "documents[1]", "document 2 is empty"},
		{"html and documents", map[string]any{"html": "<p>a", "documents": []string{"<p>b"}}, 422, "documents", "one of html, documents and url"},
		{"nothing", map[string]any{"title": "t"}, 400, "html", "documents, or url"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rec := postJSON(t, h, "/api/v1/render", tc.body)
			p := problemOf(t, rec)
			if rec.Code != tc.status || len(p.Errors) == 0 || p.Errors[0].Field != tc.field || !strings.Contains(p.Errors[0].Message, tc.msg) {
				t.Errorf("status %d errors %+v, want %d on %s with %q", rec.Code, p.Errors, tc.status, tc.field, tc.msg)
			}
		})
	}
}
