package server

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestRenderSetupFields checks the date, timeout, page set-up and user
// style sheet fields, in JSON and multipart, as the options the engine
// receives; en_US is taken as en-US; the JSON response always carries
// the audit report.
func TestRenderSetupFields(t *testing.T) {
	f := newFake()
	h := New(Config{Engine: f, RenderTimeout: 20 * time.Second})
	rec := postJSON(t, h, "/api/v1/render", map[string]any{"html": "<p>x</p>", "format": "json", "lang": "en_US",
		"date": "2025-01-02", "timeout": "5s", "margin": "1in 2cm", "page_width": "100mm", "page_height": "150mm",
		"user_css": "p { color: navy }"})
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	o := f.lastOptions()
	if o.Lang != "en-US" || !o.Now.Equal(time.Date(2025, 1, 2, 0, 0, 0, 0, time.UTC)) || o.Deadline != 5*time.Second ||
		!strings.Contains(o.UserCSS, "p { color: navy }") || !strings.Contains(o.UserCSS, "@page { margin: 1in 2cm; size: 100mm 150mm }") {
		t.Errorf("options: lang %q, now %v, deadline %v, user CSS %q", o.Lang, o.Now, o.Deadline, o.UserCSS)
	}
	var res RenderResponse
	if err := json.Unmarshal(rec.Body.Bytes(), &res); err != nil || res.Audit == nil || !o.Audit {
		t.Errorf("JSON response without an audit report (audit %v): %s", o.Audit, rec.Body)
	}
	// a request's timeout shortens the server's, never lengthens it
	postJSON(t, h, "/api/v1/render", map[string]any{"html": "<p>x</p>", "timeout": "90"})
	if o := f.lastOptions(); o.Deadline != 20*time.Second {
		t.Errorf("timeout 90 s gave deadline %v, want the server's 20 s", o.Deadline)
	}
	body, ctype := multipartBody(t, part{field: "html", data: []byte("<p>y</p>")}, part{field: "timeout", data: []byte("2.5")},
		part{field: "margin", data: []byte("10mm")}, part{field: "date", data: []byte("2024-02-03T04:05:06Z")})
	if rec := do(t, h, "POST", "/api/v1/render", ctype, body); rec.Code != http.StatusOK {
		t.Fatalf("multipart: status %d: %s", rec.Code, rec.Body)
	}
	if o := f.lastOptions(); o.Deadline != 2500*time.Millisecond || !strings.Contains(o.UserCSS, "margin: 10mm") || o.Now.Year() != 2024 {
		t.Errorf("multipart options: deadline %v, user CSS %q, now %v", o.Deadline, o.UserCSS, o.Now)
	}
}

// TestRenderSetupFieldErrors checks that malformed set-up fields are 422
// naming the field.
func TestRenderSetupFieldErrors(t *testing.T) {
	h := New(Config{Engine: newFake()})
	tests := []struct {
		body  map[string]any
		field string
	}{
		{map[string]any{"html": "x", "date": "yesterday"}, "date"},
		{map[string]any{"html": "x", "timeout": "soon"}, "timeout"},
		{map[string]any{"html": "x", "timeout": "-1s"}, "timeout"},
		{map[string]any{"html": "x", "margin": "1cm;}body{display:none"}, "margin"},
		{map[string]any{"html": "x", "page_width": "10cm"}, "page_width"},
		{map[string]any{"html": "x", "page_width": "10cm", "page_height": "10cm", "size": "A4"}, "page_width"},
		{map[string]any{"html": "x", "url": "http://example.org/"}, "url"},
		{map[string]any{"url": "ftp://example.org/"}, "url"},
	}
	for _, tt := range tests {
		rec := postJSON(t, h, "/api/v1/render", tt.body)
		if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), `"field":"`+tt.field+`"`) {
			t.Errorf("%v: status %d %s; want 422 naming %s", tt.body, rec.Code, rec.Body, tt.field)
		}
	}
}

// TestRenderURL checks the url field: refused without allowed hosts, and
// loopback refused even when allowed; the client learns why.
func TestRenderURL(t *testing.T) {
	rec := postJSON(t, New(Config{Engine: newFake()}), "/api/v1/render", map[string]any{"url": "http://example.org/"})
	if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), "no allowed hosts") {
		t.Errorf("url without allowed hosts: %d %s", rec.Code, rec.Body)
	}
	h := New(Config{Engine: newFake(), AllowHosts: []string{"127.0.0.1"}})
	rec = postJSON(t, h, "/api/v1/render", map[string]any{"url": "http://127.0.0.1:1/page.html"})
	if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), "refused") {
		t.Errorf("url to loopback: %d %s", rec.Code, rec.Body)
	}
}
