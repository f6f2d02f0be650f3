package templates

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/seed28491532/folio/audit/wcag"
)

// TestSamplesScore100InHTMLAudit runs the project's WCAG audit on every
// sample's HTML: no errors, no warnings, score 100.
func TestSamplesScore100InHTMLAudit(t *testing.T) {
	for _, id := range allIDs {
		t.Run(id, func(t *testing.T) {
			sample, _ := Sample(id)
			out, err := Render(context.Background(), id, sample)
			if err != nil {
				t.Fatal(err)
			}
			rep, err := wcag.AuditHTML(context.Background(), out, wcag.Options{})
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range append(rep.Errors, rep.Warnings...) {
				t.Errorf("%+v", f)
			}
			for _, f := range rep.Notices {
				t.Logf("notice: %+v", f)
			}
			if rep.Score != 100 {
				t.Errorf("score %d, want 100", rep.Score)
			}
		})
	}
}

// minimal keeps only the required members of v, at every depth.
func minimal(root, s *schema, v any) any {
	if s.ref != "" {
		s = root.defs[strings.TrimPrefix(s.ref, "#/$defs/")]
	}
	switch x := v.(type) {
	case map[string]any:
		req := s.required
		props := s.properties
		for _, alt := range s.oneOf {
			if jsonEqual(x["type"], alt.properties["type"].constVal) {
				req, props = alt.required, alt.properties
			}
		}
		out := map[string]any{}
		for _, name := range req {
			if c, ok := x[name]; ok {
				out[name] = minimal(root, props[name], c)
			}
		}
		return out
	case []any:
		if s.items == nil {
			return x
		}
		out := make([]any, len(x))
		for i, c := range x {
			out[i] = minimal(root, s.items, c)
		}
		return out
	}
	return v
}

// TestMinimalDataScores100 renders each template from only its required
// fields (no subtitle, no optional images, tables or bank details) and
// audits it: accessibility must not depend on optional data.
func TestMinimalDataScores100(t *testing.T) {
	for _, id := range allIDs {
		t.Run(id, func(t *testing.T) {
			e, _ := lookup(id)
			sample, _ := Sample(id)
			v, _ := parseJSON(sample)
			data, _ := json.Marshal(minimal(e.schema, e.schema, v))
			out, err := Render(context.Background(), id, data)
			if err != nil {
				t.Fatalf("%v\n%s", err, data)
			}
			checkAccessibleHTML(t, out)
			rep, err := wcag.AuditHTML(context.Background(), out, wcag.Options{})
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range append(rep.Errors, rep.Warnings...) {
				t.Errorf("%+v", f)
			}
			if rep.Score != 100 {
				t.Errorf("score %d, want 100", rep.Score)
			}
		})
	}
}
