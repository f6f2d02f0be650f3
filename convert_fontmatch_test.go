package folio_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/seed28491532/folio"
)

// fontAssets returns the test fonts as assets: cafe.ttf (static) and
// v.ttf (variable, wght 300–700).
func fontAssets(t *testing.T) map[string][]byte {
	t.Helper()
	assets := map[string][]byte{}
	for name, file := range map[string]string{"cafe.ttf": "cafe.ttf", "v.ttf": "FolioVarTest.ttf"} {
		data, err := os.ReadFile("fonts/testdata/" + file)
		if err != nil {
			t.Fatal(err)
		}
		assets[name] = data
	}
	return assets
}

// font-stretch picks the face of the nearest width before style and
// weight (CSS Fonts 4 §5.2 step 4a): with a condensed face (the Cafe
// font) and a normal-width one (the Var font) declared through
// @font-face font-stretch, pdffonts lists the face each width selects.
func TestConvertFontStretchMatching(t *testing.T) {
	assets := fontAssets(t)
	tests := []struct {
		stretch  string
		want     string // the font pdffonts lists
		notWant  string
		oblique  bool
		extraCSS string
	}{
		{"normal", "FolioVarTest", "FolioCafe", false, ""},
		{"condensed", "FolioCafe", "FolioVarTest", false, ""},
		{"semi-condensed", "FolioCafe", "FolioVarTest", false, ""},  // narrower first at ≤ 100%
		{"ultra-condensed", "FolioCafe", "FolioVarTest", false, ""}, // none narrower: the nearest wider
		{"expanded", "FolioVarTest", "FolioCafe", false, ""},
		// width before style: the condensed face, slanted by synthesis,
		// rather than the normal-width italic
		{"condensed", "FolioCafe", "FolioVarTest", true, "font-style: italic"},
	}
	for _, tc := range tests {
		t.Run(tc.stretch+tc.extraCSS, func(t *testing.T) {
			doc := `<!DOCTYPE html><html lang="en"><head><title>Stretch</title><style>
@font-face { font-family: W; src: url(cafe.ttf); font-stretch: condensed }
@font-face { font-family: W; src: url(v.ttf); font-stretch: 100% }
@font-face { font-family: W; src: url(v.ttf); font-stretch: 100%; font-style: italic }
p { font-family: W; font-stretch: ` + tc.stretch + `; ` + tc.extraCSS + ` }</style></head><body><p>Voila</p></body></html>`
			res, err := folio.Convert(context.Background(), strings.NewReader(doc), folio.Options{Assets: assets})
			if err != nil {
				t.Fatalf("Convert: %v", err)
			}
			fonts := tool(t, res.PDF, "pdffonts")
			if !strings.Contains(fonts, tc.want) || strings.Contains(fonts, tc.notWant) {
				t.Errorf("pdffonts lists, want %s and not %s:\n%s", tc.want, tc.notWant, fonts)
			}
			if got := strings.Contains(contentStreams(t, res.PDF), "1 0 0.24933 1 "); got != tc.oblique {
				t.Errorf("synthesised oblique %v, want %v", got, tc.oblique)
			}
		})
	}
}

// An @font-face without font-weight on a variable font covers its wght
// axis (the descriptor's initial value is auto), so bold text is the
// wght 700 instance, not a synthesised bold; a declared weight of 400
// still synthesises it.
func TestConvertVariableWeightAuto(t *testing.T) {
	assets := fontAssets(t)
	for _, tc := range []struct {
		descriptor string
		instance   bool // the wght 700 instance is embedded
	}{{"", true}, {"font-weight: auto", true}, {"font-weight: 400", false}} {
		t.Run(tc.descriptor, func(t *testing.T) {
			doc := `<!DOCTYPE html><html lang="en"><head><title>Auto weight</title><style>
@font-face { font-family: V; src: url(v.ttf); ` + tc.descriptor + ` }
p { font-family: V; font-optical-sizing: none }</style></head><body><p><b>Hello</b></p></body></html>`
			res, err := folio.Convert(context.Background(), strings.NewReader(doc), folio.Options{Assets: assets})
			if err != nil {
				t.Fatalf("Convert: %v", err)
			}
			fonts := tool(t, res.PDF, "pdffonts")
			if got := strings.Contains(fonts, "FolioVarTest-Regular_wght700 "); got != tc.instance {
				t.Errorf("wght 700 instance embedded %v, want %v:\n%s", got, tc.instance, fonts)
			}
			if got := strings.Contains(contentStreams(t, res.PDF), "2 Tr"); got == tc.instance {
				t.Errorf("synthesised bold %v, want %v", got, !tc.instance)
			}
		})
	}
}
