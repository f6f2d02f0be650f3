package folio_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/seed28491532/folio"
	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// contentStreams returns the decoded content of every page.
func contentStreams(t *testing.T, pdf []byte) string {
	t.Helper()
	f, err := pdfobj.Open(pdf)
	if err != nil {
		t.Fatal(err)
	}
	pages, err := f.Pages()
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, pg := range pages {
		s, ok := f.Resolve(pg.Dict["Contents"]).(*pdfobj.Stream)
		if !ok {
			t.Fatalf("/Contents is not a stream")
		}
		c, err := f.DecodeStream(s)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(c)
	}
	return b.String()
}

// A family with only a regular face draws <b> by filling and stroking its
// glyphs (text render mode 2) and <i> with a 14° skewed text matrix, as
// browsers synthesise them, from the one embedded font; a family with the
// real faces gets neither.
func TestConvertSynthesisedBoldAndOblique(t *testing.T) {
	data, err := os.ReadFile("fonts/testdata/cafe.ttf")
	if err != nil {
		t.Fatal(err)
	}
	convert := func(family, body string) (content, fonts, text string) {
		t.Helper()
		doc := `<!DOCTYPE html><html lang="en"><head><title>Synthesis</title><style>
@font-face { font-family: Cafe; src: url(cafe.ttf) }
p { font-family: ` + family + ` }</style></head><body><p>` + body + `</p></body></html>`
		res, err := folio.Convert(context.Background(), strings.NewReader(doc), folio.Options{Assets: map[string][]byte{"cafe.ttf": data}})
		if err != nil {
			t.Fatalf("Convert: %v", err)
		}
		return contentStreams(t, res.PDF), tool(t, res.PDF, "pdffonts"), pdftotext(t, res.PDF)
	}
	const skew = "1 0 0.24933 1 " // tan 14°
	tests := []struct {
		name, family, body string
		bold, oblique      bool
	}{
		{"regular", "Cafe", "Cafe", false, false},
		{"bold", "Cafe", "<b>Cafe</b>", true, false},
		{"italic", "Cafe", "<i>Cafe</i>", false, true},
		{"bold italic", "Cafe", "<b><i>Cafe</i></b>", true, true},
		{"font-weight 600", "Cafe", `<span style="font-weight: 600">Cafe</span>`, true, false},
		{"font-weight 500 is not bold", "Cafe", `<span style="font-weight: 500">Cafe</span>`, false, false},
		{"real bold and italic faces", "sans-serif", "<b><i>Cafe</i></b>", false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			content, fonts, text := convert(tc.family, tc.body)
			if got := strings.Contains(content, "2 Tr"); got != tc.bold {
				t.Errorf("fill+stroke text (2 Tr) %v, want %v", got, tc.bold)
			}
			if got := strings.Contains(content, skew); got != tc.oblique {
				t.Errorf("skewed text matrix %v, want %v", got, tc.oblique)
			}
			if tc.bold && !strings.Contains(content, "2 Tr\nBT") {
				t.Errorf("render mode not set right before the text object:\n%s", content)
			}
			if tc.family == "Cafe" && strings.Count(fonts, "FolioCafe") != 1 {
				t.Errorf("pdffonts lists FolioCafe %d times, want once:\n%s", strings.Count(fonts, "FolioCafe"), fonts)
			}
			if !strings.Contains(text, "Cafe") {
				t.Errorf("pdftotext = %q", text)
			}
		})
	}
}

// font-variant: small-caps draws lower-case letters as capitals at 0.7 of
// the size; the text extracts as written.
func TestConvertSmallCaps(t *testing.T) {
	doc := `<!DOCTYPE html><html lang="en"><head><title>Small caps</title></head><body>
<p style="font-variant: small-caps; font-size: 20px">Small Caps</p></body></html>`
	res, err := folio.Convert(context.Background(), strings.NewReader(doc), folio.Options{})
	if err != nil {
		t.Fatalf("Convert: %v", err)
	}
	content := contentStreams(t, res.PDF)
	if !strings.Contains(content, " 15 Tf") || !strings.Contains(content, " 10.5 Tf") {
		t.Errorf("want text at 15 pt (20px) and 10.5 pt (its small capitals):\n%s", content)
	}
	if text := pdftotext(t, res.PDF); !strings.Contains(text, "Small Caps") {
		t.Errorf("pdftotext = %q, want Small Caps", text)
	}
}
