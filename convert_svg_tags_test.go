package folio_test

import (
	"context"
	"encoding/base64"
	"strings"
	"testing"

	"github.com/seed28491532/folio"
)

const tagSVG = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60"><title>File title</title>` +
	`<rect width="120" height="60" fill="#1d3557"/><text x="10" y="35" font-size="16" fill="#fff">Vector label</text></svg>`

// TestConvertSVGTags checks how SVG images are tagged: one Figure whose
// /Alt comes from alt, aria-label, aria-labelledby or the <title>, or an
// artifact when hidden or decorative; the HTML audit's svg-img-alt rule
// fails exactly when an svg with role=img gets no alternative (and is
// then not a Figure); the SVG's text is extractable.
func TestConvertSVGTags(t *testing.T) {
	uri := "data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString([]byte(tagSVG))
	inline := func(attrs, inner string) string {
		return `<svg ` + attrs + ` width="120" height="60" viewBox="0 0 120 60"><rect width="120" height="60" fill="#e63946"/>` + inner +
			`<text x="10" y="35" font-size="16">Vector label</text></svg>`
	}
	tests := []struct {
		name, body string
		alt        string // "" when no Figure is expected
		auditFails bool
	}{
		{"img alt", `<img src="` + uri + `" alt="Sales chart">`, "Sales chart", false},
		{"img without alt takes the title", `<img src="` + uri + `">`, "File title", false},
		{"object aria-label", `<object data="` + uri + `" aria-label="Org chart">Fallback</object>`, "Org chart", false},
		{"object fallback text", `<object data="` + uri + `">Org chart as text</object>`, "Org chart as text", false},
		{"img alt empty", `<img src="` + uri + `" alt="">`, "", false},
		{"inline aria-label", inline(`role="img" aria-label="Company logo"`, ""), "Company logo", false},
		{"inline aria-labelledby", `<p id="cap">Quarterly revenue</p>` + inline(`role="img" aria-labelledby="cap"`, ""), "Quarterly revenue", false},
		{"inline title", inline(`role="img"`, "<title>From the title</title>"), "From the title", false},
		{"inline without a name", inline(`role="img"`, ""), "", true},
		{"inline aria-hidden", inline(`aria-hidden="true" aria-label="Hidden"`, ""), "", false},
		{"inline presentation", inline(`role="presentation"`, "<title>Decor</title>"), "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := `<!doctype html><html lang="en"><head><title>SVG tags</title></head><body><h1>SVG</h1>` + tt.body + `</body></html>`
			pdf := convertAudited(t, src)
			st := structText(t, pdf)
			raw := uncompressed(t, pdf)
			figures := strings.Count(st, "Figure")
			switch {
			case tt.alt == "" && figures != 0:
				t.Errorf("want no Figure (an artifact), got:\n%s", st)
			case tt.alt != "" && figures != 1:
				t.Errorf("want one Figure, got %d:\n%s", figures, st)
			case tt.alt != "" && !strings.Contains(raw, "/Alt ("+tt.alt+")"):
				t.Errorf("PDF lacks /Alt (%s)", tt.alt)
			}
			if text := pdftotext(t, pdf); !strings.Contains(text, "Vector label") {
				t.Errorf("pdftotext does not find the SVG text:\n%s", text)
			}
			rep, err := folio.AuditHTML(context.Background(), strings.NewReader(src), folio.Options{})
			if err != nil {
				t.Fatal(err)
			}
			failed := false
			for _, f := range rep.Errors {
				failed = failed || f.Rule == "svg-img-alt"
			}
			if failed != tt.auditFails {
				t.Errorf("svg-img-alt failed = %v, want %v", failed, tt.auditFails)
			}
		})
	}
}
