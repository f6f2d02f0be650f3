package resource

import (
	"bytes"
	"github.com/seed28491532/folio/internal/testimg"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"testing"
)

func encodePNG(t *testing.T, img image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// pngHeader returns a PNG of IHDR w×h (depth, colour type, interlace), one
// IDAT of junk and IEND, with sound CRCs: headers only, as an attacker
// sends them.
func pngHeader(w, h int, depth, colorType, interlace byte) []byte {
	return testimg.PNGHeaders(w, h, depth, colorType, interlace, []byte("not a zlib stream"))
}

// jpegHeader returns SOI, an optional Adobe APP14 (transform 2: YCCK),
// a frame header (SOF0, or SOF2 when progressive) with the components'
// sampling factors, and EOI.
func jpegHeader(w, h int, progressive, adobe bool, sampling ...byte) []byte {
	b := []byte{0xFF, 0xD8}
	if adobe {
		b = append(b, 0xFF, 0xEE, 0, 14, 'A', 'd', 'o', 'b', 'e', 0, 100, 0, 0, 0, 0, 2)
	}
	sof := byte(0xC0)
	if progressive {
		sof = 0xC2
	}
	n := len(sampling)
	b = append(b, 0xFF, sof, 0, byte(8+3*n), 8, byte(h>>8), byte(h), byte(w>>8), byte(w), byte(n))
	for i, s := range sampling {
		b = append(b, byte(i+1), s, 0)
	}
	return append(b, 0xFF, 0xD9)
}

func TestDecodeCost(t *testing.T) {
	const w, h = 64, 48
	px := int64(w * h)
	rgba16 := image.NewNRGBA64(image.Rect(0, 0, w, h))
	opaque := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := 3; i < len(opaque.Pix); i += 4 {
		opaque.Pix[i] = 0xFF
	}
	direct := encodePNG(t, opaque) // 8-bit RGB: embedded undecoded
	badCRC := bytes.Clone(direct)
	badCRC[len(badCRC)-1] ^= 1 // IEND's CRC: the writer decodes it after all
	pal := image.NewPaletted(image.Rect(0, 0, w, h), color.Palette{color.NRGBA{1, 2, 3, 4}, color.White})
	var baseline, gifData bytes.Buffer
	if err := jpeg.Encode(&baseline, opaque, nil); err != nil {
		t.Fatal(err)
	}
	if err := gif.Encode(&gifData, pal, nil); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		data   []byte
		detail string
		bytes  int64
	}{
		// decoded NRGBA64 (8 B/px), then 6+2 B/px of samples and as much compressed
		{"16-bit RGBA PNG", encodePNG(t, rgba16), "16-bit RGBA", 24 * px},
		{"8-bit RGB PNG", direct, "8-bit RGB", int64(len(direct))},
		{"8-bit RGB PNG, bad CRC", badCRC, "8-bit RGB", 4*px + 2*4*px},
		{"palette with alpha", encodePNG(t, pal), "1-bit palette with transparency", px + 2*4*px},
		{"interlaced 16-bit gray+alpha", pngHeader(w, h, 16, 4, 1), "interlaced 16-bit gray+alpha", 2*8*px + 2*4*px},
		// 4:2:0: Y 64×48, Cb and Cr 32×24
		{"baseline JPEG", baseline.Bytes(), "YCbCr", px * 3 / 2},
		{"gray JPEG", jpegHeader(w, h, false, false, 0x11), "gray", px},
		// four planes, four components' coefficients (256 B a block of
		// 64 pixels), and the CMYK image
		{"progressive CMYK JPEG", jpegHeader(w, h, true, true, 0x11, 0x11, 0x11, 0x11), "progressive CMYK", 4*px + 4*4*px + 4*px},
		{"GIF", gifData.Bytes(), "paletted", 9 * px},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := DecodeCost(tc.data)
			if err != nil {
				t.Fatal(err)
			}
			if c.Width != w || c.Height != h || c.Detail != tc.detail || c.Bytes != tc.bytes {
				t.Errorf("cost %+v, want %dx%d %q %d bytes", c, w, h, tc.detail, tc.bytes)
			}
		})
	}
}

func TestDecodeCostRefusals(t *testing.T) {
	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"empty", nil},
		{"text", []byte("<svg/>")},
		{"JPEG without frame", []byte{0xFF, 0xD8, 0xFF, 0xD9}},
		{"JPEG truncated segment", []byte{0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x40, 8}},
		{"PNG without IHDR", []byte(pngSignature)},
		{"PNG colour type 5", pngHeader(8, 8, 8, 5, 0)},
		{"GIF truncated", []byte("GIF89a\x01")},
	} {
		if c, err := DecodeCost(tc.data); err == nil {
			t.Errorf("%s: cost %+v, want an error", tc.name, c)
		}
	}
}
