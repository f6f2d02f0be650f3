package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/seed28491532/folio"
	"github.com/seed28491532/folio/audit"
)

// Engine is the work behind the handlers: conversion, audits and
// templates. DefaultEngine is the real one; tests substitute fakes.
// Implementations must be safe for concurrent use and must return
// promptly once ctx is done.
type Engine interface {
	// Convert converts HTML to a tagged PDF (folio.Convert).
	Convert(ctx context.Context, html io.Reader, opts folio.Options) (*folio.Result, error)
	// ConvertAll converts several HTML documents into one PDF
	// (folio.ConvertAll).
	ConvertAll(ctx context.Context, sources []folio.Source, opts folio.Options) (*folio.Result, error)
	// AuditHTML audits HTML without converting it (folio.AuditHTML).
	AuditHTML(ctx context.Context, html io.Reader, opts folio.Options) (*audit.Report, error)
	// AuditPDF audits a PDF (folio.AuditPDF).
	AuditPDF(ctx context.Context, pdf []byte) (*audit.Report, error)
	TemplateRenderer
}

// TemplateRenderer lists built-in templates and renders them to HTML.
type TemplateRenderer interface {
	// Templates lists the templates in a stable order.
	Templates() []TemplateInfo
	// Template returns one template's schema and sample data, or an error
	// wrapping ErrUnknownTemplate.
	Template(id string) (TemplateDetail, error)
	// RenderTemplate renders template id with data to HTML. Invalid data
	// gives a *TemplateDataError; an unknown id an error wrapping
	// ErrUnknownTemplate.
	RenderTemplate(ctx context.Context, id string, data json.RawMessage) ([]byte, error)
}

// EInvoicer is implemented by template renderers that can write a
// template's data as a Factur-X e-invoice (UN/CEFACT CII XML, EN 16931),
// as templates.EInvoice does. Invalid data gives a *TemplateDataError.
type EInvoicer interface {
	EInvoice(ctx context.Context, id string, data json.RawMessage) ([]byte, error)
}

// TemplateInfo describes a built-in template.
type TemplateInfo struct {
	ID          string   `json:"id"`
	Title       string   `json:"title"`
	Description string   `json:"description"`
	Required    []string `json:"required"`
}

// TemplateDetail is a template with its JSON Schema and sample data.
type TemplateDetail struct {
	TemplateInfo
	Schema json.RawMessage `json:"schema"`
	Sample json.RawMessage `json:"sample"`
}

// ErrUnknownTemplate is wrapped by errors about a template id that does
// not exist.
var ErrUnknownTemplate = errors.New("unknown template")

// FieldError names one invalid or missing field of a request or of
// template data.
type FieldError struct {
	// Field is the field's name or JSON pointer ("/items/0/price").
	Field string `json:"field"`
	// Code is "missing", "invalid", "unknown" or "type".
	Code    string `json:"code"`
	Message string `json:"message"`
	// Allowed lists the allowed values when the field is an enumeration.
	Allowed []string `json:"allowed,omitempty"`
}

// TemplateDataError reports template data that does not match the
// template's schema.
type TemplateDataError struct {
	Template string
	Errors   []FieldError
}

// Error names the template and the first problem, or how many there are.
func (e *TemplateDataError) Error() string {
	if len(e.Errors) == 1 {
		return fmt.Sprintf("template %s: data: %s: %s", e.Template, e.Errors[0].Field, e.Errors[0].Message)
	}
	return fmt.Sprintf("template %s: data has %d problems", e.Template, len(e.Errors))
}

// folioEngine calls the folio facade; templates come from templates.
type folioEngine struct {
	TemplateRenderer
}

// DefaultEngine returns the engine backed by the folio package and the
// built-in templates.
func DefaultEngine() Engine {
	return folioEngine{TemplateRenderer: builtinTemplates()}
}

func (folioEngine) Convert(ctx context.Context, html io.Reader, opts folio.Options) (*folio.Result, error) {
	return folio.Convert(ctx, html, opts)
}

func (folioEngine) ConvertAll(ctx context.Context, sources []folio.Source, opts folio.Options) (*folio.Result, error) {
	return folio.ConvertAll(ctx, sources, opts)
}

func (folioEngine) AuditHTML(ctx context.Context, html io.Reader, opts folio.Options) (*audit.Report, error) {
	return folio.AuditHTML(ctx, html, opts)
}

// EInvoice delegates to the template renderer when it is an EInvoicer.
func (e folioEngine) EInvoice(ctx context.Context, id string, data json.RawMessage) ([]byte, error) {
	ei, ok := e.TemplateRenderer.(EInvoicer)
	if !ok {
		return nil, errors.New("this engine's templates have no e-invoice form")
	}
	return ei.EInvoice(ctx, id, data)
}

func (folioEngine) AuditPDF(ctx context.Context, pdf []byte) (*audit.Report, error) {
	return folio.AuditPDF(ctx, pdf)
}
