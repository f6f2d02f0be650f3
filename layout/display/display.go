package display

import (
	"context"
	"errors"
	"sort"
	"strings"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
	"github.com/seed28491532/folio/svg"
)

// Op is what an item paints.
type Op uint8

// Item operations.
const (
	// OpFill fills Rect with Color.
	OpFill Op = iota
	// OpBorder paints one border side: Rect is the side's area, Style and
	// Width say how (dashed and dotted sides are stroked along the
	// middle).
	OpBorder
	// OpRule paints a text decoration line of Width thickness centred on
	// the horizontal middle of Rect.
	OpRule
	// OpText paints Text.
	OpText
	// OpImage paints Image into Rect (a placeholder frame when the image
	// failed to load).
	OpImage
	// OpShape paints a list-marker shape (Shape) into Rect.
	OpShape
	// OpGradient paints Gradient into Rect (a background tile).
	OpGradient
	// OpPath paints the path of an SVG shape (Vector): filled and/or
	// stroked with colours or gradients, under its transform and clips.
	// Rect is the SVG image's viewport.
	OpPath
	// OpShadow paints one box-shadow layer (Shadow) in Color: Rect and
	// Radii are the shadow shape.
	OpShadow
	// OpGroupBegin starts the items of a box with paint effects
	// (effects.go): Group applies to them all, up to the OpGroupEnd
	// with the same Group.
	OpGroupBegin
	// OpGroupEnd ends the items of Group.
	OpGroupEnd
)

// ArtifactKind says whether an item is content or which kind of artifact.
type ArtifactKind uint8

// Artifact kinds (ISO 32000-1 §14.8.2.2).
const (
	NotArtifact ArtifactKind = iota
	Layout
	Background
	Pagination
)

// Origin ties an item to the document: the box whose content it paints,
// or the artifact kind it is.
type Origin struct {
	// Box is the box painted (a text box, an img, a ::marker…); nil for
	// artifacts.
	Box      *box.Box
	Artifact ArtifactKind
	// Subtype is "Header", "Footer" or "Watermark" for pagination
	// artifacts.
	Subtype string
}

// Item is one display item. Its fields are ordered so that an item
// stays small (display lists hold one per glyph run, cell side…).
type Item struct {
	Op Op
	// Style describes borders and rules (with Width).
	Style style.BorderStyle
	// Shape is the list-marker shape of OpShape.
	Shape box.MarkerShape
	// Side is the border side (style.Top…) for OpBorder; -1 means all
	// four sides at once (a uniform border with rounded corners, stroked
	// along the middle of the border). Small, so it packs with the bytes
	// above.
	Side  int8
	Color style.Color
	Rect  layout.Rect
	// Width describes borders and rules (with Style).
	Width float64
	// Clip, when set, limits the item to a rectangle (tiled background
	// images stay inside their padding box).
	Clip *layout.Rect
	// Radii, when set, are the corner radii (top-left, top-right,
	// bottom-right, bottom-left; horizontal, vertical) of rounded fills
	// and borders; nil means square corners.
	Radii *[4][2]float64
	// ClipRadii, when set, round the corners of Clip (the padding edge
	// of an overflow: hidden box with border-radius).
	ClipRadii *[4][2]float64
	Text      *layout.Text
	Image     *box.Image
	// Gradient is the gradient of OpGradient.
	Gradient *Gradient
	// Vector is the SVG shape of OpPath, or of an OpText whose Text is
	// in the shape's user space (painted under its transform and clips).
	Vector *svg.Shape
	// Shadow is the box-shadow layer of OpShadow; on an OpText it marks
	// a text-shadow copy of a run (read once: the copy is not extracted).
	Shadow *Shadow
	// Tiled, when set, repeats an image or gradient background tile
	// (Rect) over Clip.
	Tiled *Tiled
	// Group is the group an OpGroupBegin or OpGroupEnd starts or ends.
	Group *Group
	// Opacity is the group opacity to paint with (1 opaque).
	Opacity float64
	Origin  Origin
}

// Tiled says how a background tile repeats: every StepX and StepY
// points, from its Rect, in both directions.
type Tiled struct {
	StepX, StepY float64
}

// Link is the clickable area of one link element on a page.
type Link struct {
	// Box is the link's principal box (an a element with href).
	Box   *box.Box
	Rects []layout.Rect
	// SVG, when set, is a link of an inline SVG drawing, whose box Box
	// is (Rects cover the link's shapes).
	SVG *svg.Link
	// Quads, when set, hold for each rectangle (same index) the
	// quadrilateral it bounds on the page, corners in the order of the
	// rectangle's top-left, top-right, bottom-right, bottom-left, when
	// a transform turns or skews it (effects.go); zero otherwise.
	Quads [][4][2]float64
}

// List is the display list of one page.
type List struct {
	Page  *layout.Page
	Items []Item
	Links []Link
}

// MaxDepth bounds how deeply the painter descends into nested
// fragments: far beyond what a document within the DOM depth limit
// builds, so reaching it means a runaway walk, which ends the build with
// an error instead of exhausting the stack.
const MaxDepth = 4096

// ErrDepth is wrapped by the error Build returns when the fragments of a
// page nest deeper than MaxDepth.
var ErrDepth = errors.New("display: fragments nested too deeply")

// BuildPage makes the display list of one page. Fragments nested deeper
// than MaxDepth are left out of it.
func BuildPage(p *layout.Page) *List {
	return (&builder{ctx: context.Background()}).page(p, 0)
}

// page makes the display list of p with room for hint items, reusing
// b's scratch space.
func (b *builder) page(p *layout.Page, hint int) *List {
	b.list = &List{Page: p, Items: make([]Item, 0, hint)}
	b.artifact, b.clip, b.painting = nil, nil, nil
	b.floats, b.positioned = b.floats[:0], b.positioned[:0]
	b.depth, b.zSeen, b.matrix, b.opGroups, b.extraOp = 0, false, nil, 0, 0
	b.persp, b.stripNest, b.perspFrags = nil, 0, nil
	// the page box's background and border, then the document, then the
	// margin boxes (css-page-3 §painting)
	b.pageMargins(p, p.Margins[:p.Decorations])
	b.canvas = nil
	if p.Root != nil {
		b.paintCanvas(p)
		b.paintRoot(p.Root)
		b.canvas = nil
	}
	if p.Footnotes != nil {
		// the footnote area: content, after the body (css-gcpm-3 §2)
		b.paintRoot(p.Footnotes)
	}
	b.pageMargins(p, p.Margins[p.Decorations:])
	return b.list
}

// pageMargins paints fragments of the page box or its margin boxes, as
// pagination artifacts.
func (b *builder) pageMargins(p *layout.Page, frags []*layout.Fragment) {
	for _, m := range frags {
		b.margin = Origin{Artifact: Pagination, Subtype: marginSubtype(p, m)}
		b.artifact = &b.margin
		b.paintRoot(m)
		b.artifact = nil
	}
}

// descend counts one more level of nesting and reports whether the walk
// may go on; every descend that returns true is paired with an ascend.
func (b *builder) descend() bool {
	if b.depth >= MaxDepth {
		b.tooDeep = true
		return false
	}
	b.depth++
	return true
}

func (b *builder) ascend() { b.depth-- }

// marginSubtype calls boxes in the upper half of the page headers and
// the others footers.
func marginSubtype(p *layout.Page, f *layout.Fragment) string {
	if f.Y+f.H/2 < p.Height/2 {
		return "Header"
	}
	return "Footer"
}

type builder struct {
	ctx  context.Context
	list *List
	// shaper shapes the text of SVG images (none without it).
	shaper layout.TextShaper
	// svgRasters are the images of the rasters SVGs embed.
	svgRasters map[*svg.Image]*box.Image
	// clipDocs are the clipPath elements clip-path: url(#id) references
	// (urlclip.go).
	clipDocs clipDocs
	// artifact, when set, overrides the origin of content (margin boxes)
	artifact *Origin
	// margin and repeated are the origins artifact points at for a
	// margin box and a repeated table header or footer: fields of the
	// builder, so that no origin is allocated per box or page.
	margin, repeated Origin
	// clip is the padding box of the nearest overflow: hidden/clip
	// ancestor: the content inside it is clipped to it.
	clip      *layout.Rect
	clipRadii *[4][2]float64
	// clips are the clipping boxes entered, outermost first (marker.go)
	clips []clipEntry
	// floats and positioned are the layers met in the current pass, to
	// paint after the in-flow content (layers.go); painting is the layer
	// being painted now.
	floats, positioned []layer
	painting           *layout.Fragment
	// segs is scratch space for merging table border segments.
	segs []layout.PaintBorder
	runs map[uint64]int
	// ctxRoot is the root of the stacking context being painted, and
	// ctxOwnEnd the length of the list once its own background and
	// borders are in it: where the layers of negative z-index go
	// (layers.go). zSeen says a layer with a z-index was met on the page.
	// canvas is the box whose background the page's canvas shows (the
	// root element's, or the body's when the root has none): painted
	// over the page by paintCanvas, not again over the box.
	canvas *box.Box
	// rootBefore is the height of the root element's fragments on the
	// pages before this one, rootTotal on all pages: the canvas image is
	// positioned in the root's whole box, sliced across the pages.
	rootBefore, rootTotal float64
	ctxRoot               *layout.Fragment
	ctxOwnEnd             int
	zSeen                 bool
	// depth is how many decorations and content calls are open; tooDeep
	// records that the walk stopped at MaxDepth.
	depth   int
	tooDeep bool
	// matrix is the transform of the groups being painted (effects.go),
	// nil for none.
	matrix *[6]float64
	// slices are the fragments of split boxes with backgrounds, bgPos
	// the box areas of the whole box being painted a slice of (slice.go).
	slices splitBoxes
	bgPos  *boxAreas
	// bgLocal, when set, are the areas of the scrollable overflow of the
	// box being painted, for its background-attachment: local layers
	// (local.go).
	bgLocal *boxAreas
	// colorRect, when set, is the painting area of the background colour
	// of the box being painted, colorRadii its corners (local.go).
	colorRect  *layout.Rect
	colorRadii *[4][2]float64
	// cut, when set, is the fragment of a box split with
	// box-decoration-break: slice whose shadows are being painted
	// (shadow.go).
	cut *layout.Fragment
	// notch, when set, is the horizontal extent of a fieldset's rendered
	// legend, where its top border is not painted (legend.go).
	notch *[2]float64
	// opGroups counts the open groups with an opacity; past
	// MaxOpacityGroups, extraOp (0 for none) is the opacity of the
	// deeper ones, given to their items one by one (effects.go).
	opGroups int
	extraOp  float64
	// persp is the perspective the children of the box being painted
	// are seen through, nil for none; stripNest counts the open groups
	// cut into strips (perspective.go).
	persp      *perspectiveCtx
	stripNest  int
	perspFrags map[*html.Node]*layout.Fragment
	// the images made for shadows and masks, for reuse (blur.go)
	imageCache
}

// enterClip narrows the clip to f's padding box when f clips its
// overflow; the returned function restores the previous clip.
func (b *builder) enterClip(f *layout.Fragment) func() {
	st := f.Box.Style
	if st == nil || st.Overflow == style.OverflowVisible {
		return func() {}
	}
	saved, savedRadii := b.clip, b.clipRadii
	r := layout.Rect{X: f.X + f.Border[style.Left], Y: f.Y + f.Border[style.Top],
		W: f.W - f.Border[style.Left] - f.Border[style.Right], H: f.H - f.Border[style.Top] - f.Border[style.Bottom]}
	// the padding edge's curve clips too (CSS Backgrounds 3 §5.3), when
	// it lies inside the clip already in force (one clip path an item)
	radii, rounded := paddingRadii(f)
	if !st.ClipsX() || !st.ClipsY() {
		// overflow: clip in one axis only (css-overflow-3 §3): the
		// other is unbounded, and the curve does not clip
		r, rounded = unboundedAxis(r, st.ClipsX()), false
	}
	if saved != nil {
		if !contains(*saved, r) {
			rounded = false
		}
		x0, y0 := max(r.X, saved.X), max(r.Y, saved.Y)
		x1, y1 := min(r.X+r.W, saved.X+saved.W), min(r.Y+r.H, saved.Y+saved.H)
		r = layout.Rect{X: x0, Y: y0, W: max(x1-x0, 0), H: max(y1-y0, 0)}
	}
	b.clip, b.clipRadii = &r, nil
	if rounded {
		b.clipRadii = radii
	}
	b.clips = append(b.clips, clipEntry{box: f.Box, saved: saved, savedRadii: savedRadii})
	return func() {
		b.clip, b.clipRadii = saved, savedRadii
		b.clips = b.clips[:len(b.clips)-1]
	}
}

// unboundedClip is the extent of a clip in an axis that does not clip:
// beyond any page (and small enough for PDF readers).
const unboundedClip = 1e5

// unboundedAxis returns clip rectangle r unbounded in y when clipsX (in x
// otherwise).
func unboundedAxis(r layout.Rect, clipsX bool) layout.Rect {
	if clipsX {
		r.Y, r.H = -unboundedClip, 2*unboundedClip
	} else {
		r.X, r.W = -unboundedClip, 2*unboundedClip
	}
	return r
}

// paddingRadii returns the radii of f's padding edge: its border-radius
// less the border on each side, and whether any corner is rounded.
func paddingRadii(f *layout.Fragment) (*[4][2]float64, bool) {
	return insetRadii(f, f.Border)
}

func visible(b *box.Box) bool { return b.Style == nil || b.Style.Visibility == style.Visible }

// opacityOf returns the opacity of b's items inside an opacity of
// parent: a box that forms a group (effects.go) has its opacity
// applied to the group instead.
func opacityOf(b *box.Box, parent float64) float64 {
	if b.Style != nil && b.Style.Opacity < 1 && (b.Parent == nil || !hasEffects(b.Style)) {
		return parent * b.Style.Opacity
	}
	return parent
}

// decorations paints block backgrounds and borders in tree order.
func (b *builder) decorations(f *layout.Fragment, op float64) {
	if f.Anchor > 0 && b.painting != f {
		return // painted after the line holding its anchor (content)
	}
	if b.defer_(f, op) || !b.descend() {
		return
	}
	defer b.ascend()
	b.painting = nil
	op = opacityOf(f.Box, op)
	if b.enterRepeated(f) {
		defer b.leaveRepeated()
	}
	if f.Paint != nil {
		b.paintOverride(f, op, false)
	} else if visible(f.Box) && f.Box.Kind != box.KindText {
		r := layout.Rect{X: f.X, Y: f.Y, W: f.W, H: f.H}
		st := f.Box.Style
		if f.Box == b.canvas {
			st = withoutBackground(st)
		}
		st = slicedCorners(st, f)
		var layers func()
		if st != nil && st.BackgroundImages != nil && f.Box != b.canvas {
			layers = func() {
				if whole, ok := b.slicedAreas(f); ok {
					b.bgPos = &whole
				}
				a := areasOf(r, f.Border, f.Padding)
				if scrollsLocally(f) {
					la := localAreas(f, a)
					b.bgLocal = &la
				}
				b.backgroundLayers(f.Box, st, a, nil, op)
				b.bgPos, b.bgLocal = nil, nil
				if st.BoxShadow != nil {
					// inset shadows paint above the background images
					b.boxShadows(st, r, f.Border, borderRadii(st, r), true, op)
				}
			}
		}
		if st != nil && st.BackgroundColor.A > 0 {
			if cr, radii, ok := colorArea(f, st); ok {
				b.colorRect, b.colorRadii = &cr, radii
			}
		}
		b.cut, b.notch = shadowCut(f, st), legendNotch(f)
		b.boxDecorations(st, r, f.Border, op, layers)
		b.colorRect, b.colorRadii, b.cut, b.notch = nil, nil, nil, nil
		b.columnRules(f, op)
	}
	if f == b.ctxRoot {
		b.ctxOwnEnd = len(b.list.Items)
	}
	defer b.enterClip(f)()
	defer b.enterPerspective(f)()
	for _, c := range f.Children {
		b.decorations(c, op)
	}
	if f.Paint != nil {
		b.paintOverride(f, op, true)
	}
}

// boxDecorations paints background and borders of a border box r;
// layers, when set, paints the background layers, over the background
// colour and under the borders.
func (b *builder) boxDecorations(st *style.Style, r layout.Rect, bw [4]float64, op float64, layers func()) {
	if st == nil {
		return
	}
	defer b.outline(st, r, op)
	var radii [4][2]float64
	rounded := false
	for i, c := range st.BorderRadius {
		radii[i] = [2]float64{st.Resolve(c[0], r.W, 0), st.Resolve(c[1], r.H, 0)}
		if radii[i][0] > 0 && radii[i][1] > 0 {
			rounded = true
		}
	}
	var pr *[4][2]float64
	if radii != ([4][2]float64{}) {
		pr = new([4][2]float64)
		*pr = radii
	}
	if st.BoxShadow != nil {
		b.boxShadows(st, r, bw, pr, false, op)
	}
	if cr, cradii := r, pr; st.BackgroundColor.A > 0 && r.W > 0 && r.H > 0 {
		if b.colorRect != nil {
			// clipped to the last layer's background-clip (local.go)
			cr, cradii = *b.colorRect, b.colorRadii
		}
		b.add(Item{Op: OpFill, Rect: cr, Color: st.BackgroundColor, Opacity: op, Origin: Origin{Artifact: Background}, Radii: cradii})
	}
	if st.BoxShadow != nil && st.BackgroundImages == nil {
		b.boxShadows(st, r, bw, pr, true, op)
	}
	if layers != nil {
		layers()
	}
	if rounded && uniformBorder(st, bw) {
		b.add(Item{Op: OpBorder, Rect: r, Color: st.Border[0].Color, Width: bw[0], Style: st.Border[0].Style, Side: -1, Radii: pr, Opacity: op, Origin: Origin{Artifact: Layout}})
		return
	}
	for side := 0; side < 4; side++ {
		w := bw[side]
		bs := st.Border[side]
		if w <= 0 || bs.Style == style.BorderNone || bs.Style == style.BorderHidden || bs.Color.A == 0 {
			continue
		}
		var sr layout.Rect
		switch side {
		case style.Top:
			sr = layout.Rect{X: r.X, Y: r.Y, W: r.W, H: w}
		case style.Bottom:
			sr = layout.Rect{X: r.X, Y: r.Y + r.H - w, W: r.W, H: w}
		case style.Left:
			sr = layout.Rect{X: r.X, Y: r.Y, W: w, H: r.H}
		case style.Right:
			sr = layout.Rect{X: r.X + r.W - w, Y: r.Y, W: w, H: r.H}
		}
		for _, part := range b.notched(side, sr) {
			b.add(Item{Op: OpBorder, Rect: part, Color: bs.Color, Width: w, Style: bs.Style, Side: int8(side), Opacity: op, Origin: Origin{Artifact: Layout}})
		}
	}
}

func (b *builder) add(it Item) {
	if it.Opacity == 0 {
		it.Opacity = 1
	}
	if b.extraOp != 0 {
		it.Opacity *= b.extraOp
	}
	if b.artifact != nil {
		it.Origin = *b.artifact
	}
	if it.Clip == nil {
		it.Clip, it.ClipRadii = b.clip, b.clipRadii
	}
	if !clipFill(&it) {
		return // clipped away
	}
	if n := len(b.list.Items); n > 0 && extendFill(&b.list.Items[n-1], &it) {
		return
	}
	b.list.Items = append(b.list.Items, it)
}

// clipFill applies a rectangular clip to a plain rectangular fill by
// cutting the rectangle, as a browser's PDF output does: the same area
// is painted, and a renderer that anti-aliases clip edges does not
// bleed a fraction of a pixel past the clip. It reports whether
// anything is left to paint.
func clipFill(it *Item) bool {
	if it.Op != OpFill || it.Clip == nil || it.ClipRadii != nil || it.Radii != nil || it.Tiled != nil {
		return true
	}
	r, c := it.Rect, *it.Clip
	x0, y0 := max(r.X, c.X), max(r.Y, c.Y)
	x1, y1 := min(r.X+r.W, c.X+c.W), min(r.Y+r.H, c.Y+c.H)
	if x1 <= x0 || y1 <= y0 {
		return false
	}
	it.Rect, it.Clip = layout.Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}, nil
	return true
}

// extendFill grows last, the item painted just before it, to cover it too
// when both fill touching rectangles of one row (same top and height)
// in one opaque colour, alike in every other respect: the backgrounds of
// the cells of a table row become one rectangle. The union paints the
// same pixels, and nothing was painted between the two.
func extendFill(last, it *Item) bool {
	if it.Op != OpFill || last.Op != OpFill || it.Radii != nil || last.Radii != nil ||
		it.Color != last.Color || it.Color.A != 255 || it.Opacity != 1 || last.Opacity != 1 ||
		it.Clip != last.Clip || it.ClipRadii != last.ClipRadii || it.Origin != last.Origin {
		return false
	}
	r, lr := it.Rect, &last.Rect
	if r.Y != lr.Y || r.H != lr.H || r.X > lr.X+lr.W+joinTolerance || r.X+r.W < lr.X-joinTolerance {
		return false
	}
	x0, x1 := min(lr.X, r.X), max(lr.X+lr.W, r.X+r.W)
	lr.X, lr.W = x0, x1-x0
	return true
}

// content paints replaced content and lines in tree order.
func (b *builder) content(f *layout.Fragment, op float64) {
	if layerKind(f) != 0 && b.painting != f {
		return // painted as a layer
	}
	if !b.descend() {
		return
	}
	defer b.ascend()
	b.painting = nil
	op = opacityOf(f.Box, op)
	if b.enterRepeated(f) {
		defer b.leaveRepeated()
	}
	if f.Box.Kind == box.KindReplaced {
		b.image(f, op)
	}
	if f.Box.IsElement() && !f.Box.IsInlineLevel() && inLink(f.Box) {
		i, _ := b.linkIndex(f.Box)
		b.addLinkRect(i, layout.Rect{X: f.X, Y: f.Y, W: f.W, H: f.H})
	}
	defer b.enterClip(f)()
	defer b.enterPerspective(f)()
	for i, ln := range f.Lines {
		for _, c := range f.Children {
			if c.Anchor == i+1 && c.AnchorBefore {
				b.anchored(c, op)
			}
		}
		b.line(ln, op)
		for _, c := range f.Children {
			if c.Anchor == i+1 && !c.AnchorBefore {
				b.anchored(c, op)
			}
		}
	}
	for _, c := range f.Children {
		if c.Anchor > 0 && c.Anchor <= len(f.Lines) {
			continue
		}
		b.content(c, op)
	}
}

func (b *builder) image(f *layout.Fragment, op float64) {
	if !visible(f.Box) || f.Box.Image == nil {
		return
	}
	cr := f.ContentRect()
	img := f.Box.Image
	o := Origin{Box: f.Box}
	if img.Decorative || img.Err != nil {
		o = Origin{Artifact: Layout}
	}
	dst, overflows := objectRect(cr, img, f.Box.Style)
	if img.SVG != nil && img.Err == nil {
		var clip *layout.Rect
		if overflows {
			clip = &cr
		}
		b.svgImage(img, dst, f.Box.Style, op, o, clip)
		return
	}
	it := Item{Op: OpImage, Rect: dst, Image: img, Opacity: op, Origin: o}
	if overflows {
		clip := cr // cover and none paint no further than the content box
		it.Clip = &clip
	}
	if radii, ok := contentRadii(f); ok && (b.clip == nil || contains(*b.clip, cr)) {
		// the image is trimmed to the curve of its content edge
		// (CSS Backgrounds 3 §5.3)
		clip := cr
		it.Clip, it.Radii = &clip, radii
	}
	b.add(it)
}

func (b *builder) line(ln *layout.Line, op float64) {
	if m := ln.Marker; m != nil && visible(m.Box) {
		restore := b.markerClip(m.Box)
		if m.Shape != box.ShapeNone {
			b.add(Item{Op: OpShape, Rect: m.Rect, Shape: m.Shape, Color: m.Color, Opacity: op, Origin: Origin{Artifact: Layout}})
		}
		for _, t := range m.Texts {
			b.add(Item{Op: OpText, Text: t, Color: t.Color, Opacity: op, Origin: Origin{Box: m.Box}})
		}
		for _, a := range m.Atomics {
			b.image(a, op) // a list-style-image, decorative
		}
		restore()
	}
	for _, in := range ln.Inlines {
		if visible(in.Box) {
			b.boxDecorations(in.Box.Style, in.Rect, in.Border, op*inlineOpacity(in.Box), nil)
		}
		if href, ok := in.Box.Attr("href"); ok && in.Box.Tag() == "a" && href != "" {
			key := in.Box
			for key.Continuation && key.Parent != nil {
				break
			}
			i, ok := b.linkIndex(key)
			if !ok {
				continue
			}
			b.addLinkRect(i, in.Rect)
		}
	}
	// Texts and atomic inlines are painted in logical order so tagged
	// content follows the reading order (positions stay visual).
	texts, atoms := ln.Texts, ln.Atomics
	if !sort.SliceIsSorted(texts, func(i, j int) bool { return texts[i].Seq < texts[j].Seq }) {
		texts = append([]*layout.Text(nil), texts...)
		sort.SliceStable(texts, func(i, j int) bool { return texts[i].Seq < texts[j].Seq })
	}
	if !sort.SliceIsSorted(atoms, func(i, j int) bool { return atoms[i].Seq < atoms[j].Seq }) {
		atoms = append([]*layout.Fragment(nil), atoms...)
		sort.SliceStable(atoms, func(i, j int) bool { return atoms[i].Seq < atoms[j].Seq })
	}
	ai := 0
	for _, t := range texts {
		for ai < len(atoms) && atoms[ai].Seq < t.Seq {
			mark := len(b.floats)
			b.decorations(atoms[ai], op)
			b.paintFloats(mark)
			b.content(atoms[ai], op)
			ai++
		}
		if !visible(t.Box) {
			continue
		}
		top := op * inlineOpacity(t.Box)
		if t.Box.Style != nil && t.Box.Style.TextShadow != nil {
			b.textShadows(t, top)
		}
		for _, d := range t.Decorations {
			if d.Y < t.Baseline-t.Ascent/3 && d.Y > t.Baseline-t.Ascent*0.9 {
				continue // line-through: after the text
			}
			b.rule(d, top)
		}
		b.add(Item{Op: OpText, Text: t, Color: t.Color, Opacity: top, Origin: Origin{Box: t.Box}})
		for _, d := range t.Decorations {
			if d.Y < t.Baseline-t.Ascent/3 && d.Y > t.Baseline-t.Ascent*0.9 {
				b.rule(d, top)
			}
		}
	}
	for ; ai < len(atoms); ai++ {
		mark := len(b.floats)
		b.decorations(atoms[ai], op)
		b.paintFloats(mark)
		b.content(atoms[ai], op)
	}
}

// inlineOpacity returns the opacity of the inline boxes bx is in (bx
// included): their content is painted item by item with it, not as a
// group, as inline boxes lie in lines among other content.
func inlineOpacity(bx *box.Box) float64 {
	op := 1.0
	for x := bx; x != nil && (x.Kind == box.KindInline || x.Kind == box.KindText); x = x.Parent {
		if x.Kind == box.KindInline && x.Style != nil && x.Style.Opacity < 1 {
			op *= x.Style.Opacity
		}
	}
	return op
}

func (b *builder) rule(d layout.Rule, op float64) {
	if d.Style == style.DecorationWavy {
		b.wavyRule(d, op)
		return
	}
	b.add(Item{Op: OpRule, Rect: layout.Rect{X: d.X, Y: d.Y - d.Thickness/2, W: d.W, H: d.Thickness},
		Color: d.Color, Width: d.Thickness, Style: d.Style, Opacity: op, Origin: Origin{Artifact: Layout}})
}

// linkIndex returns the index of the link entry for box k, matching
// continuations of the same element.
func (b *builder) linkIndex(k *box.Box) (int, bool) {
	for i, l := range b.list.Links {
		if l.Box.Node == k.Node {
			return i, true
		}
	}
	b.list.Links = append(b.list.Links, Link{Box: k})
	return len(b.list.Links) - 1, true
}

// uniformBorder reports whether all four sides are drawn alike.
func uniformBorder(st *style.Style, bw [4]float64) bool {
	if bw[0] <= 0 || st.Border[0].Color.A == 0 || st.Border[0].Style <= style.BorderHidden {
		return false
	}
	for i := 1; i < 4; i++ {
		if bw[i] != bw[0] || st.Border[i].Style != st.Border[0].Style || st.Border[i].Color != st.Border[0].Color {
			return false
		}
	}
	return true
}

// inLink reports whether block box bx sits in an a[href] element that its
// box parent does not (a block inside a link is split out of the link's
// inline box): its area is clickable too.
func inLink(bx *box.Box) bool {
	var stop *html.Node
	if bx.Parent != nil {
		stop = bx.Parent.Node
	}
	for n := bx.Node.Parent; n != nil && n != stop; n = n.Parent {
		if n.Type == html.ElementNode && n.Data == "a" {
			href, ok := box.Attr(n, "href")
			return ok && strings.TrimSpace(href) != ""
		}
	}
	return false
}
