package wcag

import (
	"math"

	"github.com/seed28491532/folio/style"
)

// How the contrast rule counts a text-shadow, after axe-core 4.x (the
// color-contrast check and its text-shadow helpers). A shadow whose blur
// radius reaches shadowOutlineEm of the font size is wide enough to act
// as a background behind the glyphs; a narrower one (blur at least
// shadowThinEm) is an outline whose colour is compared with the text and
// the background, and the contrast passes when any of the three pairs
// does. Shadows with almost no blur (below shadowThinEm) are offset
// copies of the glyphs: only those of one colour that lie on all four
// sides form a stroke around them; on two or three sides they are too
// complex to measure (needs review), on one side they are a raised-letter
// effect and ignored.
const (
	shadowOutlineEm = 0.2
	shadowThinEm    = 0.001
	// pxPt is one CSS pixel in points: the stroke thresholds are in px.
	pxPt = 0.75
	// strokeVisible: offsets up to it are not seen however many shadows
	// stack; strokeOpaque: offsets beyond it make an opaque stroke, and a
	// thinner side makes it translucent (strokeAlpha per shadow layer).
	strokeVisible = 0.5 * pxPt
	strokeOpaque  = 1.5 * pxPt
	strokeAlpha   = 0.54
)

// rgba is a colour with an alpha (0–1).
type rgba struct {
	c rgb
	a float64
}

func toRGBA(c style.Color) rgba { return rgba{toRGB(c), float64(c.A) / 255} }

// flattenOver puts fg over bg the way axe-core combines shadow layers.
func flattenOver(fg, bg rgba) rgba {
	return rgba{over(fg.c, fg.a, bg.c), fg.a + bg.a*(1-fg.a)}
}

// shadowBand selects the shadows of a text: thin ones (blur below min ×
// font size) form strokes, those from min up to max (0 for no upper
// bound) count one by one, wider ones are left out.
type shadowBand struct {
	min, max float64
	// anyEdges drops strokes on fewer than four sides instead of giving
	// up on the shadow as too complex.
	anyEdges bool
}

// textShadowColors returns the colours the shadows of st in band b lay
// over the background, top first, and false when they form a stroke on
// two or three sides only, which cannot be measured.
func textShadowColors(st *style.Style, b shadowBand) ([]rgba, bool) {
	if len(st.TextShadow) == 0 {
		return nil, true
	}
	size := st.FontSize
	var out []rgba
	var thin []style.TextShadow
	flush := func() bool {
		if len(thin) == 0 {
			return true
		}
		strokes, ok := strokeColors(st, thin, b.anyEdges)
		out = append(out, strokes...)
		thin = thin[:0]
		return ok
	}
	for _, sh := range st.TextShadow {
		if b.max > 0 && sh.Blur >= size*b.max {
			continue
		}
		if sh.Blur < size*b.min {
			thin = append(thin, sh)
			continue
		}
		if !flush() {
			return nil, false
		}
		out = append(out, blurredShadow(st, sh))
	}
	if !flush() {
		return nil, false
	}
	return out, true
}

// blurredShadow is the colour a blurred shadow lays next to the glyphs:
// none when it is offset further than it blurs, otherwise its colour,
// fainter the wider the blur relative to the font size (axe-core's
// estimate).
func blurredShadow(st *style.Style, sh style.TextShadow) rgba {
	if sh.X > sh.Blur || sh.Y > sh.Blur {
		return rgba{}
	}
	c := toRGBA(sh.ShadowColor(st.Color))
	if sh.Blur > 0 && st.FontSize > 0 {
		c.a *= 0.185 / (sh.Blur/st.FontSize + 0.4)
	}
	return c
}

// strokeColors groups thin shadows by colour and returns the colour of
// each group that surrounds the glyphs on all four sides. ok is false
// when a group covers two or three sides, unless anyEdges.
func strokeColors(st *style.Style, thin []style.TextShadow, anyEdges bool) ([]rgba, bool) {
	type sides struct {
		col  style.Color
		edge [4][]float64 // top, right, bottom, left: the offsets
	}
	var groups []*sides
	for _, sh := range thin {
		col := sh.ShadowColor(st.Color)
		var g *sides
		for _, x := range groups {
			if x.col == col {
				g = x
				break
			}
		}
		if g == nil {
			g = &sides{col: col}
			groups = append(groups, g)
		}
		switch {
		case sh.X > strokeVisible:
			g.edge[1] = append(g.edge[1], sh.X)
		case -sh.X > strokeVisible:
			g.edge[3] = append(g.edge[3], -sh.X)
		}
		switch {
		case sh.Y > strokeVisible:
			g.edge[2] = append(g.edge[2], sh.Y)
		case -sh.Y > strokeVisible:
			g.edge[0] = append(g.edge[0], -sh.Y)
		}
	}
	var out []rgba
	for _, g := range groups {
		edges := 0
		for _, e := range g.edge {
			if len(e) > 0 {
				edges++
			}
		}
		if edges > 1 && edges < 4 && !anyEdges {
			return nil, false
		}
		if edges != 4 {
			continue
		}
		c := toRGBA(g.col)
		density, solid := 0.0, true
		for _, e := range g.edge {
			density += float64(len(e)) / 4
			for _, off := range e {
				solid = solid && off > strokeOpaque
			}
		}
		if !solid {
			c.a = 1 - math.Pow(strokeAlpha, density)
		}
		out = append(out, c)
	}
	return out, true
}

// flattenLayers puts layers (top first) over bg.
func flattenLayers(layers []rgba, bg rgba) rgba {
	if len(layers) == 0 {
		return bg
	}
	acc := layers[0]
	for _, l := range layers[1:] {
		acc = flattenOver(acc, l)
	}
	return flattenOver(acc, bg)
}

// shadowBackground returns the background behind the text of st once
// the shadows wide enough to act as one are laid over bg.
func shadowBackground(st *style.Style, bg rgb) rgb {
	layers, _ := textShadowColors(st, shadowBand{min: shadowOutlineEm, anyEdges: true})
	if len(layers) == 0 {
		return bg
	}
	return flattenLayers(layers, rgba{bg, 1}).c
}
