package style

import (
	"math"
	"strings"

	"github.com/seed28491532/folio/css"
)

// transform, transform-origin and the individual translate, rotate and
// scale properties (CSS Transforms 1 and 2), painted by layout/display
// as a matrix on the element's subtree (issue #17). Layout ignores them.
//
// 3D functions keep, besides their 4×4 matrix (M3, apply_paint3d.go),
// the 2D transform they show without perspective (an orthographic view of
// the plane z = 0): translate3d and scale3d their x and y parts, rotateX
// and rotateY one axis shrunk by the cosine of the angle, rotate3d and
// matrix3d the upper-left 2×2 block and the x and y translation of their
// 4×4 matrix; perspective() and the z parts change nothing there.

// TransformFunc is one transform function as the affine map
// x' = A·x + C·y + X, y' = B·x + D·y + Y in CSS coordinates (y down,
// points), its translation a length that may be a percentage of the
// border box (X of its width, Y of its height).
type TransformFunc struct {
	A, B, C, D float64
	X, Y       Length
	// M3, when set, is the function's 4×4 matrix (apply_paint3d.go)
	// for a function with a 3D part, its x and y translation left out
	// (they are X and Y).
	M3 *Matrix4
}

// MaxTransformFuncs bounds the functions of one transform value; a longer
// list is invalid (dropped like any invalid declaration).
const MaxTransformFuncs = 64

// identityFunc is the function that changes nothing.
var identityFunc = TransformFunc{A: 1, D: 1, X: Length{Unit: Pt}, Y: Length{Unit: Pt}}

// HasTransform reports whether s transforms its box: a transform or an
// individual translate, rotate or scale other than none.
func (s *Style) HasTransform() bool {
	return s.Transform != nil || s.Translate != nil || s.Rotate != nil || s.Scale != nil
}

// TransformMatrix returns the matrix [a b c d e f] (x' = a·x + c·y + e,
// y' = b·x + d·y + f, CSS coordinates, points) that s's transforms make
// of a border box at (x, y) of size w×h: translate, rotate, scale, then
// the transform list, about the transform-origin. ok is false when s has
// no transform.
func (s *Style) TransformMatrix(x, y, w, h float64) (m [6]float64, ok bool) {
	if !s.HasTransform() {
		return [6]float64{1, 0, 0, 1, 0, 0}, false
	}
	ox := x + s.TransformOrigin.X.Resolve(w, 0)
	oy := y + s.TransformOrigin.Y.Resolve(h, 0)
	m = [6]float64{1, 0, 0, 1, ox, oy}
	for _, f := range []*TransformFunc{s.Translate, s.Rotate, s.Scale} {
		if f != nil {
			m = MulMatrix(m, f.resolve(w, h))
		}
	}
	for _, f := range s.Transform {
		m = MulMatrix(m, f.resolve(w, h))
	}
	return MulMatrix(m, [6]float64{1, 0, 0, 1, -ox, -oy}), true
}

// resolve returns f's matrix in a border box of size w×h.
func (f TransformFunc) resolve(w, h float64) [6]float64 {
	return [6]float64{f.A, f.B, f.C, f.D, f.X.Resolve(w, 0), f.Y.Resolve(h, 0)}
}

// MulMatrix returns the product m·n: the map that applies n, then m.
func MulMatrix(m, n [6]float64) [6]float64 {
	return [6]float64{
		m[0]*n[0] + m[2]*n[1], m[1]*n[0] + m[3]*n[1],
		m[0]*n[2] + m[2]*n[3], m[1]*n[2] + m[3]*n[3],
		m[0]*n[4] + m[2]*n[5] + m[4], m[1]*n[4] + m[3]*n[5] + m[5],
	}
}

// applyTransform sets transform: none, or a list of transform functions.
func applyTransform(a applier, s *Style, _ propID, x value) bool {
	if x.single() && x.kw == "none" {
		s.Transform = nil
		return true
	}
	if len(x.f) > MaxTransformFuncs {
		return false
	}
	lc := a.lengths(s)
	out := make([]TransformFunc, 0, len(x.f))
	for _, t := range x.f {
		if t.Kind != css.Function {
			return false
		}
		f, ok := lc.transformFunc(t)
		if !ok {
			return false
		}
		out = append(out, f)
	}
	s.Transform = out
	return true
}

// transformArgs returns the comma-separated arguments of function t, one
// token each; ok is false when an argument is empty or more than one
// token.
func transformArgs(t css.Token) ([]css.Token, bool) {
	if len(css.Fields(t.Args)) == 0 {
		return nil, true
	}
	parts := css.SplitCommas(t.Args)
	out := make([]css.Token, len(parts))
	for i, p := range parts {
		f := css.Fields(p)
		if len(f) != 1 {
			return nil, false
		}
		out[i] = f[0]
	}
	return out, true
}

// transformFunc parses one transform function.
func (lc lengthCtx) transformFunc(t css.Token) (TransformFunc, bool) {
	args, ok := transformArgs(t)
	if !ok {
		return TransformFunc{}, false
	}
	name := strings.ToLower(t.Text)
	switch name {
	case "matrix", "matrix3d":
		return lc.matrixFunc(args, name == "matrix3d")
	case "translate", "translatex", "translatey", "translate3d", "translatez":
		return lc.translateFunc(name, args)
	case "scale", "scalex", "scaley", "scale3d", "scalez":
		return lc.scaleFunc(name, args)
	case "rotate", "rotatez", "rotatex", "rotatey", "rotate3d":
		return lc.rotateFunc(name, args)
	case "skew", "skewx", "skewy":
		return skewFunc(name, args)
	case "perspective":
		if len(args) != 1 {
			return TransformFunc{}, false
		}
		if args[0].Is("none") {
			return perspectiveFunc(0, true), true
		}
		if l, ok := lc.length(args[0], false, false); ok {
			return perspectiveFunc(l.Resolve(0, 0), false), true
		}
	}
	return TransformFunc{}, false
}

// numbers parses every token of args as a number.
func (lc lengthCtx) numbers(args []css.Token) ([]float64, bool) {
	out := make([]float64, len(args))
	for i, a := range args {
		v, ok := lc.number(a)
		if !ok {
			return nil, false
		}
		out[i] = v
	}
	return out, true
}

// matrixFunc parses matrix(a, b, c, d, e, f), e and f in px, or
// matrix3d of 16 numbers (column-major), flattened to its 2D part.
func (lc lengthCtx) matrixFunc(args []css.Token, is3d bool) (TransformFunc, bool) {
	want := 6
	if is3d {
		want = 16
	}
	if len(args) != want {
		return TransformFunc{}, false
	}
	v, ok := lc.numbers(args)
	if !ok {
		return TransformFunc{}, false
	}
	px, _ := css.UnitFactor("px")
	var m3 *Matrix4
	if is3d {
		m3 = matrix3d(v, px)
		v = []float64{v[0], v[1], v[4], v[5], v[12], v[13]}
	}
	return TransformFunc{A: v[0], B: v[1], C: v[2], D: v[3], M3: m3,
		X: Length{Value: v[4] * px, Unit: Pt}, Y: Length{Value: v[5] * px, Unit: Pt}}, true
}

// matrix3d returns the 4×4 matrix of matrix3d's 16 numbers v (column
// major, lengths in px, k points a px) in points, its x and y translation
// left out; nil when it is a 2D matrix.
func matrix3d(v []float64, k float64) *Matrix4 {
	var m Matrix4
	for c := range 4 {
		for r := range 4 {
			m[r*4+c] = v[c*4+r]
		}
	}
	if m == (Matrix4{m[0], m[1], 0, m[3], m[4], m[5], 0, m[7], 0, 0, 1, 0, 0, 0, 0, 1}) {
		return nil
	}
	for i := range 3 {
		m[i*4+3] *= k // translations: px to points
		m[12+i] /= k  // perspective terms: per px to per point
	}
	m[3], m[7] = 0, 0
	return &m
}

// translateFunc parses the translate functions; z parts are dropped.
func (lc lengthCtx) translateFunc(name string, args []css.Token) (TransformFunc, bool) {
	f := identityFunc
	lens := make([]Length, len(args))
	for i, a := range args {
		pct := !(name == "translatez" || name == "translate3d" && i == 2)
		l, ok := lc.length(a, pct, true)
		if !ok {
			return f, false
		}
		lens[i] = l
	}
	switch {
	case name == "translate" && (len(lens) == 1 || len(lens) == 2):
		f.X = lens[0]
		if len(lens) == 2 {
			f.Y = lens[1]
		}
	case name == "translatex" && len(lens) == 1:
		f.X = lens[0]
	case name == "translatey" && len(lens) == 1:
		f.Y = lens[0]
	case name == "translate3d" && len(lens) == 3:
		f.X, f.Y = lens[0], lens[1]
		f.M3 = translateZ(lens[2])
	case name == "translatez" && len(lens) == 1:
		f.M3 = translateZ(lens[0])
	default:
		return f, false
	}
	return f, true
}

// translateZ returns the 4×4 matrix of a translation by z along the z
// axis, nil for none.
func translateZ(z Length) *Matrix4 {
	d := z.Resolve(0, 0)
	if d == 0 {
		return nil
	}
	m := translate4(0, 0, d)
	return &m
}

// scaleZ returns the 4×4 matrix of the scale (sx, sy, sz), nil when sz
// is 1.
func scaleZ(sx, sy, sz float64) *Matrix4 {
	if sz == 1 {
		return nil
	}
	m := Identity4
	m[0], m[5], m[10] = sx, sy, sz
	return &m
}

// scaleFactor parses a number or a percentage.
func (lc lengthCtx) scaleFactor(t css.Token) (float64, bool) {
	if t.Kind == css.Percentage {
		return t.Num / 100, true
	}
	return lc.number(t)
}

// scaleFunc parses the scale functions; z parts are dropped.
func (lc lengthCtx) scaleFunc(name string, args []css.Token) (TransformFunc, bool) {
	f := identityFunc
	v := make([]float64, len(args))
	for i, a := range args {
		n, ok := lc.scaleFactor(a)
		if !ok {
			return f, false
		}
		v[i] = n
	}
	switch {
	case name == "scale" && len(v) == 1:
		f.A, f.D = v[0], v[0]
	case name == "scale" && len(v) == 2:
		f.A, f.D = v[0], v[1]
	case name == "scale3d" && len(v) == 3:
		f.A, f.D = v[0], v[1]
		f.M3 = scaleZ(v[0], v[1], v[2])
	case name == "scalex" && len(v) == 1:
		f.A = v[0]
	case name == "scaley" && len(v) == 1:
		f.D = v[0]
	case name == "scalez" && len(v) == 1:
		f.M3 = scaleZ(1, 1, v[0])
	default:
		return f, false
	}
	return f, true
}

// transformAngle parses an angle in radians; transforms accept a unitless
// zero.
func transformAngle(t css.Token) (float64, bool) {
	deg, ok := angle(t)
	return deg * math.Pi / 180, ok
}

// rotation returns the 2D rotation by a radians (clockwise on the page,
// y down).
func rotation(a float64) TransformFunc {
	f := identityFunc
	sin, cos := math.Sincos(a)
	f.A, f.B, f.C, f.D = cos, sin, -sin, cos
	return f
}

// rotateFunc parses the rotate functions, flattening the 3D ones.
func (lc lengthCtx) rotateFunc(name string, args []css.Token) (TransformFunc, bool) {
	n := 1
	if name == "rotate3d" {
		n = 4
	}
	if len(args) != n {
		return TransformFunc{}, false
	}
	a, ok := transformAngle(args[n-1])
	if !ok {
		return TransformFunc{}, false
	}
	switch name {
	case "rotate", "rotatez":
		return rotation(a), true
	case "rotatex":
		return rotate3d(1, 0, 0, a), true
	case "rotatey":
		return rotate3d(0, 1, 0, a), true
	}
	v, ok := lc.numbers(args[:3])
	if !ok {
		return TransformFunc{}, false
	}
	return rotate3d(v[0], v[1], v[2], a), true
}

// rotate3d returns the 2D part of the rotation by a about the axis
// (x, y, z) (CSS Transforms 2 §13.1): the identity for a zero axis.
func rotate3d(x, y, z, a float64) TransformFunc {
	n := math.Sqrt(x*x + y*y + z*z)
	if n == 0 || math.IsInf(n, 0) || math.IsNaN(n) {
		return identityFunc
	}
	x, y, z = x/n, y/n, z/n
	sin, cos := math.Sincos(a)
	f := identityFunc
	f.A = 1 + (1-cos)*(x*x-1)
	f.B = z*sin + (1-cos)*x*y
	f.C = -z*sin + (1-cos)*x*y
	f.D = 1 + (1-cos)*(y*y-1)
	if x != 0 || y != 0 {
		f.M3 = rotate3dFull(x, y, z, a)
	}
	return f
}

// skewFunc parses skew(ax[, ay]), skewX and skewY.
func skewFunc(name string, args []css.Token) (TransformFunc, bool) {
	f := identityFunc
	if len(args) == 0 || len(args) > 2 || name != "skew" && len(args) != 1 {
		return f, false
	}
	var v [2]float64
	for i, a := range args {
		r, ok := transformAngle(a)
		if !ok {
			return f, false
		}
		v[i] = r
	}
	switch name {
	case "skew", "skewx":
		f.C, f.B = math.Tan(v[0]), math.Tan(v[1])
	case "skewy":
		f.B = math.Tan(v[0])
	}
	return f, true
}

// applyTransformOrigin parses transform-origin: a position of one or two
// values, and an optional z length that is dropped.
func applyTransformOrigin(a applier, s *Style, _ propID, x value) bool {
	f := x.f
	lc := a.lengths(s)
	z := 0.0
	if len(f) == 3 {
		l, ok := lc.length(f[2], false, true)
		if !ok {
			return false
		}
		z = l.Resolve(0, 0)
		f = f[:2]
	}
	if len(f) > 2 {
		return false
	}
	p, ok := lc.position(f)
	if !ok {
		return false
	}
	s.TransformOrigin, s.TransformOriginZ = p, z
	return true
}

// applyTranslate parses translate: none, or one to three lengths (x, y,
// and a z that is dropped).
func applyTranslate(a applier, s *Style, _ propID, x value) bool {
	if x.single() && x.kw == "none" {
		s.Translate = nil
		return true
	}
	if len(x.f) > 3 {
		return false
	}
	lc := a.lengths(s)
	f := identityFunc
	for i, t := range x.f {
		l, ok := lc.length(t, i < 2, true)
		if !ok {
			return false
		}
		switch i {
		case 0:
			f.X = l
		case 1:
			f.Y = l
		case 2:
			f.M3 = translateZ(l)
		}
	}
	s.Translate = &f
	return true
}

// applyRotate parses rotate: none, an angle, or an axis (x, y, z or
// three numbers) and an angle in either order.
func applyRotate(a applier, s *Style, _ propID, x value) bool {
	if x.single() && x.kw == "none" {
		s.Rotate = nil
		return true
	}
	f := x.f
	var ang float64
	switch {
	case len(f) == 0:
		return false
	case isAngle(f[0]):
		ang, _ = transformAngle(f[0])
		f = f[1:]
	case isAngle(f[len(f)-1]):
		ang, _ = transformAngle(f[len(f)-1])
		f = f[:len(f)-1]
	default:
		return false
	}
	var r TransformFunc
	switch {
	case len(f) == 0 || len(f) == 1 && f[0].Is("z"):
		r = rotation(ang)
	case len(f) == 1 && f[0].Is("x"):
		r = rotate3d(1, 0, 0, ang)
	case len(f) == 1 && f[0].Is("y"):
		r = rotate3d(0, 1, 0, ang)
	case len(f) == 3:
		v, ok := a.lengths(s).numbers(f)
		if !ok {
			return false
		}
		r = rotate3d(v[0], v[1], v[2], ang)
	default:
		return false
	}
	s.Rotate = &r
	return true
}

// isAngle reports whether t is an angle with a unit.
func isAngle(t css.Token) bool {
	_, ok := angle(t)
	return ok && t.Kind == css.Dimension
}

// applyScale parses scale: none, or one to three numbers or percentages
// (x, y defaulting to x, and a z that is dropped).
func applyScale(a applier, s *Style, _ propID, x value) bool {
	if x.single() && x.kw == "none" {
		s.Scale = nil
		return true
	}
	if len(x.f) > 3 {
		return false
	}
	lc := a.lengths(s)
	v := make([]float64, len(x.f))
	for i, t := range x.f {
		n, ok := lc.scaleFactor(t)
		if !ok {
			return false
		}
		v[i] = n
	}
	f := identityFunc
	f.A, f.D = v[0], v[0]
	if len(v) > 1 {
		f.D = v[1]
	}
	if len(v) > 2 {
		f.M3 = scaleZ(f.A, f.D, v[2])
	}
	s.Scale = &f
	return true
}

func copyTransform(d, s *Style, id propID) {
	switch id {
	case pTransform:
		d.Transform = s.Transform
	case pTransformOrigin:
		d.TransformOrigin, d.TransformOriginZ = s.TransformOrigin, s.TransformOriginZ
	case pTranslate:
		d.Translate = s.Translate
	case pRotate:
		d.Rotate = s.Rotate
	case pScale:
		d.Scale = s.Scale
	case pTransformBox:
		d.TransformBox = s.TransformBox
	}
}

// applyTransformBox parses transform-box (CSS Transforms 1 §7). For a
// CSS box, content-box and fill-box are its content box; border-box,
// stroke-box and view-box its border box.
func applyTransformBox(_ applier, s *Style, _ propID, x value) bool {
	if !x.single() {
		return false
	}
	switch x.kw {
	case "content-box", "fill-box":
		s.TransformBox = ContentBoxArea
	case "border-box", "stroke-box", "view-box":
		s.TransformBox = BorderBoxArea
	default:
		return false
	}
	return true
}
