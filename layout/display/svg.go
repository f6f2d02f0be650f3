package display

import (
	"slices"

	"github.com/seed28491532/folio/fonts"
	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
	"github.com/seed28491532/folio/svg"
)

// svgImage paints the SVG drawing of img fitted into r: one OpPath item
// a shape and one OpText item a run of its text, all with origin o (the
// image's Figure, or an artifact). st gives currentColor.
func (b *builder) svgImage(img *box.Image, r layout.Rect, st *style.Style, op float64, o Origin, clip *layout.Rect) {
	b.svgDraw(img, r, st, op, o, clip, false)
}

// svgTile paints the SVG drawing of img as a background tile r: a
// drawing without a viewBox is not scaled to the tile, its user units
// staying CSS pixels and its percentages resolving against the tile
// (CSS Images 3 §5.3, SVG 2 §8.2).
func (b *builder) svgTile(img *box.Image, r layout.Rect, st *style.Style, op float64, o Origin, clip *layout.Rect) {
	b.svgDraw(img, r, st, op, o, clip, !img.SVG.HasViewBox())
}

// svgDraw paints img into r as svgImage does; unscaled draws it at one
// user unit a CSS pixel.
func (b *builder) svgDraw(img *box.Image, r layout.Rect, st *style.Style, op float64, o Origin, clip *layout.Rect, unscaled bool) {
	if r.W <= 0 || r.H <= 0 {
		return
	}
	opts := svg.RenderOptions{X: r.X, Y: r.Y, Width: r.W, Height: r.H, Color: style.Color{A: 255}}
	if unscaled {
		opts.UserScale = 0.75
	}
	if st != nil {
		opts.Color = st.Color
		if img.Src == box.InlineSVG {
			// an inline svg inherits its element's font
			opts.Families, opts.FontSize = st.FontFamily, st.FontSize/0.75
			opts.UserScale = 0.75 // its user units are CSS pixels
		}
	}
	if b.shaper != nil && img.SVG.HasText {
		opts.Measure, opts.Advances = b.measureSVGText, b.svgAdvances
	}
	shapes, err := img.SVG.Render(b.ctx, opts)
	if err != nil {
		return // the context ended: Build reports it
	}
	// the links of an inline svg that is content are clickable: each
	// covers the box of its shapes (not those of masks), in the viewport
	b.list.Items = slices.Grow(b.list.Items, len(shapes))
	var links svgLinks
	inline := img.Src == box.InlineSVG && o.Box != nil
	masks := 0
	var clips []svgClip
	var scratch []Item // the items of a text shape, reused
	for i := range shapes {
		s := &shapes[i]
		switch s.Group {
		case svg.MaskBegin:
			masks++
		case svg.MaskEnd:
			masks--
		}
		if inline && s.Link != nil && masks == 0 {
			links.add(s)
		}
		switch s.Group {
		case svg.TextClipBegin:
			clips = append(clips, b.svgTextClip(s, r, op, o, clip))
			continue
		case svg.TextClipEnd:
			if n := len(clips); n > 0 {
				b.svgTextClipEnd(clips[n-1], s, r, o)
				clips = clips[:n-1]
			}
			continue
		}
		if s.Group != svg.NoGroup {
			// opens or closes a group or mask: the renderer composites
			// the items between as one
			b.add(Item{Op: OpPath, Rect: r, Vector: s, Origin: o})
			continue
		}
		if s.Path == nil && s.Text == nil && s.Image == nil {
			continue // left out by the renderer
		}
		if s.Image != nil {
			b.add(Item{Op: OpImage, Rect: r, Vector: s, Image: b.svgRaster(s.Image), Opacity: op * s.Opacity, Origin: o, Clip: clip})
			continue
		}
		if s.Text == nil {
			b.add(Item{Op: OpPath, Rect: r, Vector: s, Opacity: op, Origin: o, Clip: clip})
			continue
		}
		scratch = svgTextItems(scratch[:0], s, r, op, o, clip)
		for _, it := range scratch {
			b.add(it)
		}
	}
	for i, l := range links.order {
		rc := overlap(links.rect(i), r)
		if clip != nil {
			rc = overlap(rc, *clip)
		}
		if rc.W > 0 && rc.H > 0 {
			// as it shows under the transforms of the groups around
			b.list.Links = append(b.list.Links, Link{Box: o.Box, SVG: l})
			b.addLinkRect(len(b.list.Links)-1, rc)
		}
	}
}

// svgTextItems appends to dst the OpText items of text shape s, one a
// shaped run.
func svgTextItems(dst []Item, s *svg.Shape, r layout.Rect, op float64, o Origin, clip *layout.Rect) []Item {
	c := s.Fill.Color
	if g := s.Fill.Gradient; g != nil {
		// gradient text is clipped to its glyphs, which paint the
		// gradient (its stops hold their alpha)
		c = g.Stops[0].Color
		c.A = 255
	}
	runs, _ := s.Text.Data.([]*layout.Text)
	items := slices.Grow(dst, len(runs))
	for _, t := range runs {
		if t.Face == nil || len(t.Glyphs) == 0 {
			continue
		}
		t.Box, t.Color = o.Box, c
		t.X += s.Text.X // measured from 0: the anchor moved the run since
		items = append(items, Item{Op: OpText, Rect: r, Text: t, Vector: s, Color: c, Opacity: op * s.Opacity, Origin: o, Clip: clip})
	}
	return items
}

// svgClip is a TextClipBegin of an SVG drawing whose TextClipEnd is not
// met yet: the items of its runs and where the items it clips start.
type svgClip struct {
	runs  []Item
	start int
}

// svgTextClip opens the text clip of shape s (a TextClipBegin): the
// first of its runs clips the items up to the TextClipEnd.
func (b *builder) svgTextClip(s *svg.Shape, r layout.Rect, op float64, o Origin, clip *layout.Rect) svgClip {
	c := svgClip{runs: svgTextItems(nil, s, r, op, o, clip)}
	if len(c.runs) > 0 {
		b.add(c.runs[0])
	}
	c.start = len(b.list.Items)
	return c
}

// maxTextClipCopies bounds the items repeated for the further runs of
// one clipping text shape (svgTextClipEnd); past it, the runs left keep
// their text but show none of the clipped paint.
const maxTextClipCopies = 100_000

// svgTextClipEnd closes text clip c with the TextClipEnd shape s. A run
// clips on its own (the glyphs of two text objects would intersect, not
// add up), so the clipped items are repeated for each further run, up to
// maxTextClipCopies items; with no run to clip them they are taken out.
func (b *builder) svgTextClipEnd(c svgClip, s *svg.Shape, r layout.Rect, o Origin) {
	if len(c.runs) == 0 {
		b.list.Items = b.list.Items[:c.start]
		return
	}
	end := Item{Op: OpPath, Rect: r, Vector: s, Origin: o}
	body := b.list.Items[c.start:len(b.list.Items):len(b.list.Items)]
	b.add(end)
	copies := 0
	for _, run := range c.runs[1:] {
		b.add(run)
		if copies += len(body); copies <= maxTextClipCopies {
			b.list.Items = append(b.list.Items, body...)
		}
		b.add(end)
	}
}

// svgLinks gathers the links of an SVG drawing, in the order met, with
// the box of the shapes of each.
type svgLinks struct {
	order []*svg.Link
	boxes [][4]float64
}

func (ls *svgLinks) add(s *svg.Shape) {
	b, ok := s.Bounds()
	if !ok {
		return
	}
	for i, l := range ls.order {
		if l == s.Link {
			ls.boxes[i] = [4]float64{min(ls.boxes[i][0], b[0]), min(ls.boxes[i][1], b[1]), max(ls.boxes[i][2], b[2]), max(ls.boxes[i][3], b[3])}
			return
		}
	}
	ls.order = append(ls.order, s.Link)
	ls.boxes = append(ls.boxes, b)
}

func (ls *svgLinks) rect(i int) layout.Rect {
	b := ls.boxes[i]
	return layout.Rect{X: b[0], Y: b[1], W: b[2] - b[0], H: b[3] - b[1]}
}

// measureSVGText shapes an SVG text run with the document's fonts,
// keeps the runs (in user units, on the run's baseline, x from 0) in
// t.Data and returns their advance.
func (b *builder) measureSVGText(t *svg.Text) float64 {
	q := fonts.Query{Families: t.Families, Weight: t.Weight}
	if t.Italic {
		q.Style = fonts.StyleItalic
	}
	runs, _ := b.shaper.Shape(t.Content, q, t.Size, fonts.ShapeOptions{NoLigatures: t.LetterSpacing != 0})
	x := 0.0
	out := make([]*layout.Text, 0, len(runs))
	for _, run := range runs {
		w := 0.0
		for i := range run.Glyphs {
			g := &run.Glyphs[i]
			if t.LetterSpacing != 0 && (i+1 == len(run.Glyphs) || run.Glyphs[i+1].Cluster != g.Cluster) {
				g.XAdvance += t.LetterSpacing
			}
			w += g.XAdvance
		}
		if run.Face != nil && len(run.Glyphs) > 0 {
			out = append(out, &layout.Text{Face: run.Face, Size: t.Size, Glyphs: run.Glyphs, Text: run.Text,
				X: x, Baseline: t.Y, Width: w, RTL: run.Direction == fonts.RTL})
		}
		x += w
	}
	t.Data = out
	return x
}

// maxSVGTiles bounds the tiles of an SVG background drawn as vectors (a
// tiling pattern of vector content is not made), and maxSVGTileShapes
// the shapes of all of them: beyond, the tiles nearest the start of the
// painting area are drawn.
const (
	maxSVGTiles      = 400
	maxSVGTileShapes = 200_000
)

// svgTiles paints the tiles of an SVG background layer, clipped to clip.
func (b *builder) svgTiles(img *box.Image, st *style.Style, xs, ys axisTiles, w, h float64, clip layout.Rect, op float64, o Origin) {
	c := clip
	n, limit := 0, min(maxSVGTiles, max(1, maxSVGTileShapes/max(img.SVG.Expanded(), 1)))
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
			if n++; n > limit {
				return
			}
			b.svgTile(img, layout.Rect{X: tx, Y: ty, W: w, H: h}, st, op, o, &c)
		}
	}
}

// svgRaster returns the image of a raster an SVG embeds, made once per
// build (the renderer embeds an image once per *box.Image).
func (b *builder) svgRaster(im *svg.Image) *box.Image {
	if bi, ok := b.svgRasters[im]; ok {
		return bi
	}
	bi := &box.Image{Src: "SVG <image>", Data: im.Data, Format: im.Format, PixelWidth: im.Width, PixelHeight: im.Height, Decorative: true}
	if b.svgRasters == nil {
		b.svgRasters = map[*svg.Image]*box.Image{}
	}
	b.svgRasters[im] = bi
	return bi
}

// overlap returns the part of a inside b (W or H not positive when
// none).
func overlap(a, b layout.Rect) layout.Rect {
	x0, y0 := max(a.X, b.X), max(a.Y, b.Y)
	x1, y1 := min(a.X+a.W, b.X+b.W), min(a.Y+a.H, b.Y+b.H)
	return layout.Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}
}
