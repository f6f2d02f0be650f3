package ua

import (
	"context"
	"strings"
	"testing"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// TestSpecRules runs the service's content rules 3–5 on mini documents:
// on with Options.SpecRules, silent without.
func TestSpecRules(t *testing.T) {
	th := func(kv ...any) *node { return leaf("TH", tableAttr(kv...)) }
	td := func(kv ...any) *node { return leaf("TD", tableAttr(kv...)) }
	fig := func(alt string) *node { return leaf("Figure", pdfobj.Dict{"Alt": pdfobj.String(alt)}) }
	h1 := leaf("H1", nil)
	table := func(kids ...*node) *node { return n("Table", kids...) }
	withID := func(nd *node, id string) *node { nd.attrs["ID"] = pdfobj.String(id); return nd }
	tests := []miniCase{
		{"clean", mini{tree: doc(h1, fig("A bar chart of sales by quarter"),
			table(leaf("Caption", nil), row(th("Scope", "Column")), row(td())))}, nil},
		{"no H1", mini{tree: doc(leaf("P", nil))}, []string{ruleOneH1}},
		{"two H1", mini{tree: doc(h1, leaf("H1", nil))}, []string{ruleOneH1}},
		{"placeholder alt", mini{tree: doc(h1, fig("Image"))}, []string{ruleFigureAlt}},
		{"file name alt", mini{tree: doc(h1, fig("IMG_0042.JPG"))}, []string{ruleFigureAlt}},
		{"table without caption", mini{tree: doc(h1, table(row(th("Scope", "Row"), td())))}, []string{ruleTableCaption}},
		{"TH without scope", mini{tree: doc(h1, table(leaf("Caption", nil), row(th(), td())))}, []string{ruleTHScope}},
		{"TH named by Headers", mini{tree: doc(h1, table(leaf("Caption", nil),
			row(withID(th(), "q")), row(td("Headers", pdfobj.Array{pdfobj.String("q")}))))}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := tt.m.build(t)
			rep, err := Audit(context.Background(), data, Options{SpecRules: true})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, r := range failedRules(rep) {
				if strings.HasPrefix(r, "spec-") {
					got = append(got, r)
				}
			}
			if strings.Join(got, " ") != strings.Join(tt.want, " ") {
				t.Errorf("spec rules failing %v, want %v%s", got, tt.want, describe(rep))
			}
			for _, r := range failedRules(auditBytes(t, data)) {
				if strings.HasPrefix(r, "spec-") {
					t.Errorf("%s fails without Options.SpecRules", r)
				}
			}
		})
	}
}
