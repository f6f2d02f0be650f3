package render

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/png"
	"strings"
	"testing"
)

// TestEmbedImages checks that a good PNG used twice is embedded once and
// that a PNG which does not decode leaves a diagnostic and a placeholder
// rather than failing the document.
func TestEmbedImages(t *testing.T) {
	m := image.NewRGBA(image.Rect(0, 0, 4, 4))
	for i := range m.Pix {
		m.Pix[i] = 0xff // opaque: no soft mask
	}
	m.Pix[0] = 0x20
	var buf bytes.Buffer
	if err := png.Encode(&buf, m); err != nil {
		t.Fatal(err)
	}
	good := "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
	bad := "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes()[:33]) // signature and IHDR only
	res := renderHTML(t, `<html lang=en><title>t</title><p><img src="`+good+`" alt="one"> <img src="`+good+`" alt="two"> <img src="`+bad+`" alt="three"></p>`)
	var embedDiag int
	for _, d := range res.Diagnostics {
		if d.Stage == "resource" && strings.Contains(d.Message, "could not be embedded") {
			embedDiag++
		}
	}
	if embedDiag != 1 {
		t.Errorf("%d embedding diagnostics, want 1 (the broken PNG): %+v", embedDiag, res.Diagnostics)
	}
	if n := strings.Count(decompressed(t, res.PDF), "/Subtype /Image"); n != 1 {
		t.Errorf("%d image XObjects, want 1 (the good PNG, once)", n)
	}
}
