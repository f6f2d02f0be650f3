package folio_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/seed28491532/folio"
	"github.com/seed28491532/folio/fonts"
	"github.com/seed28491532/folio/style"
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

// font-synthesis keeps folio from synthesising what it names not: bold
// (fill and stroke, 2 Tr), oblique (a skewed text matrix), small
// capitals and superscripts (text at a smaller size) for a family whose
// one face lacks them.
func TestConvertFontSynthesis(t *testing.T) {
	assets := fontAssets(t)
	const skew = "1 0 0.24933 1 "
	sizes := regexp.MustCompile(` ([0-9.]+) Tf`)
	tests := []struct {
		synthesis     string
		bold, oblique bool
		smaller       bool // small capitals and superscripts synthesised
	}{
		{"weight style small-caps position", true, true, true},
		{"none", false, false, false},
		{"weight", true, false, false},
		{"style", false, true, false},
		{"small-caps position", false, false, true},
	}
	for _, tc := range tests {
		t.Run(tc.synthesis, func(t *testing.T) {
			for _, body := range []string{"<b>Cafe</b>", "<i>Cafe</i>",
				`<span style="font-variant: small-caps">Cafe</span>`, `<span style="font-variant-position: super">Cafe</span>`} {
				doc := `<!DOCTYPE html><html lang="en"><head><title>Synthesis</title><style>
@font-face { font-family: Cafe; src: url(cafe.ttf) }
p { font-family: Cafe; font-size: 20px; font-synthesis: ` + tc.synthesis + ` }</style></head><body><p>` + body + `</p></body></html>`
				res, err := folio.Convert(context.Background(), strings.NewReader(doc), folio.Options{Assets: assets})
				if err != nil {
					t.Fatalf("Convert: %v", err)
				}
				content := contentStreams(t, res.PDF)
				smaller := false
				for _, m := range sizes.FindAllStringSubmatch(content, -1) {
					smaller = smaller || m[1] != "15"
				}
				switch {
				case strings.HasPrefix(body, "<b>") && strings.Contains(content, "2 Tr") != tc.bold:
					t.Errorf("%s: synthesised bold %v, want %v", body, !tc.bold, tc.bold)
				case strings.HasPrefix(body, "<i>") && strings.Contains(content, skew) != tc.oblique:
					t.Errorf("%s: synthesised oblique %v, want %v", body, !tc.oblique, tc.oblique)
				case strings.HasPrefix(body, "<span") && smaller != tc.smaller:
					t.Errorf("%s: text at a smaller size %v, want %v", body, smaller, tc.smaller)
				}
				if text := pdftotext(t, res.PDF); !strings.Contains(text, "Cafe") {
					t.Errorf("%s: pdftotext = %q", body, text)
				}
			}
		})
	}
}

// style's font-synthesis bits are fonts.FontSynthesis's, which layout
// converts by value.
func TestFontSynthesisBits(t *testing.T) {
	pairs := [][2]uint8{
		{style.FontSynthesisWeight, uint8(fonts.SynthesisWeight)},
		{style.FontSynthesisStyle, uint8(fonts.SynthesisStyle)},
		{style.FontSynthesisSmallCaps, uint8(fonts.SynthesisSmallCaps)},
		{style.FontSynthesisPosition, uint8(fonts.SynthesisPosition)},
	}
	for i, p := range pairs {
		if p[0] != p[1] {
			t.Errorf("bit %d: style %d, fonts %d", i, p[0], p[1])
		}
	}
}

// A CFF2 variable font (PostScript outlines, which PDF 1.7 cannot embed
// as CFF2) is embedded as CFF per instance: pdffonts lists a CID Type 0C
// font for each weight used, neither synthesised, poppler renders both
// without complaint, and the text extracts.
func TestConvertCFF2VariableFont(t *testing.T) {
	data, err := os.ReadFile("fonts/testdata/NotoSansCJK-VF.abc.otf")
	if err != nil {
		t.Fatal(err)
	}
	doc := `<!DOCTYPE html><html lang="en"><head><title>CFF2</title><style>
@font-face { font-family: N; src: url(n.otf) }
p { font-family: N; font-size: 40px; font-optical-sizing: none }</style></head><body>
<p style="font-weight: 100">ABC</p><p style="font-weight: 900">ABC</p></body></html>`
	res, err := folio.Convert(context.Background(), strings.NewReader(doc), folio.Options{Assets: map[string][]byte{"n.otf": data}})
	if err != nil {
		t.Fatalf("Convert: %v", err)
	}
	uaClean(t, res.PDF)
	fonts := tool(t, res.PDF, "pdffonts")
	for _, name := range []string{"+NotoSansCJKjp-Thin ", "+NotoSansCJKjp-Thin_wght900 "} {
		if !strings.Contains(fonts, name) {
			t.Errorf("pdffonts lacks %q:\n%s", name, fonts)
		}
	}
	if strings.Count(fonts, "CID Type 0C (OT)") != 2 {
		t.Errorf("want two CFF (OpenType) fonts:\n%s", fonts)
	}
	if strings.Contains(contentStreams(t, res.PDF), "2 Tr") {
		t.Error("synthesised bold for a weight the wght axis has")
	}
	if text := pdftotext(t, res.PDF); strings.Count(text, "ABC") != 2 {
		t.Errorf("pdftotext = %q", text)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "cff2.pdf")
	if err := os.WriteFile(path, res.PDF, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftoppm", "-r", "20", "-png", path, filepath.Join(dir, "page")).CombinedOutput()
	if err != nil || len(out) > 0 {
		t.Errorf("pdftoppm: %v %s", err, out)
	}
}
