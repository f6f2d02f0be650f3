package svg

import (
	"math"
	"strings"

	"golang.org/x/net/html"
)

// GroupOp marks a Shape that opens or closes a group instead of
// painting. Groups nest, and each opened is closed in the same Render
// result: a MaskBegin by a MaskEnd, a GroupBegin by a GroupEnd.
type GroupOp uint8

// Group operations.
const (
	// NoGroup is a shape that paints.
	NoGroup GroupOp = iota
	// GroupBegin opens a group: the shapes up to its GroupEnd are
	// composited together first, then onto what is below at once.
	GroupBegin
	// GroupEnd closes the innermost group, painting it with the shape's
	// Opacity; Masked says it is painted through the mask made by the
	// MaskBegin…MaskEnd just before it (inside the group).
	GroupEnd
	// MaskBegin opens the content of a luminance mask (SVG 1.1 §14.4):
	// the shapes up to its MaskEnd are not painted but make the mask of
	// the group that encloses them.
	MaskBegin
	// MaskEnd closes a mask's content.
	MaskEnd
	// TextClipBegin is a text shape whose glyphs paint nothing but clip
	// the shapes up to its TextClipEnd (a pattern fill of text): the
	// text stays real, extractable text.
	TextClipBegin
	// TextClipEnd closes the clip of the innermost TextClipBegin.
	TextClipEnd
)

// maxGroupDepth bounds how deeply groups nest (below the PDF writer's
// bound): deeper, an element's opacity applies to each of its shapes
// and its mask is not drawn.
const maxGroupDepth = 32

// grouped draws element n itself (style st, transform m applied) into
// r.out, through a group when its opacity or mask needs one: a group
// opacity composites the element's shapes once (SVG 1.1 §14.5), so
// overlapping children do not show through each other; an element that
// paints one shape without both fill and stroke takes the opacity
// itself, without a group.
func (r *renderer) grouped(n *html.Node, st *computed, m Matrix, clips []Clip, op float64, depth int) {
	var mk *html.Node
	if st.mask != "" {
		if mk = r.d.ids[st.mask]; mk != nil && (mk.Data != "mask" || r.uses[mk]) {
			mk = nil
		}
	}
	if st.opacity >= 1 && mk == nil {
		r.draw(n, st, m, clips, op, depth)
		return
	}
	if r.groups >= maxGroupDepth {
		r.draw(n, st, m, clips, op*st.opacity, depth)
		return
	}
	start := len(r.out)
	r.out = append(r.out, Shape{Group: GroupBegin})
	r.groups++ // the mask drawn below is inside the group too
	defer func() { r.groups-- }()
	r.draw(n, st, m, clips, op, depth)
	body := r.out[start+1:]
	if len(body) == 0 || mk == nil && len(body) == 1 && body[0].Group == NoGroup && (body[0].Fill == nil || body[0].Stroke == nil) {
		r.out = append(r.out[:start], body...)
		if len(body) == 1 {
			r.out[start].Opacity *= st.opacity
		}
		return
	}
	masked := false
	if mk != nil {
		bb, ok := r.bounds(body, m)
		if !ok {
			r.out = r.out[:start] // no area for the mask: nothing shows
			return
		}
		r.out = append(r.out, Shape{Group: MaskBegin})
		r.mask(mk, bb, m, depth)
		r.out = append(r.out, Shape{Group: MaskEnd})
		masked = true
	}
	r.out = append(r.out, Shape{Group: GroupEnd, Opacity: st.opacity, Masked: masked})
}

// bounds returns the bounding box x0, y0, x1, y1 (fill geometry, in the
// user space m maps to the output) of the shapes of body.
func (r *renderer) bounds(body []Shape, m Matrix) ([4]float64, bool) {
	inv, ok := m.Invert()
	if !ok {
		return [4]float64{}, false
	}
	b := [4]float64{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	add := func(sm Matrix, x0, y0, x1, y1 float64) {
		ob := outputBounds(sm.Mul(inv), x0, y0, x1, y1)
		b = [4]float64{min(b[0], ob[0]), min(b[1], ob[1]), max(b[2], ob[2]), max(b[3], ob[3])}
	}
	masks := 0 // the content of masks of the body's groups is not in it
	for i := range body {
		s := &body[i]
		switch {
		case s.Group == MaskBegin:
			masks++
		case s.Group == MaskEnd:
			masks--
		case masks > 0:
		case s.Path != nil:
			if x0, y0, x1, y1, ok := s.Path.Bounds(); ok {
				add(s.M, x0, y0, x1, y1)
			}
		case s.Text != nil:
			sz := s.Text.Size
			add(s.M, s.Text.X, s.Text.Y-0.8*sz, s.Text.X+s.Text.advance, s.Text.Y+0.2*sz)
		case s.Image != nil:
			ir := *s.ImageRect
			add(s.M, ir[0], ir[1], ir[0]+ir[2], ir[1]+ir[3])
		}
	}
	return b, b[0] <= b[2] && b[1] <= b[3]
}

// mask draws the content of mask element mk for an element of bounding
// box bb in the user space m maps to the output, clipped to the mask's
// region (SVG 1.1 §14.4: maskUnits, maskContentUnits).
func (r *renderer) mask(mk *html.Node, bb [4]float64, m Matrix, depth int) {
	bw, bh := bb[2]-bb[0], bb[3]-bb[1]
	bboxUnits := strings.TrimSpace(attrOr(mk, "maskUnits", "")) != "userSpaceOnUse"
	coord := func(key, def string, ref, origin, size float64) float64 {
		v := strings.TrimSpace(attrOr(mk, key, def))
		if bboxUnits {
			f, _ := parseFloat(strings.TrimSuffix(v, "%"))
			if strings.HasSuffix(v, "%") {
				f /= 100
			}
			return origin + f*size
		}
		f, _ := parseLength(v, 16, ref)
		return f
	}
	x, y := coord("x", "-10%", r.vw, bb[0], bw), coord("y", "-10%", r.vh, bb[1], bh)
	w, h := coord("width", "120%", r.vw, 0, bw), coord("height", "120%", r.vh, 0, bh)
	if w <= 0 || h <= 0 {
		return // an empty mask region masks everything away
	}
	cm := m
	if strings.TrimSpace(attrOr(mk, "maskContentUnits", "")) == "objectBoundingBox" {
		if bw <= 0 || bh <= 0 {
			return
		}
		cm = Matrix{bw, 0, 0, bh, bb[0], bb[1]}.Mul(m)
	}
	ms := r.styleOf(mk)
	r.uses[mk] = true
	defer delete(r.uses, mk)
	r.children(mk, &ms, cm, []Clip{rectClip(x, y, w, h, m)}, 1, depth)
}
