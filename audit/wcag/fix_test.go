package wcag

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

func render(t *testing.T, doc *html.Node) string {
	t.Helper()
	var b bytes.Buffer
	if err := html.Render(&b, doc); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestFix(t *testing.T) {
	tests := []struct {
		name      string
		src       string
		opts      FixOptions
		wantHTML  []string // substrings of the fixed document
		wantFixes []string // prefixes of the fix descriptions, in order
	}{
		{"lang from request",
			`<html><head><title>T</title></head><body><h1>x</h1></body></html>`, FixOptions{Lang: "en-GB"},
			[]string{`<html lang="en-GB">`}, []string{"html-has-lang:"}},
		{"invalid lang replaced",
			`<html lang="en_US"><head><title>T</title></head><body></body></html>`, FixOptions{Lang: "en-US"},
			[]string{`<html lang="en-US">`}, []string{"html-lang-valid:"}},
		{"lang never guessed",
			`<html><head><title>T</title></head><body><p>Bonjour tout le monde</p></body></html>`, FixOptions{},
			[]string{`<html>`}, nil},
		{"invalid request lang ignored",
			`<html><head><title>T</title></head><body></body></html>`, FixOptions{Lang: "english"},
			[]string{`<html>`}, nil},
		{"title from request",
			`<html lang="en"><head></head><body><h1>Heading</h1></body></html>`, FixOptions{Title: "Requested"},
			[]string{`<title>Requested</title>`}, []string{"document-title:"}},
		{"title from h1",
			`<html lang="en"><head><title> </title></head><body><h1>Annual <em>report</em></h1></body></html>`, FixOptions{},
			[]string{`<title>Annual report</title>`}, []string{"document-title:"}},
		{"existing title kept",
			`<html lang="en"><head><title>Mine</title></head><body><h1>Other</h1></body></html>`, FixOptions{Title: "Requested"},
			[]string{`<title>Mine</title>`}, nil},
		{"scopes and caption from heading",
			`<html lang="en"><head><title>T</title></head><body><h2>Scores</h2>
<table><thead><tr><th>Name</th><th>Score</th></tr></thead><tbody><tr><th>Ann</th><td>1</td></tr></tbody></table></body></html>`, FixOptions{},
			[]string{`<th scope="col">Name</th>`, `<th scope="row">Ann</th>`, `<table><caption>Scores</caption>`},
			[]string{"th-has-scope: added scope=\"col\" to 2", "th-has-scope: added scope=\"row\" to 1", "table-caption:"}},
		{"first row of th is column headers",
			`<table aria-label="Prices"><tr><th>Item</th><th>Price</th></tr><tr><td>Tea</td><td>2</td></tr></table>`, FixOptions{},
			[]string{`<th scope="col">Item</th>`, `<caption>Prices</caption>`},
			[]string{"th-has-scope:", "table-caption:"}},
		{"ambiguous th left alone",
			`<table><caption>C</caption><tr><td>a</td><th>b</th><td>c</td></tr></table>`, FixOptions{},
			[]string{`<th>b</th>`}, nil},
		{"image-only link named from label",
			`<a href="/home" aria-label="Home page"><img src="logo.png"></a>`, FixOptions{},
			[]string{`<img src="logo.png" alt="Home page"/>`}, []string{"image-alt:"}},
		{"image in link with text becomes decorative",
			`<a href="/home"><img src="logo.png"> Home</a>`, FixOptions{},
			[]string{`<img src="logo.png" alt=""/>`}, []string{"image-alt:"}},
		{"unnamed image-only link left alone",
			`<a href="/next"><img src="dot.png"></a>`, FixOptions{},
			[]string{`<img src="dot.png"/>`}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := html.Parse(strings.NewReader(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			fixes := Fix(doc, tt.opts)
			out := render(t, doc)
			for _, w := range tt.wantHTML {
				if !strings.Contains(out, w) {
					t.Errorf("fixed document lacks %q:\n%s", w, out)
				}
			}
			if len(fixes) != len(tt.wantFixes) {
				t.Fatalf("fixes %q, want %d matching %q", fixes, len(tt.wantFixes), tt.wantFixes)
			}
			for i, w := range tt.wantFixes {
				if !strings.HasPrefix(fixes[i], w) {
					t.Errorf("fix %d = %q, want prefix %q", i, fixes[i], w)
				}
			}
		})
	}
}

// TestAuditWithFix checks that the Fix option repairs what it can, reports
// the fixes, leaves positions of untouched elements intact, and that
// without the option the document is audited as written.
func TestAuditWithFix(t *testing.T) {
	src := []byte("<!DOCTYPE html>\n<html>\n<head></head>\n<body>\n<h1>Report</h1>\n<h2>Scores</h2>\n" +
		"<table><thead><tr><th>Name</th></tr></thead><tbody><tr><td>A</td></tr></tbody></table>\n" +
		"<a href=\"/x\"><img src=\"x.png\"> Next chapter</a>\n</body></html>")
	plain, err := AuditHTML(context.Background(), src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	fixed, err := AuditHTML(context.Background(), src, Options{Fix: true, FixOptions: FixOptions{Lang: "en"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(plain.Fixes) != 0 {
		t.Errorf("fixes without the option: %q", plain.Fixes)
	}
	for _, rule := range []string{"html-has-lang", "document-title", "th-has-scope", "table-caption", "image-alt"} {
		if r, _ := result(plain, rule); r.Failed == 0 {
			t.Errorf("unfixed document should fail %s", rule)
		}
		if r, _ := result(fixed, rule); r.Failed != 0 {
			t.Errorf("fixed document still fails %s: %v", rule, fixed.Errors)
		}
	}
	if len(fixed.Fixes) != 5 {
		t.Errorf("fixes %q, want 5", fixed.Fixes)
	}
	if !slices.ContainsFunc(fixed.Fixes, func(s string) bool { return strings.Contains(s, `"Report"`) }) {
		t.Errorf("title fix should come from the h1: %q", fixed.Fixes)
	}
}
