package pdfua

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"os"
	"strings"
	"testing"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// hugeImage reports a large size without holding pixels.
type hugeImage struct{ w, h int }

func (h hugeImage) ColorModel() color.Model { return color.RGBAModel }
func (h hugeImage) Bounds() image.Rectangle { return image.Rect(0, 0, h.w, h.h) }
func (h hugeImage) At(x, y int) color.Color { return color.White }

func encodePNG(t *testing.T, img image.Image) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestImageLimit(t *testing.T) {
	d := newTestDoc()
	if _, err := d.AddImage("huge.png", hugeImage{10000, 5001}); err == nil ||
		!strings.Contains(err.Error(), "huge.png") || !strings.Contains(err.Error(), "50 megapixel") {
		t.Errorf("error = %v", err)
	}
	if _, err := d.AddImage("ok.png", hugeImage{100, 100}); err != nil {
		t.Errorf("small image: %v", err)
	}
	// The PNG header alone is enough to refuse a huge PNG before decoding.
	big := encodePNG(t, image.NewGray(image.Rect(0, 0, 1, 1)))
	// Patch width and height in the IHDR chunk to 10000x10000 and fix its
	// CRC: the header alone must be enough to refuse the image.
	copy(big[16:24], []byte{0, 0, 0x27, 0x10, 0, 0, 0x27, 0x10})
	binary.BigEndian.PutUint32(big[29:33], crc32.ChecksumIEEE(big[12:29]))
	if _, err := d.AddPNG("big.png", big); err == nil || !strings.Contains(err.Error(), "big.png: 10000x10000 is 100.0 megapixels") {
		t.Errorf("error = %v", err)
	}
}

func TestImageDecodeErrors(t *testing.T) {
	d := newTestDoc()
	for name, add := range map[string]func() (*Image, error){
		"broken.png":    func() (*Image, error) { return d.AddPNG("broken.png", []byte("\x89PNG\r\n\x1a\nnonsense")) },
		"broken.jpg":    func() (*Image, error) { return d.AddJPEG("broken.jpg", []byte{0xFF, 0xD8, 0xFF, 0xC0, 0, 2}) },
		"notjpeg.jpg":   func() (*Image, error) { return d.AddJPEG("notjpeg.jpg", []byte("GIF89a")) },
		"truncated.jpg": func() (*Image, error) { return d.AddJPEG("truncated.jpg", truncatedJPEG(t)) },
	} {
		if _, err := add(); err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s: error = %v", name, err)
		}
	}
}

func truncatedJPEG(t *testing.T) []byte {
	var buf bytes.Buffer
	img := image.NewRGBA(image.Rect(0, 0, 64, 64))
	for i := range img.Pix {
		img.Pix[i] = byte(i * 7)
	}
	if err := jpeg.Encode(&buf, img, nil); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()[:buf.Len()/2]
}

func TestImageEncodings(t *testing.T) {
	pal := image.NewPaletted(image.Rect(0, 0, 4, 2), color.Palette{color.RGBA{255, 0, 0, 255}, color.RGBA{0, 0, 255, 255}})
	palAlpha := image.NewPaletted(image.Rect(0, 0, 4, 2), color.Palette{color.NRGBA{255, 0, 0, 128}, color.NRGBA{0, 0, 255, 255}})
	rgba := image.NewNRGBA(image.Rect(0, 0, 3, 3))
	for i := range rgba.Pix {
		rgba.Pix[i] = byte(i * 20)
	}
	deep := image.NewNRGBA64(image.Rect(0, 0, 2, 2))
	deep.SetNRGBA64(0, 0, color.NRGBA64{R: 0x1234, G: 0x5678, B: 0x9abc, A: 0xffff})
	deep.SetNRGBA64(1, 1, color.NRGBA64{R: 0x1234, G: 0x5678, B: 0x9abc, A: 0xffff})
	deep.SetNRGBA64(1, 0, color.NRGBA64{R: 1, A: 0xffff})
	deep.SetNRGBA64(0, 1, color.NRGBA64{R: 1, A: 0xffff})
	grayAlpha := image.NewNRGBA(image.Rect(0, 0, 2, 1))
	grayAlpha.Pix = []byte{10, 10, 10, 255, 20, 20, 20, 0}
	var gjpeg bytes.Buffer
	if err := jpeg.Encode(&gjpeg, image.NewGray(image.Rect(0, 0, 8, 8)), nil); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name      string
		add       func(d *Document) (*Image, error)
		want      map[pdfobj.Name]string
		smask     bool
		rawLength int // decoded sample bytes, 0 to skip
	}{
		{"palette", func(d *Document) (*Image, error) { return d.AddPNG("pal.png", encodePNG(t, pal)) },
			// passed through: Go writes a 2-colour palette with 1 bit a pixel
			map[pdfobj.Name]string{"ColorSpace": "[/Indexed /DeviceRGB 1 <FF00000000FF>]", "BitsPerComponent": "1",
				"DecodeParms": "<</BitsPerComponent 1/Colors 1/Columns 4/Predictor 15>>"}, false, 2},
		{"palette with alpha", func(d *Document) (*Image, error) { return d.AddImage("pa.png", palAlpha) },
			map[pdfobj.Name]string{"ColorSpace": "/DeviceRGB", "BitsPerComponent": "8"}, true, 24},
		{"rgba", func(d *Document) (*Image, error) { return d.AddImage("rgba.png", rgba) },
			map[pdfobj.Name]string{"ColorSpace": "/DeviceRGB", "Filter": "/FlateDecode"}, true, 27},
		{"16-bit", func(d *Document) (*Image, error) { return d.AddPNG("deep.png", encodePNG(t, deep)) },
			map[pdfobj.Name]string{"ColorSpace": "/DeviceRGB", "BitsPerComponent": "16"}, false, 24},
		{"gray with alpha", func(d *Document) (*Image, error) { return d.AddImage("ga.png", grayAlpha) },
			map[pdfobj.Name]string{"ColorSpace": "/DeviceGray", "BitsPerComponent": "8"}, true, 2},
		{"gray jpeg", func(d *Document) (*Image, error) { return d.AddJPEG("g.jpg", gjpeg.Bytes()) },
			map[pdfobj.Name]string{"ColorSpace": "/DeviceGray", "Filter": "/DCTDecode", "Width": "8"}, false, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := newTestDoc()
			im, err := tc.add(d)
			if err != nil {
				t.Fatal(err)
			}
			for k, v := range tc.want {
				if got := pdfobj.Format(im.dict[k]); got != v {
					t.Errorf("/%s = %s, want %s", k, got, v)
				}
			}
			if (im.smask != nil) != tc.smask {
				t.Errorf("SMask present = %v, want %v", im.smask != nil, tc.smask)
			}
			if tc.rawLength > 0 {
				samples, err := pdfobj.DecodeFilters(im.data, im.dict["Filter"], im.dict["DecodeParms"], 1<<20)
				if err != nil {
					t.Fatalf("decoding the image data: %v", err)
				}
				if n := len(samples); n != tc.rawLength {
					t.Errorf("%d sample bytes, want %d", n, tc.rawLength)
				}
			}
		})
	}
}

func TestScanJPEGAdobeCMYK(t *testing.T) {
	// SOI, APP14 "Adobe", SOF0 8-bit 3x2 with 4 components, EOI.
	data := []byte{0xFF, 0xD8,
		0xFF, 0xEE, 0x00, 0x0E, 'A', 'd', 'o', 'b', 'e', 0, 100, 0, 0, 0, 0, 0,
		0xFF, 0xC0, 0x00, 0x14, 8, 0, 2, 0, 3, 4, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0, 4, 0x11, 0,
		0xFF, 0xD9}
	info, err := scanJPEG(data)
	if err != nil {
		t.Fatal(err)
	}
	if info.width != 3 || info.height != 2 || info.components != 4 || !info.adobe {
		t.Errorf("info = %+v", info)
	}
}

func TestImageDrawnOnce(t *testing.T) {
	d := newTestDoc()
	im, err := d.AddImage("rgba.png", image.NewNRGBA(image.Rect(0, 0, 2, 2)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.AddImage("unused.png", image.NewGray(image.Rect(0, 0, 2, 2))); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2; i++ {
		p := d.AddPage(100, 100)
		fig := d.Root().Add("Figure")
		fig.Attrs().Alt = "x"
		p.BeginTagged(fig)
		p.DrawImage(im, Matrix{10, 0, 0, 10, 0, 0})
		p.DrawImageRect(im, Rect{20, 20, 10, 10})
		p.End()
	}
	data, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	// One image and its soft mask; the unused image is not written.
	if n := bytes.Count(data, []byte("/Subtype /Image")); n != 2 {
		t.Errorf("%d image objects, want 2", n)
	}
	// Each page's content is a Flate stream that draws the image twice.
	f, err := pdfobj.Open(data)
	if err != nil {
		t.Fatal(err)
	}
	pages, err := f.Pages()
	if err != nil || len(pages) != 2 {
		t.Fatalf("%d pages, %v", len(pages), err)
	}
	for i, pg := range pages {
		s, ok := f.Resolve(pg.Dict["Contents"]).(*pdfobj.Stream)
		if !ok {
			t.Fatalf("page %d: /Contents is %T, want a stream", i+1, f.Resolve(pg.Dict["Contents"]))
		}
		if s.Dict["Filter"] != pdfobj.Name("FlateDecode") {
			t.Errorf("page %d: content filter %v, want FlateDecode", i+1, s.Dict["Filter"])
		}
		content, err := f.DecodeStream(s)
		if err != nil {
			t.Fatal(err)
		}
		if n := bytes.Count(content, []byte("/Im1 Do")); n != 2 {
			t.Errorf("page %d: image drawn %d times, want 2", i+1, n)
		}
	}
}

// TestImageFastPathMatchesGeneric checks that the direct-pixel path and
// the generic path produce the same samples, for a sub-image too.
func TestImageFastPathMatchesGeneric(t *testing.T) {
	src := image.NewNRGBA(image.Rect(0, 0, 7, 5))
	for i := range src.Pix {
		src.Pix[i] = byte(i*37 + 11)
	}
	sub := src.SubImage(image.Rect(2, 1, 6, 4)).(*image.NRGBA)
	opaque := image.NewRGBA(image.Rect(0, 0, 3, 3))
	for i := range opaque.Pix {
		opaque.Pix[i] = byte(i * 13)
		if i%4 == 3 {
			opaque.Pix[i] = 0xFF
		}
	}
	for name, img := range map[string]image.Image{"nrgba": src, "sub-image": sub, "opaque rgba": opaque} {
		var raw1, a1, raw2, a2 []byte
		pix, stride, ok := directPixels(img)
		if !ok {
			t.Fatalf("%s: no fast path", name)
		}
		b := img.Bounds()
		for y := 0; y < b.Dy(); y++ {
			row := pix[y*stride : y*stride+4*b.Dx()]
			for i := 0; i < len(row); i += 4 {
				raw1 = append(raw1, row[i], row[i+1], row[i+2])
				a1 = append(a1, row[i+3])
			}
		}
		appendSamples(img, false, false, &raw2, &a2)
		if !bytes.Equal(raw1, raw2) || !bytes.Equal(a1, a2) {
			t.Errorf("%s: fast and generic samples differ", name)
		}
	}
	translucent := image.NewRGBA(image.Rect(0, 0, 1, 1))
	if _, _, ok := directPixels(translucent); ok {
		t.Error("premultiplied translucent RGBA must not take the fast path")
	}
}

// TestJPEGPassthrough embeds the corpus photo unchanged.
func TestJPEGPassthrough(t *testing.T) {
	photo, err := os.ReadFile("../conformance/testdata/corpus/photo.jpg")
	if err != nil {
		t.Fatalf("test image missing (expected conformance/testdata/corpus/photo.jpg): %v", err)
	}
	d := newTestDoc()
	im, err := d.AddJPEG("photo.jpg", photo)
	if err != nil {
		t.Fatal(err)
	}
	if w, h := im.Size(); w != 320 || h != 180 {
		t.Errorf("size %dx%d, want 320x180", w, h)
	}
	p := d.AddPage(400, 300)
	fig := d.Root().Add("Figure")
	fig.Attrs().Alt = "A photo"
	p.BeginTagged(fig)
	p.DrawImageRect(im, Rect{40, 60, 320, 180})
	p.End()
	data, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, photo) {
		t.Error("the JPEG bytes are not embedded unchanged")
	}
	if !bytes.Contains(data, []byte("/ColorSpace /DeviceRGB")) || !bytes.Contains(data, []byte("/Filter /DCTDecode")) {
		t.Error("image dictionary lacks DeviceRGB/DCTDecode")
	}
}

// TestImageSameBytesEmbeddedOnce adds the same PNG and JPEG bytes twice
// (as a document repeating a logo does): each is decoded and embedded
// once, and different bytes still give a different image.
func TestImageSameBytesEmbeddedOnce(t *testing.T) {
	d := newTestDoc()
	red := image.NewNRGBA(image.Rect(0, 0, 3, 3))
	for i := range red.Pix {
		red.Pix[i] = 0xFF
	}
	pngA := encodePNG(t, red)
	pngB := encodePNG(t, image.NewGray(image.Rect(0, 0, 3, 3)))
	photo, err := os.ReadFile("../conformance/testdata/corpus/photo.jpg")
	if err != nil {
		t.Fatalf("test image missing (expected conformance/testdata/corpus/photo.jpg): %v", err)
	}
	a1, err1 := d.AddPNG("a.png", pngA)
	a2, err2 := d.AddPNG("a-again.png", bytes.Clone(pngA))
	b, err3 := d.AddPNG("b.png", pngB)
	j1, err4 := d.AddJPEG("p.jpg", photo)
	j2, err5 := d.AddJPEG("p2.jpg", photo)
	if err := errors.Join(err1, err2, err3, err4, err5); err != nil {
		t.Fatal(err)
	}
	if a1 != a2 || j1 != j2 {
		t.Error("the same bytes gave two images")
	}
	if a1 == b {
		t.Error("different PNGs gave one image")
	}
	p := d.AddPage(100, 100)
	fig := d.Root().Add("Figure")
	fig.Attrs().Alt = "x"
	p.BeginTagged(fig)
	for _, im := range []*Image{a1, a2, b, j1, j2} {
		p.DrawImageRect(im, Rect{20, 20, 10, 10})
	}
	p.End()
	data, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(data, []byte("/Subtype /Image")); n != 3 {
		t.Errorf("%d image objects, want 3", n)
	}
}
