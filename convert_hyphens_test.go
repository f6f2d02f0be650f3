package folio_test

import (
	"context"
	"strings"
	"testing"

	"github.com/seed28491532/folio"
)

// hyphens: auto hyphenates in the element's language; the drawn hyphen
// extracts as a soft hyphen (U+00AD, the tagged-PDF form of an incidental
// word division), so the text reads as the source words once soft hyphens
// and line ends are dropped, never with a hard hyphen, and the PDF stays
// PDF/UA clean.
func TestConvertAutoHyphens(t *testing.T) {
	const words = "extraordinary international documentation demonstrates considerable hyphenation capabilities"
	tests := []struct {
		lang, css string
		hyphens   bool
	}{
		{"en", "hyphens:auto", true},
		{"en-GB", "hyphens:auto;hyphenate-character:'='", true},
		{"en", "hyphens:manual", false},
		{"nl", "hyphens:auto", true}, // patterns read from the unchanged TeX source
		{"sv", "hyphens:auto", true},
		{"cs", "hyphens:auto", false}, // no Czech patterns (GPL)
	}
	for _, tt := range tests {
		t.Run(tt.lang+" "+tt.css, func(t *testing.T) {
			doc := `<!DOCTYPE html><html lang="` + tt.lang + `"><head><title>Hyphens</title></head><body>
<p style="width:110pt;font-size:12pt;` + tt.css + `">` + words + `</p></body></html>`
			res, err := folio.Convert(context.Background(), strings.NewReader(doc), folio.Options{})
			if err != nil {
				t.Fatalf("Convert: %v", err)
			}
			text := pdftotext(t, res.PDF)
			if got := strings.Count(text, "\u00AD\n"); (got > 0) != tt.hyphens {
				t.Errorf("%d lines end in a soft hyphen, want hyphenation %v:\n%s", got, tt.hyphens, text)
			}
			if strings.ContainsAny(text, "-=") {
				t.Errorf("extracted text holds a hard hyphen:\n%s", text)
			}
			joined := strings.Join(strings.Fields(strings.ReplaceAll(text, "\u00AD\n", "")), " ")
			if joined != words {
				t.Errorf("extracted words %q, want %q", joined, words)
			}
			uaClean(t, res.PDF)
		})
	}
}

// BenchmarkConvertHyphens converts about a hundred pages of justified
// English paragraphs without and with hyphens: auto: the difference is
// the cost of hyphenation.
func BenchmarkConvertHyphens(b *testing.B) {
	for _, c := range []struct{ name, css string }{{"manual", ""}, {"auto", "hyphens:auto;"}} {
		src := strings.Replace(paragraphs(1000), "</head>", "<style>p{text-align:justify;"+c.css+"}</style></head>", 1)
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			defer reportCPU(b)()
			var pages int
			for b.Loop() {
				res, err := folio.Convert(context.Background(), strings.NewReader(src), folio.Options{})
				if err != nil {
					b.Fatal(err)
				}
				pages = res.Pages
			}
			b.ReportMetric(float64(pages), "pages")
		})
	}
}
