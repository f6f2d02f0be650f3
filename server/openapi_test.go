package server

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math"
	"mime"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/seed28491532/folio"
)

// openAPIDoc is the parsed OpenAPI document with a light validator: enough
// of JSON Schema (type, required, properties, items, enum, allOf, oneOf,
// $ref, minimum, maximum, pattern) to check the handlers' responses.
type openAPIDoc struct {
	root map[string]any
}

func loadOpenAPI(t *testing.T) *openAPIDoc {
	t.Helper()
	var root map[string]any
	if err := json.Unmarshal(OpenAPI(), &root); err != nil {
		t.Fatalf("openapi.json: %v", err)
	}
	return &openAPIDoc{root: root}
}

// resolve follows a local $ref.
func (d *openAPIDoc) resolve(v map[string]any) map[string]any {
	for i := 0; i < 10; i++ {
		ref, ok := v["$ref"].(string)
		if !ok {
			return v
		}
		var cur any = d.root
		for _, seg := range strings.Split(strings.TrimPrefix(ref, "#/"), "/") {
			cur = cur.(map[string]any)[seg]
		}
		v = cur.(map[string]any)
	}
	return v
}

// operation finds the operation for method and a concrete path.
func (d *openAPIDoc) operation(method, path string) (map[string]any, bool) {
	paths := d.root["paths"].(map[string]any)
	for tmpl, item := range paths {
		re := "^" + regexp.MustCompile(`\\\{[^}]+\\\}`).ReplaceAllString(regexp.QuoteMeta(tmpl), `[^/]+`) + "$"
		if regexp.MustCompile(re).MatchString(path) {
			op, ok := item.(map[string]any)[strings.ToLower(method)].(map[string]any)
			return op, ok
		}
	}
	return nil, false
}

// checkResponse validates one response against the document.
func (d *openAPIDoc) checkResponse(method, path string, rec *httptest.ResponseRecorder) error {
	op, ok := d.operation(method, path)
	if !ok && rec.Code == http.StatusMethodNotAllowed {
		// The path exists for other methods: the shared 405 response.
		op = map[string]any{"responses": map[string]any{"405": map[string]any{"$ref": "#/components/responses/MethodNotAllowed"}}}
	} else if !ok {
		return fmt.Errorf("%s %s is not documented", method, path)
	}
	resps := op["responses"].(map[string]any)
	r, ok := resps[strconv.Itoa(rec.Code)].(map[string]any)
	if !ok {
		return fmt.Errorf("%s %s: status %d is not documented", method, path, rec.Code)
	}
	r = d.resolve(r)
	mt, _, err := mime.ParseMediaType(rec.Header().Get("Content-Type"))
	if err != nil {
		return fmt.Errorf("%s %s %d: Content-Type %q: %v", method, path, rec.Code, rec.Header().Get("Content-Type"), err)
	}
	content, _ := r["content"].(map[string]any)
	media, ok := content[mt].(map[string]any)
	if !ok {
		return fmt.Errorf("%s %s %d: content type %s is not documented", method, path, rec.Code, mt)
	}
	if headers, ok := r["headers"].(map[string]any); ok {
		if _, documented := headers["Retry-After"]; documented && rec.Header().Get("Retry-After") == "" {
			return fmt.Errorf("%s %s %d: documented Retry-After missing", method, path, rec.Code)
		}
	}
	if mt != "application/json" && mt != "application/problem+json" {
		return nil
	}
	var body any
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
		return fmt.Errorf("%s %s %d: body is not JSON: %v", method, path, rec.Code, err)
	}
	return d.validate(media["schema"].(map[string]any), body, "body")
}

func (d *openAPIDoc) validate(schema map[string]any, v any, at string) error {
	schema = d.resolve(schema)
	for _, sub := range asList(schema["allOf"]) {
		if err := d.validate(sub.(map[string]any), v, at); err != nil {
			return err
		}
	}
	if alts := asList(schema["oneOf"]); len(alts) > 0 {
		matched := 0
		for _, sub := range alts {
			if d.validate(sub.(map[string]any), v, at) == nil {
				matched++
			}
		}
		if matched != 1 {
			return fmt.Errorf("%s matches %d of the oneOf alternatives", at, matched)
		}
	}
	if typ, ok := schema["type"].(string); ok && !hasType(typ, v) {
		return fmt.Errorf("%s: %v is not of type %s", at, v, typ)
	}
	if enum := asList(schema["enum"]); len(enum) > 0 {
		found := false
		for _, e := range enum {
			if e == v {
				found = true
			}
		}
		if !found {
			return fmt.Errorf("%s: %v is not one of %v", at, v, enum)
		}
	}
	if n, ok := v.(float64); ok {
		if lo, ok := schema["minimum"].(float64); ok && n < lo {
			return fmt.Errorf("%s: %v below minimum %v", at, n, lo)
		}
		if hi, ok := schema["maximum"].(float64); ok && n > hi {
			return fmt.Errorf("%s: %v above maximum %v", at, n, hi)
		}
	}
	if s, ok := v.(string); ok {
		if p, ok := schema["pattern"].(string); ok && !regexp.MustCompile(p).MatchString(s) {
			return fmt.Errorf("%s: %q does not match %s", at, s, p)
		}
	}
	if obj, ok := v.(map[string]any); ok {
		for _, req := range asList(schema["required"]) {
			if _, ok := obj[req.(string)]; !ok {
				return fmt.Errorf("%s: required property %q missing", at, req)
			}
		}
		props, _ := schema["properties"].(map[string]any)
		for k, pv := range obj {
			if ps, ok := props[k].(map[string]any); ok {
				if err := d.validate(ps, pv, at+"."+k); err != nil {
					return err
				}
			}
		}
	}
	if arr, ok := v.([]any); ok {
		if items, ok := schema["items"].(map[string]any); ok {
			for i, it := range arr {
				if err := d.validate(items, it, fmt.Sprintf("%s[%d]", at, i)); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func asList(v any) []any { l, _ := v.([]any); return l }

func hasType(typ string, v any) bool {
	switch typ {
	case "object":
		_, ok := v.(map[string]any)
		return ok
	case "array":
		_, ok := v.([]any)
		return ok
	case "string":
		_, ok := v.(string)
		return ok
	case "boolean":
		_, ok := v.(bool)
		return ok
	case "null":
		return v == nil
	case "number":
		_, ok := v.(float64)
		return ok
	case "integer":
		n, ok := v.(float64)
		return ok && n == math.Trunc(n)
	}
	return false
}

func TestOpenAPIDocument(t *testing.T) {
	d := loadOpenAPI(t)
	if d.root["openapi"] != "3.1.0" {
		t.Errorf("openapi %v", d.root["openapi"])
	}
	if v := d.root["info"].(map[string]any)["version"]; v != folio.Version {
		t.Errorf("info.version %v, want folio.Version %s", v, folio.Version)
	}
	h := New(Config{Engine: newFake()})
	rec := do(t, h, "GET", "/api/v1/openapi.json", "", nil)
	if rec.Code != 200 || rec.Body.String() != string(OpenAPI()) {
		t.Errorf("served document differs: %d", rec.Code)
	}
	// Every documented operation exists (does not answer 404/405).
	for path, item := range d.root["paths"].(map[string]any) {
		for method := range item.(map[string]any) {
			concrete := strings.ReplaceAll(path, "{id}", "invoice")
			rec := do(t, h, strings.ToUpper(method), concrete, "application/json", []byte(`{}`))
			if rec.Code == 404 || rec.Code == 405 {
				t.Errorf("%s %s documented but answers %d", method, path, rec.Code)
			}
		}
	}
}

// TestOpenAPIConformance sends requests covering every endpoint, content
// type and error status, and checks each response against the document.
func TestOpenAPIConformance(t *testing.T) {
	d := loadOpenAPI(t)
	f := newFake()
	h := New(Config{Engine: f, MaxBodyBytes: 4 << 10, RenderTimeout: 30 * time.Millisecond, MaxConcurrent: 1, MaxQueue: -1, APIKeys: []string{"key"}})
	auth := []string{"Authorization", "Bearer key"}
	mp, mpCT := multipartBody(t, part{"html", "index.html", []byte(page)}, part{"a", "logo.png", []byte("png")})
	vmp, vmpCT := multipartBody(t, part{"file", "x.pdf", []byte("%PDF-1.7\n")})
	pdf64 := base64.StdEncoding.EncodeToString([]byte("%PDF-1.7\n"))
	type req struct {
		method, path, ct, body string
		headers                []string
		want                   int
	}
	reqs := []req{
		{"GET", "/api/v1/health", "", "", nil, 200},
		{"GET", "/api/v1/openapi.json", "", "", nil, 200},
		{"GET", "/metrics", "", "", nil, 200},
		{"GET", "/api/v1/templates", "", "", auth, 200},
		{"GET", "/api/v1/templates/invoice", "", "", auth, 200},
		{"GET", "/api/v1/templates/nope", "", "", auth, 404},
		{"GET", "/api/v1/templates", "", "", nil, 401},
		{"POST", "/api/v1/render", "application/json", `{"html":"x"}`, auth, 200},
		{"POST", "/api/v1/render", "application/json", `{"html":"x","format":"json","audit":true}`, auth, 200},
		{"POST", "/api/v1/render", "application/json", `{"html":"x","format":"json"}`, auth, 200},
		{"POST", "/api/v1/render", mpCT, string(mp), auth, 200},
		{"POST", "/api/v1/render", "application/json", `{"html":`, auth, 400},
		{"POST", "/api/v1/render", "application/json", `{}`, auth, 400},
		{"POST", "/api/v1/render", "application/json", `{"html":"x","size":"Z9"}`, auth, 422},
		{"POST", "/api/v1/render", "application/json", `{"html":"STRICTFAIL","strict":true}`, auth, 422},
		{"POST", "/api/v1/render", "application/json", `{"html":"` + strings.Repeat("x", 5<<10) + `"}`, auth, 413},
		{"POST", "/api/v1/render", "text/plain", `x`, auth, 415},
		{"POST", "/api/v1/render", "application/json", `{"html":"x"}`, append([]string{"Accept", "image/png"}, auth...), 406},
		{"POST", "/api/v1/render", "application/json", `{"html":"BLOCK"}`, auth, 504},
		{"POST", "/api/v1/render", "application/json", `{"html":"PANIC"}`, auth, 500},
		{"GET", "/api/v1/render", "", "", auth, 405},
		{"POST", "/api/v1/render-template", "application/json", `{"template_id":"invoice","data":{"number":"1"}}`, auth, 200},
		{"POST", "/api/v1/render-template", "application/json", `{"template_id":"invoice","data":{"number":"1"},"format":"json"}`, auth, 200},
		{"POST", "/api/v1/render-template", "application/json", `{"template_id":"invoice","data":{}}`, auth, 422},
		{"POST", "/api/v1/validate", "application/json", `{"html":"<img src=x>"}`, auth, 200},
		{"POST", "/api/v1/validate", "application/json", `{"pdf":"` + pdf64 + `"}`, auth, 200},
		{"POST", "/api/v1/validate", vmpCT, string(vmp), auth, 200},
		{"POST", "/api/v1/validate", "application/pdf", "%PDF-1.7\n", auth, 200},
		{"POST", "/api/v1/validate", "text/html", "<p>x</p>", auth, 200},
		{"POST", "/api/v1/validate", "application/json", `{}`, auth, 400},
		{"POST", "/api/v1/validate", "image/gif", `x`, auth, 415},
	}
	for _, r := range reqs {
		var body []byte
		if r.body != "" {
			body = []byte(r.body)
		}
		rec := do(t, h, r.method, r.path, r.ct, body, r.headers...)
		if rec.Code != r.want {
			t.Errorf("%s %s: status %d, want %d: %s", r.method, r.path, rec.Code, r.want, rec.Body)
			continue
		}
		if err := d.checkResponse(r.method, r.path, rec); err != nil {
			t.Error(err)
		}
	}
	// 503 with Retry-After: hold the only slot (MaxQueue -1: no queue).
	done := make(chan *httptest.ResponseRecorder)
	f = newFake()
	h2 := New(Config{Engine: f, MaxConcurrent: 1, MaxQueue: -1})
	go func() { done <- postJSON(t, h2, "/api/v1/render", `{"html":"BLOCK"}`) }()
	<-f.started
	rec := postJSON(t, h2, "/api/v1/render", `{"html":"x"}`)
	if rec.Code != http.StatusServiceUnavailable {
		t.Errorf("overload: %d", rec.Code)
	} else if err := d.checkResponse("POST", "/api/v1/render", rec); err != nil {
		t.Error(err)
	}
	close(f.release)
	<-done
}

// TestOpenAPIValidatorRejects makes sure the validator can fail.
func TestOpenAPIValidatorRejects(t *testing.T) {
	d := loadOpenAPI(t)
	health := map[string]any{"$ref": "#/components/schemas/Health"}
	for _, bad := range []any{
		map[string]any{"status": "healthy", "version": "1.2.3"},
		map[string]any{"status": "sick", "version": "1.2.3", "engine": "x"},
		map[string]any{"status": "healthy", "version": "v1", "engine": "x"},
		[]any{},
	} {
		if d.validate(health, bad, "body") == nil {
			t.Errorf("accepted %v", bad)
		}
	}
	if err := d.validate(health, map[string]any{"status": "healthy", "version": "1.2.3", "engine": "x"}, "body"); err != nil {
		t.Error(err)
	}
}
