package templates

import (
	"html/template"
	"strings"
	"testing"
)

var contentSamples = []string{
	"", "plain", `a<b>&"c"'d'`, "+49 30 1234", "nul\x00byte", "bad \xff utf-8 \xc3", "é ü ß – “quotes”", "<script>alert(1)</script>", "&amp;",
}

// checkWriteContent compares writeContent with html/template printing s
// in element content.
func checkWriteContent(t *testing.T, tmpl *template.Template, s string) {
	t.Helper()
	var want strings.Builder
	if err := tmpl.Execute(&want, s); err != nil {
		t.Fatal(err)
	}
	var got strings.Builder
	writeContent(&got, s)
	if got.String() != want.String() {
		t.Errorf("writeContent(%q) = %q, html/template %q", s, got.String(), want.String())
	}
}

func TestWriteContentMatchesHTMLTemplate(t *testing.T) {
	tmpl := template.Must(template.New("").Parse(`{{.}}`))
	for _, s := range contentSamples {
		checkWriteContent(t, tmpl, s)
	}
}

func FuzzWriteContent(f *testing.F) {
	for _, s := range contentSamples {
		f.Add(s)
	}
	tmpl := template.Must(template.New("").Parse(`{{.}}`))
	f.Fuzz(func(t *testing.T, s string) { checkWriteContent(t, tmpl, s) })
}
