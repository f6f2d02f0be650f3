package pdfua

import (
	"encoding/binary"
	"hash/crc32"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// pngDirect returns the image XObject of a PNG whose compressed pixel data
// PDF can read as it is: not interlaced, no transparency, gray, RGB or
// palette. Its IDAT chunks are one zlib stream of filtered rows, which is
// FlateDecode with the PNG predictors (/Predictor 15), so the pixels are
// neither decoded nor compressed again. ok is false when the PNG needs the
// general path (alpha, tRNS, interlacing…) or is damaged as far as its
// chunk structure and CRCs show; the general path then reports what is
// wrong with it. The compressed rows themselves are not inflated here: a
// stream crafted to have valid CRCs but bad deflate data gives an image
// that viewers cannot show, never a broken file.
func pngDirect(name string, data []byte) (im *Image, ok bool) {
	const sig = "\x89PNG\r\n\x1a\n"
	if len(data) < len(sig) || string(data[:len(sig)]) != sig {
		return nil, false
	}
	var (
		width, height    int
		depth, colorType byte
		palette, idat    []byte
		seenIHDR         bool
		idatState        int // 0 before the IDAT chunks, 1 in them, 2 after
	)
	for p := data[len(sig):]; ; {
		if len(p) < 12 {
			return nil, false // no IEND
		}
		n := binary.BigEndian.Uint32(p)
		if n > uint32(len(p)-12) {
			return nil, false
		}
		typ, body := string(p[4:8]), p[8:8+n]
		if crc32.ChecksumIEEE(p[4:8+n]) != binary.BigEndian.Uint32(p[8+n:]) {
			return nil, false
		}
		p = p[12+n:]
		if typ == "IDAT" {
			if idatState == 2 {
				return nil, false // IDAT chunks must be consecutive
			}
			idatState = 1
			idat = append(idat, body...)
			continue
		}
		if idatState == 1 {
			idatState = 2
		}
		switch typ {
		case "IHDR":
			if len(body) != 13 || seenIHDR {
				return nil, false
			}
			seenIHDR = true
			width = int(binary.BigEndian.Uint32(body[0:]))
			height = int(binary.BigEndian.Uint32(body[4:]))
			depth, colorType = body[8], body[9]
			// compression 0, filter method 0, no interlacing
			if body[10] != 0 || body[11] != 0 || body[12] != 0 {
				return nil, false
			}
		case "PLTE":
			palette = body
		case "tRNS":
			return nil, false
		case "IEND":
			goto done
		}
	}
done:
	if !seenIHDR || len(idat) == 0 || width <= 0 || height <= 0 {
		return nil, false
	}
	colors := 0
	switch {
	case colorType == 0 && (depth == 1 || depth == 2 || depth == 4 || depth == 8 || depth == 16):
		colors = 1
	case colorType == 2 && (depth == 8 || depth == 16):
		colors = 3
	case colorType == 3 && (depth == 1 || depth == 2 || depth == 4 || depth == 8):
		colors = 1
		if len(palette) == 0 || len(palette)%3 != 0 || len(palette)/3 > 1<<depth {
			return nil, false
		}
	default:
		return nil, false
	}
	dict := pdfobj.Dict{
		"Type": pdfobj.Name("XObject"), "Subtype": pdfobj.Name("Image"),
		"Width": pdfobj.Int(width), "Height": pdfobj.Int(height),
		"BitsPerComponent": pdfobj.Int(int(depth)),
		"Filter":           pdfobj.Name("FlateDecode"),
		"DecodeParms": pdfobj.Dict{"Predictor": pdfobj.Int(15), "Colors": pdfobj.Int(colors),
			"BitsPerComponent": pdfobj.Int(int(depth)), "Columns": pdfobj.Int(width)},
	}
	switch colorType {
	case 0:
		dict["ColorSpace"] = pdfobj.Name("DeviceGray")
	case 2:
		dict["ColorSpace"] = pdfobj.Name("DeviceRGB")
	case 3:
		dict["ColorSpace"] = pdfobj.Array{pdfobj.Name("Indexed"), pdfobj.Name("DeviceRGB"),
			pdfobj.Int(len(palette)/3 - 1), pdfobj.HexString(palette)}
	}
	return &Image{name: name, width: width, height: height, dict: dict, data: idat}, true
}
