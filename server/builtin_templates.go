package server

import (
	"context"
	"encoding/json"
	"fmt"
)

// builtinTemplates adapts the templates package to TemplateRenderer.
func builtinTemplates() TemplateRenderer { return noTemplates{} }

// noTemplates is the TemplateRenderer used until the templates package
// exists: it lists nothing.
type noTemplates struct{}

func (noTemplates) Templates() []TemplateInfo { return []TemplateInfo{} }

func (noTemplates) Template(id string) (TemplateDetail, error) {
	return TemplateDetail{}, fmt.Errorf("template %q: %w", id, ErrUnknownTemplate)
}

func (noTemplates) RenderTemplate(ctx context.Context, id string, data json.RawMessage) ([]byte, error) {
	return nil, fmt.Errorf("template %q: %w", id, ErrUnknownTemplate)
}
