package resource

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
)

// ImageCost is what decoding an encoded image and embedding it in a PDF
// takes, read from its headers alone.
type ImageCost struct {
	// Format is "jpeg", "png" or "gif"; Width and Height are in pixels.
	Format        string
	Width, Height int
	// Detail names what drives the cost ("progressive CMYK",
	// "16-bit RGBA"…), for messages.
	Detail string
	// Bytes estimates the memory held at once: the decoder's pixel
	// planes and working buffers (for a progressive JPEG, its coefficient
	// blocks) and the samples the PDF writer converts the pixels to. A
	// PNG the writer embeds without decoding costs its own size.
	Bytes int64
}

// DecodeCost reads the headers of a JPEG, PNG or GIF image and estimates
// what decoding it takes, without decoding it: the figures follow Go's
// image decoders and folio's PDF writer (package pdfua).
func DecodeCost(data []byte) (ImageCost, error) {
	switch {
	case bytes.HasPrefix(data, []byte("\xFF\xD8")):
		return jpegCost(data)
	case bytes.HasPrefix(data, []byte(pngSignature)):
		return pngCost(data)
	case bytes.HasPrefix(data, []byte("GIF87a")) || bytes.HasPrefix(data, []byte("GIF89a")):
		return gifCost(data)
	}
	return ImageCost{}, errors.New("not a JPEG, PNG or GIF image")
}

// jpegCost reads a JPEG's frame header. Go's decoder holds a plane per
// component, padded to whole MCUs; a progressive image also holds every
// component's coefficients (64 int32 a block) until the last scan; CMYK
// and RGB images are converted to 4 bytes a pixel at the end. The writer
// embeds JPEG bytes unchanged, so the decoder's memory is all.
func jpegCost(b []byte) (ImageCost, error) {
	c := ImageCost{Format: "jpeg"}
	var (
		jfif, adobe, progressive bool
		adobeTransform           byte
		frame                    []byte
	)
	for i := 2; i+4 <= len(b) && frame == nil; {
		if b[i] != 0xFF {
			i++ // junk between segments, which decoders skip
			continue
		}
		m := b[i+1]
		switch {
		case m == 0xFF:
			i++
			continue
		case m == 0xD8 || m >= 0xD0 && m <= 0xD7 || m == 0x01:
			i += 2
			continue
		case m == 0xD9 || m == 0xDA:
			return c, errors.New("JPEG has no frame header before its data")
		}
		l := int(binary.BigEndian.Uint16(b[i+2:]))
		if l < 2 || i+2+l > len(b) {
			return c, fmt.Errorf("JPEG segment at byte %d is truncated", i)
		}
		seg := b[i+4 : i+2+l]
		switch {
		case m == 0xE0 && bytes.HasPrefix(seg, []byte("JFIF\x00")):
			jfif = true
		case m == 0xEE && len(seg) >= 12 && bytes.HasPrefix(seg, []byte("Adobe")):
			adobe, adobeTransform = true, seg[11]
		case m >= 0xC0 && m <= 0xCF && m != 0xC4 && m != 0xC8 && m != 0xCC:
			progressive = m == 0xC2 || m == 0xC6 || m == 0xCA || m == 0xCE
			frame = seg
		}
		i += 2 + l
	}
	if len(frame) < 6 {
		return c, errors.New("JPEG has no frame header")
	}
	c.Height = int(binary.BigEndian.Uint16(frame[1:]))
	c.Width = int(binary.BigEndian.Uint16(frame[3:]))
	n := int(frame[5])
	if n == 0 || len(frame) < 6+3*n {
		return c, errors.New("JPEG frame header is truncated")
	}
	hmax, vmax := 1, 1
	for k := range n {
		hv := frame[6+3*k+1]
		hmax, vmax = max(hmax, int(hv>>4)), max(vmax, int(hv&15))
	}
	mxx := (int64(c.Width) + 8*int64(hmax) - 1) / (8 * int64(hmax))
	myy := (int64(c.Height) + 8*int64(vmax) - 1) / (8 * int64(vmax))
	pixels := int64(c.Width) * int64(c.Height)
	for k := range n {
		hv := frame[6+3*k+1]
		blocks := mxx * myy * int64(hv>>4) * int64(hv&15)
		if n == 1 {
			blocks = mxx * myy * int64(hmax) * int64(vmax) // gray: one block an MCU, at full size
		}
		c.Bytes += 64 * blocks // the component's plane
		if progressive {
			c.Bytes += 64 * 4 * blocks
		}
	}
	rgb := n == 3 && !jfif && (adobe && adobeTransform == 0 ||
		!adobe && frame[6] == 'R' && frame[9] == 'G' && frame[12] == 'B')
	if n == 4 || rgb {
		c.Bytes += 4 * pixels
	}
	c.Detail = fmt.Sprintf("%d-component", n)
	switch {
	case n == 1:
		c.Detail = "gray"
	case n == 4:
		c.Detail = "CMYK"
	case rgb:
		c.Detail = "RGB"
	case n == 3:
		c.Detail = "YCbCr"
	}
	if progressive {
		c.Detail = "progressive " + c.Detail
	}
	return c, nil
}

const pngSignature = "\x89PNG\r\n\x1a\n"

// pngCost reads a PNG's header and chunk list. Go's decoder makes an image
// of 1, 2, 4 or 8 bytes a pixel by colour type and depth (and again, one
// pass at a time, for an interlaced image); the writer then converts it
// to colour and alpha samples and compresses them. A sound PNG without
// transparency or interlacing the writer embeds as it is, undecoded.
func pngCost(b []byte) (ImageCost, error) {
	c := ImageCost{Format: "png"}
	var depth, colorType, interlace byte
	ihdr, trns, plte := false, false, false
	// direct says the writer's pngDirect will take the file: sound
	// chunks and CRCs, consecutive IDATs, an IEND (else the decoder runs)
	direct, idat, iend := true, 0, false
	for p := b[len(pngSignature):]; len(p) > 0 && !iend; {
		if len(p) < 12 || binary.BigEndian.Uint32(p) > uint32(len(p)-12) {
			direct = false
			break // truncated: the decoder stops here too
		}
		n := binary.BigEndian.Uint32(p)
		typ, body := string(p[4:8]), p[8:8+n]
		if crc32.ChecksumIEEE(p[4:8+n]) != binary.BigEndian.Uint32(p[8+n:]) {
			direct = false
		}
		p = p[12+n:]
		if typ == "IDAT" {
			if idat == 2 {
				direct = false
			}
			idat = 1
			continue
		}
		if idat == 1 {
			idat = 2
		}
		switch typ {
		case "IHDR":
			if len(body) != 13 || ihdr {
				return c, errors.New("PNG header is malformed")
			}
			c.Width = int(binary.BigEndian.Uint32(body[0:]))
			c.Height = int(binary.BigEndian.Uint32(body[4:]))
			depth, colorType, interlace = body[8], body[9], body[12]
			ihdr = true
		case "PLTE":
			plte = true
		case "tRNS":
			trns = true
		case "IEND":
			iend = true
		}
	}
	if !ihdr || c.Width <= 0 || c.Height <= 0 {
		return c, errors.New("PNG has no valid header")
	}
	deep := depth == 16
	alpha := colorType == 4 || colorType == 6 || trns && colorType != 3
	names := map[byte]string{0: "gray", 2: "RGB", 3: "palette", 4: "gray+alpha", 6: "RGBA"}
	name, ok := names[colorType]
	if !ok {
		return c, fmt.Errorf("PNG colour type %d is invalid", colorType)
	}
	c.Detail = fmt.Sprintf("%d-bit %s", depth, name)
	if trns {
		c.Detail += " with transparency"
	}
	if interlace != 0 {
		c.Detail = "interlaced " + c.Detail
	}
	direct = direct && iend && idat > 0 && !trns && !alpha && interlace == 0 && (colorType != 3 || plte)
	if direct {
		c.Bytes = int64(len(b)) // embedded undecoded (see pdfua's pngDirect)
		return c, nil
	}
	// bytes a pixel of the decoded image
	var px int64
	switch {
	case colorType == 3:
		px = 1
	case alpha || colorType == 2:
		px = 4
	default: // gray
		px = 1
	}
	if deep && colorType != 3 {
		px *= 2
	}
	// bytes a pixel of the writer's colour and alpha samples
	out := int64(4) // RGB + alpha
	if colorType == 0 || colorType == 4 {
		out = 2 // gray + alpha
	}
	if deep {
		out *= 2
	}
	if colorType == 3 && !trns {
		out = 1 // palette indexes, kept as they are
	}
	pixels := int64(c.Width) * int64(c.Height)
	decoded := px * pixels
	if interlace != 0 {
		decoded *= 2 // the passes, then the whole
	}
	// (the samples, and their compressed copy, which is at most as long)
	c.Bytes = decoded + 2*out*pixels
	return c, nil
}

// gifCost reads a GIF's logical screen: the first frame is decoded to a
// paletted image (a byte a pixel), which the writer keeps as it is or,
// with transparency, converts to colour and alpha samples (4 bytes a
// pixel), and compresses.
func gifCost(b []byte) (ImageCost, error) {
	c := ImageCost{Format: "gif", Detail: "paletted"}
	if len(b) < 10 {
		return c, errors.New("GIF header is truncated")
	}
	c.Width = int(binary.LittleEndian.Uint16(b[6:]))
	c.Height = int(binary.LittleEndian.Uint16(b[8:]))
	c.Bytes = (1 + 2*4) * int64(c.Width) * int64(c.Height)
	return c, nil
}
