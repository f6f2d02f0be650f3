package pdfua

import (
	"bytes"
	"image"
	"image/color"
	"testing"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// A PNG passed through decodes, with its predictor, to the same samples the
// general path writes from the decoded image.
func TestPNGDirectSameSamples(t *testing.T) {
	gray := image.NewGray(image.Rect(0, 0, 7, 5))
	rgb := image.NewRGBA(image.Rect(0, 0, 7, 5))
	var palette color.Palette
	for i := range 40 {
		palette = append(palette, color.RGBA{byte(i * 6), byte(255 - i*6), byte(i), 255})
	}
	pal := image.NewPaletted(image.Rect(0, 0, 7, 5), palette)
	for i := range gray.Pix {
		gray.Pix[i] = byte(i * 37)
	}
	for i := range rgb.Pix {
		rgb.Pix[i] = byte(i * 13)
		if i%4 == 3 {
			rgb.Pix[i] = 255
		}
	}
	for i := range pal.Pix {
		pal.Pix[i] = byte(i % 40)
	}
	for name, img := range map[string]image.Image{"gray": gray, "rgb": rgb, "palette": pal} {
		data := encodePNG(t, img)
		direct, ok := pngDirect(name, data)
		if !ok {
			t.Fatalf("%s: not passed through", name)
		}
		general, err := newTestDoc().AddImage(name, img)
		if err != nil {
			t.Fatal(err)
		}
		got, err := pdfobj.DecodeFilters(direct.data, direct.dict["Filter"], direct.dict["DecodeParms"], 1<<20)
		if err != nil {
			t.Fatalf("%s: decoding the passed-through data: %v", name, err)
		}
		if want := inflate(t, general.data); !bytes.Equal(got, want) {
			t.Errorf("%s: passed-through samples differ from the decoded image's (%d vs %d bytes)", name, len(got), len(want))
		}
		for _, k := range []pdfobj.Name{"ColorSpace", "Width", "Height"} {
			if a, b := pdfobj.Format(direct.dict[k]), pdfobj.Format(general.dict[k]); a != b {
				t.Errorf("%s: /%s = %s passed through, %s decoded", name, k, a, b)
			}
		}
	}
}

// PNGs PDF cannot take as they are go through the decoder: transparency,
// alpha channels, and damaged chunks (which the decoder then reports).
func TestPNGDirectRefuses(t *testing.T) {
	nrgba := image.NewNRGBA(image.Rect(0, 0, 2, 2))
	nrgba.Pix[3] = 10
	transparentPalette := image.NewPaletted(image.Rect(0, 0, 2, 2), color.Palette{color.NRGBA{1, 2, 3, 0}, color.NRGBA{4, 5, 6, 255}})
	opaque := encodePNG(t, image.NewGray(image.Rect(0, 0, 3, 3)))
	badCRC := bytes.Clone(opaque)
	badCRC[len(badCRC)-20] ^= 0xFF // inside the IDAT chunk
	for name, data := range map[string][]byte{
		"alpha":          encodePNG(t, nrgba),
		"tRNS":           encodePNG(t, transparentPalette),
		"bad CRC":        badCRC,
		"truncated":      opaque[:len(opaque)-12],
		"not a PNG":      []byte("GIF89a"),
		"signature only": []byte("\x89PNG\r\n\x1a\n"),
	} {
		if _, ok := pngDirect(name, data); ok {
			t.Errorf("%s: passed through", name)
		}
	}
	if _, ok := pngDirect("opaque", opaque); !ok {
		t.Errorf("an opaque gray PNG is not passed through")
	}
	if _, err := newTestDoc().AddPNG("bad.png", badCRC); err == nil {
		t.Errorf("a PNG with a bad CRC was accepted")
	}
}
