package folio_test

import (
	"context"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/seed28491532/folio"
)

// The ex and ch units of an @font-face family are its own font's, not
// its fallback's: a text indent of 10ex in the web font (x-height
// 1082/2048 em) starts the word where 10×1082/2048 em does.
func TestConvertWebFontExUnit(t *testing.T) {
	data, err := os.ReadFile("fonts/testdata/cafe.ttf")
	if err != nil {
		t.Fatal(err)
	}
	const em = 1082.0 / 2048 * 10
	doc := `<!DOCTYPE html><html lang="en"><head><title>ex</title><style>
@font-face { font-family: Brand; src: url(cafe.ttf) }
p { font: 20px Brand, serif; margin: 0 }
#ex { text-indent: 10ex } #em { text-indent: ` + strconv.FormatFloat(em, 'f', 6, 64) + `em }</style></head>
<body><p id=ex>Caf</p><p id=em>test</p></body></html>`
	res, err := folio.Convert(context.Background(), strings.NewReader(doc),
		folio.Options{Assets: map[string][]byte{"cafe.ttf": data}})
	if err != nil {
		t.Fatalf("Convert: %v", err)
	}
	words := pdfWords(t, res.PDF)
	ex, emw := findWord(t, words, "Caf"), findWord(t, words, "test")
	if math.Abs(ex.x-emw.x) > 0.5 {
		t.Errorf("10ex indents to x=%.2f, %.4fem to x=%.2f", ex.x, em, emw.x)
	}
}
