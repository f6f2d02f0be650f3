package folio_test

import (
	"context"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/seed28491532/folio"
)

// A variable @font-face drawn at two weights embeds two instances:
// pdffonts lists each under its own name, neither is a synthesised bold,
// the lines advance differently and the text extracts.
func TestConvertVariableFont(t *testing.T) {
	data, err := os.ReadFile("fonts/testdata/FolioVarTest.ttf")
	if err != nil {
		t.Fatal(err)
	}
	doc := `<!DOCTYPE html><html lang="en"><head><title>Variable</title><style>
@font-face { font-family: V; src: url(v.ttf); font-weight: 300 700 }
p { font-family: V; font-size: 20px }
.light { font-weight: 300 } .bold { font-weight: bold } .set { font-variation-settings: 'wght' 550 }
</style></head><body><p class=light>Hello Voila</p><p class=bold>Hello Voila</p><p class=set>Hello</p><p>Hello</p></body></html>`
	res, err := folio.Convert(context.Background(), strings.NewReader(doc), folio.Options{Assets: map[string][]byte{"v.ttf": data}})
	if err != nil {
		t.Fatalf("Convert: %v", err)
	}
	uaClean(t, res.PDF)
	fonts := tool(t, res.PDF, "pdffonts")
	for _, name := range []string{"FolioVarTest-Regular_wght300", "FolioVarTest-Regular_wght700", "FolioVarTest-Regular_wght550", "FolioVarTest-Regular "} {
		if !strings.Contains(fonts, "+"+name) {
			t.Errorf("pdffonts lacks %q:\n%s", name, fonts)
		}
	}
	content := contentStreams(t, res.PDF)
	if strings.Contains(content, "2 Tr") {
		t.Errorf("synthesised bold for a weight the wght axis has")
	}
	if text := pdftotext(t, res.PDF); strings.Count(text, "Hello Voila") != 2 || strings.Count(text, "Hello") != 4 {
		t.Errorf("pdftotext = %q", text)
	}
	// the positioned glyph strings of the light and the bold line differ
	// (advances), and there are four fonts in use
	tj := regexp.MustCompile(`(?m)^.*TJ$`).FindAllString(textOps(content), -1)
	if len(tj) < 2 || tj[0] == tj[1] {
		t.Errorf("light and bold lines draw alike:\n%s", strings.Join(tj, "\n"))
	}
}
