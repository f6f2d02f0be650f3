package server

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"log/slog"
	"net/http"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
)

func TestTemplatesEndpoints(t *testing.T) {
	h := New(Config{Engine: newFake()})
	rec := do(t, h, "GET", "/api/v1/templates", "", nil)
	var list TemplateList
	json.Unmarshal(rec.Body.Bytes(), &list)
	if rec.Code != 200 || len(list.Templates) != 1 || list.Templates[0].ID != "invoice" {
		t.Fatalf("list: %d %s", rec.Code, rec.Body)
	}
	rec = do(t, h, "GET", "/api/v1/templates/invoice", "", nil)
	var detail struct {
		ID     string          `json:"id"`
		Schema json.RawMessage `json:"schema"`
		Sample json.RawMessage `json:"sample"`
	}
	json.Unmarshal(rec.Body.Bytes(), &detail)
	if rec.Code != 200 || detail.ID != "invoice" || !strings.Contains(string(detail.Sample), "INV-1") || len(detail.Schema) == 0 {
		t.Errorf("detail: %d %s", rec.Code, rec.Body)
	}
	rec = do(t, h, "GET", "/api/v1/templates/nope", "", nil)
	if p := problemOf(t, rec); rec.Code != 404 || p.Code != CodeTemplateNotFound || !strings.Contains(p.Detail, "invoice") {
		t.Errorf("unknown: %d %+v", rec.Code, p)
	}
}

func TestRenderTemplate(t *testing.T) {
	f := newFake()
	h := New(Config{Engine: f})
	rec := postJSON(t, h, "/api/v1/render-template", `{"template_id":"invoice","data":{"number":"INV-7","gross_total":12.5},"size":"a5","audit":true}`)
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "application/pdf" || rec.Header().Get("X-Audit-Score") != "100" {
		t.Fatalf("status %d %v: %s", rec.Code, rec.Header(), rec.Body)
	}
	if cd := rec.Header().Get("Content-Disposition"); cd != "inline; filename=invoice.pdf" {
		t.Errorf("Content-Disposition %q", cd)
	}
	if !strings.Contains(f.htmls[0], "Invoice INV-7") || f.lastOptions().Size != "A5" || f.lastOptions().Title != "" {
		t.Errorf("converted %q with %+v", f.htmls[0], f.lastOptions())
	}
	rec = postJSON(t, h, "/api/v1/render-template", `{"template_id":"invoice","data":{"number":"INV-7"},"format":"json"}`)
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "application/json" {
		t.Errorf("format json: %d %q", rec.Code, rec.Header().Get("Content-Type"))
	}

	for _, tc := range []struct {
		name, body string
		status     int
		code       string
		field      string
	}{
		{"unknown template", `{"template_id":"menu","data":{}}`, 422, CodeInvalidField, "template_id"},
		{"missing template_id", `{"data":{}}`, 400, CodeMissingField, "template_id"},
		{"missing data", `{"template_id":"invoice"}`, 400, CodeMissingField, "data"},
		{"data not an object", `{"template_id":"invoice","data":[1]}`, 422, CodeInvalidField, "data"},
		{"invalid data", `{"template_id":"invoice","data":{"total":1}}`, 422, CodeTemplateData, "/number"},
		{"bad size", `{"template_id":"invoice","data":{},"size":"huge"}`, 422, CodeInvalidField, "size"},
		{"malformed", `{"template_id":`, 400, CodeMalformedJSON, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := postJSON(t, h, "/api/v1/render-template", tc.body)
			p := problemOf(t, rec)
			if rec.Code != tc.status || p.Code != tc.code {
				t.Fatalf("got %d %s, want %d %s: %s", rec.Code, p.Code, tc.status, tc.code, rec.Body)
			}
			if tc.field != "" && (len(p.Errors) == 0 || p.Errors[0].Field != tc.field) {
				t.Errorf("errors %+v do not name %s", p.Errors, tc.field)
			}
		})
	}
	p := problemOf(t, postJSON(t, h, "/api/v1/render-template", `{"template_id":"menu","data":{}}`))
	if len(p.Errors) != 1 || len(p.Errors[0].Allowed) != 1 || p.Errors[0].Allowed[0] != "invoice" {
		t.Errorf("unknown template does not list the ids: %+v", p.Errors)
	}
	if rec := do(t, h, "POST", "/api/v1/render-template", "multipart/form-data; boundary=x", []byte("--x--")); rec.Code != 415 {
		t.Errorf("multipart render-template: %d", rec.Code)
	}
}

func TestValidate(t *testing.T) {
	h := New(Config{Engine: newFake()})
	pdf := []byte("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF")
	bad := `<html><img src="x.png"></html>`
	mpPDF, mpPDFCT := multipartBody(t, part{"file", "doc.bin", pdf})
	mpHTML, mpHTMLCT := multipartBody(t, part{"file", "doc.bin", []byte(bad)})
	cases := []struct {
		name, ct string
		body     []byte
		pdf      bool
		passed   bool
	}{
		{"json html", "application/json", []byte(`{"html":"<html><h1>x</h1></html>"}`), false, true},
		{"json html failing", "application/json", mustJSON(map[string]string{"html": bad}), false, false},
		{"json pdf", "application/json", mustJSON(map[string]string{"pdf": base64.StdEncoding.EncodeToString(pdf)}), true, true},
		{"multipart pdf by content", mpPDFCT, mpPDF, true, true},
		{"multipart html by content", mpHTMLCT, mpHTML, false, false},
		{"raw pdf", "application/pdf", pdf, true, true},
		{"raw html", "text/html; charset=utf-8", []byte(bad), false, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rec := do(t, h, "POST", "/api/v1/validate", tc.ct, tc.body)
			if rec.Code != 200 || rec.Header().Get("Content-Type") != "application/json" {
				t.Fatalf("status %d: %s", rec.Code, rec.Body)
			}
			var rep map[string]any
			json.Unmarshal(rec.Body.Bytes(), &rep)
			for _, k := range []string{"score", "passed", "errors", "warnings", "repair_hints", "checked_rules", "summary"} {
				if _, ok := rep[k]; !ok {
					t.Errorf("report lacks %q: %s", k, rec.Body)
				}
			}
			if _, hasDoc := rep["document"]; hasDoc != tc.pdf {
				t.Errorf("document present %v, want %v", hasDoc, tc.pdf)
			}
			if rep["passed"] != tc.passed {
				t.Errorf("passed %v, want %v", rep["passed"], tc.passed)
			}
			if !tc.passed {
				errs := rep["errors"].([]any)
				f := errs[0].(map[string]any)
				if f["rule"] != "image-alt" || f["hint"] == nil || f["location"] == nil || f["wcag"] != "1.1.1" || f["standard"] != "WCAG 2.1 1.1.1" || len(rep["repair_hints"].([]any)) == 0 {
					t.Errorf("finding %v", f)
				}
			}
		})
	}
	for _, tc := range []struct {
		name, ct, body string
		status         int
		code           string
	}{
		{"neither", "application/json", `{}`, 400, CodeMissingField},
		{"both", "application/json", `{"html":"x","pdf":"JVBERi0="}`, 422, CodeInvalidField},
		{"bad base64", "application/json", `{"pdf":"%%%"}`, 422, CodeInvalidField},
		{"base64 of non-PDF", "application/json", `{"pdf":"aGVsbG8="}`, 422, CodeInvalidField},
		{"raw pdf without header", "application/pdf", "hello", 422, CodeInvalidField},
		{"unreadable pdf", "application/pdf", "%PDF-1.7 broken", 422, CodeInvalidInput},
		{"image", "image/png", "x", 415, CodeUnsupportedMedia},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := do(t, h, "POST", "/api/v1/validate", tc.ct, []byte(tc.body))
			if p := problemOf(t, rec); rec.Code != tc.status || p.Code != tc.code {
				t.Errorf("got %d %s, want %d %s: %s", rec.Code, p.Code, tc.status, tc.code, rec.Body)
			}
		})
	}
}

func mustJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

func TestMetrics(t *testing.T) {
	h := New(Config{Engine: newFake()})
	postJSON(t, h, "/api/v1/render", map[string]any{"html": page, "audit": true})
	postJSON(t, h, "/api/v1/render", `{`)
	do(t, h, "GET", "/no/such/path", "", nil)
	rec := do(t, h, "GET", "/metrics", "", nil)
	body := rec.Body.String()
	for _, want := range []string{
		`folio_http_requests_total{method="POST",route="POST /api/v1/render",status="200"} 1`,
		`folio_http_requests_total{method="POST",route="POST /api/v1/render",status="400"} 1`,
		`folio_render_duration_seconds_count{operation="render"} 1`,
		`folio_pages_rendered_total 2`,
		`folio_renders_in_flight 0`,
		`folio_render_queue_length 0`,
		`folio_audit_score_count{kind="render"} 1`,
		`folio_http_requests_total{method="GET",route="unmatched",status="404"} 1`,
		`go_goroutines`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("metrics lack %q", want)
		}
	}
}

func TestAccessLogIsJSONWithRequestID(t *testing.T) {
	var buf bytes.Buffer
	h := New(Config{Engine: newFake(), Logger: slog.New(slog.NewJSONHandler(&buf, nil))})
	do(t, h, "GET", "/api/v1/health", "", nil)
	if buf.Len() != 0 {
		t.Errorf("health probe logged at info level: %s", buf.String())
	}
	do(t, h, "GET", "/api/v1/templates", "", nil, "X-Request-ID", "log-me")
	var entry map[string]any
	if err := json.Unmarshal(bytes.TrimSpace(buf.Bytes()), &entry); err != nil {
		t.Fatalf("log line %q: %v", buf.String(), err)
	}
	if entry["request_id"] != "log-me" || entry["status"] != float64(200) || entry["route"] != "GET /api/v1/templates" || entry["msg"] != "request" {
		t.Errorf("log entry %v", entry)
	}
}

func TestHeadHealth(t *testing.T) {
	h := New(Config{Engine: newFake()})
	if rec := do(t, h, http.MethodHead, "/api/v1/health", "", nil); rec.Code != 200 {
		t.Errorf("HEAD health: %d", rec.Code)
	}
}

// TestMetricsSharedRegistry: two handlers on one registry neither panic
// nor split the series; the second server's requests land in the same
// counter.
func TestMetricsSharedRegistry(t *testing.T) {
	reg := prometheus.NewRegistry()
	a := New(Config{Registerer: reg, Gatherer: reg})
	b := New(Config{Registerer: reg, Gatherer: reg})
	do(t, a, "GET", "/api/v1/health", "", nil)
	do(t, b, "GET", "/api/v1/health", "", nil)
	rec := do(t, a, "GET", "/metrics", "", nil)
	want := `folio_http_requests_total{method="GET",route="GET /api/v1/health",status="200"} 2`
	if !strings.Contains(rec.Body.String(), want) {
		t.Errorf("metrics lack %s:\n%s", want, rec.Body.String())
	}
}
