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

// maxTiles bounds the tiles of one background layer painted as items of
// their own (one gradient shading is shared by its tiles); beyond it the
// layer is one item, a tiling pattern.
const maxTiles = 64

// minTile is the smallest tile size painted, in points: smaller tiles
// are invisible.
const minTile = 0.05

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
// the box areas a, the last layer first; canvas, when set, is the
// painting area of every layer (the root's background covers the canvas).
func (b *builder) backgroundLayers(bx *box.Box, st *style.Style, a boxAreas, canvas *layout.Rect, op float64) {
	for i := len(st.BackgroundImages) - 1; i >= 0; i-- {
		layer := st.BackgroundImages[i]
		var img *box.Image
		if layer.URL != "" {
			bgs := bx.Backgrounds()
			if i >= len(bgs) {
				continue
			}
			img = bgs[i]
			if img == nil || img.Err != nil || img.PixelWidth <= 0 || img.PixelHeight <= 0 {
				continue
			}
		} else if layer.Gradient == nil {
			continue
		}
		b.backgroundLayer(st, i, img, layer.Gradient, a, canvas, op)
	}
}

// backgroundLayer paints layer i: the image img or the gradient g.
func (b *builder) backgroundLayer(st *style.Style, i int, img *box.Image, g *style.Gradient, a boxAreas, canvas *layout.Rect, op float64) {
	area := a[style.Layer(st.BackgroundOrigin, i, style.PaddingBoxArea)]
	if b.bgPos != nil {
		// a slice of a split box: positioned in the whole box (slice.go)
		area = b.bgPos[style.Layer(st.BackgroundOrigin, i, style.PaddingBoxArea)]
	}
	if style.Layer(st.BackgroundFixed, i, false) && b.matrix == nil && b.list != nil && b.list.Page != nil {
		// background-attachment: fixed places the layer in the page box
		// of each page (CSS Backgrounds 3 §3.9: the viewport, for print
		// the page); inside a transformed box it scrolls with the box
		// (CSS Transforms 1 §6)
		area = layout.Rect{W: b.list.Page.Width, H: b.list.Page.Height}
	}
	clipArea := style.Layer(st.BackgroundClip, i, style.BorderBoxArea)
	clip := a[clipArea]
	var radii *[4][2]float64
	local := b.bgLocal != nil && style.Layer(st.BackgroundLocal, i, false)
	switch {
	case canvas != nil:
		clip = *canvas
	case local:
		// scrolls with the content: over the scrollable overflow, cut
		// by the overflow clip, never under the border (local.go)
		area = b.bgLocal[style.Layer(st.BackgroundOrigin, i, style.PaddingBoxArea)]
		clip = intersect(b.bgLocal[clipArea], a[style.PaddingBoxArea])
		radii = clipRadii(st, a, style.PaddingBoxArea)
	default:
		radii = clipRadii(st, a, clipArea)
	}
	if clip.W <= 0 || clip.H <= 0 || area.W <= 0 || area.H <= 0 {
		return
	}
	iw, ih := area.W, area.H // a gradient has no intrinsic size
	if img != nil {
		pw, ph := img.Size()
		iw, ih = pw*0.75, ph*0.75
	}
	rep := style.Layer(st.BackgroundRepeat, i, style.BackgroundRepeat{})
	sz := style.Layer(st.BackgroundSize, i, style.InitialSize())
	sz.W, sz.H = st.Exact(sz.W, area.W), st.Exact(sz.H, area.H)
	var w, h float64
	if img != nil && img.SVG != nil {
		w, h = svgSize(img.SVG, sz, area)
		w, h = roundSize(sz, rep, area, w, h)
	} else {
		w, h = tileSize(sz, rep, area, iw, ih, img != nil)
	}
	if w < minTile || h < minTile || math.IsNaN(w+h) || math.IsInf(w+h, 0) {
		return
	}
	pos := style.Layer(st.BackgroundPosition, i, style.InitialPosition())
	pos.X.Offset, pos.Y.Offset = st.Exact(pos.X.Offset, area.W-w), st.Exact(pos.Y.Offset, area.H-h)
	xs := tiles(rep.X, area.X, area.W, clip.X, clip.W, w, pos.X)
	ys := tiles(rep.Y, area.Y, area.H, clip.Y, clip.H, h, pos.Y)
	if xs.n == 0 || ys.n == 0 {
		return
	}
	o := Origin{Artifact: Background}
	var grad *Gradient
	op2 := OpImage
	if g != nil {
		grad, op2 = resolveGradient(g, w, h, st.Color), OpGradient
	}
	if img != nil && img.SVG != nil && img.Err == nil {
		b.svgTiles(img, st, xs, ys, w, h, clip, op, o)
		return
	}
	if xs.n*ys.n > maxTiles {
		// one tiling pattern over the painting area, cut to the band of
		// an axis that does not repeat (few tiles stay items: viewers
		// render pattern cells on their own pixel grid, which moves
		// anti-aliased edges)
		c := clip
		c.X, c.W = band(c.X, c.W, xs)
		c.Y, c.H = band(c.Y, c.H, ys)
		b.add(Item{Op: op2, Rect: layout.Rect{X: xs.first, Y: ys.first, W: w, H: h}, Image: img, Gradient: grad,
			Tiled: &Tiled{StepX: xs.step, StepY: ys.step}, Opacity: op, Origin: o, Clip: &c, Radii: radii})
		return
	}
	c := clip
	for y := 0; y < ys.n; y++ {
		ty := ys.first + float64(y)*ys.step
		if ty >= clip.Y+clip.H || ty+h <= clip.Y {
			continue
		}
		for x := 0; x < xs.n; x++ {
			tx := xs.first + float64(x)*xs.step
			if tx >= clip.X+clip.W || tx+w <= clip.X {
				continue
			}
			b.add(Item{Op: op2, Rect: layout.Rect{X: tx, Y: ty, W: w, H: h}, Image: img, Gradient: grad, Opacity: op, Origin: o, Clip: &c, Radii: radii})
		}
	}
}

// clipRadii returns the corner radii of a box's painting area (CSS
// Backgrounds 3 §5.3: the border radii, less the border and padding
// widths inside them), or nil for square corners.
func clipRadii(st *style.Style, a boxAreas, clipArea style.BoxArea) *[4][2]float64 {
	bb := a[style.BorderBoxArea]
	in := a[clipArea]
	// the insets of the painting area: left, top, right, bottom
	l, t := in.X-bb.X, in.Y-bb.Y
	r, btm := bb.X+bb.W-in.X-in.W, bb.Y+bb.H-in.Y-in.H
	insets := [4][2]float64{{l, t}, {r, t}, {r, btm}, {l, btm}}
	var out [4][2]float64
	rounded := false
	for i, c := range st.BorderRadius {
		rx, ry := st.Resolve(c[0], bb.W, 0), st.Resolve(c[1], bb.H, 0)
		if rx <= 0 || ry <= 0 {
			continue
		}
		out[i] = [2]float64{math.Max(rx-insets[i][0], 0), math.Max(ry-insets[i][1], 0)}
		rounded = rounded || out[i][0] > 0 && out[i][1] > 0
	}
	if !rounded {
		return nil
	}
	return &out
}

// band cuts the painting area's extent (start s, size n) along one axis
// to the tiles' band when the axis does not repeat indefinitely.
func band(s, n float64, a axisTiles) (float64, float64) {
	if !a.bounded {
		return s, n
	}
	lo := math.Max(s, a.first)
	hi := math.Min(s+n, a.first+float64(a.n-1)*a.step+a.size)
	return lo, math.Max(hi-lo, 0)
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
	return roundSize(sz, rep, area, w, h)
}

// roundSize adjusts a tile of w×h for round repetition in area.
func roundSize(sz style.BackgroundSize, rep style.BackgroundRepeat, area layout.Rect, w, h float64) (float64, float64) {
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

// axisTiles lays tiles out along one axis: n tiles of size size from
// first, every step; bounded when they do not repeat (no-repeat).
type axisTiles struct {
	first, step, size float64
	n                 int
	bounded           bool
}

// tiles lays out the tiles along one axis: for a positioning area at
// start (size n), a painting area at cs (size cn), tiles of size t
// positioned by p. Only tiles that can meet the painting area count.
func tiles(rs style.RepeatStyle, start, n, cs, cn, t float64, p style.PositionAxis) axisTiles {
	x0 := start + p.Resolve(n, t)
	if math.IsNaN(x0) || math.IsInf(x0, 0) {
		return axisTiles{} // an offset beyond any page: nothing shows
	}
	step := t
	if rs == style.RepeatSpace {
		// as many whole tiles as fit, the first and last touching the
		// area's edges; the spacing continues over the painting area
		k := math.Floor(n / t)
		if k < 2 {
			rs = style.NoRepeat
		} else {
			x0, step = start, t+(n-k*t)/(k-1)
		}
	}
	if rs == style.NoRepeat {
		a := axisTiles{first: x0, step: t, size: t, bounded: true}
		if x0 < cs+cn && x0+t > cs {
			a.n = 1
		}
		return a
	}
	// repeat, round and space: from the first tile meeting the painting
	// area
	first := x0 - math.Ceil((x0-cs)/step)*step
	count := math.Ceil((cs + cn - first) / step)
	if count > math.MaxInt32 {
		count = math.MaxInt32
	}
	return axisTiles{first: first, step: step, size: t, n: max(int(count), 0)}
}
