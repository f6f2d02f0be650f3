package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"

	"github.com/seed28491532/folio"
	"github.com/seed28491532/folio/audit"
	"github.com/seed28491532/folio/server"
)

// fakeEngine converts HTML to a recognisable fake PDF. Markers in the
// HTML: "<img" without "alt=" fails the audit; FAIL fails the conversion;
// LIMIT exceeds a limit.
type fakeEngine struct {
	mu    sync.Mutex
	calls map[string]folio.Options // by HTML
}

func newFake() *fakeEngine { return &fakeEngine{calls: map[string]folio.Options{}} }

func fakePDFFor(html string) []byte { return []byte("%PDF-1.7\n% " + html + "\n%%EOF\n") }

func report(html string) *audit.Report {
	var findings []audit.Finding
	failed := 0
	if strings.Contains(html, "<img") && !strings.Contains(html, "alt=") {
		failed = 1
		findings = append(findings, audit.Finding{Rule: "image-alt", Severity: audit.Error, Message: "img has no alt",
			Standards: []string{"WCAG 2.1 1.1.1"}, Hint: "add an alt attribute", Location: audit.Location{Line: 1, Column: 7}})
	}
	r := audit.NewReport(findings, []audit.RuleResult{{Rule: "image-alt", Severity: audit.Error, Checked: 1, Failed: failed}})
	return &r
}

func (f *fakeEngine) Convert(ctx context.Context, r io.Reader, opts folio.Options) (*folio.Result, error) {
	b, _ := io.ReadAll(r)
	html := string(b)
	f.mu.Lock()
	f.calls[html] = opts
	f.mu.Unlock()
	switch {
	case strings.Contains(html, "FAIL"):
		return nil, fmt.Errorf("layout exploded")
	case strings.Contains(html, "LIMIT"):
		return nil, fmt.Errorf("2001 pages: %w", folio.ErrLimit)
	}
	res := &folio.Result{PDF: fakePDFFor(html), Pages: 1 + len(html)%3, Diagnostics: []folio.Diagnostic{{Stage: "css", Message: "dropped property foo", Line: 1, Column: 2}}}
	if opts.Audit || opts.Strict {
		res.Report = report(html)
		if opts.Strict && !res.Report.Passed {
			return res, fmt.Errorf("convert: %w", folio.ErrAuditFailed)
		}
	}
	return res, nil
}

func (f *fakeEngine) options(html string) (folio.Options, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	o, ok := f.calls[html]
	return o, ok
}

func (f *fakeEngine) AuditHTML(ctx context.Context, r io.Reader, opts folio.Options) (*audit.Report, error) {
	b, _ := io.ReadAll(r)
	return report(string(b)), nil
}

func (f *fakeEngine) AuditPDF(ctx context.Context, pdf []byte) (*audit.Report, error) {
	if bytes.Contains(pdf, []byte("broken")) {
		return nil, fmt.Errorf("no xref")
	}
	r := report(string(pdf))
	r.Document = &audit.DocumentInfo{Pages: 1, Tagged: true, PDFUAPart: 1}
	return r, nil
}

func (f *fakeEngine) Templates() []server.TemplateInfo {
	return []server.TemplateInfo{{ID: "invoice", Title: "Invoice", Description: "An invoice.", Required: []string{"number"}}}
}

func (f *fakeEngine) Template(id string) (server.TemplateDetail, error) {
	if id != "invoice" {
		return server.TemplateDetail{}, fmt.Errorf("template %q: %w", id, server.ErrUnknownTemplate)
	}
	return server.TemplateDetail{TemplateInfo: f.Templates()[0], Schema: json.RawMessage(`{}`), Sample: json.RawMessage(`{"number":"SAMPLE-1"}`)}, nil
}

func (f *fakeEngine) RenderTemplate(ctx context.Context, id string, data json.RawMessage) ([]byte, error) {
	if id != "invoice" {
		return nil, fmt.Errorf("template %q: %w", id, server.ErrUnknownTemplate)
	}
	var m map[string]any
	json.Unmarshal(data, &m)
	n, ok := m["number"].(string)
	if !ok {
		return nil, &server.TemplateDataError{Template: id, Errors: []server.FieldError{{Field: "data.number", Code: "missing", Message: "required"}}}
	}
	return []byte("<html lang=en><title>Invoice</title><h1>Invoice " + n + "</h1></html>"), nil
}

// run runs the CLI with the fake engine.
type runResult struct {
	code           int
	stdout, stderr string
}

func runCLI(t *testing.T, f *fakeEngine, stdin string, args ...string) runResult {
	t.Helper()
	return runCtx(t, context.Background(), f, stdin, args...)
}

func runCtx(t *testing.T, ctx context.Context, f *fakeEngine, stdin string, args ...string) runResult {
	t.Helper()
	var out, errb bytes.Buffer
	e := &env{ctx: ctx, stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb, engine: f,
		getenv: func(string) string { return "" }, isTerminal: func(io.Writer) bool { return false }}
	code := e.main(args)
	return runResult{code, out.String(), errb.String()}
}

// ConvertAll converts the documents joined into one, so the fake records
// and answers a merged request like a single one.
func (f *fakeEngine) ConvertAll(ctx context.Context, sources []folio.Source, opts folio.Options) (*folio.Result, error) {
	var joined []io.Reader
	for i, s := range sources {
		if i > 0 {
			joined = append(joined, strings.NewReader("\n<!-- next document -->\n"))
		}
		joined = append(joined, s.HTML)
	}
	return f.Convert(ctx, io.MultiReader(joined...), opts)
}
