package folio_test

import (
	"strings"
	"testing"
)

// TestConvertSVGGroups checks an inline SVG with group opacity, a mask,
// a gradient stroke and gradient text: the PDF passes the PDF/UA audit,
// groups become transparency group forms painted through their soft
// masks, and the text drawn inside groups stays extractable.
func TestConvertSVGGroups(t *testing.T) {
	src := `<!doctype html><html lang="en"><head><title>Groups</title></head><body><h1>Groups</h1>
<svg role="img" aria-label="Grouped drawing" width="300" height="120" viewBox="0 0 300 120">
<defs><mask id="m"><rect width="150" height="120" fill="#fff"/></mask>
<linearGradient id="g"><stop offset="0" stop-color="#e63946"/><stop offset="1" stop-color="#1d3557"/></linearGradient></defs>
<g opacity="0.5"><rect width="100" height="100" fill="#e63946"/><text x="10" y="50" font-size="16">Faded label</text></g>
<g mask="url(#m)"><rect x="110" width="100" height="100" fill="#1d3557"/><text x="120" y="50" font-size="16" fill="#fff">Masked label</text></g>
<circle cx="250" cy="50" r="30" fill="none" stroke="url(#g)" stroke-width="8"/>
<text x="200" y="110" font-size="14" fill="url(#g)">Gradient label</text></svg></body></html>`
	pdf := convertAudited(t, src)
	raw := uncompressed(t, pdf)
	for _, want := range []string{"/S /Transparency", "/S /Luminosity", "/SMask", " Do"} {
		if !strings.Contains(raw, want) {
			t.Errorf("PDF lacks %q", want)
		}
	}
	text := pdftotext(t, pdf)
	for _, want := range []string{"Faded label", "Masked label", "Gradient label"} {
		if !strings.Contains(text, want) {
			t.Errorf("pdftotext does not find %q:\n%s", want, text)
		}
	}
	if st := structText(t, pdf); strings.Count(st, "Figure") != 1 {
		t.Errorf("want one Figure:\n%s", st)
	}
}
