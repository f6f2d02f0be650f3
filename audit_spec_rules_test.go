package folio_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/seed28491532/folio"
)

// TestAuditPDFSpecRules checks the service's conformance rules 3–5 on
// PDFs folio made: each fails on the PDF exactly when the HTML breaks
// it, so validating a PDF no longer scores a document with three h1, a
// placeholder alt or a table without caption as perfect.
func TestAuditPDFSpecRules(t *testing.T) {
	const table = `<table><caption>Sales</caption><tr><th scope="col">Q</th><th scope="col">N</th></tr><tr><td>1</td><td>2</td></tr></table>`
	tests := []struct {
		name, body string
		want       []string // the spec rules that fail
	}{
		{"clean", `<h1>T</h1><h2>S</h2><p>text</p><img src="` + pngData(4, 4) + `" alt="A red square">` + table, nil},
		{"no heading", `<p>text</p>`, []string{"spec-3-one-h1"}},
		// a first heading below h1 is tagged H1 (PDF/UA 7.4.2), and header
		// cells get a /Scope from their place: the PDF satisfies rule 3 and
		// 5 there, though the HTML audit still reports the source
		{"first heading h2", `<h2>S</h2><p>text</p>`, nil},
		{"header without scope", `<h1>T</h1>` + strings.ReplaceAll(table, ` scope="col"`, ""), nil},
		{"two h1", `<h1>A</h1><h1>B</h1>`, []string{"spec-3-one-h1"}},
		{"file-name alt", `<h1>T</h1><img src="` + pngData(4, 4) + `" alt="chart_2024.png">`, []string{"spec-4-figure-alt"}},
		{"missing alt", `<h1>T</h1><img src="` + pngData(4, 4) + `">`, []string{"spec-4-figure-alt"}},
		{"table without caption", `<h1>T</h1>` + strings.Replace(table, "<caption>Sales</caption>", "", 1), []string{"spec-5-table-caption"}},
		{"header named by headers", `<h1>T</h1><table><caption>C</caption><tr><th id="q">Q</th></tr><tr><td headers="q">1</td></tr></table>`, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := folio.Convert(context.Background(), strings.NewReader(`<!DOCTYPE html><html lang="en"><title>t</title><body>`+tc.body), folio.Options{})
			if err != nil {
				t.Fatal(err)
			}
			rep, err := folio.AuditPDF(context.Background(), res.PDF)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range rep.Errors {
				if strings.HasPrefix(f.Rule, "spec-") && !slices.Contains(got, f.Rule) {
					got = append(got, f.Rule)
				} else if !strings.HasPrefix(f.Rule, "spec-") {
					t.Errorf("PDF/UA error: %s: %s", f.Rule, f.Message)
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("spec rules failing %v, want %v", got, tc.want)
			}
		})
	}
}
