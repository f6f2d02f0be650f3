package render

import (
	"image"
	"math"

	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/layout/display"
	"github.com/seed28491532/folio/pdfua"
)

// shadow paints a box-shadow layer (display.OpShadow). PDF has no blur
// filter, so a blurred edge is approximated by display.ShadowSteps nested
// bands of the shape, each adding an equal share of the colour's
// opacity, their edges at the quantiles of the Gaussian of standard
// deviation blur/2 that CSS specifies: a staircase of equal steps
// following the Gaussian's fall-off across the shape's edge. An outer shadow is clipped to the outside of the border box (it
// never shows under a transparent box), an inset one to the padding box.
func (r *renderer) shadow(p *pdfua.Page, it *display.Item) {
	sh := it.Shadow
	alpha := it.Opacity * float64(it.Color.A) / 255
	if sh == nil || alpha <= 0 {
		return
	}
	p.Save()
	defer p.Restore()
	if it.Clip != nil {
		if it.ClipRadii != nil {
			p.Clip(r.newPath().RoundedRect(r.rect(*it.Clip), *it.ClipRadii), false)
		} else {
			p.Clip(r.newPath().Rect(r.rect(*it.Clip)), false)
		}
	}
	// far is a rectangle holding everything the shadow can paint
	reach := sh.Blur + math.Abs(it.Rect.W-sh.Box.W) + math.Abs(it.Rect.H-sh.Box.H) + 1
	far := grow(union(it.Rect, sh.Box), reach)
	if sh.Inset {
		p.Clip(boxPath(r, sh.Box, sh.BoxRadii), false)
	} else {
		p.Clip(boxPath(r, sh.Box, sh.BoxRadii).Rect(r.rect(far)), true)
	}
	if sh.Image != nil {
		r.blurImage(p, sh.Image, it.Opacity)
		return
	}
	fill := pdfua.PathStyle{Fill: true, FillColor: color(it.Color), EvenOdd: sh.Inset}
	n := display.ShadowSteps(sh.Blur)
	done := 0.0 // the opacity the bands painted so far reach
	for k := 1; k <= n; k++ {
		// band k: the shape grown (outer) or shrunk (inset) by e, the
		// distance past which a Gaussian of deviation blur/2 leaves
		// (k-½)/n of the shadow
		e := sh.Blur / 2 * math.Sqrt2 * math.Erfinv(1-(2*float64(k)-1)/float64(n))
		if sh.Inset {
			e = -e
		}
		want := alpha * float64(k) / float64(n)
		a := 1 - (1-want)/(1-done)
		done = want
		shape := grow(it.Rect, e)
		if shape.W <= 0 || shape.H <= 0 {
			if !sh.Inset {
				continue
			}
			shape = layout.Rect{}
		}
		pa := r.newPath()
		if sh.Inset {
			pa.Rect(r.rect(far))
		}
		if !sh.Inset {
			// an outer band: the part inside a plain clip, cut by
			// geometry (see cutToClip)
			var ok bool
			if shape, ok = cutToClip(it, shape); !ok {
				continue
			}
		}
		if shape.W > 0 && shape.H > 0 {
			if it.Radii != nil {
				pa.RoundedRect(r.rect(shape), *growAll(it.Radii, e))
			} else {
				pa.Rect(r.rect(shape))
			}
		}
		p.Save()
		p.SetAlpha(a, a)
		p.DrawPath(pa, fill)
		p.Restore()
	}
}

// blurImage paints the image of a blurred shadow (display.BlurImage),
// its colour and alpha in the image, at opacity op; each image is
// embedded once.
func (r *renderer) blurImage(p *pdfua.Page, b *display.BlurImage, op float64) {
	pim, ok := r.blurs[b.Img]
	if !ok {
		var err error
		pim, err = r.pdf.AddImage("shadow", b.Img)
		if err != nil {
			r.diag("render", "shadow image not embedded: %v", err)
			pim = nil
		}
		if r.blurs == nil {
			r.blurs = map[*image.NRGBA]*pdfua.Image{}
		}
		r.blurs[b.Img] = pim
	}
	if pim == nil {
		return
	}
	if op < 1 {
		p.SetAlpha(op, op)
	}
	p.DrawImageRect(pim, r.rect(b.Rect))
}

// boxPath returns the renderer's path holding rectangle b, rounded by
// radii when set.
func boxPath(r *renderer, b layout.Rect, radii *[4][2]float64) *pdfua.Path {
	if radii != nil {
		return r.newPath().RoundedRect(r.rect(b), *radii)
	}
	return r.newPath().Rect(r.rect(b))
}

// growAll returns radii grown by e (shrunk when negative), square
// corners staying square.
func growAll(radii *[4][2]float64, e float64) *[4][2]float64 {
	out := *radii
	for i, c := range out {
		if c[0] > 0 && c[1] > 0 {
			out[i] = [2]float64{max(0, c[0]+e), max(0, c[1]+e)}
		}
	}
	return &out
}

func grow(x layout.Rect, e float64) layout.Rect {
	return layout.Rect{X: x.X - e, Y: x.Y - e, W: x.W + 2*e, H: x.H + 2*e}
}

func union(a, b layout.Rect) layout.Rect {
	x0, y0 := min(a.X, b.X), min(a.Y, b.Y)
	return layout.Rect{X: x0, Y: y0, W: max(a.X+a.W, b.X+b.W) - x0, H: max(a.Y+a.H, b.Y+b.H) - y0}
}

// textShadow paints a text-shadow copy of a run (an OpText with Shadow
// set). Unblurred, it is the run in the shadow colour. Blurred, it is
// approximated like a box shadow's edge: display.ShadowSteps bands, each
// an equal share of the colour's opacity, the glyph outlines grown to the
// quantiles of the Gaussian of deviation blur/2; the bands that would
// shrink the glyphs are drawn as the plain glyphs, at once. The opacity
// is lowered as blurring a thin glyph stroke lowers its peak.
func (r *renderer) textShadow(p *pdfua.Page, it *display.Item, run pdfua.TextRun) {
	alpha := it.Opacity * float64(it.Color.A) / 255
	if alpha <= 0 {
		return
	}
	if blur := it.Shadow.Blur; blur > 0 {
		// A blur wider than a glyph's strokes lowers their peak: a
		// stroke about a tenth of the font size wide, blurred by a
		// Gaussian of deviation blur/2, keeps erf(w / (2√2 σ)) of it.
		alpha *= math.Erf(run.Size / 10 / (math.Sqrt2 * blur))
	}
	n := display.ShadowSteps(it.Shadow.Blur)
	done := 0.0
	for k := 1; k <= n; k++ {
		e := it.Shadow.Blur / 2 * math.Sqrt2 * math.Erfinv(1-(2*float64(k)-1)/float64(n))
		if e <= 0 {
			k = n // the rest of the bands: the glyphs themselves
		}
		want := alpha * float64(k) / float64(n)
		a := 1 - (1-want)/(1-done)
		done = want
		band := run
		band.Grow = max(e, 0)
		p.Save()
		if a < 1 {
			p.SetAlpha(a, a)
		}
		p.ShowTextUnread(band)
		p.Restore()
	}
}
