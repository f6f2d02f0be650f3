package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/seed28491532/folio"
	"github.com/seed28491532/folio/audit"
)

// fakeEngine converts by looking at markers in the HTML:
//
//	BLOCK      waits until the context is done (or release is closed)
//	PANIC      panics
//	STRICTFAIL returns a result with ErrAuditFailed when strict
//	LIMIT      returns an error wrapping folio.ErrLimit
//	FAIL       returns an unexpected error naming a server-side path
//
// Anything else succeeds with a two-page fake PDF.
type fakeEngine struct {
	mu      sync.Mutex
	calls   []folio.Options
	htmls   []string
	release chan struct{} // closing it ends BLOCK early
	started chan struct{} // receives once per BLOCK call
}

func newFake() *fakeEngine {
	return &fakeEngine{release: make(chan struct{}), started: make(chan struct{}, 100)}
}

var fakePDF = []byte("%PDF-1.7\n% fake\n%%EOF\n")

func fakeReport(score int, errs int) *audit.Report {
	var findings []audit.Finding
	results := []audit.RuleResult{{Rule: "image-alt", Severity: audit.Error, Checked: 2, Failed: errs}}
	for i := 0; i < errs; i++ {
		findings = append(findings, audit.Finding{Rule: "image-alt", Severity: audit.Error,
			Standards: []string{"WCAG 2.1 1.1.1"}, Message: "image has no alt", Hint: "add alt",
			Location: audit.Location{Line: 3, Column: 5}})
	}
	r := audit.NewReport(findings, results)
	return &r
}

func (f *fakeEngine) Convert(ctx context.Context, r io.Reader, opts folio.Options) (*folio.Result, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	html := string(b)
	f.mu.Lock()
	f.calls = append(f.calls, opts)
	f.htmls = append(f.htmls, html)
	f.mu.Unlock()
	switch {
	case strings.Contains(html, "BLOCK"):
		f.started <- struct{}{}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("layout: %w", ctx.Err())
		case <-f.release:
		}
	case strings.Contains(html, "PANIC"):
		panic("fake engine exploded")
	case strings.Contains(html, "FAIL") && !strings.Contains(html, "STRICTFAIL"):
		return nil, fmt.Errorf("render: open /srv/folio/cache/fonts.db: permission denied")
	case strings.Contains(html, "LIMIT"):
		return nil, fmt.Errorf("document has 2001 pages, over the limit of 2000: %w", folio.ErrLimit)
	case strings.Contains(html, "STRICTFAIL") && opts.Strict:
		return &folio.Result{PDF: fakePDF, Pages: 1, Report: fakeReport(0, 1)}, fmt.Errorf("convert: %w", folio.ErrAuditFailed)
	}
	res := &folio.Result{PDF: fakePDF, Pages: 2}
	if opts.Audit {
		res.Report = fakeReport(100, 0)
	}
	return res, nil
}

func (f *fakeEngine) lastOptions() folio.Options {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.calls[len(f.calls)-1]
}

func (f *fakeEngine) AuditHTML(ctx context.Context, r io.Reader, opts folio.Options) (*audit.Report, error) {
	b, _ := io.ReadAll(r)
	if strings.Contains(string(b), "<img") && !strings.Contains(string(b), "alt=") {
		return fakeReport(0, 1), nil
	}
	return fakeReport(100, 0), nil
}

func (f *fakeEngine) AuditPDF(ctx context.Context, pdf []byte) (*audit.Report, error) {
	if !strings.HasPrefix(string(pdf), "%PDF-") {
		return nil, fmt.Errorf("no PDF header")
	}
	if strings.Contains(string(pdf), "broken") {
		return nil, fmt.Errorf("xref table not found")
	}
	r := fakeReport(100, 0)
	r.Document = &audit.DocumentInfo{Pages: 1, Tagged: true, Lang: "en", Title: "t", PDFUAPart: 1, PDFVersion: "1.7"}
	return r, nil
}

func (f *fakeEngine) Templates() []TemplateInfo {
	return []TemplateInfo{{ID: "invoice", Title: "Invoice", Description: "An invoice.", Required: []string{"number"}}}
}

func (f *fakeEngine) Template(id string) (TemplateDetail, error) {
	if id != "invoice" {
		return TemplateDetail{}, fmt.Errorf("template %q: %w", id, ErrUnknownTemplate)
	}
	return TemplateDetail{TemplateInfo: f.Templates()[0],
		Schema: json.RawMessage(`{"type":"object","required":["number"]}`),
		Sample: json.RawMessage(`{"number":"INV-1","total":12.5}`)}, nil
}

func (f *fakeEngine) RenderTemplate(ctx context.Context, id string, data json.RawMessage) ([]byte, error) {
	if id != "invoice" {
		return nil, fmt.Errorf("template %q: %w", id, ErrUnknownTemplate)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, err
	}
	if _, ok := m["number"].(string); !ok {
		return nil, &TemplateDataError{Template: id, Errors: []FieldError{{Field: "/number", Code: "missing", Message: "number is required"}}}
	}
	return []byte("<html><title>Invoice</title><h1>Invoice " + m["number"].(string) + "</h1></html>"), nil
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
