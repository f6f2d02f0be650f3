package folio_test

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/seed28491532/folio"
)

// TestConvertSVGTextPathKerning checks that a textPath along a straight
// line is as wide as the same text set as a line of <text>: its
// characters are placed by the advances of the text shaped as a whole,
// so kerned pairs (A and V) keep their kerning along the path. The
// sides of the path are travelled both ways: side="right" draws the
// text upside down from the path's end, as wide.
func TestConvertSVGTextPathKerning(t *testing.T) {
	src := `<!doctype html><html lang="en"><head><title>t</title></head><body style="margin:0">` +
		`<svg width="600" height="300" font-size="40" font-family="sans-serif">` +
		`<path id="p" d="M10 120 L590 120"/><path id="q" d="M590 200 L10 200"/>` +
		`<text x="10" y="50">WAVEAVAWAY</text>` +
		`<text><textPath href="#p">WAVEAVAWAY</textPath></text>` +
		`<text><textPath href="#q" side="right">WAVEAVAWAY</textPath></text></svg></body></html>`
	res, err := folio.Convert(context.Background(), strings.NewReader(src), folio.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var widths []float64
	for _, w := range pdfWords(t, res.PDF) {
		if w.text == "WAVEAVAWAY" || w.text == "YAWAVAEVAW" {
			widths = append(widths, w.w)
		}
	}
	if len(widths) != 3 {
		t.Fatalf("words of the three texts: widths %v, want 3", widths)
	}
	for _, w := range widths[1:] {
		if math.Abs(w-widths[0]) > 0.5 {
			t.Errorf("text on the path %.2f pt wide, the line %.2f pt: widths %v", w, widths[0], widths)
		}
	}
}
