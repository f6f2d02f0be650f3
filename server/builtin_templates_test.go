package server

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// TestBuiltinTemplates exercises the adapter over the real templates
// package: every listed template has a schema and sample data, and the
// sample renders to HTML.
func TestBuiltinTemplates(t *testing.T) {
	b := builtinTemplates()
	list := b.Templates()
	want := []string{"accessible_report", "invoice", "official_certificate", "product_catalog", "scientific_paper"}
	var ids []string
	for _, ti := range list {
		ids = append(ids, ti.ID)
	}
	if strings.Join(ids, " ") != strings.Join(want, " ") {
		t.Fatalf("templates %v, want %v", ids, want)
	}
	for _, ti := range list {
		d, err := b.Template(ti.ID)
		if err != nil || !json.Valid(d.Schema) || !json.Valid(d.Sample) {
			t.Errorf("%s: %v", ti.ID, err)
			continue
		}
		html, err := b.RenderTemplate(context.Background(), ti.ID, d.Sample)
		if err != nil || !strings.Contains(string(html), "<html") {
			t.Errorf("%s sample: %v", ti.ID, err)
		}
	}
	if _, err := b.Template("nope"); !errors.Is(err, ErrUnknownTemplate) {
		t.Errorf("unknown template: %v", err)
	}
	if _, err := b.RenderTemplate(context.Background(), "nope", json.RawMessage(`{}`)); !errors.Is(err, ErrUnknownTemplate) {
		t.Errorf("unknown template render: %v", err)
	}
	_, err := b.RenderTemplate(context.Background(), "invoice", json.RawMessage(`{}`))
	var tde *TemplateDataError
	if !errors.As(err, &tde) || len(tde.Errors) == 0 || tde.Errors[0].Field == "" {
		t.Errorf("invalid data: %v", err)
	}
}

// TestRenderTemplateInvalidDataThroughHandler checks the 422 with the real
// templates' validation problems.
func TestRenderTemplateInvalidDataThroughHandler(t *testing.T) {
	h := New(Config{})
	rec := postJSON(t, h, "/api/v1/render-template", `{"template_id":"invoice","data":{"invoice_number":5}}`)
	p := problemOf(t, rec)
	if rec.Code != 422 || p.Code != CodeTemplateData || len(p.Errors) == 0 {
		t.Fatalf("status %d %+v", rec.Code, p)
	}
	for _, e := range p.Errors {
		if !strings.HasPrefix(e.Field, "data") {
			t.Errorf("field %q is not a data path", e.Field)
		}
	}
	rec = do(t, h, "GET", "/api/v1/templates", "", nil)
	if !strings.Contains(rec.Body.String(), "scientific_paper") {
		t.Errorf("list: %s", rec.Body)
	}
	rec = do(t, h, "GET", "/api/v1/templates/invoice", "", nil)
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"schema":{`) {
		t.Errorf("detail: %d %.200s", rec.Code, rec.Body)
	}
}
