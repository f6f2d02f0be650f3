package display

import (
	"image"
	"math"
	"sort"
	"strconv"

	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// Blurred box shadows (CSS Backgrounds 3 §7.1, issue #17). PDF has no
// blur filter; a shadow whose blur is wide enough to see is painted as
// a small image of its colour whose alpha is the shadow shape blurred by
// the Gaussian of standard deviation blur/2 that CSS specifies (as
// browsers draw it), scaled to its place: the shape rasterised on a
// grid of a pixel at 96 dpi (coarser for a large shadow, MaxBlurPixels a
// side at most) and blurred by a separable Gaussian kernel; a shadow
// whose grid would be coarser than half the deviation (a large box with
// a slight blur) keeps the approximation of translucent bands. One image
// is made per distinct shadow (size, radii, blur, colour) and reused.

// imageCache holds the images a builder made for shadows and masks, for
// reuse over the document.
type imageCache struct {
	// blurs and textBlurCache are the images of blurred box and text
	// shadows, textBlurs how many text ones were made, blurBytes the
	// pixel bytes kept.
	blurs         map[blurKey]*image.NRGBA
	textBlurCache map[textBlurKey]*image.NRGBA
	textBlurs     int
	blurBytes     int
	// alphas are the white alpha images made of mask images (mask.go).
	alphas map[*box.Image]*box.Image
}

// BlurImage is the image of a blurred shadow, painted into Rect.
type BlurImage struct {
	Img  *image.NRGBA
	Rect layout.Rect
}

// MaxBlurPixels bounds each side of a shadow image.
const MaxBlurPixels = 256

// blurCell is the finest cell of a shadow image, in points: a pixel at
// 96 dpi (viewers scale images without smoothing).
const blurCell = 0.75

// minImageBlur is the blur radius, in points, from which a shadow is
// painted as an image.
const minImageBlur = 2

// blurKey identifies a shadow image: the shape's size and radii, the
// blur, the colour and the side painted, relative to the shape.
type blurKey struct {
	w, h, blur float64
	radii      [4][2]float64
	color      style.Color
	inset      bool
	bw, bh     float64 // an inset shadow's padding box size
	bx, by     float64 // and its offset from the shape
}

// blurImage returns the image of a shadow of shape (rounded by radii,
// nil for square) blurred by blur in colour c: for an outer shadow the
// blurred shape, for an inset one (inside box) its complement; nil when
// the grid would need more than MaxBlurPixels a side.
func (b *builder) blurImage(shape layout.Rect, radii *[4][2]float64, blur float64, c style.Color, inset bool, box layout.Rect) *BlurImage {
	sigma := blur / 2
	area := grow(shape, 3*sigma)
	if inset {
		area = grow(box, 3*sigma) // the part outside the box is clipped
	}
	if area.W <= 0 || area.H <= 0 {
		return nil
	}
	// a cell of a pixel at 96 dpi, coarser for a large shadow, but no
	// coarser than half the deviation
	step := max(blurCell, max(area.W, area.H)/MaxBlurPixels)
	if step > sigma/2 {
		return nil
	}
	k := blurKey{w: shape.W, h: shape.H, blur: blur, color: c, inset: inset}
	if radii != nil {
		k.radii = *radii
	}
	if inset {
		k.bw, k.bh, k.bx, k.by = box.W, box.H, box.X-shape.X, box.Y-shape.Y
	}
	if img, ok := b.blurs[k]; ok {
		return &BlurImage{Img: img, Rect: area}
	}
	nx, ny := int(math.Ceil(area.W/step)), int(math.Ceil(area.H/step))
	sx, sy := area.W/float64(nx), area.H/float64(ny)
	// the shape's coverage of each cell (4×4 samples), blurred
	cov := make([]float64, nx*ny)
	for j := range ny {
		for i := range nx {
			n := 0
			for sj := range 4 {
				for si := range 4 {
					x := area.X + (float64(i)+(float64(si)+0.5)/4)*sx
					y := area.Y + (float64(j)+(float64(sj)+0.5)/4)*sy
					if insideShape(shape, radii, x, y) {
						n++
					}
				}
			}
			cov[j*nx+i] = float64(n) / 16
		}
	}
	gaussBlur(cov, nx, ny, sigma/sx, sigma/sy)
	img := image.NewNRGBA(image.Rect(0, 0, nx, ny))
	for p, v := range cov {
		if inset {
			v = 1 - v
		}
		a := math.Round(math.Max(0, math.Min(1, v)) * float64(c.A))
		img.Pix[4*p], img.Pix[4*p+1], img.Pix[4*p+2], img.Pix[4*p+3] = c.R, c.G, c.B, uint8(a)
	}
	if b.blurs == nil {
		b.blurs = map[blurKey]*image.NRGBA{}
	}
	if len(b.blurs) < maxBlurImages && b.blurBytes+len(img.Pix) <= maxBlurBytes {
		b.blurs[k] = img
		b.blurBytes += len(img.Pix)
	}
	return &BlurImage{Img: img, Rect: area}
}

// maxBlurImages and maxBlurBytes bound the shadow images kept for reuse
// over a document, in number and in pixel bytes.
const (
	maxBlurImages = 256
	maxBlurBytes  = 16 << 20
)

// insideShape reports whether (x, y) lies in rectangle r rounded by
// radii (nil: square).
func insideShape(r layout.Rect, radii *[4][2]float64, x, y float64) bool {
	if x < r.X || y < r.Y || x > r.X+r.W || y > r.Y+r.H {
		return false
	}
	if radii == nil {
		return true
	}
	// the corner the point is nearest: top-left, top-right,
	// bottom-right, bottom-left
	for i, c := range radii {
		if c[0] <= 0 || c[1] <= 0 {
			continue
		}
		cx, cy := r.X+c[0], r.Y+c[1]
		switch i {
		case 1:
			cx = r.X + r.W - c[0]
		case 2:
			cx, cy = r.X+r.W-c[0], r.Y+r.H-c[1]
		case 3:
			cy = r.Y + r.H - c[1]
		}
		dx, dy := x-cx, y-cy
		if (i == 0 || i == 3) && dx > 0 || (i == 1 || i == 2) && dx < 0 {
			continue
		}
		if (i == 0 || i == 1) && dy > 0 || (i == 2 || i == 3) && dy < 0 {
			continue
		}
		if dx*dx/(c[0]*c[0])+dy*dy/(c[1]*c[1]) > 1 {
			return false
		}
	}
	return true
}

// gaussBlur blurs the w×h grid v by a Gaussian of deviations sx and sy
// cells, the cells past the edges taken as the edge's.
func gaussBlur(v []float64, w, h int, sx, sy float64) {
	tmp := make([]float64, len(v))
	pass := func(src, dst []float64, n, m, stride, step int, sigma float64) {
		r := int(math.Ceil(3 * sigma))
		k := make([]float64, 2*r+1)
		sum := 0.0
		for i := range k {
			d := float64(i - r)
			k[i] = math.Exp(-d * d / (2 * sigma * sigma))
			sum += k[i]
		}
		for line := range m {
			base := line * stride
			for i := range n {
				acc := 0.0
				for t, kt := range k {
					j := i + t - r
					j = max(0, min(n-1, j))
					acc += kt * src[base+j*step]
				}
				dst[base+i*step] = acc / sum
			}
		}
	}
	pass(v, tmp, w, h, w, 1, sx) // rows
	pass(tmp, v, h, w, 1, w, sy) // columns
}

// grow returns x grown by e on every side.
func grow(x layout.Rect, e float64) layout.Rect {
	return layout.Rect{X: x.X - e, Y: x.Y - e, W: x.W + 2*e, H: x.H + 2*e}
}

// Blurred text shadows (CSS Text Decoration 3 §4): the glyph outlines of
// the run, filled on the same grid as a box shadow's and blurred alike,
// make the image; the copy of the run the shadow was is not drawn (its
// text is read once, from the run itself). A run whose image would be
// too coarse, or past maxTextBlurs, keeps the bands.

// maxTextBlurs bounds the text shadow images of one document.
const maxTextBlurs = 2000

// textBlurKey identifies a text shadow image: the run's face, size and
// glyphs, the blur and the colour.
type textBlurKey struct {
	face   any
	size   float64
	glyphs string
	blur   float64
	color  style.Color
}

// textBlurImage returns the image of run t's shadow blurred by blur in
// colour c, placed for the run shifted by (dx, dy), or nil.
func (b *builder) textBlurImage(t *layout.Text, blur float64, c style.Color, dx, dy float64) *BlurImage {
	if t.Face == nil || len(t.Glyphs) == 0 || b.textBlurs >= maxTextBlurs {
		return nil
	}
	sigma := blur / 2
	// the run's box: its advance, the font's ascent and descent
	run := layout.Rect{X: t.X + dx, Y: t.Baseline + dy - t.Ascent, W: t.Width, H: t.Ascent + t.Descent}
	area := grow(run, 3*sigma+t.Size/4) // glyphs may overhang their box a little
	step := max(blurCell, max(area.W, area.H)/MaxBlurPixels)
	if step > sigma/2 || area.W <= 0 || area.H <= 0 {
		return nil
	}
	key := textBlurKey{face: t.Face, size: t.Size, glyphs: glyphKey(t), blur: blur, color: c}
	if img, ok := b.textBlurCache[key]; ok {
		return &BlurImage{Img: img, Rect: area}
	}
	nx, ny := int(math.Ceil(area.W/step)), int(math.Ceil(area.H/step))
	sx, sy := area.W/float64(nx), area.H/float64(ny)
	cov := make([]float64, nx*ny)
	scale := t.Size / float64(t.Face.Metrics().UnitsPerEm)
	pen := t.X + dx
	var polys [][][2]float64
	for _, g := range t.Glyphs {
		ox, oy := pen+g.XOffset, t.Baseline+dy-g.YOffset
		for _, poly := range t.Face.GlyphPolygons(g.ID) {
			p := make([][2]float64, len(poly))
			for i, pt := range poly {
				// font units, y up, to grid cells
				p[i] = [2]float64{(ox + pt[0]*scale - area.X) / sx, (oy - pt[1]*scale - area.Y) / sy}
			}
			polys = append(polys, p)
		}
		pen += g.XAdvance
	}
	fillPolygons(cov, nx, ny, polys)
	gaussBlur(cov, nx, ny, sigma/sx, sigma/sy)
	img := image.NewNRGBA(image.Rect(0, 0, nx, ny))
	for p, v := range cov {
		a := math.Round(math.Max(0, math.Min(1, v)) * float64(c.A))
		img.Pix[4*p], img.Pix[4*p+1], img.Pix[4*p+2], img.Pix[4*p+3] = c.R, c.G, c.B, uint8(a)
	}
	b.textBlurs++
	if b.textBlurCache == nil {
		b.textBlurCache = map[textBlurKey]*image.NRGBA{}
	}
	if len(b.textBlurCache) < maxBlurImages && b.blurBytes+len(img.Pix) <= maxBlurBytes {
		b.textBlurCache[key] = img
		b.blurBytes += len(img.Pix)
	}
	return &BlurImage{Img: img, Rect: area}
}

// glyphKey returns the glyph IDs and advances of run t as a string.
func glyphKey(t *layout.Text) string {
	buf := make([]byte, 0, len(t.Glyphs)*12)
	for _, g := range t.Glyphs {
		buf = append(buf, byte(g.ID), byte(g.ID>>8))
		buf = append(buf, []byte(strconv.FormatFloat(g.XAdvance, 'g', 6, 64))...)
		buf = append(buf, ',')
	}
	return string(buf)
}

// fillPolygons adds to the w×h grid cov the coverage of polygons (in
// cells) filled with the nonzero rule: four sample rows a cell, each
// row's spans counted exactly across the cells.
func fillPolygons(cov []float64, w, h int, polys [][][2]float64) {
	type cross struct {
		x    float64
		wind int
	}
	var xs []cross
	for row := 0; row < h*4; row++ {
		y := (float64(row) + 0.5) / 4
		xs = xs[:0]
		for _, p := range polys {
			for i, a := range p {
				c := p[(i+1)%len(p)]
				if (a[1] <= y) == (c[1] <= y) {
					continue
				}
				x := a[0] + (y-a[1])/(c[1]-a[1])*(c[0]-a[0])
				wind := 1
				if c[1] < a[1] {
					wind = -1
				}
				xs = append(xs, cross{x, wind})
			}
		}
		sort.Slice(xs, func(i, j int) bool { return xs[i].x < xs[j].x })
		wind := 0
		line := cov[(row/4)*w : (row/4+1)*w]
		for i, c := range xs {
			wind += c.wind
			if wind == 0 || i+1 >= len(xs) {
				continue
			}
			x0, x1 := max(c.x, 0), min(xs[i+1].x, float64(w))
			for x0 < x1 {
				cell := int(x0)
				end := min(float64(cell+1), x1)
				line[cell] += (end - x0) / 4
				x0 = end
			}
		}
	}
}
