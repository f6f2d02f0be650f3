package server

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"log/slog"
	"net/http"
	"strings"
	"testing"

	"github.com/seed28491532/folio"
)

const page = `<!doctype html><html lang="en"><title>T</title><h1>Hello</h1></html>`

func TestHealth(t *testing.T) {
	h := New(Config{Engine: newFake()})
	rec := do(t, h, http.MethodGet, "/api/v1/health", "", nil)
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "application/json" {
		t.Fatalf("status %d %q", rec.Code, rec.Header().Get("Content-Type"))
	}
	var got Health
	json.Unmarshal(rec.Body.Bytes(), &got)
	if got.Status != "healthy" || got.Version != folio.Version || !strings.Contains(got.Engine, "PDF/UA-1") || !strings.Contains(got.Engine, "WCAG 2.1 AA") {
		t.Errorf("health = %+v", got)
	}
}

func TestRenderJSONReturnsPDFStream(t *testing.T) {
	f := newFake()
	h := New(Config{Engine: f})
	rec := postJSON(t, h, "/api/v1/render", map[string]any{
		"html": page, "title": "Annual Report 2025", "author": "Ann", "lang": "en-GB",
		"size": "a4", "orientation": "LANDSCAPE",
	})
	if rec.Code != 200 {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	if ct := rec.Header().Get("Content-Type"); ct != "application/pdf" {
		t.Errorf("Content-Type %q", ct)
	}
	if cd := rec.Header().Get("Content-Disposition"); cd != `inline; filename=annual-report-2025.pdf` {
		t.Errorf("Content-Disposition %q", cd)
	}
	if rec.Header().Get("X-Audit-Score") != "" {
		t.Error("X-Audit-Score without audit")
	}
	if !bytes.Equal(rec.Body.Bytes(), fakePDF) {
		t.Errorf("body %q", rec.Body)
	}
	o := f.lastOptions()
	if o.Title != "Annual Report 2025" || o.Author != "Ann" || o.Lang != "en-GB" || o.Size != "A4" || o.Orientation != folio.Landscape {
		t.Errorf("options %+v", o)
	}
	if len(o.Assets) != 0 || o.BaseDir != "" || len(o.AllowHosts) != 0 {
		t.Errorf("request HTML may read only its own assets: %+v", o)
	}
}

func TestRenderAuditedHeaders(t *testing.T) {
	h := New(Config{Engine: newFake()})
	rec := postJSON(t, h, "/api/v1/render", map[string]any{"html": page, "audit": true})
	if rec.Code != 200 || rec.Header().Get("X-Audit-Score") != "100" || rec.Header().Get("X-Audit-Passed") != "true" {
		t.Fatalf("status %d, score %q passed %q", rec.Code, rec.Header().Get("X-Audit-Score"), rec.Header().Get("X-Audit-Passed"))
	}
}

func TestRenderJSONResponse(t *testing.T) {
	h := New(Config{Engine: newFake()})
	for _, tc := range []struct {
		name   string
		body   map[string]any
		accept string
	}{
		{"format=json", map[string]any{"html": page, "format": "json", "audit": true}, ""},
		{"format=JSON any case", map[string]any{"html": page, "format": "JSON", "audit": true}, ""},
		{"Accept", map[string]any{"html": page, "audit": true}, "application/json"},
		{"Accept preferring json", map[string]any{"html": page, "audit": true}, "application/pdf;q=0.5, application/json"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := postJSON(t, h, "/api/v1/render", tc.body, "Accept", tc.accept)
			if rec.Code != 200 || rec.Header().Get("Content-Type") != "application/json" {
				t.Fatalf("status %d %q: %s", rec.Code, rec.Header().Get("Content-Type"), rec.Body)
			}
			var got struct {
				PDF   string          `json:"pdf"`
				Pages int             `json:"pages"`
				Bytes int             `json:"bytes"`
				Audit json.RawMessage `json:"audit"`
			}
			json.Unmarshal(rec.Body.Bytes(), &got)
			pdf, err := base64.StdEncoding.DecodeString(got.PDF)
			if err != nil || !bytes.Equal(pdf, fakePDF) || got.Pages != 2 || got.Bytes != len(fakePDF) {
				t.Errorf("got %+v (%v)", got, err)
			}
			if !strings.Contains(string(got.Audit), `"score":100`) {
				t.Errorf("audit %s", got.Audit)
			}
		})
	}
	// format=pdf wins over Accept.
	rec := postJSON(t, h, "/api/v1/render", map[string]any{"html": page, "format": "pdf"}, "Accept", "application/json")
	if rec.Header().Get("Content-Type") != "application/pdf" {
		t.Errorf("format=pdf with Accept json gave %q", rec.Header().Get("Content-Type"))
	}
	rec = postJSON(t, h, "/api/v1/render", map[string]any{"html": page}, "Accept", "image/png")
	if rec.Code != http.StatusNotAcceptable {
		t.Errorf("Accept image/png: status %d", rec.Code)
	}
	problemOf(t, rec)
}

func TestRenderMultipartWithAssets(t *testing.T) {
	png := []byte("\x89PNG\r\n\x1a\nfake")
	cases := []struct {
		name  string
		parts []part
	}{
		{"html field", []part{{"html", "", []byte(page)}, {"asset", "logo.png", png}, {"css", "css/site.css", []byte("h1{color:red}")}}},
		{"html file part", []part{{"html", "page.html", []byte(page)}, {"asset", "logo.png", png}, {"css", "css/site.css", []byte("h1{}")}}},
		{"file part", []part{{"file", "doc.htm", []byte(page)}, {"a", "logo.png", png}, {"b", "css/site.css", []byte("")}}},
		{"index.html", []part{{"x", "index.html", []byte(page)}, {"a", "logo.png", png}, {"b", "./css/../css/site.css", []byte("")}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newFake()
			h := New(Config{Engine: f})
			parts := append(tc.parts, part{"title", "", []byte("Report")}, part{"size", "", []byte("Letter")}, part{"audit", "", []byte("true")})
			body, ct := multipartBody(t, parts...)
			rec := do(t, h, http.MethodPost, "/api/v1/render", ct, body)
			if rec.Code != 200 || rec.Header().Get("X-Audit-Score") != "100" {
				t.Fatalf("status %d: %s", rec.Code, rec.Body)
			}
			o := f.lastOptions()
			if !bytes.Equal(o.Assets["logo.png"], png) || o.Assets["css/site.css"] == nil || len(o.Assets) != 2 {
				t.Errorf("assets %v", keys(o.Assets))
			}
			if o.Title != "Report" || o.Size != "letter" || !o.Audit {
				t.Errorf("options %+v", o)
			}
			if f.htmls[0] != page {
				t.Errorf("html %q", f.htmls[0])
			}
		})
	}
}

func keys(m map[string][]byte) []string {
	var k []string
	for n := range m {
		k = append(k, n)
	}
	return k
}

func TestRenderErrors(t *testing.T) {
	h := New(Config{Engine: newFake(), MaxBodyBytes: 1 << 10})
	big := `{"html":"` + strings.Repeat("x", 2<<10) + `"}`
	traversal, travCT := multipartBody(t, part{"html", "", []byte(page)}, part{"a", "../../secret", []byte("x")})
	noHTML, noHTMLCT := multipartBody(t, part{"title", "", []byte("x")})
	badBool, badBoolCT := multipartBody(t, part{"html", "", []byte(page)}, part{"audit", "", []byte("maybe")})
	cases := []struct {
		name        string
		ct, body    string
		status      int
		code        string
		fields      []string
		detailParts []string
	}{
		{"malformed JSON", "application/json", "{\n  \"html\": \"x\",\n  oops\n}", 400, CodeMalformedJSON, nil, []string{"line 3, column 3"}},
		{"truncated JSON", "application/json", `{"html": "x"`, 400, CodeMalformedJSON, nil, []string{"line 1"}},
		{"empty body", "application/json", "", 400, CodeMalformedJSON, nil, []string{"empty"}},
		{"array body", "application/json", `["html"]`, 400, CodeMalformedJSON, nil, []string{"JSON object"}},
		{"missing html", "application/json", `{"title":"x"}`, 400, CodeMissingField, []string{"html"}, nil},
		{"empty html", "application/json", `{"html":"  "}`, 422, CodeInvalidField, []string{"html"}, []string{"empty"}},
		{"unknown size", "application/json", `{"html":"x","size":"A0"}`, 422, CodeInvalidField, []string{"size"}, []string{"A4", "letter", "executive"}},
		{"bad orientation and format", "application/json", `{"html":"x","orientation":"sideways","format":"png"}`, 422, CodeInvalidField, []string{"orientation", "format"}, []string{"landscape", "json"}},
		{"bad lang", "application/json", `{"html":"x","lang":"en US"}`, 422, CodeInvalidField, []string{"lang"}, nil},
		{"wrong types", "application/json", `{"html":5,"audit":"yes"}`, 422, CodeInvalidField, []string{"html", "audit"}, nil},
		{"unknown field", "application/json", `{"html":"x","colour":"red"}`, 422, CodeInvalidField, []string{"colour"}, nil},
		{"text/plain", "text/plain", "hello", 415, CodeUnsupportedMedia, nil, []string{"application/json", "multipart/form-data"}},
		{"no content type", "", "{}", 415, CodeUnsupportedMedia, nil, nil},
		{"body too large", "application/json", big, 413, CodeBodyTooLarge, nil, []string{"1024"}},
		{"multipart without boundary", "multipart/form-data", "x", 400, CodeMalformedMultipart, nil, nil},
		{"multipart garbage", "multipart/form-data; boundary=zzz", "not multipart", 400, CodeMalformedMultipart, nil, nil},
		{"multipart traversal", travCT, string(traversal), 422, CodeInvalidField, []string{"a"}, nil},
		{"multipart no html", noHTMLCT, string(noHTML), 400, CodeMissingField, []string{"html"}, nil},
		{"multipart bad bool", badBoolCT, string(badBool), 422, CodeInvalidField, []string{"audit"}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rec := do(t, h, http.MethodPost, "/api/v1/render", tc.ct, []byte(tc.body))
			if rec.Code != tc.status {
				t.Fatalf("status %d, want %d: %s", rec.Code, tc.status, rec.Body)
			}
			p := problemOf(t, rec)
			if p.Code != tc.code {
				t.Errorf("code %q, want %q", p.Code, tc.code)
			}
			got := map[string]bool{}
			for _, e := range p.Errors {
				got[e.Field] = true
			}
			for _, f := range tc.fields {
				if !got[f] {
					t.Errorf("errors do not name %q: %+v", f, p.Errors)
				}
			}
			for _, s := range tc.detailParts {
				if !strings.Contains(p.Detail, s) {
					t.Errorf("detail %q does not mention %q", p.Detail, s)
				}
			}
		})
	}
}

func TestMalformedJSONPosition(t *testing.T) {
	h := New(Config{Engine: newFake()})
	rec := postJSON(t, h, "/api/v1/render", "{\"html\": \"x\",\n \"title\": tru}")
	p := problemOf(t, rec)
	if p.Position == nil || p.Position.Line != 2 || p.Position.Column != 14 || p.Position.Offset != 27 {
		t.Errorf("position %+v: %s", p.Position, p.Detail)
	}
}

func TestUnknownSizeListsAllowedValues(t *testing.T) {
	h := New(Config{Engine: newFake()})
	p := problemOf(t, postJSON(t, h, "/api/v1/render", `{"html":"x","size":"folio"}`))
	if len(p.Errors) != 1 || strings.Join(p.Errors[0].Allowed, " ") != strings.Join(PageSizes, " ") {
		t.Errorf("errors %+v", p.Errors)
	}
}

func TestStrictAuditFailure(t *testing.T) {
	h := New(Config{Engine: newFake()})
	rec := postJSON(t, h, "/api/v1/render", map[string]any{"html": "STRICTFAIL", "strict": true})
	if rec.Code != 422 {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	p := problemOf(t, rec)
	if p.Code != CodeAuditFailed || p.Audit == nil || p.Audit.Passed || len(p.Audit.Errors) != 1 {
		t.Errorf("problem %+v", p)
	}
}

func TestLimitError(t *testing.T) {
	h := New(Config{Engine: newFake()})
	rec := postJSON(t, h, "/api/v1/render", map[string]any{"html": "LIMIT"})
	p := problemOf(t, rec)
	if rec.Code != 422 || p.Code != CodeLimitExceeded || !strings.Contains(p.Detail, "2000") {
		t.Errorf("status %d problem %+v", rec.Code, p)
	}
}

// An unexpected engine error is a 500 whose detail gives the request id to
// quote and nothing of the error itself (it may name server paths); the
// error goes to the log under that id.
func TestUnexpectedErrorIs500WithoutInternals(t *testing.T) {
	var logged bytes.Buffer
	h := New(Config{Engine: newFake(), Logger: slog.New(slog.NewJSONHandler(&logged, nil))})
	rec := postJSON(t, h, "/api/v1/render", map[string]any{"html": "FAIL"}, "X-Request-ID", "req-7")
	if rec.Code != 500 {
		t.Fatalf("status %d, want 500", rec.Code)
	}
	p := problemOf(t, rec)
	if p.Code != CodeInternal || p.RequestID != "req-7" || !strings.Contains(p.Detail, "req-7") {
		t.Errorf("problem %+v", p)
	}
	if strings.Contains(rec.Body.String(), "/srv/folio") {
		t.Errorf("body leaks the error: %s", rec.Body)
	}
	if !strings.Contains(logged.String(), "/srv/folio/cache/fonts.db") || !strings.Contains(logged.String(), "req-7") {
		t.Errorf("the log lacks the error or the request id: %s", logged.String())
	}
}

func TestPanicBecomes500WithRequestID(t *testing.T) {
	h := New(Config{Engine: newFake()})
	rec := postJSON(t, h, "/api/v1/render", map[string]any{"html": "PANIC"}, "X-Request-ID", "req-42")
	if rec.Code != 500 {
		t.Fatalf("status %d", rec.Code)
	}
	p := problemOf(t, rec)
	if p.Code != CodeInternal || p.RequestID != "req-42" || !strings.Contains(p.Detail, "req-42") {
		t.Errorf("problem %+v", p)
	}
	if strings.Contains(rec.Body.String(), "goroutine") || strings.Contains(rec.Body.String(), "exploded") {
		t.Errorf("body leaks the panic: %s", rec.Body)
	}
	// The slot taken by the panicking render is released.
	rec = postJSON(t, h, "/api/v1/render", map[string]any{"html": page})
	if rec.Code != 200 {
		t.Errorf("after panic: status %d", rec.Code)
	}
}

func TestRequestID(t *testing.T) {
	h := New(Config{Engine: newFake()})
	rec := do(t, h, http.MethodGet, "/api/v1/health", "", nil, "X-Request-ID", "abc-123")
	if got := rec.Header().Get("X-Request-ID"); got != "abc-123" {
		t.Errorf("honoured id %q", got)
	}
	rec = do(t, h, http.MethodGet, "/api/v1/health", "", nil)
	if got := rec.Header().Get("X-Request-ID"); len(got) != 32 {
		t.Errorf("generated id %q", got)
	}
	rec = do(t, h, http.MethodGet, "/api/v1/health", "", nil, "X-Request-ID", `bad"id with spaces`)
	if got := rec.Header().Get("X-Request-ID"); len(got) != 32 {
		t.Errorf("unsafe id echoed: %q", got)
	}
}

func TestNotFoundAndMethodNotAllowed(t *testing.T) {
	h := New(Config{Engine: newFake()})
	rec := do(t, h, http.MethodGet, "/api/v2/nothing", "", nil)
	if rec.Code != 404 || problemOf(t, rec).Code != CodeNotFound {
		t.Errorf("404: %d %s", rec.Code, rec.Body)
	}
	for _, tc := range []struct{ method, path, allow string }{
		{http.MethodGet, "/api/v1/render", "POST"},
		{http.MethodDelete, "/api/v1/health", "GET, HEAD"},
		{http.MethodPost, "/api/v1/templates/invoice", "GET, HEAD"},
		{http.MethodPut, "/api/v1/validate", "POST"},
	} {
		rec := do(t, h, tc.method, tc.path, "", nil)
		if rec.Code != 405 || rec.Header().Get("Allow") != tc.allow {
			t.Errorf("%s %s: %d Allow %q, want 405 %q", tc.method, tc.path, rec.Code, rec.Header().Get("Allow"), tc.allow)
			continue
		}
		if problemOf(t, rec).Code != CodeMethodNotAllowed {
			t.Errorf("%s %s: wrong code", tc.method, tc.path)
		}
	}
}

func TestAPIKeys(t *testing.T) {
	h := New(Config{Engine: newFake(), APIKeys: []string{"k1-secret", "k2-secret"}})
	body := `{"html":"x"}`
	cases := []struct {
		name    string
		method  string
		path    string
		headers []string
		status  int
	}{
		{"missing", "POST", "/api/v1/render", nil, 401},
		{"wrong bearer", "POST", "/api/v1/render", []string{"Authorization", "Bearer nope"}, 401},
		{"prefix of a key", "POST", "/api/v1/render", []string{"X-API-Key", "k1-secre"}, 401},
		{"basic scheme", "POST", "/api/v1/render", []string{"Authorization", "Basic k1-secret"}, 401},
		{"bearer", "POST", "/api/v1/render", []string{"Authorization", "Bearer k1-secret"}, 200},
		{"bearer lower-case scheme", "POST", "/api/v1/render", []string{"Authorization", "bearer k2-secret"}, 200},
		{"x-api-key", "POST", "/api/v1/render", []string{"X-API-Key", "k2-secret"}, 200},
		{"templates need a key", "GET", "/api/v1/templates", nil, 401},
		{"unknown path needs a key", "GET", "/nothing", nil, 401},
		{"health open", "GET", "/api/v1/health", nil, 200},
		{"metrics open", "GET", "/metrics", nil, 200},
		{"openapi open", "GET", "/api/v1/openapi.json", nil, 200},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rec := do(t, h, tc.method, tc.path, "application/json", []byte(body), tc.headers...)
			if rec.Code != tc.status {
				t.Fatalf("status %d, want %d", rec.Code, tc.status)
			}
			if tc.status == 401 {
				if p := problemOf(t, rec); p.Code != CodeUnauthorized {
					t.Errorf("code %q", p.Code)
				}
				if rec.Header().Get("WWW-Authenticate") == "" {
					t.Error("no WWW-Authenticate")
				}
			}
		})
	}
}

func TestCORS(t *testing.T) {
	off := New(Config{Engine: newFake()})
	rec := do(t, off, http.MethodGet, "/api/v1/health", "", nil, "Origin", "https://example.com")
	if rec.Header().Get("Access-Control-Allow-Origin") != "" {
		t.Error("CORS must be off by default")
	}
	on := New(Config{Engine: newFake(), CORSOrigins: []string{"https://example.com"}})
	rec = do(t, on, http.MethodOptions, "/api/v1/render", "", nil, "Origin", "https://example.com", "Access-Control-Request-Method", "POST")
	if rec.Code != 204 || rec.Header().Get("Access-Control-Allow-Origin") != "https://example.com" {
		t.Errorf("preflight: %d %v", rec.Code, rec.Header())
	}
	rec = do(t, on, http.MethodGet, "/api/v1/health", "", nil, "Origin", "https://evil.example")
	if rec.Header().Get("Access-Control-Allow-Origin") != "" {
		t.Error("CORS allowed an unlisted origin")
	}
}
