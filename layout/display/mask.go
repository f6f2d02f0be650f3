package display

import (
	"bytes"
	"image"
	_ "image/gif" // mask images
	"image/png"

	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
	"github.com/seed28491532/folio/svg"
)

// Masks (CSS Masking 1 §6–7, issue #17): a box with mask-image forms a
// group (effects.go) whose Mask holds the items that paint its mask
// layers, sized, positioned, repeated and clipped as background layers
// are (background.go), in the group's coordinates. The renderer paints
// them into a luminosity soft mask: a luminance layer as it is (its
// luminance times its alpha), an alpha layer (the default for images and
// gradients) in white with its own alpha, over the mask's black, so
// that the box shows as much as the layer is opaque.

// maskItems returns the items of f's mask layers, or nil.
func (b *builder) maskItems(f *layout.Fragment) []Item {
	own := f.Box.Style
	st := own.MaskLayers()
	r := layout.Rect{X: f.X, Y: f.Y, W: f.W, H: f.H}
	saved, savedArt, savedExtra := b.list.Items, b.artifact, b.extraOp
	b.list.Items, b.artifact, b.extraOp = nil, nil, 0
	defer func() { b.list.Items, b.artifact, b.extraOp = saved, savedArt, savedExtra }()
	for i := len(st.BackgroundImages) - 1; i >= 0; i-- {
		layer := st.BackgroundImages[i]
		var img *box.Image
		if layer.URL != "" {
			masks := f.Box.Masks()
			if i >= len(masks) {
				continue
			}
			img = masks[i]
			if img == nil || img.Err != nil || img.PixelWidth <= 0 || img.PixelHeight <= 0 {
				continue
			}
		} else if layer.Gradient == nil {
			continue
		}
		start := len(b.list.Items)
		b.backgroundLayer(st, i, img, layer.Gradient, areasOf(r, f.Border, f.Padding), nil, 1)
		if !style.Layer(own.MaskLuminance, i, false) {
			b.whiten(b.list.Items[start:])
		}
	}
	if len(b.list.Items) == 0 {
		// no layer shows (none, or images that did not load): an
		// image that fails is a transparent mask layer, so the box
		// shows nothing; a mask of only none layers masks nothing
		return []Item{}
	}
	return b.list.Items
}

// whiten makes alpha masks of mask layer items: each paints white with
// its own alpha. A raster image with an alpha channel is replaced by a
// white image with that alpha (alphaImage); one without paints a white
// rectangle.
func (b *builder) whiten(items []Item) {
	white := func(c style.Color) style.Color { return style.Color{R: 255, G: 255, B: 255, A: c.A} }
	for i := range items {
		it := &items[i]
		switch it.Op {
		case OpFill:
			it.Color = white(it.Color)
		case OpGradient:
			g := *it.Gradient
			g.Stops = make([]Stop, len(it.Gradient.Stops))
			for k, s := range it.Gradient.Stops {
				g.Stops[k] = Stop{Offset: s.Offset, Color: white(s.Color)}
			}
			it.Gradient = &g
		case OpPath, OpText:
			if it.Vector != nil {
				it.Vector = whiteShape(it.Vector)
			}
			it.Color = white(it.Color)
		case OpImage:
			if it.Vector != nil {
				continue // a raster an SVG embeds: taken as it is
			}
			if a := b.alphaImage(it.Image); a != nil {
				it.Image = a
				continue
			}
			r := it.Rect
			if it.Tiled != nil && it.Clip != nil {
				r = *it.Clip
			}
			*it = Item{Op: OpFill, Rect: r, Color: style.Color{R: 255, G: 255, B: 255, A: 255}, Opacity: it.Opacity,
				Clip: it.Clip, ClipRadii: it.ClipRadii, Origin: it.Origin}
		}
	}
}

// whiteShape returns a copy of SVG shape s painted in white, each
// colour and gradient stop keeping its alpha.
func whiteShape(s *svg.Shape) *svg.Shape {
	out := *s
	if s.Fill != nil {
		p := whitePaint(*s.Fill)
		out.Fill = &p
	}
	if s.Stroke != nil {
		st := *s.Stroke
		st.Paint = whitePaint(st.Paint)
		out.Stroke = &st
	}
	return &out
}

func whitePaint(p svg.Paint) svg.Paint {
	p.Color = style.Color{R: 255, G: 255, B: 255, A: p.Color.A}
	if p.Gradient != nil {
		g := *p.Gradient
		g.Stops = make([]svg.Stop, len(p.Gradient.Stops))
		for i, s := range p.Gradient.Stops {
			g.Stops[i] = svg.Stop{Offset: s.Offset, Color: style.Color{R: 255, G: 255, B: 255, A: s.Color.A}}
		}
		p.Gradient = &g
	}
	return p
}

// alphaImage returns a PNG image in white with img's alpha, made once
// per image, or nil when img is opaque (or not a PNG or GIF, or does
// not decode).
func (b *builder) alphaImage(img *box.Image) *box.Image {
	if img == nil || img.Format != "png" && img.Format != "gif" {
		return nil
	}
	if a, ok := b.alphas[img]; ok {
		return a
	}
	a := whiteAlpha(img)
	if b.alphas == nil {
		b.alphas = map[*box.Image]*box.Image{}
	}
	b.alphas[img] = a
	return a
}

// whiteAlpha decodes img and encodes its alpha as a white PNG; nil when
// it is opaque or does not decode.
func whiteAlpha(img *box.Image) *box.Image {
	dec, _, err := image.Decode(bytes.NewReader(img.Data))
	if err != nil {
		return nil
	}
	r := dec.Bounds()
	out := image.NewNRGBA(image.Rect(0, 0, r.Dx(), r.Dy()))
	opaque := true
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			_, _, _, a := dec.At(x, y).RGBA()
			o := out.PixOffset(x-r.Min.X, y-r.Min.Y)
			out.Pix[o], out.Pix[o+1], out.Pix[o+2], out.Pix[o+3] = 255, 255, 255, uint8(a>>8)
			opaque = opaque && a == 0xffff
		}
	}
	if opaque {
		return nil
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, out); err != nil {
		return nil
	}
	w := *img
	w.Data, w.Format, w.Src = buf.Bytes(), "png", img.Src+"#alpha"
	return &w
}
