package folio_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/seed28491532/folio"
)

// OpenType features asked for in CSS reach the shaper: the PDF draws
// other glyphs (the text operators differ from those without the feature)
// while the text extracts as the source.
func TestConvertFontFeatures(t *testing.T) {
	data, err := os.ReadFile("fonts/testdata/FolioFeatures.otf")
	if err != nil {
		t.Fatal(err)
	}
	convert := func(css, body string) (content, text string) {
		t.Helper()
		doc := `<!DOCTYPE html><html lang="en"><head><title>Features</title><style>
@font-face { font-family: F; src: url(f.otf) }
p { font-family: F, "DejaVu Sans"; font-size: 20px; ` + css + ` }</style></head><body><p>` + body + `</p></body></html>`
		res, err := folio.Convert(context.Background(), strings.NewReader(doc), folio.Options{Assets: map[string][]byte{"f.otf": data}})
		if err != nil {
			t.Fatalf("Convert: %v", err)
		}
		uaClean(t, res.PDF)
		return textOps(contentStreams(t, res.PDF)), pdftotext(t, res.PDF)
	}
	tests := []struct{ css, body string }{
		{"font-variant-numeric: oldstyle-nums", "2024"},
		{"font-variant-numeric: proportional-nums", "2024"},
		{"font-variant-numeric: diagonal-fractions", "1/2"},
		{"font-feature-settings: 'onum'", "2024"},
		{"font-variant-caps: small-caps", "Small"},
		{"font-variant: small-caps", "Small"},
		{"font-family: 'DejaVu Sans'; font-variant-ligatures: none", "fit"},
		{"font-family: 'DejaVu Sans'; font-variant-ligatures: discretionary-ligatures", "fist"},
		{"font-family: 'DejaVu Sans'; font-feature-settings: 'liga' 0", "fit"},
	}
	for _, tt := range tests {
		t.Run(tt.css, func(t *testing.T) {
			base := tt.css
			if i := strings.Index(base, ";"); i >= 0 {
				base = base[:i+1]
			} else {
				base = ""
			}
			plain, plainText := convert(base, tt.body)
			with, text := convert(tt.css, tt.body)
			if plain == with {
				t.Errorf("same glyphs with and without the feature:\n%s", with)
			}
			if strings.TrimSpace(text) != tt.body || strings.TrimSpace(plainText) != tt.body {
				t.Errorf("extracted %q and %q, want %q", plainText, text, tt.body)
			}
		})
	}
}

// textOps returns the text-showing operators of a content stream (the
// glyph codes and positions).
func textOps(content string) string {
	var b strings.Builder
	for line := range strings.Lines(content) {
		if strings.HasSuffix(strings.TrimSpace(line), "TJ") || strings.HasSuffix(strings.TrimSpace(line), "Tf") {
			b.WriteString(line)
		}
	}
	return b.String()
}
