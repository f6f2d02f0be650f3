package display

import (
	"math"

	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/style"
	"github.com/seed28491532/folio/svg"
)

// Paint effects (issue #17): a box with a transform, opacity below 1, a
// clip-path, a clip (absolutely positioned boxes) or isolation: isolate
// forms a stacking context (CSS Transforms 1 §6, CSS Color 4 §9, CSS
// Masking 1) painted as a positioned box of z-index 0 when it has no
// z-index (layers.go). Its items, its own and its descendants', are
// bracketed by an OpGroupBegin and an OpGroupEnd item whose Group says
// what applies to all of them at once: the clip of its ancestors, then
// its transform, its clip-path or clip, and its opacity, which the
// renderer composites as one transparency group rather than item by
// item. The items inside keep their untransformed page coordinates and
// their order, so the reading order and the tags do not change; links
// inside a transformed box click on the bounding box of their
// transformed rectangle.

// Group is what an OpGroupBegin item applies to the items up to its
// OpGroupEnd.
type Group struct {
	// Box is the border box of the fragment that forms the group.
	Box layout.Rect
	// Outer, when set, is the clip of the ancestors (their overflow
	// clip), applied before Transform; OuterRadii round its corners.
	Outer      *layout.Rect
	OuterRadii *[4][2]float64
	// Transform, when set, is the matrix [a b c d e f] (x' = a·x + c·y
	// + e, y' = b·x + d·y + f) from the items' coordinates to the page,
	// both in points with y down.
	Transform *[6]float64
	// Clip, when set, is the clip-path or clip, in the items'
	// coordinates.
	Clip *ClipShape
	// Opacity is the group's opacity (1 opaque).
	Opacity float64
	// Strips, when set, paint a box seen through perspective
	// (perspective.go): the items once per strip, each clipped and
	// mapped by its own affine map instead of Transform (which is the
	// map at the box's middle, for links).
	Strips []Strip
	// BackHidden says the box turns its back to the viewer and has
	// backface-visibility: hidden (perspective.go): its own items are
	// not shown, those of the groups nested in it (descendants that are
	// stacking contexts) are.
	BackHidden bool
	// Mask, when set, holds the items of the box's mask layers (mask.go),
	// painted as a soft mask of the group's items; empty, it hides them.
	Mask []Item
	// proj is the projection Strips approximate (perspective.go).
	proj *[9]float64
}

// ClipShape is a clip path: a rectangle with optional rounded corners,
// an ellipse or a polygon.
type ClipShape struct {
	// Rect is the rectangle (Radii rounding its corners) or the bounding
	// box of the ellipse; Ellipse says it is an ellipse.
	Rect    layout.Rect
	Radii   *[4][2]float64
	Ellipse bool
	// Polygon, when set, are the vertices of a polygon, filled with the
	// even-odd rule when EvenOdd is set.
	Polygon [][2]float64
	EvenOdd bool
	// SVG, when set, is the clip of an SVG clipPath element (clip-path:
	// url(#id)) in page coordinates; Rect is its bounding box.
	SVG *svg.Clip
}

// MaxOpacityGroups bounds the nesting of transparency groups (the PDF
// writer takes at most pdfua.MaxGroupDepth); the opacity of groups nested
// deeper is given to their items one by one.
const MaxOpacityGroups = 64

// hasEffects reports whether fragment f's box forms a group.
func hasEffects(st *style.Style) bool {
	return st != nil && (st.Opacity < 1 || st.HasTransform() || st.ClipPath != nil || st.Isolate || st.HasMask() ||
		st.Clip != nil && (st.Position == style.PositionAbsolute || st.Position == style.PositionFixed))
}

// groupOf returns the group fragment f forms, or nil. clip is the
// ancestors' clip in force.
func (b *builder) groupOf(f *layout.Fragment) *Group {
	st := f.Box.Style
	if !hasEffects(st) || f.Box.Parent == nil {
		return nil
	}
	r := layout.Rect{X: f.X, Y: f.Y, W: f.W, H: f.H}
	g := &Group{Box: r, Opacity: 1, Outer: b.clip, OuterRadii: b.clipRadii}
	if st.Opacity < 1 {
		g.Opacity = st.Opacity
	}
	ref := referenceBox(f, st.TransformBox)
	if persp := b.perspectiveFor(f); st.HasTransform() && (persp != nil || st.Has3D()) {
		b.transform3D(g, f, st, ref, persp)
	} else if m, ok := st.TransformMatrix(ref.X, ref.Y, ref.W, ref.H); ok {
		if !invertible(m) {
			// a box flattened to nothing shows nothing (CSS Transforms 1
			// §7: not rendered)
			g.Opacity = 0
		}
		g.Transform = &m
	}
	if cp := st.ClipPath; cp != nil && cp.Shape == style.ClipURL {
		g.Clip = b.urlClip(f, cp.URL)
	} else {
		g.Clip = clipShape(f, st)
	}
	return g
}

// invertible reports whether m has an inverse: a finite determinant
// clear of zero (rotateY(90deg) flattens a box to a line, its cosine
// off zero by rounding only).
func invertible(m [6]float64) bool {
	d := m[0]*m[3] - m[1]*m[2]
	return math.Abs(d) > 1e-9 && !math.IsNaN(d) && !math.IsInf(d, 0)
}

// beginGroup opens the group of f, if it forms one, and returns the
// function that closes it. The items inside are clipped by the group,
// not one by one, so the ancestors' clip is taken off them.
func (b *builder) beginGroup(f *layout.Fragment) func() {
	g := b.groupOf(f)
	if g == nil {
		return func() {}
	}
	savedOps, savedExtra := b.opGroups, b.extraOp
	masked := g.Opacity > 0 && f.Box.Style.HasMask()
	if g.Opacity > 0 && (g.Opacity < 1 || masked) {
		if b.opGroups >= MaxOpacityGroups {
			// too deep for another transparency group: the items
			// take the opacity one by one
			if b.extraOp == 0 {
				b.extraOp = 1
			}
			b.extraOp *= g.Opacity
			g.Opacity = 1
			masked = false // and a mask is not drawn
		} else {
			b.opGroups++
		}
	}
	b.list.Items = append(b.list.Items, Item{Op: OpGroupBegin, Group: g, Rect: g.Box, Opacity: 1, Origin: Origin{Artifact: Layout}})
	begin := len(b.list.Items)
	savedClip, savedRadii, savedMatrix, savedNest := b.clip, b.clipRadii, b.matrix, b.stripNest
	b.clip, b.clipRadii = nil, nil
	if masked {
		g.Mask = b.maskItems(f)
	}
	if g.Strips != nil {
		b.stripNest++
	}
	if g.Transform != nil {
		m := *g.Transform
		if b.matrix != nil {
			m = style.MulMatrix(*b.matrix, m)
		}
		b.matrix = &m
	}
	return func() {
		thinStrips(g, len(b.list.Items)-begin)
		b.list.Items = append(b.list.Items, Item{Op: OpGroupEnd, Group: g, Rect: g.Box, Opacity: 1, Origin: Origin{Artifact: Layout}})
		b.clip, b.clipRadii, b.matrix, b.stripNest = savedClip, savedRadii, savedMatrix, savedNest
		b.opGroups, b.extraOp = savedOps, savedExtra
	}
}

// addLinkRect adds r to link i as it shows on the page: under the
// transforms of the groups it is in, the bounding box of r, and the
// quadrilateral when they turn or skew it.
func (b *builder) addLinkRect(i int, r layout.Rect) {
	l := &b.list.Links[i]
	if b.matrix == nil {
		l.Rects = append(l.Rects, r)
		if l.Quads != nil {
			l.Quads = append(l.Quads, [4][2]float64{})
		}
		return
	}
	m := *b.matrix
	var q [4][2]float64
	x0, y0 := math.Inf(1), math.Inf(1)
	x1, y1 := math.Inf(-1), math.Inf(-1)
	for k, p := range [4][2]float64{{r.X, r.Y}, {r.X + r.W, r.Y}, {r.X + r.W, r.Y + r.H}, {r.X, r.Y + r.H}} {
		x := m[0]*p[0] + m[2]*p[1] + m[4]
		y := m[1]*p[0] + m[3]*p[1] + m[5]
		q[k] = [2]float64{x, y}
		x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
	}
	l.Rects = append(l.Rects, layout.Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0})
	if m[1] == 0 && m[2] == 0 {
		// moved and scaled only: the rectangle says it all
		q = [4][2]float64{}
	}
	if q != ([4][2]float64{}) && l.Quads == nil {
		l.Quads = make([][4][2]float64, len(l.Rects)-1, len(l.Rects))
	}
	if l.Quads != nil {
		l.Quads = append(l.Quads, q)
	}
}

// clipShape returns the clip path of f's clip-path, or of its clip when
// it is absolutely positioned, or nil.
func clipShape(f *layout.Fragment, st *style.Style) *ClipShape {
	if cp := st.ClipPath; cp != nil {
		return clipPathShape(f, cp)
	}
	if c := st.Clip; c != nil && (st.Position == style.PositionAbsolute || st.Position == style.PositionFixed) {
		// rect(top, right, bottom, left): offsets from the border box's
		// top-left corner, auto meaning the border edge (CSS 2.1 §11.1.2)
		top, right := c[0].Resolve(0, 0), c[1].Resolve(0, f.W)
		bottom, left := c[2].Resolve(0, f.H), c[3].Resolve(0, 0)
		return &ClipShape{Rect: layout.Rect{X: f.X + left, Y: f.Y + top, W: max(right-left, 0), H: max(bottom-top, 0)}}
	}
	return nil
}

// referenceBox returns f's border, padding or content box.
func referenceBox(f *layout.Fragment, area style.BoxArea) layout.Rect {
	r := layout.Rect{X: f.X, Y: f.Y, W: f.W, H: f.H}
	inset := func(e [4]float64) {
		r = layout.Rect{X: r.X + e[style.Left], Y: r.Y + e[style.Top],
			W: max(r.W-e[style.Left]-e[style.Right], 0), H: max(r.H-e[style.Top]-e[style.Bottom], 0)}
	}
	if area >= style.PaddingBoxArea {
		inset(f.Border)
	}
	if area >= style.ContentBoxArea {
		inset(f.Padding)
	}
	return r
}

// clipPathShape resolves a clip-path basic shape in f's reference box
// (CSS Shapes 1 §3).
func clipPathShape(f *layout.Fragment, cp *style.ClipPath) *ClipShape {
	rb := referenceBox(f, cp.Box)
	switch cp.Shape {
	case style.ClipInset:
		top, right := cp.Inset[0].Resolve(rb.H, 0), cp.Inset[1].Resolve(rb.W, 0)
		bottom, left := cp.Inset[2].Resolve(rb.H, 0), cp.Inset[3].Resolve(rb.W, 0)
		r := layout.Rect{X: rb.X + left, Y: rb.Y + top, W: max(rb.W-left-right, 0), H: max(rb.H-top-bottom, 0)}
		s := &ClipShape{Rect: r}
		var radii [4][2]float64
		for i, c := range cp.Radii {
			radii[i] = [2]float64{c[0].Resolve(r.W, 0), c[1].Resolve(r.H, 0)}
		}
		if radii != ([4][2]float64{}) {
			s.Radii = scaleRadii(radii, r)
		}
		return s
	case style.ClipCircle, style.ClipEllipse:
		cx := rb.X + cp.At.X.Resolve(rb.W, 0)
		cy := rb.Y + cp.At.Y.Resolve(rb.H, 0)
		dx := [2]float64{math.Abs(cx - rb.X), math.Abs(rb.X + rb.W - cx)}
		dy := [2]float64{math.Abs(cy - rb.Y), math.Abs(rb.Y + rb.H - cy)}
		var rx, ry float64
		if cp.Shape == style.ClipCircle {
			// a percentage of a circle's radius is of the box's
			// normalised diagonal
			ref := math.Hypot(rb.W, rb.H) / math.Sqrt2
			rx = shapeRadius(cp.R[0], ref, min(dx[0], dx[1], dy[0], dy[1]), max(dx[0], dx[1], dy[0], dy[1]))
			ry = rx
		} else {
			rx = shapeRadius(cp.R[0], rb.W, min(dx[0], dx[1]), max(dx[0], dx[1]))
			ry = shapeRadius(cp.R[1], rb.H, min(dy[0], dy[1]), max(dy[0], dy[1]))
		}
		return &ClipShape{Rect: layout.Rect{X: cx - rx, Y: cy - ry, W: 2 * rx, H: 2 * ry}, Ellipse: true}
	case style.ClipPolygon:
		s := &ClipShape{EvenOdd: cp.EvenOdd, Polygon: make([][2]float64, len(cp.Points))}
		for i, p := range cp.Points {
			s.Polygon[i] = [2]float64{rb.X + p[0].Resolve(rb.W, 0), rb.Y + p[1].Resolve(rb.H, 0)}
		}
		return s
	}
	return &ClipShape{Rect: rb, Radii: boxRadii(f, cp.Box)}
}

// shapeRadius resolves a circle's or ellipse's radius: a length (a
// percentage of ref), or the closest or farthest side.
func shapeRadius(r style.ShapeRadius, ref, closest, farthest float64) float64 {
	switch r.Side {
	case style.RadiusClosestSide:
		return closest
	case style.RadiusFarthestSide:
		return farthest
	}
	return max(r.Len.Resolve(ref, 0), 0)
}

// boxRadii returns the corner radii of f's reference box, or nil.
func boxRadii(f *layout.Fragment, area style.BoxArea) *[4][2]float64 {
	var inset [4]float64
	for s := range inset {
		if area >= style.PaddingBoxArea {
			inset[s] += f.Border[s]
		}
		if area >= style.ContentBoxArea {
			inset[s] += f.Padding[s]
		}
	}
	r, _ := insetRadii(f, inset)
	return r
}

// scaleRadii shrinks radii that do not fit r as border-radius does (CSS
// Backgrounds 3 §5.5).
func scaleRadii(radii [4][2]float64, r layout.Rect) *[4][2]float64 {
	k := 1.0
	for _, side := range [4][2]float64{
		{radii[0][0] + radii[1][0], r.W}, {radii[3][0] + radii[2][0], r.W},
		{radii[0][1] + radii[3][1], r.H}, {radii[1][1] + radii[2][1], r.H},
	} {
		if side[0] > side[1] && side[0] > 0 {
			k = min(k, side[1]/side[0])
		}
	}
	for i := range radii {
		radii[i][0] *= k
		radii[i][1] *= k
	}
	return &radii
}
