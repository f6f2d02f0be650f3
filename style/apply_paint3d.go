package style

import (
	"math"

	"github.com/seed28491532/folio/css"
)

// 3D transforms (CSS Transforms 2, issue #17): perspective,
// perspective-origin, backface-visibility and transform-style, and the
// full 4×4 matrices of the 3D transform functions. A TransformFunc keeps
// its 2D flattening (A…D, X, Y: what the function shows without
// perspective) for the common path, and, for a function with a 3D part,
// its 4×4 matrix in M3, so that a box seen through perspective can be
// projected as browsers do. transform-style: preserve-3d is parsed and
// painted flat (every box is flattened into its parent's plane).

// Matrix4 is a 4×4 matrix in row-major order (m[r*4+c]) acting on column
// vectors (x, y, z, w) in CSS coordinates (y down, points).
type Matrix4 [16]float64

// Identity4 is the 4×4 identity matrix.
var Identity4 = Matrix4{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}

// Mul4 returns the product m·n: the map that applies n, then m.
func Mul4(m, n Matrix4) Matrix4 {
	var out Matrix4
	for r := range 4 {
		for c := range 4 {
			var v float64
			for k := range 4 {
				v += m[r*4+k] * n[k*4+c]
			}
			out[r*4+c] = v
		}
	}
	return out
}

// translate4 returns the translation by (x, y, z).
func translate4(x, y, z float64) Matrix4 {
	m := Identity4
	m[3], m[7], m[11] = x, y, z
	return m
}

// Homography returns the 3×3 matrix (row-major) that m makes of the plane
// z = 0: (x, y, 1) ↦ (X, Y, W), the point shown at (X/W, Y/W).
func (m Matrix4) Homography() [9]float64 {
	return [9]float64{m[0], m[1], m[3], m[4], m[5], m[7], m[12], m[13], m[15]}
}

// BackFacing reports whether m turns the back of the plane z = 0 towards
// the viewer: the z-z entry of m's inverse is negative (CSS Transforms 2
// §backface-visibility). That entry is the determinant of m's homography
// over the determinant of m.
func (m Matrix4) BackFacing() bool {
	h := m.Homography()
	dh := h[0]*(h[4]*h[8]-h[5]*h[7]) - h[1]*(h[3]*h[8]-h[5]*h[6]) + h[2]*(h[3]*h[7]-h[4]*h[6])
	return dh*m.det() < 0
}

// det returns the determinant of m (Laplace expansion on the first row).
func (m Matrix4) det() float64 {
	minor := func(c int) float64 {
		var s [9]float64
		k := 0
		for r := 1; r < 4; r++ {
			for cc := range 4 {
				if cc != c {
					s[k] = m[r*4+cc]
					k++
				}
			}
		}
		return s[0]*(s[4]*s[8]-s[5]*s[7]) - s[1]*(s[3]*s[8]-s[5]*s[6]) + s[2]*(s[3]*s[7]-s[4]*s[6])
	}
	return m[0]*minor(0) - m[1]*minor(1) + m[2]*minor(2) - m[3]*minor(3)
}

// matrix4 returns f's 4×4 matrix in a border box of size w×h.
func (f TransformFunc) matrix4(w, h float64) Matrix4 {
	x, y := f.X.Resolve(w, 0), f.Y.Resolve(h, 0)
	if f.M3 != nil {
		m := *f.M3
		m[3] += x
		m[7] += y
		return m
	}
	return Matrix4{f.A, f.C, 0, x, f.B, f.D, 0, y, 0, 0, 1, 0, 0, 0, 0, 1}
}

// Has3D reports whether any of s's transforms has a 3D part.
func (s *Style) Has3D() bool {
	for _, f := range []*TransformFunc{s.Translate, s.Rotate, s.Scale} {
		if f != nil && f.M3 != nil {
			return true
		}
	}
	for i := range s.Transform {
		if s.Transform[i].M3 != nil {
			return true
		}
	}
	return false
}

// TransformMatrix4 returns the 4×4 matrix of s's transforms for a border
// box at (x, y) of size w×h, about the transform-origin, like
// TransformMatrix but keeping the 3D parts.
func (s *Style) TransformMatrix4(x, y, w, h float64) Matrix4 {
	ox := x + s.TransformOrigin.X.Resolve(w, 0)
	oy := y + s.TransformOrigin.Y.Resolve(h, 0)
	m := translate4(ox, oy, s.TransformOriginZ)
	for _, f := range []*TransformFunc{s.Translate, s.Rotate, s.Scale} {
		if f != nil {
			m = Mul4(m, f.matrix4(w, h))
		}
	}
	for _, f := range s.Transform {
		m = Mul4(m, f.matrix4(w, h))
	}
	return Mul4(m, translate4(-ox, -oy, -s.TransformOriginZ))
}

// PerspectiveMatrix returns the projection s's perspective gives its
// children, for s's border box at (x, y) of size w×h: a viewer at
// distance Perspective in front of the perspective-origin. ok is false
// for perspective: none.
func (s *Style) PerspectiveMatrix(x, y, w, h float64) (Matrix4, bool) {
	if s.Perspective <= 0 {
		return Identity4, false
	}
	ox := x + s.PerspectiveOrigin.X.Resolve(w, 0)
	oy := y + s.PerspectiveOrigin.Y.Resolve(h, 0)
	p := Identity4
	p[14] = -1 / s.Perspective
	return Mul4(translate4(ox, oy, 0), Mul4(p, translate4(-ox, -oy, 0))), true
}

// perspectiveFunc returns perspective(d): none (or no length) changes
// nothing; lengths under 1px act as 1px.
func perspectiveFunc(d float64, none bool) TransformFunc {
	f := identityFunc
	if none {
		return f
	}
	m := Identity4
	m[14] = -1 / max(d, onePx())
	f.M3 = &m
	return f
}

// onePx returns the length of 1px in points.
func onePx() float64 {
	px, _ := css.UnitFactor("px")
	return px
}

// rotate3dFull returns the 4×4 rotation by a about the unit axis
// (x, y, z) (CSS Transforms 2 §13.1, transposed to act on column
// vectors).
func rotate3dFull(x, y, z, a float64) *Matrix4 {
	sin, cos := math.Sincos(a)
	k := 1 - cos
	return &Matrix4{
		1 + k*(x*x-1), -z*sin + k*x*y, y*sin + k*x*z, 0,
		z*sin + k*x*y, 1 + k*(y*y-1), -x*sin + k*y*z, 0,
		-y*sin + k*x*z, x*sin + k*y*z, 1 + k*(z*z-1), 0,
		0, 0, 0, 1,
	}
}

// applyPerspective parses perspective: none or a non-negative length
// (under 1px acts as 1px).
func applyPerspective(a applier, s *Style, _ propID, x value) bool {
	if x.single() && x.kw == "none" {
		s.Perspective = 0
		return true
	}
	if len(x.f) != 1 {
		return false
	}
	l, ok := a.lengths(s).length(x.f[0], false, false)
	if !ok {
		return false
	}
	s.Perspective = max(l.Resolve(0, 0), onePx())
	return true
}

// applyPerspectiveOrigin parses perspective-origin: a position of one or
// two values.
func applyPerspectiveOrigin(a applier, s *Style, _ propID, x value) bool {
	if len(x.f) > 2 {
		return false
	}
	p, ok := a.lengths(s).position(x.f)
	if !ok {
		return false
	}
	s.PerspectiveOrigin = p
	return true
}

// applyBackfaceVisibility parses backface-visibility: visible | hidden.
func applyBackfaceVisibility(_ applier, s *Style, _ propID, x value) bool {
	switch {
	case x.single() && x.kw == "visible":
		s.BackfaceHidden = false
	case x.single() && x.kw == "hidden":
		s.BackfaceHidden = true
	default:
		return false
	}
	return true
}

// applyTransformStyle parses transform-style: flat | preserve-3d.
func applyTransformStyle(_ applier, s *Style, _ propID, x value) bool {
	switch {
	case x.single() && x.kw == "flat":
		s.Preserve3D = false
	case x.single() && x.kw == "preserve-3d":
		s.Preserve3D = true
	default:
		return false
	}
	return true
}

func copyPaint3D(d, s *Style, id propID) {
	switch id {
	case pPerspective:
		d.Perspective = s.Perspective
	case pPerspectiveOrigin:
		d.PerspectiveOrigin = s.PerspectiveOrigin
	case pBackfaceVisibility:
		d.BackfaceHidden = s.BackfaceHidden
	case pTransformStyle:
		d.Preserve3D = s.Preserve3D
	}
}
