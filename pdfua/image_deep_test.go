package pdfua

import (
	"bytes"
	"image"
	"testing"
)

// TestNRGBA64RowsMatchGeneric checks that reading a 16-bit straight-alpha
// image's rows gives the samples, opacity and grayness the generic
// per-pixel conversion gives, for a sub-image too.
func TestNRGBA64RowsMatchGeneric(t *testing.T) {
	src := image.NewNRGBA64(image.Rect(0, 0, 7, 5))
	for i := range src.Pix {
		src.Pix[i] = byte(i*37 + 11)
	}
	gray := image.NewNRGBA64(image.Rect(0, 0, 3, 2))
	for i := 0; i < len(gray.Pix); i += 8 {
		v := byte(i)
		copy(gray.Pix[i:], []byte{v, 1, v, 1, v, 1, 0xFF, 0xFF})
	}
	for name, img := range map[string]*image.NRGBA64{
		"nrgba64":     src,
		"sub-image":   src.SubImage(image.Rect(2, 1, 6, 4)).(*image.NRGBA64),
		"opaque gray": gray,
	} {
		var raw1, a1, raw2, a2 []byte
		o1, g1 := appendNRGBA64(img, &raw1, &a1)
		o2, g2 := appendSamples(img, true, false, &raw2, &a2)
		if !bytes.Equal(raw1, raw2) || !bytes.Equal(a1, a2) || o1 != o2 || g1 != g2 {
			t.Errorf("%s: rows give opaque %v gray %v, generic %v %v; samples equal %v, %v",
				name, o1, g1, o2, g2, bytes.Equal(raw1, raw2), bytes.Equal(a1, a2))
		}
	}
	if o, g := appendNRGBA64(gray, new([]byte), new([]byte)); !o || !g {
		t.Errorf("opaque gray image: opaque %v, gray %v", o, g)
	}
}
