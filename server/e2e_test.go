package server

// End-to-end tests against the real engine (DefaultEngine: the folio
// facade and the built-in templates).

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/seed28491532/folio"
)

type renderJSON struct {
	PDF         []byte             `json:"pdf"`
	Pages       int                `json:"pages"`
	Bytes       int                `json:"bytes"`
	Audit       *json.RawMessage   `json:"audit"`
	Diagnostics []folio.Diagnostic `json:"diagnostics"`
}

func decodeRender(t *testing.T, body []byte) renderJSON {
	t.Helper()
	var r renderJSON
	if err := json.Unmarshal(body, &r); err != nil {
		t.Fatalf("render JSON: %v: %.300s", err, body)
	}
	return r
}

func TestE2ERender(t *testing.T) {
	h := New(Config{})
	rec := postJSON(t, h, "/api/v1/render", map[string]any{
		"html":  `<!doctype html><html lang="en-US"><head><title>Hello</title></head><body><h1>Hello</h1><p>World.</p></body></html>`,
		"audit": true, "size": "letter",
	})
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "application/pdf" || !bytes.HasPrefix(rec.Body.Bytes(), []byte("%PDF-")) {
		t.Fatalf("status %d %q: %.300s", rec.Code, rec.Header().Get("Content-Type"), rec.Body)
	}
	if rec.Header().Get("X-Audit-Score") != "100" || rec.Header().Get("X-Pages") != "1" {
		t.Errorf("headers %v", rec.Header())
	}
	// The PDF validates as tagged PDF/UA-1 through /api/v1/validate.
	rec = do(t, h, "POST", "/api/v1/validate", "application/pdf", rec.Body.Bytes())
	var rep struct {
		Score    int  `json:"score"`
		Passed   bool `json:"passed"`
		Document struct {
			Pages     int    `json:"pages"`
			Tagged    bool   `json:"tagged"`
			Lang      string `json:"lang"`
			Title     string `json:"title"`
			PDFUAPart int    `json:"pdfua_part"`
		} `json:"document"`
	}
	json.Unmarshal(rec.Body.Bytes(), &rep)
	if rec.Code != 200 || !rep.Passed || !rep.Document.Tagged || rep.Document.PDFUAPart != 1 || rep.Document.Lang != "en-US" || rep.Document.Title != "Hello" {
		t.Errorf("validate PDF: %d %+v", rec.Code, rep)
	}
}

// pngBytes encodes a small opaque PNG.
func pngBytes(t *testing.T) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 8, 8))
	for i := range img.Pix {
		img.Pix[i] = 0x80
	}
	img.Set(1, 1, color.RGBA{255, 0, 0, 255})
	var buf bytes.Buffer
	png.Encode(&buf, img)
	return buf.Bytes()
}

func TestE2EMultipartImageAsset(t *testing.T) {
	h := New(Config{})
	html := []byte(`<!doctype html><html lang="en"><head><title>Logo</title><link rel="stylesheet" href="css/site.css"></head>
<body><h1>Logo</h1><img src="img/logo.png" alt="The company logo"></body></html>`)
	css := []byte(`h1 { color: #003366 }`)
	with, withCT := multipartBody(t, part{"file", "index.html", html}, part{"a", "img/logo.png", pngBytes(t)}, part{"b", "css/site.css", css}, part{"format", "", []byte("json")})
	without, withoutCT := multipartBody(t, part{"file", "index.html", html}, part{"format", "", []byte("json")})

	rec := do(t, h, "POST", "/api/v1/render", withCT, with)
	if rec.Code != 200 {
		t.Fatalf("status %d: %.300s", rec.Code, rec.Body)
	}
	got := decodeRender(t, rec.Body.Bytes())
	for _, d := range got.Diagnostics {
		if strings.Contains(d.Message, "logo.png") || strings.Contains(d.Message, "site.css") {
			t.Errorf("asset not used: %+v", d)
		}
	}
	rec = do(t, h, "POST", "/api/v1/render", withoutCT, without)
	missing := decodeRender(t, rec.Body.Bytes())
	found := false
	for _, d := range missing.Diagnostics {
		found = found || strings.Contains(d.Message, "img/logo.png")
	}
	if !found {
		t.Errorf("missing asset not reported: %+v", missing.Diagnostics)
	}
	if len(got.PDF) <= len(missing.PDF) {
		t.Errorf("PDF with the image (%d bytes) is not larger than without (%d)", len(got.PDF), len(missing.PDF))
	}
}

// TestE2ERequestHTMLReadsNothing: request HTML referencing a local HTTP
// listener, file:///etc/passwd and ../../secret reads nothing, and every
// refusal is reported.
func TestE2ERequestHTMLReadsNothing(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	var conns atomic.Int64
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			conns.Add(1)
			c.Close()
		}
	}()
	base := "http://" + ln.Addr().String()
	html := fmt.Sprintf(`<!doctype html><html lang="en"><head><title>Probe</title>
<link rel="stylesheet" href="%[1]s/style.css">
<style>@import url("%[1]s/import.css"); @import url("file:///etc/passwd");
@font-face { font-family: X; src: url(%[1]s/font.ttf) } body { background-image: url(%[1]s/bg.png) }</style></head>
<body><h1>Probe</h1>
<img src="%[1]s/pixel.png" alt="remote">
<img src="file:///etc/passwd" alt="passwd">
<img src="../../secret" alt="secret">
<a href="%[1]s/link">a link is not fetched</a>
</body></html>`, base)
	h := New(Config{})
	rec := postJSON(t, h, "/api/v1/render", map[string]any{"html": html, "format": "json", "audit": true})
	if rec.Code != 200 {
		t.Fatalf("status %d: %.300s", rec.Code, rec.Body)
	}
	time.Sleep(50 * time.Millisecond)
	if n := conns.Load(); n != 0 {
		t.Errorf("the render opened %d connections to %s", n, base)
	}
	got := decodeRender(t, rec.Body.Bytes())
	var msgs []string
	for _, d := range got.Diagnostics {
		msgs = append(msgs, d.Message)
	}
	all := strings.Join(msgs, "\n")
	for _, ref := range []string{base + "/style.css", base + "/pixel.png", "file:///etc/passwd", "../../secret"} {
		if !strings.Contains(all, ref) {
			t.Errorf("refusal of %s not reported; diagnostics:\n%s", ref, all)
		}
	}
	if bytes.Contains(got.PDF, []byte("root:x:0:0")) {
		t.Error("/etc/passwd leaked into the PDF")
	}
}

func TestE2EValidateCorpus(t *testing.T) {
	html, err := os.ReadFile(filepath.Join("..", "conformance", "testdata", "corpus", "audit-violations.html"))
	if err != nil {
		t.Fatalf("corpus document missing: %v", err)
	}
	h := New(Config{})
	body, ct := multipartBody(t, part{"file", "audit-violations.html", html})
	rec := do(t, h, "POST", "/api/v1/validate", ct, body)
	var rep struct {
		Score       int      `json:"score"`
		Passed      bool     `json:"passed"`
		RepairHints []string `json:"repair_hints"`
		Errors      []struct {
			Rule      string   `json:"rule"`
			Standards []string `json:"standards"`
			Hint      string   `json:"hint"`
		} `json:"errors"`
	}
	json.Unmarshal(rec.Body.Bytes(), &rep)
	if rec.Code != 200 || rep.Passed || rep.Score >= 90 || len(rep.Errors) < 5 || len(rep.RepairHints) == 0 {
		t.Fatalf("status %d report %+v", rec.Code, rep)
	}
	rules := map[string]bool{}
	for _, e := range rep.Errors {
		rules[e.Rule] = true
	}
	for _, r := range []string{"image-alt", "html-lang-valid"} {
		if !rules[r] {
			t.Errorf("rule %s not reported (got %v)", r, rules)
		}
	}
}

func TestE2ERenderTemplateSamples(t *testing.T) {
	h := New(Config{})
	for _, ti := range DefaultEngine().Templates() {
		t.Run(ti.ID, func(t *testing.T) {
			d, err := DefaultEngine().Template(ti.ID)
			if err != nil {
				t.Fatal(err)
			}
			body := fmt.Sprintf(`{"template_id":%q,"data":%s,"audit":true}`, ti.ID, d.Sample)
			rec := postJSON(t, h, "/api/v1/render-template", body)
			if rec.Code != 200 || !bytes.HasPrefix(rec.Body.Bytes(), []byte("%PDF-")) {
				t.Fatalf("status %d: %.300s", rec.Code, rec.Body)
			}
			if rec.Header().Get("X-Audit-Passed") != "true" {
				t.Errorf("audit score %s passed %s", rec.Header().Get("X-Audit-Score"), rec.Header().Get("X-Audit-Passed"))
			}
		})
	}
}

// TestE2EDeadlineCancelsLayout: a document too large for the deadline
// gives 504, and the handler returns promptly.
func TestE2EDeadlineCancelsLayout(t *testing.T) {
	var b strings.Builder
	b.WriteString(`<!doctype html><html lang="en"><title>Big</title><h1>Big</h1><table><caption>Rows</caption><tr><th scope="col">A</th><th scope="col">B</th></tr>`)
	for i := 0; i < 20000; i++ {
		fmt.Fprintf(&b, "<tr><td>row %d</td><td>some text that wraps and wraps again to take layout time %d</td></tr>", i, i)
	}
	b.WriteString("</table></html>")
	h := New(Config{RenderTimeout: 200 * time.Millisecond})
	start := time.Now()
	rec := postJSON(t, h, "/api/v1/render", map[string]any{"html": b.String()})
	elapsed := time.Since(start)
	if rec.Code != http.StatusGatewayTimeout {
		t.Fatalf("status %d after %v: %.300s", rec.Code, elapsed, rec.Body)
	}
	if p := problemOf(t, rec); p.Code != CodeDeadlineExceeded {
		t.Errorf("code %s", p.Code)
	}
	t.Logf("504 after %v", elapsed)
}

func TestE2EStrictAuditFailure(t *testing.T) {
	h := New(Config{})
	rec := postJSON(t, h, "/api/v1/render", map[string]any{
		"html":   `<!doctype html><html lang="en"><title>x</title><h2>No h1</h2><img src="data:image/png;base64,` + base64.StdEncoding.EncodeToString(pngBytes(t)) + `"></html>`,
		"strict": true,
	})
	p := problemOf(t, rec)
	if rec.Code != 422 || p.Code != CodeAuditFailed || p.Audit == nil || p.Audit.Passed {
		t.Errorf("status %d problem %+v", rec.Code, p)
	}
}

// TestE2EOpenAPIConformance checks real-engine responses (audit reports
// with real findings, template details, PDF validation) against the
// OpenAPI document.
func TestE2EOpenAPIConformance(t *testing.T) {
	d := loadOpenAPI(t)
	h := New(Config{})
	bad := `<!doctype html><html lang="en_US"><title></title><h2>x</h2><img src="data:image/png;base64,` + base64.StdEncoding.EncodeToString(pngBytes(t)) + `"><table><tr><th>a</th></tr></table></html>`
	pdfRec := postJSON(t, h, "/api/v1/render", map[string]any{"html": bad})
	cases := []struct {
		method, path, ct string
		body             []byte
		want             int
	}{
		{"POST", "/api/v1/render", "application/json", mustJSON(map[string]any{"html": bad, "format": "json", "audit": true}), 200},
		{"POST", "/api/v1/render", "application/json", mustJSON(map[string]any{"html": bad, "strict": true}), 422},
		{"POST", "/api/v1/validate", "application/json", mustJSON(map[string]any{"html": bad}), 200},
		{"POST", "/api/v1/validate", "application/pdf", pdfRec.Body.Bytes(), 200},
		{"GET", "/api/v1/templates", "", nil, 200},
		{"GET", "/api/v1/templates/invoice", "", nil, 200},
		{"POST", "/api/v1/render-template", "application/json", []byte(`{"template_id":"invoice","data":{"invoice_number":1}}`), 422},
	}
	for _, c := range cases {
		rec := do(t, h, c.method, c.path, c.ct, c.body)
		if rec.Code != c.want {
			t.Errorf("%s %s: status %d, want %d: %.300s", c.method, c.path, rec.Code, c.want, rec.Body)
			continue
		}
		if err := d.checkResponse(c.method, c.path, rec); err != nil {
			t.Error(err)
		}
	}
}
