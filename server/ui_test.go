package server

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/seed28491532/folio/pdfinfo"
)

func TestUIServed(t *testing.T) {
	h := New(Config{Engine: newFake(), APIKeys: []string{"key"}})
	tests := []struct {
		path, ctype, contains string
	}{
		{"/", "text/html; charset=utf-8", `<script src="/ui/app.js" defer></script>`},
		{"/ui/app.js", "text/javascript; charset=utf-8", `"/api/v1/render"`},
		{"/ui/app.css", "text/css; charset=utf-8", ":focus-visible"},
		{"/ui/samples/report.html", "text/html; charset=utf-8", "Quarterly Accessibility Report"},
		{"/ui/samples/inaccessible.html", "text/html; charset=utf-8", "click here"},
	}
	for _, tt := range tests {
		// No API key: the page is open even when the API needs one.
		rec := do(t, h, "GET", tt.path, "", nil)
		if rec.Code != http.StatusOK {
			t.Errorf("%s: status %d: %s", tt.path, rec.Code, rec.Body)
			continue
		}
		if ct := rec.Header().Get("Content-Type"); ct != tt.ctype {
			t.Errorf("%s: Content-Type %q, want %q", tt.path, ct, tt.ctype)
		}
		if csp := rec.Header().Get("Content-Security-Policy"); csp != UIContentSecurityPolicy {
			t.Errorf("%s: Content-Security-Policy %q", tt.path, csp)
		}
		if rec.Header().Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s: no nosniff", tt.path)
		}
		if !strings.Contains(rec.Body.String(), tt.contains) {
			t.Errorf("%s: body lacks %q", tt.path, tt.contains)
		}
	}
	// The policy allows no inline script, and the page has none.
	if csp := UIContentSecurityPolicy; !strings.Contains(csp, "script-src 'self';") || strings.Contains(csp, "unsafe-inline") {
		t.Errorf("policy %q allows inline script", csp)
	}
	page := do(t, h, "GET", "/", "", nil).Body.String()
	if strings.Contains(page, "<script>") || strings.Contains(page, " style=") || strings.Contains(page, " onclick=") {
		t.Error("the page has inline script or style, which its policy refuses")
	}
	// The API itself still wants the key.
	if rec := do(t, h, "GET", "/api/v1/templates", "", nil); rec.Code != http.StatusUnauthorized {
		t.Errorf("templates without key: %d", rec.Code)
	}
}

func TestUINotFound(t *testing.T) {
	on := New(Config{Engine: newFake()})
	off := New(Config{Engine: newFake(), DisableUI: true})
	tests := []struct {
		name string
		h    http.Handler
		path string
		want int
	}{
		{"off: page", off, "/", 404},
		{"off: asset", off, "/ui/app.js", 404},
		{"on: unknown asset", on, "/ui/nope.js", 404},
		{"on: directory", on, "/ui/samples", 404},
		{"on: dot-dot", on, "/ui/../server.go", 307}, // to /server.go, a 404
		{"on: unknown path", on, "/index.php", 404},
		{"on: POST page", on, "/", 405},
	}
	for _, tt := range tests {
		method := "GET"
		if strings.HasPrefix(tt.name, "on: POST") {
			method = "POST"
		}
		rec := do(t, tt.h, method, tt.path, "", nil)
		if rec.Code != tt.want {
			t.Errorf("%s: %s %s: %d, want %d", tt.name, method, tt.path, rec.Code, tt.want)
		}
		if rec.Code == 404 && rec.Header().Get("Content-Type") != "application/problem+json" {
			t.Errorf("%s: 404 as %q, want a problem", tt.name, rec.Header().Get("Content-Type"))
		}
	}
}

// TestInspectRenderedPDF renders a document with the real engine and reads
// its tags back through /api/v1/inspect.
func TestInspectRenderedPDF(t *testing.T) {
	h := New(Config{})
	rec := postJSON(t, h, "/api/v1/render", map[string]any{
		"html": `<!doctype html><html lang="en-GB"><head><title>Inspected</title></head>` +
			`<body><h1>Main heading</h1><p>First paragraph.</p><p lang="de">Zweiter Absatz.</p></body></html>`,
		"author": "Ann Author",
	})
	if rec.Code != 200 {
		t.Fatalf("render: %d %s", rec.Code, rec.Body)
	}
	rec = do(t, h, "POST", "/api/v1/inspect", "application/pdf", rec.Body.Bytes())
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "application/json" {
		t.Fatalf("inspect: %d %q %s", rec.Code, rec.Header().Get("Content-Type"), rec.Body)
	}
	if err := loadOpenAPI(t).checkResponse("POST", "/api/v1/inspect", rec); err != nil {
		t.Error(err)
	}
	var info pdfinfo.Info
	if err := json.Unmarshal(rec.Body.Bytes(), &info); err != nil {
		t.Fatal(err)
	}
	if info.Title != "Inspected" || info.Author != "Ann Author" || info.Lang != "en-GB" || !info.Tagged || info.PDFUAPart != 1 || len(info.Pages) != 1 {
		t.Errorf("metadata %+v", info)
	}
	var got []string
	var walk func(n *pdfinfo.Node)
	walk = func(n *pdfinfo.Node) {
		if n.Text != "" {
			got = append(got, n.Type+":"+n.Text+":"+n.Lang)
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	if info.Structure == nil {
		t.Fatal("no structure tree")
	}
	walk(info.Structure)
	want := []string{"H1:Main heading:", "P:First paragraph.:", "P:Zweiter Absatz.:de"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("tagged text %q, want %q", got, want)
	}
}

func TestInspectErrors(t *testing.T) {
	h := New(Config{Engine: newFake(), MaxBodyBytes: 1 << 10})
	d := loadOpenAPI(t)
	tests := []struct {
		name, ct, body string
		want           int
		code           string
	}{
		{"not a PDF", "application/pdf", "hello", 422, CodeInvalidField},
		{"unreadable PDF", "application/pdf", "%PDF-1.7\ngarbage", 422, CodeInvalidInput},
		{"JSON", "application/json", `{"pdf":"x"}`, 415, CodeUnsupportedMedia},
		{"too large", "application/pdf", "%PDF-1.7\n" + strings.Repeat("x", 2<<10), 413, CodeBodyTooLarge},
	}
	for _, tt := range tests {
		rec := do(t, h, "POST", "/api/v1/inspect", tt.ct, []byte(tt.body))
		if rec.Code != tt.want {
			t.Errorf("%s: %d, want %d: %s", tt.name, rec.Code, tt.want, rec.Body)
			continue
		}
		if err := d.checkResponse("POST", "/api/v1/inspect", rec); err != nil {
			t.Error(err)
		}
		if p := problemOf(t, rec); p.Code != tt.code {
			t.Errorf("%s: code %q, want %q (%s)", tt.name, p.Code, tt.code, p.Detail)
		}
	}
}
