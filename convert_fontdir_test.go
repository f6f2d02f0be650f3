package folio_test

import (
	"context"
	"strings"
	"testing"

	"github.com/seed28491532/folio"
)

// Japanese text the bundled fonts lack is drawn from a font of FontDirs:
// pdffonts lists it and the text extracts; without it the characters are
// boxes and the audit warns (glyph-missing).
func TestConvertFontDirFallback(t *testing.T) {
	doc := `<!DOCTYPE html><html lang="ja"><head><title>日本語</title></head><body><h1>日本語の文字</h1></body></html>`
	convert := func(opts folio.Options) *folio.Result {
		t.Helper()
		opts.Audit = true
		res, err := folio.Convert(context.Background(), strings.NewReader(doc), opts)
		if err != nil {
			t.Fatalf("Convert: %v", err)
		}
		return res
	}
	res := convert(folio.Options{FontDirs: []string{"fonts/testdata/fontdir"}})
	if fonts := tool(t, res.PDF, "pdffonts"); !strings.Contains(fonts, "+FolioCJKTest") {
		t.Fatalf("pdffonts does not list the directory's font:\n%s", fonts)
	}
	if text := pdftotext(t, res.PDF); !strings.Contains(text, "日本語の文字") {
		t.Fatalf("pdftotext = %q", text)
	}
	if hasRule(res.Report.Warnings, "glyph-missing") {
		t.Fatalf("glyph-missing warning although the font covers the text: %+v", res.Report.Warnings)
	}
	res = convert(folio.Options{})
	if !hasRule(res.Report.Warnings, "glyph-missing") {
		t.Fatalf("no glyph-missing warning for text no bundled font has: %+v", res.Report.Warnings)
	}
}
