package pdfua

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"slices"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// MaxImagePixels is the largest image the writer accepts (50 megapixels).
const MaxImagePixels = 50_000_000

// Image is an image XObject of the document. It is written once however
// often it is drawn.
type Image struct {
	name   string
	index  int
	width  int
	height int
	dict   pdfobj.Dict
	data   []byte // already encoded (DCT or Flate)
	smask  *pdfobj.Stream
	used   bool
}

// Size returns the image size in pixels.
func (im *Image) Size() (width, height int) { return im.width, im.height }

// Name returns the name the image was added under.
func (im *Image) Name() string { return im.name }

func checkPixels(name string, w, h int) error {
	if w <= 0 || h <= 0 {
		return fmt.Errorf("pdfua: image %s: empty (%dx%d)", name, w, h)
	}
	if int64(w)*int64(h) > MaxImagePixels {
		return fmt.Errorf("pdfua: image %s: %dx%d is %.1f megapixels, more than the %d megapixel limit",
			name, w, h, float64(w)*float64(h)/1e6, MaxImagePixels/1_000_000)
	}
	return nil
}

// AddJPEG adds a JPEG image; its bytes are embedded unchanged (DCTDecode).
// Gray, RGB and CMYK JPEGs are supported; Adobe CMYK JPEGs (inverted) get
// /Decode [1 0 1 0 1 0 1 0]. name identifies the image in errors. The image
// must decode completely and stay within MaxImagePixels. Adding the same
// bytes again returns the image added first: it is embedded once.
func (d *Document) AddJPEG(name string, data []byte) (*Image, error) {
	sum := sumImage('J', data)
	if im := d.imageBySum[sum]; im != nil {
		return im, nil
	}
	im, err := d.addJPEG(name, data)
	if err == nil {
		d.rememberImage(sum, im)
	}
	return im, err
}

func (d *Document) addJPEG(name string, data []byte) (*Image, error) {
	info, err := scanJPEG(data)
	if err != nil {
		return nil, fmt.Errorf("pdfua: image %s: %w", name, err)
	}
	if err := checkPixels(name, info.width, info.height); err != nil {
		return nil, err
	}
	img, err := jpeg.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("pdfua: image %s: JPEG does not decode: %w", name, err)
	}
	if info.components == 4 && d.info.PDFA != "" {
		// PDF/A with an sRGB output intent allows no DeviceCMYK: the
		// decoded pixels are embedded as RGB instead.
		return d.AddImage(name, img)
	}
	dict := pdfobj.Dict{
		"Type": pdfobj.Name("XObject"), "Subtype": pdfobj.Name("Image"),
		"Width": pdfobj.Int(info.width), "Height": pdfobj.Int(info.height),
		"BitsPerComponent": pdfobj.Int(8), "Filter": pdfobj.Name("DCTDecode"),
	}
	switch info.components {
	case 1:
		dict["ColorSpace"] = pdfobj.Name("DeviceGray")
	case 3:
		dict["ColorSpace"] = pdfobj.Name("DeviceRGB")
	case 4:
		dict["ColorSpace"] = pdfobj.Name("DeviceCMYK")
		if info.adobe {
			dict["Decode"] = pdfobj.Array{pdfobj.Int(1), pdfobj.Int(0), pdfobj.Int(1), pdfobj.Int(0),
				pdfobj.Int(1), pdfobj.Int(0), pdfobj.Int(1), pdfobj.Int(0)}
		}
	default:
		return nil, fmt.Errorf("pdfua: image %s: JPEG with %d components is not supported", name, info.components)
	}
	return d.addImage(&Image{name: name, width: info.width, height: info.height, dict: dict, data: data}), nil
}

type jpegInfo struct {
	width, height, components int
	adobe                     bool
}

// scanJPEG reads the frame header and the Adobe APP14 marker.
func scanJPEG(b []byte) (jpegInfo, error) {
	var info jpegInfo
	if len(b) < 4 || b[0] != 0xFF || b[1] != 0xD8 {
		return info, errors.New("not a JPEG file (no SOI marker)")
	}
	i := 2
	for i+4 <= len(b) {
		if b[i] != 0xFF {
			return info, fmt.Errorf("JPEG marker expected at byte %d", i)
		}
		m := b[i+1]
		if m == 0xFF {
			i++
			continue
		}
		if m == 0xD8 || (m >= 0xD0 && m <= 0xD7) || m == 0x01 {
			i += 2
			continue
		}
		if m == 0xD9 || m == 0xDA {
			break
		}
		l := int(binary.BigEndian.Uint16(b[i+2:]))
		if l < 2 || i+2+l > len(b) {
			return info, fmt.Errorf("JPEG segment at byte %d is truncated", i)
		}
		seg := b[i+4 : i+2+l]
		switch {
		case m == 0xEE && len(seg) >= 5 && string(seg[:5]) == "Adobe":
			info.adobe = true
		case m >= 0xC0 && m <= 0xCF && m != 0xC4 && m != 0xC8 && m != 0xCC:
			if len(seg) < 6 {
				return info, errors.New("JPEG frame header is truncated")
			}
			if seg[0] != 8 {
				return info, fmt.Errorf("JPEG with %d-bit samples is not supported", seg[0])
			}
			info.height = int(binary.BigEndian.Uint16(seg[1:]))
			info.width = int(binary.BigEndian.Uint16(seg[3:]))
			info.components = int(seg[5])
		}
		i += 2 + l
	}
	if info.components == 0 {
		return info, errors.New("JPEG has no frame header")
	}
	return info, nil
}

// AddPNG decodes PNG bytes and adds the image like AddImage. Adding the
// same bytes again returns the image added first: it is embedded once.
func (d *Document) AddPNG(name string, data []byte) (*Image, error) {
	sum := sumImage('P', data)
	if im := d.imageBySum[sum]; im != nil {
		return im, nil
	}
	im, err := d.addPNG(name, data)
	if err == nil {
		d.rememberImage(sum, im)
	}
	return im, err
}

// imageSum identifies encoded image bytes: a format letter and their
// SHA-256.
type imageSum struct {
	format byte
	sum    [sha256.Size]byte
}

func sumImage(format byte, data []byte) imageSum {
	return imageSum{format: format, sum: sha256.Sum256(data)}
}

// rememberImage records im as the image made from the bytes with sum.
func (d *Document) rememberImage(sum imageSum, im *Image) {
	if d.imageBySum == nil {
		d.imageBySum = map[imageSum]*Image{}
	}
	d.imageBySum[sum] = im
}

func (d *Document) addPNG(name string, data []byte) (*Image, error) {
	cfg, err := png.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("pdfua: image %s: PNG does not decode: %w", name, err)
	}
	if err := checkPixels(name, cfg.Width, cfg.Height); err != nil {
		return nil, err
	}
	if im, ok := pngDirect(name, data); ok {
		return d.addImage(im), nil
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("pdfua: image %s: PNG does not decode: %w", name, err)
	}
	return d.AddImage(name, img)
}

// AddImage adds a decoded image, Flate-compressed. Palette images without
// transparency stay indexed; 16-bit images keep 16 bits per component;
// gray images use DeviceGray; transparency becomes an /SMask.
func (d *Document) AddImage(name string, img image.Image) (*Image, error) {
	if img == nil {
		return nil, fmt.Errorf("pdfua: image %s: nil image", name)
	}
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if err := checkPixels(name, w, h); err != nil {
		return nil, err
	}
	dict := pdfobj.Dict{
		"Type": pdfobj.Name("XObject"), "Subtype": pdfobj.Name("Image"),
		"Width": pdfobj.Int(w), "Height": pdfobj.Int(h),
		"Filter": pdfobj.Name("FlateDecode"),
	}
	im := &Image{name: name, width: w, height: h, dict: dict}

	if pal, ok := img.(*image.Paletted); ok && opaquePalette(pal.Palette) {
		lookup := make([]byte, 0, 3*len(pal.Palette))
		for _, c := range pal.Palette {
			r, g, bl, _ := c.RGBA()
			lookup = append(lookup, byte(r>>8), byte(g>>8), byte(bl>>8))
		}
		if len(lookup) == 0 {
			return nil, fmt.Errorf("pdfua: image %s: empty palette", name)
		}
		dict["ColorSpace"] = pdfobj.Array{pdfobj.Name("Indexed"), pdfobj.Name("DeviceRGB"),
			pdfobj.Int(len(pal.Palette) - 1), pdfobj.HexString(lookup)}
		dict["BitsPerComponent"] = pdfobj.Int(8)
		raw := make([]byte, 0, w*h)
		for y := b.Min.Y; y < b.Max.Y; y++ {
			i := pal.PixOffset(b.Min.X, y)
			raw = append(raw, pal.Pix[i:i+w]...)
		}
		im.data = d.deflate(raw)
		return d.addImage(im), nil
	}

	deep := is16(img)
	gray := isGrayModel(img)
	bpc := 1
	if deep {
		bpc = 2
	}
	ncomp := 3
	if gray {
		ncomp = 1
	}
	raw := make([]byte, 0, w*h*ncomp*bpc)
	alpha := make([]byte, 0, w*h*bpc)
	opaque := true
	allGray := true
	if pix, stride, ok := directPixels(img); ok && !deep {
		// Fast path for 8-bit RGBA-layout images: no per-pixel interface
		// calls.
		for y := 0; y < h; y++ {
			row := pix[y*stride : y*stride+4*w]
			for i := 0; i < len(row); i += 4 {
				r, g, bl, a := row[i], row[i+1], row[i+2], row[i+3]
				if a != 0xFF {
					opaque = false
				}
				if r != g || g != bl {
					allGray = false
				}
				raw = append(raw, r, g, bl)
				alpha = append(alpha, a)
			}
		}
	} else if m, ok := img.(*image.NRGBA64); ok {
		// 16-bit straight-alpha images (PNGs with alpha): their rows
		// hold the samples as the PDF wants them, big-endian
		opaque, allGray = appendNRGBA64(m, &raw, &alpha)
	} else {
		opaque, allGray = appendSamples(img, deep, gray, &raw, &alpha)
	}
	if !gray && allGray {
		// RGB(A) data that is really gray (e.g. gray+alpha PNGs): keep one
		// component.
		n := 0
		for i := 0; i < len(raw); i += 3 * bpc {
			n += copy(raw[n:], raw[i:i+bpc])
		}
		raw = raw[:n]
		gray = true
	}
	if gray {
		dict["ColorSpace"] = pdfobj.Name("DeviceGray")
	} else {
		dict["ColorSpace"] = pdfobj.Name("DeviceRGB")
	}
	dict["BitsPerComponent"] = pdfobj.Int(8 * bpc)
	im.data = d.deflate(raw)
	if !opaque {
		im.smask = &pdfobj.Stream{Dict: pdfobj.Dict{
			"Type": pdfobj.Name("XObject"), "Subtype": pdfobj.Name("Image"),
			"Width": pdfobj.Int(w), "Height": pdfobj.Int(h),
			"ColorSpace": pdfobj.Name("DeviceGray"), "BitsPerComponent": pdfobj.Int(8 * bpc),
			"Filter": pdfobj.Name("FlateDecode"),
		}, Data: d.deflate(alpha)}
	}
	return d.addImage(im), nil
}

func opaquePalette(p color.Palette) bool {
	for _, c := range p {
		if _, _, _, a := c.RGBA(); a != 0xFFFF {
			return false
		}
	}
	return true
}

func is16(img image.Image) bool {
	switch img.(type) {
	case *image.RGBA64, *image.NRGBA64, *image.Gray16:
		return true
	}
	return false
}

func isGrayModel(img image.Image) bool {
	switch img.(type) {
	case *image.Gray, *image.Gray16:
		return true
	}
	return false
}

func (d *Document) addImage(im *Image) *Image {
	im.index = len(d.images)
	d.images = append(d.images, im)
	return im
}

// DrawImage paints im with the transform m, which maps the unit square
// onto the page (for a w×h box at x, y: Matrix{w, 0, 0, h, x, y}). It must
// be inside marked content: a Figure element, or an artifact for
// decorative images.
func (p *Page) DrawImage(im *Image, m Matrix) {
	if im == nil {
		p.doc.failf("page %d: DrawImage with a nil image", p.index+1)
		return
	}
	if !p.painting("image " + im.name) {
		return
	}
	if im.index >= len(p.doc.images) || p.doc.images[im.index] != im {
		p.doc.failf("page %d: image %s belongs to another document", p.index+1, im.name)
		return
	}
	im.used = true
	if !slices.Contains(p.images, im) {
		p.images = append(p.images, im)
	}
	p.op("q")
	for _, v := range m {
		p.num(v)
	}
	p.op("cm")
	saved := p.ctm
	p.ctm = m.then(p.ctm)
	p.painted(0, 0, 1, 1)
	p.ctm = saved
	p.setContent(pdfobj.AppendName(p.content, imageName(im)))
	p.op(" Do")
	p.op("Q")
}

// DrawImageRect paints im stretched over r.
func (p *Page) DrawImageRect(im *Image, r Rect) {
	p.DrawImage(im, Matrix{r.W, 0, 0, r.H, r.X, r.Y})
}

func imageName(im *Image) pdfobj.Name { return pdfobj.Name("Im" + itoa(im.index+1)) }

// directPixels returns the pixel rows of 8-bit images whose memory layout
// is non-premultiplied R, G, B, A: *image.NRGBA, and *image.RGBA when it is
// fully opaque (premultiplied equals straight alpha then).
func directPixels(img image.Image) (pix []byte, stride int, ok bool) {
	switch m := img.(type) {
	case *image.NRGBA:
		b := m.Bounds()
		return m.Pix[m.PixOffset(b.Min.X, b.Min.Y):], m.Stride, true
	case *image.RGBA:
		b := m.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y++ {
			i := m.PixOffset(b.Min.X, y)
			for k := i + 3; k < i+4*b.Dx(); k += 4 {
				if m.Pix[k] != 0xFF {
					return nil, 0, false
				}
			}
		}
		return m.Pix[m.PixOffset(b.Min.X, b.Min.Y):], m.Stride, true
	}
	return nil, 0, false
}

// appendSamples converts any image through color.NRGBA64, appending color
// samples (1 or 3 components, 1 or 2 bytes each) to raw and alpha samples
// to alpha. It reports whether the image is opaque and all gray.
func appendSamples(img image.Image, deep, gray bool, rawp, alphap *[]byte) (opaque, allGray bool) {
	b := img.Bounds()
	raw, alpha := *rawp, *alphap
	opaque, allGray = true, true
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := straight(img.At(x, y))
			if c.A != 0xFFFF {
				opaque = false
			}
			if c.R != c.G || c.G != c.B {
				allGray = false
			}
			if deep {
				if gray {
					raw = append(raw, byte(c.R>>8), byte(c.R))
				} else {
					raw = append(raw, byte(c.R>>8), byte(c.R), byte(c.G>>8), byte(c.G), byte(c.B>>8), byte(c.B))
				}
				alpha = append(alpha, byte(c.A>>8), byte(c.A))
			} else {
				if gray {
					raw = append(raw, byte(c.R>>8))
				} else {
					raw = append(raw, byte(c.R>>8), byte(c.G>>8), byte(c.B>>8))
				}
				alpha = append(alpha, byte(c.A>>8))
			}
		}
	}
	*rawp, *alphap = raw, alpha
	return opaque, allGray
}

// appendNRGBA64 is appendSamples for an *image.NRGBA64, reading its rows
// instead of converting pixel by pixel.
func appendNRGBA64(m *image.NRGBA64, rawp, alphap *[]byte) (opaque, allGray bool) {
	b := m.Bounds()
	raw, alpha := *rawp, *alphap
	opaque, allGray = true, true
	for y := b.Min.Y; y < b.Max.Y; y++ {
		i := m.PixOffset(b.Min.X, y)
		row := m.Pix[i : i+8*b.Dx()]
		for k := 0; k < len(row); k += 8 {
			px := row[k : k+8 : k+8]
			if px[6] != 0xFF || px[7] != 0xFF {
				opaque = false
			}
			if px[0] != px[2] || px[1] != px[3] || px[2] != px[4] || px[3] != px[5] {
				allGray = false
			}
			raw = append(raw, px[:6]...)
			alpha = append(alpha, px[6], px[7])
		}
	}
	*rawp, *alphap = raw, alpha
	return opaque, allGray
}

// straight returns c with non-premultiplied 16-bit components, taking
// straight-alpha colors as they are so that translucent pixels do not go
// through a lossy premultiplication.
func straight(c color.Color) color.NRGBA64 {
	switch v := c.(type) {
	case color.NRGBA:
		return color.NRGBA64{uint16(v.R) * 0x101, uint16(v.G) * 0x101, uint16(v.B) * 0x101, uint16(v.A) * 0x101}
	case color.NRGBA64:
		return v
	}
	return color.NRGBA64Model.Convert(c).(color.NRGBA64)
}
