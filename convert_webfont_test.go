package folio_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/seed28491532/folio"
)

// An @font-face in WOFF or WOFF2 is decoded, used and embedded: pdffonts
// lists the face and the text extracts.
func TestConvertWebFontFace(t *testing.T) {
	for _, file := range []string{"cafe.woff", "cafe.woff2", "cafe-hmtx.woff2"} {
		t.Run(file, func(t *testing.T) {
			data, err := os.ReadFile("fonts/testdata/" + file)
			if err != nil {
				t.Fatal(err)
			}
			doc := `<!DOCTYPE html><html lang="en"><head><title>Web font</title><style>
@font-face { font-family: Brand; src: url(` + file + `) format("woff2") }
p { font-family: Brand, serif }</style></head><body><p>Café font test</p></body></html>`
			res, err := folio.Convert(context.Background(), strings.NewReader(doc),
				folio.Options{Assets: map[string][]byte{file: data}})
			if err != nil {
				t.Fatalf("Convert: %v", err)
			}
			for _, d := range res.Diagnostics {
				if d.Stage == "font" {
					t.Errorf("diagnostic: %s", d.Message)
				}
			}
			if fonts := tool(t, res.PDF, "pdffonts"); !strings.Contains(fonts, "+FolioCafe-Regular") {
				t.Fatalf("pdffonts does not list the web font:\n%s", fonts)
			}
			if text := pdftotext(t, res.PDF); !strings.Contains(text, "Café font test") {
				t.Fatalf("pdftotext = %q", text)
			}
		})
	}
}

// A WOFF2 bomb is refused with a diagnostic naming the limit, and the
// text falls back to the next family.
func TestConvertWebFontBomb(t *testing.T) {
	data, err := os.ReadFile("fonts/testdata/cafe.woff2")
	if err != nil {
		t.Fatal(err)
	}
	data = append([]byte(nil), data...)
	data[16], data[17], data[18], data[19] = 0x40, 0, 0, 0 // totalSfntSize 1 GiB
	doc := `<!DOCTYPE html><html lang="en"><head><title>Bomb</title><style>
@font-face { font-family: Brand; src: url(bomb.woff2) }
p { font-family: Brand, serif }</style></head><body><p>Café</p></body></html>`
	res, err := folio.Convert(context.Background(), strings.NewReader(doc),
		folio.Options{Assets: map[string][]byte{"bomb.woff2": data}})
	if err != nil {
		t.Fatalf("Convert: %v", err)
	}
	found := false
	for _, d := range res.Diagnostics {
		if d.Stage == "font" && strings.Contains(d.Message, "67108864-byte limit") {
			found = true
		}
	}
	if !found {
		t.Fatalf("no diagnostic naming the font size limit: %+v", res.Diagnostics)
	}
	if fonts := tool(t, res.PDF, "pdffonts"); strings.Contains(fonts, "FolioCafe") || !strings.Contains(fonts, "LiberationSerif") {
		t.Fatalf("pdffonts:\n%s", fonts)
	}
}
