package display

import (
	"math"

	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/style"
)

// Shadow describes one box-shadow layer of an OpShadow item (CSS
// Backgrounds 3 §7.1). The item's Rect and Radii are the shadow shape
// (the border box offset and grown by the spread for an outer shadow,
// the padding box offset and shrunk by it for an inset one) and Color its
// colour.
type Shadow struct {
	// Box is the border box of an outer shadow, which the shadow never
	// paints under, or the padding box of an inset one, which holds it.
	Box layout.Rect
	// BoxRadii round the corners of Box (nil: square).
	BoxRadii *[4][2]float64
	// Blur is the blur radius: the shadow's edge fades over twice this
	// distance, centred on the shape's edge.
	Blur float64
	// Inset says the shadow is painted inside Box, around the shape.
	Inset bool
	// Image, when set, is the blurred shadow as an image (blur.go),
	// painted instead of bands.
	Image *BlurImage
}

// MaxShadowSteps bounds the translucent bands that approximate a blurred
// shadow edge (PDF has no blur): each band is one more filled path.
const MaxShadowSteps = 8

// ShadowSteps returns how many bands paint a shadow edge blurred by
// radius blur: one for a sharp edge, about one per 1.5 points of blur,
// at most MaxShadowSteps.
func ShadowSteps(blur float64) int {
	if !(blur > 0) {
		return 1
	}
	if blur >= 1.5*MaxShadowSteps {
		return MaxShadowSteps // also keeps huge values out of the int conversion
	}
	return min(int(blur/1.5)+1, MaxShadowSteps)
}

// boxShadows adds the outer (inset false) or the inset shadows of a box
// with border box r, border widths bw and the corner radii radii (nil:
// square), last layer first so the first paints on top.
func (b *builder) boxShadows(st *style.Style, r layout.Rect, bw [4]float64, radii *[4][2]float64, inset bool, op float64) {
	box, boxRadii := r, radii
	if inset {
		box = layout.Rect{X: r.X + bw[style.Left], Y: r.Y + bw[style.Top],
			W: r.W - bw[style.Left] - bw[style.Right], H: r.H - bw[style.Top] - bw[style.Bottom]}
		if radii != nil {
			boxRadii = growRadii(radii, [4]float64{-bw[0], -bw[1], -bw[2], -bw[3]})
		}
	}
	if inset && (box.W <= 0 || box.H <= 0) {
		return // no padding box to shade; an empty box still casts an outer shadow
	}
	var clip *layout.Rect // the clip in force, unless the box is sliced
	if b.cut != nil {
		box, clip = b.sliceShadowBox(box, st)
	}
	for i := len(st.BoxShadow) - 1; i >= 0; i-- {
		sh := st.BoxShadow[i]
		c := sh.ShadowColor(st.Color)
		if sh.Inset != inset || c.A == 0 {
			continue
		}
		spread := sh.Spread
		if inset {
			spread = -spread
		}
		shape := layout.Rect{X: box.X + sh.X - spread, Y: box.Y + sh.Y - spread, W: box.W + 2*spread, H: box.H + 2*spread}
		var shapeRadii *[4][2]float64
		if boxRadii != nil {
			shapeRadii = growRadii(boxRadii, [4]float64{spread, spread, spread, spread})
		}
		if !inset && (shape.W <= 0 || shape.H <= 0) && sh.Blur == 0 {
			continue
		}
		var img *BlurImage
		if sh.Blur >= minImageBlur {
			img = b.blurImage(shape, shapeRadii, sh.Blur, c, inset, box)
		}
		b.add(Item{Op: OpShadow, Rect: shape, Radii: shapeRadii, Color: c, Opacity: op, Clip: clip,
			Shadow: &Shadow{Box: box, BoxRadii: boxRadii, Blur: sh.Blur, Inset: inset, Image: img},
			Origin: Origin{Artifact: Background}})
	}
}

// shadowCut returns f when it is a fragment of a box split with
// box-decoration-break: slice that has shadows, else nil.
func shadowCut(f *layout.Fragment, st *style.Style) *layout.Fragment {
	if st == nil || st.BoxShadow == nil || st.DecorationClone || f.First && f.Last {
		return nil
	}
	return f
}

// sliceShadowBox returns, for the shadows of b.cut, a fragment of a box
// split with box-decoration-break: slice (CSS Fragmentation 3 §5.4), box
// (its border or padding box) carried past the edges where the box is
// cut, far enough for no shadow to show there, and the clip to the
// fragment's slice of the page: the shadows are those of the unbroken
// box, each fragment showing its slice (with clone each fragment casts
// its own).
func (b *builder) sliceShadowBox(box layout.Rect, st *style.Style) (layout.Rect, *layout.Rect) {
	f := b.cut
	reach := 1.0
	for _, sh := range st.BoxShadow {
		reach = max(reach, 3*sh.Blur+math.Abs(sh.Spread)+math.Abs(sh.Y)+1)
	}
	band := layout.Rect{X: f.X - 1e4, Y: f.Y - 1e4, W: f.W + 2e4, H: f.H + 2e4}
	if !f.First {
		box.Y -= reach
		box.H += reach
		band.H -= 1e4
		band.Y = f.Y
	}
	if !f.Last {
		box.H += reach
		band.H = f.Y + f.H - band.Y
	}
	if b.clip != nil {
		band = intersect(band, *b.clip)
	}
	return box, &band
}

// growRadii returns corner radii grown by d on each side (top, right,
// bottom, left; negative shrinks), a corner staying square when it was
// and never going below zero.
func growRadii(radii *[4][2]float64, d [4]float64) *[4][2]float64 {
	sides := [4][2]int{{style.Left, style.Top}, {style.Right, style.Top}, {style.Right, style.Bottom}, {style.Left, style.Bottom}}
	out := new([4][2]float64)
	for i, c := range radii {
		if c[0] <= 0 || c[1] <= 0 {
			continue
		}
		out[i] = [2]float64{max(0, c[0]+d[sides[i][0]]), max(0, c[1]+d[sides[i][1]])}
	}
	return out
}

// textShadows adds the text-shadow layers of run t under it (CSS Text
// Decoration 3 §4): offset copies of the run in the shadow colour, last
// layer first, as layout artifacts so the text is read once; a blurred
// layer is an image of the blurred glyphs (blur.go) when it can be.
func (b *builder) textShadows(t *layout.Text, op float64) {
	st := t.Box.Style
	for i := len(st.TextShadow) - 1; i >= 0; i-- {
		sh := st.TextShadow[i]
		c := sh.ShadowColor(t.Color)
		if c.A == 0 {
			continue
		}
		if sh.Blur >= minImageBlur {
			if img := b.textBlurImage(t, sh.Blur, c, sh.X, sh.Y); img != nil {
				b.add(Item{Op: OpShadow, Rect: img.Rect, Color: c, Opacity: op,
					Shadow: &Shadow{Blur: sh.Blur, Image: img}, Origin: Origin{Artifact: Layout}})
				continue
			}
		}
		cp := *t
		cp.X += sh.X
		cp.Baseline += sh.Y
		cp.Color = c
		cp.Decorations = nil
		b.add(Item{Op: OpText, Text: &cp, Color: c, Opacity: op, Shadow: &Shadow{Blur: sh.Blur}, Origin: Origin{Artifact: Layout}})
	}
}

// borderRadii returns the corner radii of st's border box r, nil when
// every corner is square.
func borderRadii(st *style.Style, r layout.Rect) *[4][2]float64 {
	var radii [4][2]float64
	for i, c := range st.BorderRadius {
		radii[i] = [2]float64{st.Resolve(c[0], r.W, 0), st.Resolve(c[1], r.H, 0)}
	}
	if radii == ([4][2]float64{}) {
		return nil
	}
	return &radii
}
