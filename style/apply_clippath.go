package style

import (
	"strings"

	"github.com/seed28491532/folio/css"
)

// clip-path basic shapes (CSS Masking 1 §5, CSS Shapes 1 §3), the clip
// property of absolutely positioned boxes (CSS 2.1 §11.1.2) and
// isolation, painted by layout/display (issue #17). A url(#id)
// references an SVG clipPath element of the document (ClipURL); a url
// to another document clips nothing.

// ClipShape is the kind of a clip-path basic shape.
type ClipShape uint8

// Clip-path shapes. ClipBox clips to the reference box alone (a
// clip-path of only a geometry box).
const (
	ClipBox ClipShape = iota
	ClipInset
	ClipCircle
	ClipEllipse
	ClipPolygon
	// ClipURL clips to the SVG clipPath element whose id is URL.
	ClipURL
)

// ShapeRadius is a circle's or ellipse's radius: a length, or the
// distance to the closest or farthest side of the reference box.
type ShapeRadius struct {
	Len  Length
	Side uint8 // 0 Len, 1 closest-side, 2 farthest-side
}

// Shape radius sides.
const (
	RadiusLength uint8 = iota
	RadiusClosestSide
	RadiusFarthestSide
)

// MaxPolygonPoints bounds the vertices of a polygon() shape.
const MaxPolygonPoints = 1024

// ClipPath is a computed clip-path: a basic shape in a reference box.
type ClipPath struct {
	Shape ClipShape
	// Box is the reference box (border-box unless said otherwise;
	// margin-box is taken as the border box).
	Box BoxArea
	// Inset (top, right, bottom, left) and Radii (corners top-left,
	// top-right, bottom-right, bottom-left; horizontal, vertical) of
	// inset().
	Inset [4]Length
	Radii [4][2]Length
	// R is the radius of circle() (R[0]) or the radii of ellipse(); At
	// their centre.
	R  [2]ShapeRadius
	At BackgroundPosition
	// Points are the vertices of polygon(), EvenOdd its fill rule.
	Points  [][2]Length
	EvenOdd bool
	// URL is the id (without #) of the clipPath element of a ClipURL.
	URL string
}

// applyClipPath sets clip-path: none, a basic shape and/or a geometry
// box, or a url(): a reference to a clipPath element of the document
// (url(#id)); one to another document clips nothing.
func applyClipPath(a applier, s *Style, _ propID, x value) bool {
	if x.single() && x.kw == "none" {
		s.ClipPath = nil
		return true
	}
	if u, ok := urlValue(x); ok {
		s.ClipPath = nil
		if id, local := strings.CutPrefix(strings.TrimSpace(u), "#"); local && id != "" {
			s.ClipPath = &ClipPath{Shape: ClipURL, URL: id}
		}
		return true
	}
	lc := a.lengths(s)
	cp := &ClipPath{Shape: ClipBox}
	shape, box := false, false
	for _, t := range x.f {
		if t.Kind == css.Ident && !box {
			kw := strings.ToLower(t.Text)
			if kw == "margin-box" || kw == "fill-box" || kw == "stroke-box" || kw == "view-box" {
				kw = "border-box"
			}
			b, ok := boxAreaOf(kw)
			if !ok {
				return false
			}
			cp.Box, box = b, true
			continue
		}
		if t.Kind != css.Function || shape || !lc.basicShape(t, cp) {
			return false
		}
		shape = true
	}
	s.ClipPath = cp
	return true
}

// urlValue returns the URL of a value that is one url(…).
func urlValue(x value) (string, bool) {
	if !x.single() {
		return "", false
	}
	t := x.f[0]
	switch {
	case t.Kind == css.URL:
		return t.Text, true
	case t.Kind == css.Function && strings.EqualFold(t.Text, "url"):
		a := css.Fields(t.Args)
		if len(a) == 1 && a[0].Kind == css.String {
			return a[0].Text, true
		}
	}
	return "", false
}

// basicShape parses the basic shape function t into cp.
func (lc lengthCtx) basicShape(t css.Token, cp *ClipPath) bool {
	switch strings.ToLower(t.Text) {
	case "inset":
		cp.Shape = ClipInset
		return lc.insetShape(css.Fields(t.Args), cp)
	case "circle":
		cp.Shape = ClipCircle
		return lc.ellipseShape(css.Fields(t.Args), cp, 1)
	case "ellipse":
		cp.Shape = ClipEllipse
		return lc.ellipseShape(css.Fields(t.Args), cp, 2)
	case "polygon":
		cp.Shape = ClipPolygon
		return lc.polygonShape(t.Args, cp)
	}
	return false
}

// insetShape parses the arguments of inset(): one to four offsets and
// an optional round and border-radius.
func (lc lengthCtx) insetShape(f []css.Token, cp *ClipPath) bool {
	var offs []Length
	i := 0
	for ; i < len(f) && !f[i].Is("round"); i++ {
		l, ok := lc.length(f[i], true, true)
		if !ok {
			return false
		}
		offs = append(offs, l)
	}
	sides, ok := sides4Len(offs)
	if !ok {
		return false
	}
	cp.Inset = sides
	if i == len(f) {
		return true
	}
	var h, v []Length
	slash := false
	for _, t := range f[i+1:] {
		if t.IsDelim("/") {
			if slash {
				return false
			}
			slash = true
			continue
		}
		l, ok := lc.length(t, true, false)
		if !ok {
			return false
		}
		if slash {
			v = append(v, l)
		} else {
			h = append(h, l)
		}
	}
	if !slash {
		v = h
	}
	hs, ok1 := sides4Len(h)
	vs, ok2 := sides4Len(v)
	if !ok1 || !ok2 {
		return false
	}
	for k := range cp.Radii {
		cp.Radii[k] = [2]Length{hs[k], vs[k]}
	}
	return true
}

// sides4Len expands one to four lengths as margin does.
func sides4Len(v []Length) ([4]Length, bool) {
	switch len(v) {
	case 1:
		return [4]Length{v[0], v[0], v[0], v[0]}, true
	case 2:
		return [4]Length{v[0], v[1], v[0], v[1]}, true
	case 3:
		return [4]Length{v[0], v[1], v[2], v[1]}, true
	case 4:
		return [4]Length{v[0], v[1], v[2], v[3]}, true
	}
	return [4]Length{}, false
}

// ellipseShape parses the arguments of circle() (n 1) or ellipse() (n
// 2): up to n radii, then optionally at and a position.
func (lc lengthCtx) ellipseShape(f []css.Token, cp *ClipPath, n int) bool {
	center := Length{Value: 50, Unit: Percent}
	cp.At = BackgroundPosition{X: PositionAxis{Offset: center}, Y: PositionAxis{Offset: center}}
	cp.R = [2]ShapeRadius{{Side: RadiusClosestSide}, {Side: RadiusClosestSide}}
	i := 0
	for ; i < len(f) && !f[i].Is("at"); i++ {
		if i == n {
			return false
		}
		switch {
		case f[i].Is("closest-side"):
			cp.R[i] = ShapeRadius{Side: RadiusClosestSide}
		case f[i].Is("farthest-side"):
			cp.R[i] = ShapeRadius{Side: RadiusFarthestSide}
		default:
			l, ok := lc.length(f[i], true, false)
			if !ok {
				return false
			}
			cp.R[i] = ShapeRadius{Len: l}
		}
	}
	if n == 2 && i == 1 {
		return false // an ellipse takes both radii or none
	}
	if n == 1 {
		cp.R[1] = cp.R[0]
	}
	if i == len(f) {
		return true
	}
	p, ok := lc.position(f[i+1:])
	if !ok {
		return false
	}
	cp.At = p
	return true
}

// polygonShape parses the arguments of polygon(): an optional fill rule,
// then comma-separated pairs of lengths.
func (lc lengthCtx) polygonShape(args []css.Token, cp *ClipPath) bool {
	parts := css.SplitCommas(args)
	if len(parts) > MaxPolygonPoints+1 {
		return false
	}
	for i, p := range parts {
		f := css.Fields(p)
		if i == 0 && len(f) == 1 && (f[0].Is("evenodd") || f[0].Is("nonzero")) {
			cp.EvenOdd = f[0].Is("evenodd")
			continue
		}
		if len(f) != 2 {
			return false
		}
		x, ok1 := lc.length(f[0], true, true)
		y, ok2 := lc.length(f[1], true, true)
		if !ok1 || !ok2 {
			return false
		}
		cp.Points = append(cp.Points, [2]Length{x, y})
	}
	return len(cp.Points) > 0
}

// applyClip parses clip: auto, or rect(top, right, bottom, left) (commas
// optional, each a length or auto).
func applyClip(a applier, s *Style, _ propID, x value) bool {
	if x.single() && x.kw == "auto" {
		s.Clip = nil
		return true
	}
	if !x.single() || x.f[0].Kind != css.Function || !strings.EqualFold(x.f[0].Text, "rect") {
		return false
	}
	var f []css.Token
	for _, t := range css.Fields(x.f[0].Args) {
		if t.Kind != css.Comma {
			f = append(f, t)
		}
	}
	if len(f) != 4 {
		return false
	}
	lc := a.lengths(s)
	var r [4]Length
	for i, t := range f {
		if t.Is("auto") {
			r[i] = Length{Unit: Auto}
			continue
		}
		l, ok := lc.length(t, false, true)
		if !ok {
			return false
		}
		r[i] = l
	}
	s.Clip = &r
	return true
}

// applyIsolation parses isolation: auto or isolate.
func applyIsolation(_ applier, s *Style, _ propID, x value) bool {
	switch {
	case x.single() && x.kw == "auto":
		s.Isolate = false
	case x.single() && x.kw == "isolate":
		s.Isolate = true
	default:
		return false
	}
	return true
}

func copyClip(d, s *Style, id propID) {
	switch id {
	case pClipPath:
		d.ClipPath = s.ClipPath
	case pClip:
		d.Clip = s.Clip
	case pIsolation:
		d.Isolate = s.Isolate
	}
}
