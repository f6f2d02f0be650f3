package display

import (
	"math"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// 3D transforms (CSS Transforms 2, issue #17). A box with a 3D transform
// is flattened onto the page through the perspective of its parent (and
// any perspective() in its transform) as browsers do: its plane z = 0 is
// mapped by the projective map (homography) of its accumulated 4×4
// matrix. When that map is affine (no perspective, or a translateZ seen
// through one) it is the group's Transform, a PDF cm. Otherwise PDF,
// whose cm is affine, cannot draw it in one go: the box's plane is cut
// into strips along which the depth does not vary (perpendicular to the
// gradient of the projective divisor), and the group's items are painted
// once per strip, clipped to the strip's exact projected outline and
// under the affine map that matches the projection at the strip's middle
// (value and derivatives). An affine map makes a parallelogram of a
// strip the projection makes a trapezoid of, its parallel sides as far
// apart as the strip is wide, and their lengths differing in proportion
// to the depth across it: the strips are made narrow enough to keep that
// error near stripTolerance (a fifth of a pixel at 96 dpi: the maps of
// two strips meet with a step of about twice it, on the box's edges),
// MaxStrips at most. The first strip paints the items as they are
// (tagged, read once); the others paint copies as artifacts whose text
// is not read (the renderer's copy mode). backface-visibility: hidden
// hides a box whose back the projection turns towards the viewer (its
// own painting and that of its descendants that are not stacking
// contexts, as Chromium does);
// transform-style: preserve-3d is painted flat.

// Strip is one band of a group seen through perspective: its items are
// painted clipped to Clip, a polygon in the coordinates outside the group
// (the page's, y down), under Transform.
type Strip struct {
	Clip      [][2]float64
	Transform [6]float64
}

// MaxStrips bounds the strips of one group seen through perspective (its
// items are painted once per strip).
const MaxStrips = 48

// MaxStripItems bounds the items a group cut into strips repeats (its
// items times its strips): a larger group gets fewer, wider strips.
const MaxStripItems = 20000

// thinStrips cuts group g, whose items are n, into fewer strips when
// repeating them for every strip would pass MaxStripItems.
func thinStrips(g *Group, n int) {
	if g.Strips == nil || n*len(g.Strips) <= MaxStripItems {
		return
	}
	g.Strips, _ = projectStrips(*g.proj, g.Box, MaxStripItems/max(n, 1))
	if len(g.Strips) < 2 {
		g.Strips = nil // the affine map of the middle (Transform)
	}
}

// MaxStripNesting bounds how many groups cut into strips nest: deeper
// ones take the affine map of their middle (the items of a nested
// group are painted once per strip of every group it is in).
const MaxStripNesting = 1

// stripTolerance is the error, in points, the strips aim to stay under.
const stripTolerance = 0.15

// perspectiveCtx is the perspective a box gives its children.
type perspectiveCtx struct {
	owner *box.Box
	m     style.Matrix4
}

// enterPerspective makes f's perspective, if it has one, the one its
// children are seen through; the returned function restores the
// previous one.
func (b *builder) enterPerspective(f *layout.Fragment) func() {
	st := f.Box.Style
	if st == nil || st.Perspective <= 0 {
		return func() {}
	}
	saved := b.persp
	m, _ := st.PerspectiveMatrix(f.X, f.Y, f.W, f.H)
	b.persp = &perspectiveCtx{owner: f.Box, m: m}
	return func() { b.persp = saved }
}

// perspectiveFor returns the perspective f's box is seen through: its
// parent element's in the document (not a grandparent's, whatever boxes
// lie between), or nil. The parent is usually the box being walked; an
// absolutely positioned child lies elsewhere in the fragment tree (in
// its containing block), and the parent's fragment is then looked up on
// the page.
func (b *builder) perspectiveFor(f *layout.Fragment) *perspectiveCtx {
	if f.Box.Node == nil || f.Box.Node.Parent == nil {
		return nil
	}
	parent := f.Box.Node.Parent
	if b.persp != nil && b.persp.owner.Node == parent {
		return b.persp
	}
	pf := b.fragmentOf(parent)
	if pf == nil {
		return nil
	}
	m, _ := pf.Box.Style.PerspectiveMatrix(pf.X, pf.Y, pf.W, pf.H)
	return &perspectiveCtx{owner: pf.Box, m: m}
}

// fragmentOf returns the first fragment of element n on the page being
// painted if it has a perspective, or nil; the page's boxes with a
// perspective are indexed on first use.
func (b *builder) fragmentOf(n *html.Node) *layout.Fragment {
	if b.perspFrags == nil {
		b.perspFrags = map[*html.Node]*layout.Fragment{}
		var walk func(f *layout.Fragment, depth int)
		walk = func(f *layout.Fragment, depth int) {
			if f == nil || depth > MaxDepth {
				return
			}
			if st := f.Box.Style; st != nil && st.Perspective > 0 && f.Box.Node != nil && b.perspFrags[f.Box.Node] == nil {
				b.perspFrags[f.Box.Node] = f
			}
			for _, c := range f.Children {
				walk(c, depth+1)
			}
		}
		walk(b.list.Page.Root, 0)
	}
	return b.perspFrags[n]
}

// transform3D sets the transform of group g, for a box f whose style st
// has a 3D transform or is seen through perspective, from its
// accumulated 4×4 matrix; ref is its transform reference box.
func (b *builder) transform3D(g *Group, f *layout.Fragment, st *style.Style, ref layout.Rect, persp *perspectiveCtx) {
	m := st.TransformMatrix4(ref.X, ref.Y, ref.W, ref.H)
	if persp != nil {
		m = style.Mul4(persp.m, m)
	}
	g.BackHidden = st.BackfaceHidden && m.BackFacing()
	h := m.Homography()
	if math.Abs(h[8]) < 1e-12 && math.Abs(h[6]) < 1e-12 && math.Abs(h[7]) < 1e-12 {
		g.Opacity, g.Transform = 0, &[6]float64{1, 0, 0, 1, 0, 0}
		return
	}
	box := layout.Rect{X: f.X, Y: f.Y, W: f.W, H: f.H}
	strips, mid := projectStrips(h, box, MaxStrips)
	g.Transform = &mid
	if !invertible(mid) {
		g.Opacity = 0 // seen edge on (CSS Transforms 1 §7: not rendered)
	}
	if len(strips) > 1 && b.stripNest < MaxStripNesting && g.Opacity > 0 {
		g.Strips, g.proj = strips, &h
	}
}

// projectStrips returns the strips that paint box's plane under the
// homography h (row-major, page coordinates), and the affine map that
// matches h at the box's middle; one strip or none when h is affine
// across the box, within stripTolerance.
func projectStrips(h [9]float64, box layout.Rect, maxN int) ([]Strip, [6]float64) {
	cx, cy := box.X+box.W/2, box.Y+box.H/2
	if h[6]*cx+h[7]*cy+h[8] < 0 {
		for i := range h {
			h[i] = -h[i] // the same map, with a positive divisor at the middle
		}
	}
	mid := affineAt(h, cx, cy)
	corners := [4][2]float64{{box.X, box.Y}, {box.X + box.W, box.Y}, {box.X + box.W, box.Y + box.H}, {box.X, box.Y + box.H}}
	wmin, wmax := math.Inf(1), math.Inf(-1)
	tmin, tmax := math.Inf(1), math.Inf(-1)
	for _, c := range corners {
		t := h[6]*c[0] + h[7]*c[1]
		w := t + h[8]
		wmin, wmax = min(wmin, w), max(wmax, w)
		tmin, tmax = min(tmin, t), max(tmax, t)
	}
	if !(wmin > 0) || !(wmax/wmin > 1+1e-9) || math.IsInf(wmax, 0) {
		// affine across the box (or through the viewer: the middle's
		// map is the best there is)
		return nil, mid
	}
	// a strip's affine map is off by about a quarter of the difference
	// of its trapezoid's parallel sides, which are the box's extent
	// along the strip (length) over the depth at either side
	gx, gy := h[6], h[7]
	gn := math.Hypot(gx, gy)
	length := (math.Abs(gy)*box.W + math.Abs(gx)*box.H) / gn // the box's extent along a strip
	size := max(box.W, box.H)
	n := int(math.Ceil(length * (wmax - wmin) / (4 * wmin * wmin * stripTolerance)))
	n = max(1, min(n, maxN))
	if n == 1 {
		return nil, mid
	}
	// the region painted: the box and half as much again around it
	// (overflowing descendants, shadows), in front of the viewer
	grow := size / 2
	region := [][2]float64{{box.X - grow, box.Y - grow}, {box.X + box.W + grow, box.Y - grow},
		{box.X + box.W + grow, box.Y + box.H + grow}, {box.X - grow, box.Y + box.H + grow}}
	region = clipHalf(region, -h[6], -h[7], h[8]-wmin/4) // w ≥ wmin/4
	g2 := h[6]*h[6] + h[7]*h[7]
	step := (tmax - tmin) / float64(n)
	// each strip reaches into the next, which paints over it, by a pixel
	// or two (1.5 pt seen at the nearest depth), so that no seam shows
	// where the anti-aliased edges of two strips meet; no further: past
	// the box's outline nothing paints over the overlap, so a strip's map
	// must stay close to the projection there too (a step of overlap made
	// the box's edges a staircase)
	overlap := 1.5 * gn * wmin
	strips := make([]Strip, 0, n)
	for k := range n {
		t0, t1 := tmin+float64(k)*step, tmin+float64(k+1)*step
		poly := region
		if k > 0 {
			poly = clipHalf(poly, -h[6], -h[7], -t0) // t ≥ t0
		}
		if k < n-1 {
			poly = clipHalf(poly, h[6], h[7], t1+overlap) // t ≤ t1 and a little
		}
		if len(poly) < 3 {
			continue
		}
		// the strip's middle: the point of its middle line nearest the
		// box's centre
		tm := (t0+t1)/2 - (h[6]*cx + h[7]*cy)
		px, py := cx+tm*h[6]/g2, cy+tm*h[7]/g2
		out := make([][2]float64, len(poly))
		for i, p := range poly {
			out[i] = project(h, p[0], p[1])
		}
		strips = append(strips, Strip{Clip: out, Transform: affineAt(h, px, py)})
	}
	return strips, mid
}

// project maps (x, y) by homography h.
func project(h [9]float64, x, y float64) [2]float64 {
	w := h[6]*x + h[7]*y + h[8]
	return [2]float64{(h[0]*x + h[1]*y + h[2]) / w, (h[3]*x + h[4]*y + h[5]) / w}
}

// affineAt returns the affine map [a b c d e f] that matches homography
// h at (x, y): the same point and the same derivatives.
func affineAt(h [9]float64, x, y float64) [6]float64 {
	w := h[6]*x + h[7]*y + h[8]
	p := project(h, x, y)
	// J = (A − p·gᵀ) / w, g the divisor's gradient
	j00, j01 := (h[0]-p[0]*h[6])/w, (h[1]-p[0]*h[7])/w
	j10, j11 := (h[3]-p[1]*h[6])/w, (h[4]-p[1]*h[7])/w
	return [6]float64{j00, j10, j01, j11, p[0] - j00*x - j01*y, p[1] - j10*x - j11*y}
}

// clipHalf returns polygon poly cut to the half-plane a·x + b·y ≤ c
// (Sutherland–Hodgman).
func clipHalf(poly [][2]float64, a, b, c float64) [][2]float64 {
	out := make([][2]float64, 0, len(poly)+1)
	for i, p := range poly {
		q := poly[(i+1)%len(poly)]
		dp, dq := a*p[0]+b*p[1]-c, a*q[0]+b*q[1]-c
		if dp <= 0 {
			out = append(out, p)
		}
		if (dp < 0 && dq > 0) || (dp > 0 && dq < 0) {
			s := dp / (dp - dq)
			out = append(out, [2]float64{p[0] + s*(q[0]-p[0]), p[1] + s*(q[1]-p[1])})
		}
	}
	return out
}
