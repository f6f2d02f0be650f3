package svg

import (
	"context"
	"math"
	"strings"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/style"
)

// Shape is one thing to paint: a path filled and/or stroked, or a text.
// A render makes one a painted element, so Shape is kept small (see
// TestShapeSize): the fields of rarer shapes are pointers.
type Shape struct {
	// Path is the geometry in user space (nil for text); M maps user
	// space to the output space.
	Path *Path
	M    Matrix
	// Fill and Stroke are nil when not painted.
	Fill   *Paint
	Stroke *Stroke
	// Opacity is the group opacity of the shape's element and ancestors
	// (applied to fill and stroke alike), or, for a GroupEnd, of the
	// group.
	Opacity float64
	// EvenOdd selects the even-odd fill rule.
	EvenOdd bool
	// Group, unless NoGroup, makes the shape open or close a group or
	// mask instead of painting (see GroupOp); Masked says a GroupEnd's
	// group is painted through a mask.
	Group  GroupOp
	Masked bool
	// Link is the link of the nearest <a> ancestor with an href, nil
	// outside links.
	Link *Link
	// Clips are clipping paths in output space; the shape is painted
	// inside all of them.
	Clips []Clip
	// Text is the text of a text shape, painted with Fill.
	Text *Text
	// Image is the raster image of an image shape, painted into
	// ImageRect (x, y, width, height in user space; nil for other
	// shapes).
	Image     *Image
	ImageRect *[4]float64
	// pattern is the pattern fill of a text run, until its chunk ends.
	pattern *textPattern
}

// Paint is a colour (with its opacity in A) or a gradient.
type Paint struct {
	Color    style.Color
	Gradient *Gradient
	// Opacity is fill-opacity or stroke-opacity (already in Color.A for a
	// colour; applies to a gradient's stops).
	Opacity float64
}

// Gradient is a linear gradient from X1, Y1 to X2, Y2, or a radial one
// with centre CX, CY, radius R and focus FX, FY, in gradient space; M
// maps gradient space to the shape's user space.
type Gradient struct {
	Radial            bool
	X1, Y1, X2, Y2    float64
	CX, CY, R, FX, FY float64
	Stops             []Stop
	M                 Matrix
	Reflect, Repeat   bool
	// bbox says the gradient is in the shape's bounding box units: it
	// moves with the shape (a text run shifted by its anchor).
	bbox bool
}

// Stop is a gradient colour stop, Offset from 0 to 1.
type Stop struct {
	Offset float64
	Color  style.Color
}

// Stroke is how a path is stroked; lengths are in user space.
type Stroke struct {
	Paint
	Width      float64
	Dash       []float64
	DashOffset float64
	// Cap is 0 butt, 1 round, 2 square; Join 0 miter, 1 round, 2 bevel.
	Cap, Join  uint8
	MiterLimit float64
}

// Clip is a clipping path in output space.
type Clip struct {
	Path    *Path
	EvenOdd bool
	// rect, for a clip that is an axis-aligned rectangle (a viewport),
	// is its x0, y0, x1, y1: a shape inside it needs no clip.
	rect *[4]float64
	// viewport says the clip is an svg element's viewport (a rectangle
	// that clipRect may trim a filled rectangle to instead).
	viewport bool
}

// viewportClip returns the clip of viewport x, y, w, h (see rectClip).
func viewportClip(x, y, w, h float64, m Matrix) Clip {
	c := rectClip(x, y, w, h, m)
	c.viewport = true
	return c
}

// rectClip returns the clip of rectangle x, y, w, h of a user space that
// m maps to the output space.
func rectClip(x, y, w, h float64, m Matrix) Clip {
	c := Clip{Path: rectPath(x, y, w, h).Transformed(m)}
	if m[1] == 0 && m[2] == 0 {
		x0, y0, x1, y1, _ := c.Path.Bounds()
		c.rect = &[4]float64{x0, y0, x1, y1}
	}
	return c
}

// pruneClips returns clips without the rectangles that hold the box b
// (x0, y0, x1, y1 in output space) whole.
func pruneClips(clips []Clip, b [4]float64) []Clip {
	var out []Clip
	for i, c := range clips {
		inside := c.rect != nil && b[0] >= c.rect[0] && b[1] >= c.rect[1] && b[2] <= c.rect[2] && b[3] <= c.rect[3]
		switch {
		case inside && out == nil:
			out = append(make([]Clip, 0, len(clips)-1), clips[:i]...)
		case !inside && out != nil:
			out = append(out, c)
		}
	}
	if out == nil {
		return clips
	}
	return out
}

// outputBounds maps the box x0, y0, x1, y1 of user space through m and
// returns the bounds of the result.
func outputBounds(m Matrix, x0, y0, x1, y1 float64) [4]float64 {
	b := [4]float64{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	for _, c := range [4][2]float64{{x0, y0}, {x1, y0}, {x0, y1}, {x1, y1}} {
		x, y := m.Apply(c[0], c[1])
		b = [4]float64{min(b[0], x), min(b[1], y), max(b[2], x), max(b[3], y)}
	}
	return b
}

// Text is a run of text of one font at X, Y (the start of its baseline
// in user space, after text-anchor).
type Text struct {
	X, Y          float64
	Content       string
	Families      []string
	Weight        int
	Italic        bool
	Size          float64
	LetterSpacing float64
	// Data is what RenderOptions.Measure kept for the run (its shaped
	// glyphs).
	Data any
	// advance is the run's width as measured.
	advance float64
}

// RenderOptions say where a drawing goes.
type RenderOptions struct {
	// Width and Height are the viewport in output units; the root's
	// viewBox (or its intrinsic size) is fitted into it.
	Width, Height float64
	// X, Y is where the viewport's top-left corner goes.
	X, Y float64
	// Color is the initial value of color (for currentColor).
	Color style.Color
	// UserScale, when positive, is how many output units a user unit
	// of a root without viewBox takes (an inline svg: its CSS pixels
	// are points × 0.75); otherwise such a root's intrinsic size is
	// fitted into the viewport like a viewBox (an SVG image).
	UserScale float64
	// Families and FontSize (in CSS pixels), when set, are the initial
	// font (an inline <svg> inherits its element's); otherwise serif
	// 16px.
	Families []string
	FontSize float64
	// Measure returns the advance width of t in user units, and may keep
	// what it shaped in t.Data. Nil leaves text out.
	Measure func(t *Text) float64
	// Advances, when set, returns the advance of each character of
	// t.Content as the whole is shaped (kerning with the next character
	// included; the characters of a cluster, such as a ligature, share
	// its advance), in user units: a textPath places its characters by
	// them. Without it each character is measured alone.
	Advances func(t *Text) []float64
}

type renderer struct {
	ctx    context.Context
	d      *Document
	opts   RenderOptions
	out    []Shape
	steps  int
	err    error
	vw, vh float64 // the nearest viewport, in user units
	// vx, vy are the origin of the nearest viewport's viewBox (0, 0
	// without one): the view-box reference box starts there
	vx, vy float64
	uses   map[*html.Node]bool
	// initial is the style the root inherits.
	initial computed
	// link is the link the shapes drawn now are inside (see inLink).
	link *Link
	// groups counts the groups open (see grouped).
	groups int
	// slabs holds the paints and strokes of the shapes (slab.go).
	slabs
}

// Render draws the document into a Width×Height viewport at X, Y of the
// output space. New bounded its work already; it fails only with ctx's
// error when ctx ends. A Document may be rendered concurrently.
func (d *Document) Render(ctx context.Context, o RenderOptions) ([]Shape, error) {
	r := &renderer{ctx: ctx, d: d, opts: o, uses: map[*html.Node]bool{}, out: make([]Shape, 0, min(d.expanded, 4096))}
	if o.Width <= 0 || o.Height <= 0 || zeroViewBox(d.Root) {
		return nil, nil
	}
	vb := [4]float64{0, 0, d.Width, d.Height}
	if o.UserScale > 0 {
		vb = [4]float64{0, 0, o.Width / o.UserScale, o.Height / o.UserScale}
	}
	if d.viewBox != nil {
		vb = *d.viewBox
	}
	par, _ := attr(d.Root, "preserveAspectRatio")
	m := viewBoxTransform(vb, par, o.Width, o.Height).Mul(translate(o.X, o.Y))
	r.vx, r.vy, r.vw, r.vh = vb[0], vb[1], vb[2], vb[3]
	st := initialStyle(o.Color)
	if len(o.Families) > 0 {
		st.families = o.Families
	}
	if o.FontSize > 0 {
		st.fontSize = o.FontSize
	}
	r.initial = st
	st = d.cascade(d.Root, &st)
	r.children(d.Root, &st, m, []Clip{viewportClip(o.X, o.Y, o.Width, o.Height, Identity)}, st.opacity, 0)
	return r.out, r.err
}

// children draws the child elements of n.
func (r *renderer) children(n *html.Node, st *computed, m Matrix, clips []Clip, op float64, depth int) {
	for c := n.FirstChild; c != nil && r.err == nil; c = c.NextSibling {
		if c.Type == html.ElementNode {
			r.element(c, st, m, clips, op, depth+1)
		}
	}
}

// element draws n and its content.
func (r *renderer) element(n *html.Node, parent *computed, m Matrix, clips []Clip, op float64, depth int) {
	if r.steps++; r.steps&255 == 0 && r.ctx.Err() != nil {
		r.err = r.ctx.Err()
		return
	}
	if depth > r.d.lim.MaxDepth {
		r.err = &LimitError{Name: "MaxDepth", Limit: r.d.lim.MaxDepth}
		return
	}
	switch n.Data {
	case "defs", "symbol", "clipPath", "linearGradient", "radialGradient", "style", "script",
		"title", "desc", "metadata", "mask", "pattern", "marker", "filter", "foreignObject", "stop":
		return
	}
	st := r.d.cascade(n, parent)
	if st.displayNone {
		return
	}
	if tm, ok := r.elementTransform(n, &st); ok {
		m = tm.Mul(m)
	}
	if st.clipPath != "" {
		cl, ok := r.clipPath(n, st.clipPath, m)
		if !ok {
			return // a clip path that clips everything away
		}
		if cl != nil {
			clips = append(clips[:len(clips):len(clips)], *cl)
		}
	}
	r.grouped(n, &st, m, clips, op, depth)
}

// draw draws element n of style st, its transform m and clips applied,
// and its content.
func (r *renderer) draw(n *html.Node, st *computed, m Matrix, clips []Clip, op float64, depth int) {
	switch n.Data {
	case "g":
		r.children(n, st, m, clips, op, depth)
	case "a":
		r.inLink(n, func() { r.children(n, st, m, clips, op, depth) })
	case "switch":
		// the first child whose conditions hold (SVG 1.1 §5.8.2)
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode && supported(c) {
				r.element(c, st, m, clips, op, depth+1)
				break
			}
		}
	case "svg":
		r.nested(n, st, m, clips, op, depth)
	case "use":
		r.use(n, st, m, clips, op, depth)
	case "text":
		r.text(n, st, m, clips, op)
	case "image":
		r.image(n, st, m, clips, op)
	default:
		p := r.geometry(n)
		if p == nil || st.hidden {
			return
		}
		r.emit(n, p, st, m, clips, op)
		if n.Data != "rect" && n.Data != "circle" && n.Data != "ellipse" {
			r.markers(p, st, m, clips, op, depth)
		}
	}
}

// nested draws a nested svg element: a new viewport, clipped.
func (r *renderer) nested(n *html.Node, st *computed, m Matrix, clips []Clip, op float64, depth int) {
	x, y := r.length(n, "x", r.vw), r.length(n, "y", r.vh)
	w, h := r.vw, r.vh
	if _, ok := attr(n, "width"); ok {
		w = r.length(n, "width", r.vw)
	}
	if _, ok := attr(n, "height"); ok {
		h = r.length(n, "height", r.vh)
	}
	if w <= 0 || h <= 0 {
		return
	}
	r.viewport(n, st, m, clips, op, depth, x, y, w, h, parseViewBox(n), n)
}

// viewport draws the children of content in a w×h viewport at x, y
// (clipped to it), fitting vb when set.
func (r *renderer) viewport(n *html.Node, st *computed, m Matrix, clips []Clip, op float64, depth int, x, y, w, h float64, vb *[4]float64, content *html.Node) {
	clips = append(clips[:len(clips):len(clips)], viewportClip(x, y, w, h, m))
	inner := translate(x, y).Mul(m)
	saved := [4]float64{r.vx, r.vy, r.vw, r.vh}
	if vb != nil {
		par, _ := attr(content, "preserveAspectRatio")
		inner = viewBoxTransform(*vb, par, w, h).Mul(inner)
		r.vx, r.vy, r.vw, r.vh = vb[0], vb[1], vb[2], vb[3]
	} else {
		r.vx, r.vy, r.vw, r.vh = 0, 0, w, h
	}
	r.children(content, st, inner, clips, op, depth)
	r.vx, r.vy, r.vw, r.vh = saved[0], saved[1], saved[2], saved[3]
}

// use draws the element a use references, translated by x, y.
func (r *renderer) use(n *html.Node, st *computed, m Matrix, clips []Clip, op float64, depth int) {
	t := r.d.href(n)
	if t == nil || r.uses[t] {
		return
	}
	r.uses[t] = true
	defer delete(r.uses, t)
	x, y := r.length(n, "x", r.vw), r.length(n, "y", r.vh)
	if t.Data == "symbol" {
		w, h := r.vw, r.vh
		if _, ok := attr(n, "width"); ok {
			w = r.length(n, "width", r.vw)
		} else if _, ok := attr(t, "width"); ok {
			w = r.length(t, "width", r.vw)
		}
		if _, ok := attr(n, "height"); ok {
			h = r.length(n, "height", r.vh)
		} else if _, ok := attr(t, "height"); ok {
			h = r.length(t, "height", r.vh)
		}
		sst := r.d.cascade(t, st)
		r.viewport(t, &sst, m, clips, op*sst.opacity, depth+1, x, y, w, h, parseViewBox(t), t)
		return
	}
	r.element(t, st, translate(x, y).Mul(m), clips, op, depth+1)
}

// length reads a length attribute in user units (percentages of ref).
func (r *renderer) length(n *html.Node, key string, ref float64) float64 {
	v, ok := attr(n, key)
	if !ok {
		return 0
	}
	f, _ := parseLength(v, 16, ref)
	return f
}

// emit adds the shape of element n with geometry p: its fill and
// stroke, a pattern fill as tiles clipped to it, and a gradient or
// pattern stroke as a group masked by the stroke (strokeWith).
func (r *renderer) emit(n *html.Node, p *Path, st *computed, m Matrix, clips []Clip, op float64) {
	s := Shape{Path: p, M: m, EvenOdd: st.evenOdd, Opacity: op, Clips: clips}
	if pt := r.patternOf(st.fill); pt != nil && n.Data != "line" {
		r.pattern(pt, p, p, st, m, clips, op*st.fillOpacity)
	} else if n.Data != "line" {
		s.Fill = r.paint(st.fill, st.fillOpacity, st, p)
	}
	var with *Paint
	var withPattern *html.Node
	if st.strokeWidth > 0 && !st.stroke.none {
		stroke := Stroke{Width: st.strokeWidth, Dash: st.dash, DashOffset: st.dashOffset,
			Cap: st.lineCap, Join: st.lineJoin, MiterLimit: st.miterLimit}
		if pt := r.patternOf(st.stroke); pt != nil {
			withPattern = pt
		} else if sp, ok := r.paintValue(st.stroke, st.strokeOpacity, st, p); ok && sp.Gradient != nil {
			with = r.newPaint(sp)
		} else if ok {
			stroke.Paint = sp
			s.Stroke = r.newStroke(stroke)
		}
		if with != nil || withPattern != nil {
			defer r.strokeWith(p, r.newStroke(stroke), with, withPattern, st, m, clips, op)
		}
	}
	r.add(s)
}

// patternOf returns the pattern element paint p references, or nil.
func (r *renderer) patternOf(p paint) *html.Node {
	if p.ref == "" {
		return nil
	}
	if pt := r.d.ids[p.ref]; pt != nil && pt.Data == "pattern" {
		return pt
	}
	return nil
}

// add appends shape s unless it paints nothing or cannot be painted
// (see sane.go), with the clips that do not hold it whole.
func (r *renderer) add(s Shape) {
	if s.Fill == nil && s.Stroke == nil || !saneMatrix(s.M) {
		return
	}
	s.Stroke = saneStroke(s.Stroke, s.Path, s.M)
	b, ok := s.pathBounds()
	if !ok || !saneBox(b) {
		return
	}
	s = clipRect(s)
	if s.Clips, ok = saneClips(pruneClips(s.Clips, b)); !ok {
		return
	}
	s.Link = r.link
	r.out = append(r.out, s)
}

// strokeReach is how far stroke reaches out of its path: half its width,
// more at miter joins and square caps.
func strokeReach(s *Stroke) float64 {
	switch {
	case s == nil:
		return 0
	case s.Join == 0:
		return s.Width / 2 * max(s.MiterLimit, math.Sqrt2)
	}
	return s.Width / 2 * math.Sqrt2
}

// strokeWith strokes path p with a gradient (with) or the pattern
// element pt: the paint covers the stroke's bounds in a group masked by
// the stroke drawn in white, since a stroke cannot clip.
func (r *renderer) strokeWith(p *Path, stroke *Stroke, with *Paint, pt *html.Node, st *computed, m Matrix, clips []Clip, op float64) {
	x0, y0, x1, y1, ok := p.Bounds()
	if !ok {
		return
	}
	grow := strokeReach(stroke)
	area := rectPath(x0-grow, y0-grow, x1-x0+2*grow, y1-y0+2*grow)
	if r.groups >= maxGroupDepth {
		// too deep to mask: a gradient strokes in its middle colour, a
		// pattern not at all
		if with != nil {
			mid := *stroke
			c := with.Gradient.Stops[len(with.Gradient.Stops)/2].Color
			c.A = uint8(math.Round(float64(c.A) * with.Opacity))
			mid.Paint = Paint{Color: c, Opacity: with.Opacity}
			r.add(Shape{Path: p, M: m, Stroke: &mid, Opacity: op, Clips: clips})
		}
		return
	}
	start := len(r.out)
	r.out = append(r.out, Shape{Group: GroupBegin})
	if with != nil {
		r.add(Shape{Path: area, M: m, Fill: with, Opacity: op, Clips: clips})
	} else {
		r.pattern(pt, p, area, st, m, clips, op*st.strokeOpacity)
	}
	if len(r.out) == start+1 {
		r.out = r.out[:start]
		return
	}
	r.out = append(r.out, Shape{Group: MaskBegin})
	white := *stroke
	white.Paint = Paint{Color: style.Color{R: 255, G: 255, B: 255, A: 255}, Opacity: 1}
	r.add(Shape{Path: p, M: m, Stroke: &white, Opacity: 1})
	r.out = append(r.out, Shape{Group: MaskEnd}, Shape{Group: GroupEnd, Opacity: 1, Masked: true})
}

// paint resolves a fill or stroke for a shape with geometry p: nil when
// it paints nothing.
func (r *renderer) paint(p paint, opacity float64, st *computed, geom *Path) *Paint {
	if v, ok := r.paintValue(p, opacity, st, geom); ok {
		return r.newPaint(v)
	}
	return nil
}

// paintValue is paint without the allocation: ok is false when it paints
// nothing.
func (r *renderer) paintValue(p paint, opacity float64, st *computed, geom *Path) (_ Paint, ok bool) {
	switch {
	case p.none:
		return Paint{}, false
	case p.current:
		c := st.color
		c.A = uint8(math.Round(float64(c.A) * opacity))
		return Paint{Color: c, Opacity: opacity}, true
	case p.ref != "":
		if g := r.gradient(p.ref, geom, st); g != nil {
			if len(g.Stops) == 1 {
				c := g.Stops[0].Color
				c.A = uint8(math.Round(float64(c.A) * opacity))
				return Paint{Color: c, Opacity: opacity}, true
			}
			return Paint{Gradient: g, Opacity: opacity}, true
		}
		if p.hasFB && p.fallback.A > 0 {
			c := p.fallback
			c.A = uint8(math.Round(float64(c.A) * opacity))
			return Paint{Color: c, Opacity: opacity}, true
		}
		return Paint{}, false
	}
	c := p.color
	if c.A == 0 {
		return Paint{}, false
	}
	c.A = uint8(math.Round(float64(c.A) * opacity))
	return Paint{Color: c, Opacity: opacity}, true
}

// rectPath returns the rectangle x, y, w, h as a closed path.
func rectPath(x, y, w, h float64) *Path {
	return rectInto(&Path{Segs: make([]Segment, 0, 5)}, x, y, w, h)
}

// rectInto appends the rectangle x, y, w, h to p (five segments).
func rectInto(p *Path, x, y, w, h float64) *Path {
	p.moveTo(x, y)
	p.lineTo(x+w, y)
	p.lineTo(x+w, y+h)
	p.lineTo(x, y+h)
	p.close()
	return p
}

// kappa is the control point distance of a quarter circle of radius 1
// drawn as one cubic curve.
const kappa = 0.5522847498

func ellipsePath(cx, cy, rx, ry float64) *Path {
	return ellipseInto(&Path{Segs: make([]Segment, 0, 6)}, cx, cy, rx, ry)
}

// ellipseInto appends the ellipse to p (six segments).
func ellipseInto(p *Path, cx, cy, rx, ry float64) *Path {
	kx, ky := kappa*rx, kappa*ry
	p.moveTo(cx+rx, cy)
	p.cubicTo(cx+rx, cy+ky, cx+kx, cy+ry, cx, cy+ry)
	p.cubicTo(cx-kx, cy+ry, cx-rx, cy+ky, cx-rx, cy)
	p.cubicTo(cx-rx, cy-ky, cx-kx, cy-ry, cx, cy-ry)
	p.cubicTo(cx+kx, cy-ry, cx+rx, cy-ky, cx+rx, cy)
	p.close()
	return p
}

func roundRect(x, y, w, h, rx, ry float64) *Path {
	return roundRectInto(&Path{Segs: make([]Segment, 0, 10)}, x, y, w, h, rx, ry)
}

// roundRectInto appends the rounded rectangle to p (ten segments).
func roundRectInto(p *Path, x, y, w, h, rx, ry float64) *Path {
	kx, ky := kappa*rx, kappa*ry
	p.moveTo(x+rx, y)
	p.lineTo(x+w-rx, y)
	p.cubicTo(x+w-rx+kx, y, x+w, y+ry-ky, x+w, y+ry)
	p.lineTo(x+w, y+h-ry)
	p.cubicTo(x+w, y+h-ry+ky, x+w-rx+kx, y+h, x+w-rx, y+h)
	p.lineTo(x+rx, y+h)
	p.cubicTo(x+rx-kx, y+h, x, y+h-ry+ky, x, y+h-ry)
	p.lineTo(x, y+ry)
	p.cubicTo(x, y+ry-ky, x+rx-kx, y, x+rx, y)
	p.close()
	return p
}

// supported reports whether the conditional attributes of a <switch>
// child hold for folio: no required extensions (a foreignObject's HTML
// is not drawn, so its fallback is taken), and English among its system
// languages when it names some.
func supported(n *html.Node) bool {
	if n.Data == "foreignObject" {
		return false
	}
	if v, ok := attr(n, "requiredExtensions"); ok && strings.TrimSpace(v) != "" {
		return false
	}
	if v, ok := attr(n, "requiredFeatures"); ok && strings.Contains(v, "Extensibility") {
		return false
	}
	if v, ok := attr(n, "systemLanguage"); ok {
		for _, l := range strings.Split(v, ",") {
			if l = strings.ToLower(strings.TrimSpace(l)); l == "en" || strings.HasPrefix(l, "en-") {
				return true
			}
		}
		return false
	}
	return true
}
