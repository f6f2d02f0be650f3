package display

import (
	"math"

	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// Background layers (CSS Backgrounds 3 §3): each layer's image, or
// gradient, is sized (background-size), placed in its positioning area
// (background-origin, background-position), repeated (background-repeat)
// and clipped to its painting area (background-clip). Only the tiles that
// meet the painting area become items.

// maxTiles bounds the tiles of one background layer; beyond it the image
// is stretched over the painting area once.
const maxTiles = 400

// boxAreas are the border, padding and content boxes of a fragment.
type boxAreas [3]layout.Rect

func areasOf(r layout.Rect, bw, pad [4]float64) boxAreas {
	in := func(r layout.Rect, w [4]float64) layout.Rect {
		return layout.Rect{X: r.X + w[style.Left], Y: r.Y + w[style.Top],
			W: r.W - w[style.Left] - w[style.Right], H: r.H - w[style.Top] - w[style.Bottom]}
	}
	p := in(r, bw)
	return boxAreas{r, p, in(p, pad)}
}

// backgroundLayers paints the background layers of bx (style st) over
// the box areas a, the last layer first.
func (b *builder) backgroundLayers(bx *box.Box, st *style.Style, a boxAreas, op float64) {
	for i := len(st.BackgroundImages) - 1; i >= 0; i-- {
		layer := st.BackgroundImages[i]
		var img *box.Image
		if layer.URL != "" {
			if i >= len(bx.Backgrounds) {
				continue
			}
			img = bx.Backgrounds[i]
			if img == nil || img.Err != nil || img.PixelWidth <= 0 || img.PixelHeight <= 0 {
				continue
			}
		} else if layer.Gradient == nil {
			continue
		}
		b.backgroundLayer(st, i, img, layer.Gradient, a, op)
	}
}

// backgroundLayer paints layer i: the image img or the gradient g.
func (b *builder) backgroundLayer(st *style.Style, i int, img *box.Image, g *style.Gradient, a boxAreas, op float64) {
	area := a[style.Layer(st.BackgroundOrigin, i, style.PaddingBoxArea)]
	clip := a[style.Layer(st.BackgroundClip, i, style.BorderBoxArea)]
	if clip.W <= 0 || clip.H <= 0 || area.W <= 0 || area.H <= 0 {
		return
	}
	iw, ih := area.W, area.H // a gradient has no intrinsic size
	if img != nil {
		iw, ih = float64(img.PixelWidth)*0.75, float64(img.PixelHeight)*0.75
	}
	rep := style.Layer(st.BackgroundRepeat, i, style.BackgroundRepeat{})
	w, h := tileSize(style.Layer(st.BackgroundSize, i, style.InitialSize()), rep, area, iw, ih, img != nil)
	if w <= 0 || h <= 0 || math.IsNaN(w+h) {
		return
	}
	pos := style.Layer(st.BackgroundPosition, i, style.InitialPosition())
	xs := tiles(rep.X, area.X, area.W, clip.X, clip.W, w, pos.X)
	ys := tiles(rep.Y, area.Y, area.H, clip.Y, clip.H, h, pos.Y)
	o := Origin{Artifact: Background}
	c := clip
	var grad *Gradient
	if g != nil {
		grad = resolveGradient(g, w, h)
	}
	item := func(r layout.Rect) Item {
		if grad != nil {
			return Item{Op: OpGradient, Rect: r, Gradient: grad, Opacity: op, Origin: o, Clip: &c}
		}
		return Item{Op: OpImage, Rect: r, Image: img, Opacity: op, Origin: o, Clip: &c}
	}
	if len(xs)*len(ys) > maxTiles {
		b.add(item(clip))
		return
	}
	for _, y := range ys {
		for _, x := range xs {
			b.add(item(layout.Rect{X: x, Y: y, W: w, H: h}))
		}
	}
}

// tileSize returns the size of one tile (background-size, adjusted by
// round repetition). intrinsic says whether iw, ih are an image's own size
// (a gradient takes the area's).
func tileSize(sz style.BackgroundSize, rep style.BackgroundRepeat, area layout.Rect, iw, ih float64, intrinsic bool) (w, h float64) {
	switch sz.Mode {
	case style.SizeCover, style.SizeContain:
		if !intrinsic {
			w, h = area.W, area.H
			break
		}
		k := math.Max(area.W/iw, area.H/ih)
		if sz.Mode == style.SizeContain {
			k = math.Min(area.W/iw, area.H/ih)
		}
		w, h = iw*k, ih*k
	default:
		w, h = sz.W.Resolve(area.W, -1), sz.H.Resolve(area.H, -1)
		switch {
		case w < 0 && h < 0:
			w, h = iw, ih
		case w < 0 && intrinsic:
			w = h * iw / ih
		case w < 0:
			w = area.W
		case h < 0 && intrinsic:
			h = w * ih / iw
		case h < 0:
			h = area.H
		}
	}
	rw, rh := w, h
	if rep.X == style.RepeatRound && w > 0 {
		rw = area.W / math.Max(1, math.Round(area.W/w))
	}
	if rep.Y == style.RepeatRound && h > 0 {
		rh = area.H / math.Max(1, math.Round(area.H/h))
	}
	// round on one axis keeps the ratio when the other size is auto
	switch {
	case rep.X == style.RepeatRound && rep.Y != style.RepeatRound && sz.Mode == style.SizeExplicit && sz.H.IsAuto():
		rh = h * rw / w
	case rep.Y == style.RepeatRound && rep.X != style.RepeatRound && sz.Mode == style.SizeExplicit && sz.W.IsAuto():
		rw = w * rh / h
	}
	return rw, rh
}

// tiles returns the start coordinates of the tiles along one axis: for an
// area at start (size n), a painting area at cs (size cn), tiles of size t
// positioned by p.
func tiles(rs style.RepeatStyle, start, n, cs, cn, t float64, p style.PositionAxis) []float64 {
	step := t
	x0 := start + p.Resolve(n, t)
	if rs == style.RepeatSpace {
		k := math.Floor(n / t)
		if k >= 2 {
			step = t + (n-k*t)/(k-1)
			out := make([]float64, 0, int(k))
			for i := 0; i < int(k); i++ {
				if x := start + float64(i)*step; x < cs+cn && x+t > cs {
					out = append(out, x)
				}
			}
			return out
		}
		rs = style.NoRepeat
	}
	if rs == style.NoRepeat {
		if x0 < cs+cn && x0+t > cs {
			return []float64{x0}
		}
		return nil
	}
	// repeat and round: from the first tile meeting the painting area
	first := x0 - math.Ceil((x0-cs)/step)*step
	count := int(math.Ceil((cs + cn - first) / step))
	if count > maxTiles {
		count = maxTiles + 1 // the caller stretches instead
	}
	out := make([]float64, 0, max(count, 0))
	for i := 0; i < count; i++ {
		out = append(out, first+float64(i)*step)
	}
	return out
}
