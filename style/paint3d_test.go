package style

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

// fmtHomography formats the homography of m, normalised so its last
// entry is 1, rounded to 4 decimals.
func fmtHomography(m Matrix4) string {
	h := m.Homography()
	parts := make([]string, 9)
	for i, v := range h {
		v = math.Round(v/h[8]*10000) / 10000
		if v == 0 {
			v = 0
		}
		parts[i] = fmt.Sprint(v)
	}
	return strings.Join(parts, " ")
}

// TestTransformMatrix4 checks the 4×4 matrices of the 3D transforms,
// seen on the plane z = 0 of a 100×50pt border box at (10, 20), through
// the perspective of a parent whose border box is (0, 0, 200×100): the
// projection, the z parts that perspective shows, and which transforms
// turn the box's back to the viewer.
func TestTransformMatrix4(t *testing.T) {
	tests := []struct {
		name, css   string
		parent      string
		want        string
		has3D, back bool
	}{
		{"2D only", "transform-origin:0 0;transform:translate(10pt, 5pt)", "", "1 0 10 0 1 5 0 0 1", false, false},
		{"rotateY 180 faces back", "transform:rotateY(180deg)", "", "-1 0 120 0 1 0 0 0 1", true, true},
		{"scaleX -1 is a mirror, not the back", "transform:scaleX(-1)", "", "-1 0 120 0 1 0 0 0 1", false, false},
		{"rotateX 60 without perspective", "transform-origin:0 0;transform:rotateX(60deg)", "", "1 0 0 0 0.5 10 0 0 1", true, false},
		// translateZ(d) through perspective p about the origin (0, 0):
		// a scale by p/(p-d)
		{"translateZ through perspective", "transform:translateZ(50pt)", "perspective:100pt;perspective-origin:0 0", "2 0 0 0 2 0 0 0 1", true, false},
		{"perspective function", "transform-origin:0 0;transform:perspective(100pt) translateZ(50pt)", "", "2 0 -10 0 2 -20 0 0 1", true, false},
		// rotateY(60deg) through a perspective of 100pt about the box's
		// left edge: x shrinks by cos 60 and the far side recedes
		{"rotateY through perspective", "transform-origin:0 0;transform:rotateY(60deg)", "perspective:100pt;perspective-origin:10pt 20pt", "0.6422 0 4.5259 0.1896 1.0948 -1.8963 0.0095 0 1", true, false},
		{"rotateY 120 through perspective faces back", "transform:rotateY(120deg)", "perspective:100pt", "", true, true},
		{"matrix3d perspective term", "transform-origin:0 0;transform:matrix3d(1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1)", "", "1 0 0 0 1 0 0 0 1", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, doc := compute(t, `<div id=p style="`+tt.parent+`"><p id=x style="`+tt.css+`">t</p></div>`, Options{})
			s := st.Of(find(doc, "x"), 0)
			m := s.TransformMatrix4(10, 20, 100, 50)
			if pm, ok := st.Of(find(doc, "p"), 0).PerspectiveMatrix(0, 0, 200, 100); ok {
				m = Mul4(pm, m)
			}
			if got := s.Has3D(); got != tt.has3D {
				t.Errorf("Has3D %v, want %v", got, tt.has3D)
			}
			if got := m.BackFacing(); got != tt.back {
				t.Errorf("BackFacing %v, want %v", got, tt.back)
			}
			if got := fmtHomography(m); tt.want != "" && got != tt.want {
				t.Errorf("homography %q, want %q", got, tt.want)
			}
		})
	}
}

// TestPaint3DProperties checks the parsing of perspective,
// perspective-origin, backface-visibility and transform-style.
func TestPaint3DProperties(t *testing.T) {
	tests := []struct {
		css, want string
	}{
		{"", "0 {0 0} false false"},
		{"perspective:100pt", "100 {0 0} false false"},
		{"perspective:0", "0.75 {0 0} false false"}, // clamped to 1px
		{"perspective:-5pt", "0 {0 0} false false"},
		{"perspective:none", "0 {0 0} false false"},
		{"perspective-origin:left 10pt", "0 {0% 10} false false"},
		{"backface-visibility:hidden", "0 {0 0} true false"},
		{"backface-visibility:sideways", "0 {0 0} false false"},
		{"transform-style:preserve-3d", "0 {0 0} false true"},
	}
	for _, tt := range tests {
		t.Run(tt.css, func(t *testing.T) {
			st, doc := compute(t, `<p id=x style="perspective-origin:0 0;`+tt.css+`">t</p>`, Options{})
			s := st.Of(find(doc, "x"), 0)
			o := s.PerspectiveOrigin
			got := fmt.Sprintf("%g {%s %s} %v %v", math.Round(s.Perspective*100)/100, fmtLen(o.X.Offset), fmtLen(o.Y.Offset), s.BackfaceHidden, s.Preserve3D)
			if got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
