package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/seed28491532/folio/templates"
)

// builtinTemplates adapts the templates package to TemplateRenderer.
func builtinTemplates() TemplateRenderer { return builtin{} }

type builtin struct{}

func (builtin) Templates() []TemplateInfo {
	list := templates.List()
	out := make([]TemplateInfo, len(list))
	for i, t := range list {
		out[i] = TemplateInfo{ID: t.ID, Title: t.Title, Description: t.Description, Required: t.Required}
		if out[i].Required == nil {
			out[i].Required = []string{}
		}
	}
	return out
}

func (builtin) Template(id string) (TemplateDetail, error) {
	info, ok := templates.Get(id)
	if !ok {
		return TemplateDetail{}, fmt.Errorf("template %q: %w", id, ErrUnknownTemplate)
	}
	schema, err := templates.Schema(id)
	if err != nil {
		return TemplateDetail{}, fmt.Errorf("template %q schema: %w", id, err)
	}
	sample, err := templates.Sample(id)
	if err != nil {
		return TemplateDetail{}, fmt.Errorf("template %q sample: %w", id, err)
	}
	return TemplateDetail{
		TemplateInfo: TemplateInfo{ID: info.ID, Title: info.Title, Description: info.Description, Required: info.Required},
		Schema:       schema,
		Sample:       sample,
	}, nil
}

func (builtin) RenderTemplate(ctx context.Context, id string, data json.RawMessage) ([]byte, error) {
	html, err := templates.Render(ctx, id, data)
	if err == nil {
		return html, nil
	}
	return nil, templateError(id, err)
}

// EInvoice returns the template's Factur-X XML (templates.EInvoice).
func (builtin) EInvoice(ctx context.Context, id string, data json.RawMessage) ([]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	xml, err := templates.EInvoice(id, data)
	if err == nil {
		return xml, nil
	}
	if errors.Is(err, templates.ErrNoEInvoice) {
		return nil, &TemplateDataError{Template: id, Errors: []FieldError{{Field: "e_invoice", Code: "invalid",
			Message: "template " + id + " has no e-invoice form; only invoice has one"}}}
	}
	return nil, templateError(id, err)
}

// templateError converts an error of the templates package into the
// server's: unknown template, or data problems by field.
func templateError(id string, err error) error {
	var ve *templates.ValidationError
	var se *templates.SyntaxError
	switch {
	case errors.Is(err, templates.ErrUnknownTemplate):
		return fmt.Errorf("template %q (available: %s): %w", id, strings.Join(templates.IDs(), ", "), ErrUnknownTemplate)
	case errors.As(err, &ve):
		tde := &TemplateDataError{Template: id}
		for _, p := range ve.Problems {
			code := "invalid"
			if p.Message == "required" {
				code = "missing"
			}
			tde.Errors = append(tde.Errors, FieldError{Field: p.Path, Code: code, Message: p.Message})
		}
		if ve.Truncated {
			tde.Errors = append(tde.Errors, FieldError{Field: "data", Code: "invalid", Message: "more problems not listed"})
		}
		return tde
	case errors.As(err, &se):
		return &TemplateDataError{Template: id, Errors: []FieldError{{Field: "data", Code: "invalid",
			Message: fmt.Sprintf("invalid JSON at line %d, column %d: %s", se.Line, se.Column, se.Msg)}}}
	case errors.Is(err, templates.ErrDataTooLarge):
		return &TemplateDataError{Template: id, Errors: []FieldError{{Field: "data", Code: "invalid", Message: err.Error()}}}
	}
	return err
}
