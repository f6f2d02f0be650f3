package server

import (
	"bytes"
	"mime/multipart"
	"net/textproto"
	"strings"
	"testing"
)

// A multipart document part is read as XHTML when its Content-Type is
// application/xhtml+xml or its file name ends in .xhtml: a self-closing
// hidden span is then empty, where an HTML parse opens it and hides the
// text after it.
func TestRenderMultipartXHTMLPart(t *testing.T) {
	const page = `<html xmlns="http://www.w3.org/1999/xhtml" lang="en"><head><title>Chapter</title>` +
		`</head><body><p>Shown words</p><p><span style="display: none"/>Tail words</p></body></html>`
	h := New(Config{})
	for _, tc := range []struct {
		name, filename, contentType string
		xhtml                       bool
	}{
		{"content type", "chapter", "application/xhtml+xml", true},
		{"file name", "ch1.xhtml", "application/octet-stream", true},
		{"html part", "ch1.html", "text/html", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			mw := multipart.NewWriter(&buf)
			hdr := textproto.MIMEHeader{}
			hdr.Set("Content-Disposition", `form-data; name="file"; filename="`+tc.filename+`"`)
			hdr.Set("Content-Type", tc.contentType)
			w, _ := mw.CreatePart(hdr)
			w.Write([]byte(page))
			mw.Close()
			rec := do(t, h, "POST", "/api/v1/render", mw.FormDataContentType(), buf.Bytes())
			if rec.Code != 200 {
				t.Fatalf("status %d: %.300s", rec.Code, rec.Body)
			}
			text := extractText(t, rec.Body.Bytes())
			if !strings.Contains(text, "Shown words") {
				t.Fatalf("text %q lacks the shown paragraph", text)
			}
			if tail := strings.Contains(text, "Tail words"); tail != tc.xhtml {
				t.Errorf("parsed as XHTML: want %v; text %q", tc.xhtml, text)
			}
		})
	}
}
