package server

import (
	"bytes"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"testing"
)

// do sends a request to h and returns the recorded response.
func do(t *testing.T, h http.Handler, method, target, contentType string, body []byte, headers ...string) *httptest.ResponseRecorder {
	t.Helper()
	var r io.Reader
	if body != nil {
		r = bytes.NewReader(body)
	}
	req := httptest.NewRequest(method, target, r)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// postJSON posts v (a string is sent verbatim) as application/json.
func postJSON(t *testing.T, h http.Handler, target string, v any, headers ...string) *httptest.ResponseRecorder {
	t.Helper()
	var body []byte
	if s, ok := v.(string); ok {
		body = []byte(s)
	} else {
		var err error
		if body, err = json.Marshal(v); err != nil {
			t.Fatal(err)
		}
	}
	return do(t, h, http.MethodPost, target, "application/json", body, headers...)
}

// part is a multipart part: a field when filename is empty.
type part struct {
	field, filename string
	data            []byte
}

func multipartBody(t *testing.T, parts ...part) ([]byte, string) {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for _, p := range parts {
		var w io.Writer
		var err error
		if p.filename == "" {
			w, err = mw.CreateFormField(p.field)
		} else {
			w, err = mw.CreateFormFile(p.field, p.filename)
		}
		if err != nil {
			t.Fatal(err)
		}
		w.Write(p.data)
	}
	mw.Close()
	return buf.Bytes(), mw.FormDataContentType()
}

// problemOf decodes a problem response, checking its content type and
// the status it repeats.
func problemOf(t *testing.T, rec *httptest.ResponseRecorder) Problem {
	t.Helper()
	if ct := rec.Header().Get("Content-Type"); ct != "application/problem+json" {
		t.Fatalf("status %d: Content-Type %q, want application/problem+json; body %s", rec.Code, ct, rec.Body)
	}
	var p Problem
	if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil {
		t.Fatalf("problem body: %v: %s", err, rec.Body)
	}
	if p.Status != rec.Code {
		t.Errorf("problem status %d, response status %d", p.Status, rec.Code)
	}
	if p.Type != problemTypePrefix+p.Code || p.Title == "" || p.RequestID == "" {
		t.Errorf("incomplete problem: %+v", p)
	}
	return p
}
