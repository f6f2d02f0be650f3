package display

import (
	"image"
	"math"

	"github.com/seed28491532/folio/layout"
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
	if len(b.blurs) < maxBlurImages {
		b.blurs[k] = img
	}
	return &BlurImage{Img: img, Rect: area}
}

// maxBlurImages bounds the shadow images kept for reuse.
const maxBlurImages = 256

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
