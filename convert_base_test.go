package folio_test

import (
	"context"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seed28491532/folio"
)

// TestConvertBaseURLAndRoot converts a document in site/docs/a/ that
// links ../../style.css: with BaseDir bounding file access to site/ and
// BaseURL at the document's folder, the sheet loads; a sheet outside
// site/ stays refused whatever the base; UserCSS applies after the
// document's sheets.
func TestConvertBaseURLAndRoot(t *testing.T) {
	root := t.TempDir()
	site := filepath.Join(root, "site")
	docDir := filepath.Join(site, "docs", "a")
	if err := os.MkdirAll(docDir, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(name, text string) {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(site, "style.css"), `p::before { content: "styled " }`)
	write(filepath.Join(root, "secret.css"), `p::before { content: "leaked " }`)
	base := (&url.URL{Scheme: "file", Path: filepath.ToSlash(docDir) + "/"}).String()
	src := func(href string) string {
		return `<!DOCTYPE html><html lang="en"><title>t</title><link rel="stylesheet" href="` + href + `"><p>text</p>`
	}
	tests := []struct {
		name, href, userCSS, base string
		want, wantNot             string
	}{
		{"sibling tree through ../", "../../style.css", "", base, "styled text", ""},
		{"outside the root", "../../../secret.css", "", base, "text", "leaked"},
		{"without a base URL, relative to the root", "style.css", "", "", "styled text", ""},
		{"user CSS after the document's", "../../style.css", `p::before { content: "user " }`, base, "user text", "styled"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := folio.Convert(context.Background(), strings.NewReader(src(tc.href)),
				folio.Options{BaseDir: site, BaseURL: tc.base, UserCSS: tc.userCSS})
			if err != nil {
				t.Fatal(err)
			}
			text := strings.Join(strings.Fields(pdftotext(t, res.PDF)), " ")
			if !strings.Contains(text, tc.want) || tc.wantNot != "" && strings.Contains(text, tc.wantNot) {
				t.Errorf("text %q, want %q and not %q; diagnostics %+v", text, tc.want, tc.wantNot, res.Diagnostics)
			}
		})
	}
}
