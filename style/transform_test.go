package style

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

// fmtMatrix formats a matrix with numbers rounded to 3 decimals.
func fmtMatrix(m [6]float64) string {
	parts := make([]string, 6)
	for i, v := range m {
		v = math.Round(v*1000) / 1000
		if v == 0 {
			v = 0 // no -0
		}
		parts[i] = fmt.Sprint(v)
	}
	return strings.Join(parts, " ")
}

// TestTransformMatrix checks the matrix the transform properties make of
// a 100×50pt border box at (10, 20): every 2D function, percentages of
// the box, the origin, the order of the individual properties, the 3D
// functions flattened, and invalid values ignored.
func TestTransformMatrix(t *testing.T) {
	tests := []struct {
		name, css, want string
	}{
		{"none", "transform:none", "none"},
		{"translate", "transform-origin:0 0;transform:translate(10pt, 5pt)", "1 0 0 1 10 5"},
		{"translate px", "transform-origin:0 0;transform:translate(4px)", "1 0 0 1 3 0"},
		{"translate percent", "transform-origin:0 0;transform:translate(10%, 50%)", "1 0 0 1 10 25"},
		{"translateX Y", "transform-origin:0 0;transform:translateX(1pt) translateY(2pt)", "1 0 0 1 1 2"},
		{"scale about centre", "transform:scale(2)", "2 0 0 2 -60 -45"},
		{"scale xy", "transform-origin:0 0;transform:scale(2, 3)", "2 0 0 3 -10 -40"},
		{"scaleX percent", "transform-origin:0 0;transform:scaleX(50%)", "0.5 0 0 1 5 0"},
		{"rotate 90 about top left", "transform-origin:left top;transform:rotate(90deg)", "0 1 -1 0 30 10"},
		{"rotate turn", "transform-origin:0 0;transform:rotate(.5turn)", "-1 0 0 -1 20 40"},
		{"rotate unitless zero", "transform-origin:0 0;transform:rotate(0)", "1 0 0 1 0 0"},
		{"skewX", "transform-origin:0 0;transform:skewX(45deg)", "1 0 1 1 -20 0"},
		{"skew two", "transform-origin:0 0;transform:skew(45deg, 45deg)", "1 1 1 1 -20 -10"},
		{"matrix px", "transform-origin:0 0;transform:matrix(1, 0, 0, 1, 8, 4)", "1 0 0 1 6 3"},
		{"order", "transform-origin:0 0;transform:translate(10pt) scale(2)", "2 0 0 2 0 -20"},
		{"individual before transform", "transform-origin:0 0;scale:2;translate:10pt", "2 0 0 2 0 -20"},
		{"rotate property", "transform-origin:0 0;rotate:90deg", "0 1 -1 0 30 10"},
		{"rotate z axis", "transform-origin:0 0;rotate:z 90deg", "0 1 -1 0 30 10"},
		{"rotateX flattens", "transform-origin:0 0;transform:rotateX(60deg)", "1 0 0 0.5 0 10"},
		{"rotate3d z", "transform-origin:0 0;transform:rotate3d(0, 0, 1, 90deg)", "0 1 -1 0 30 10"},
		{"translate3d drops z", "transform-origin:0 0;transform:translate3d(1pt, 2pt, 30pt) translateZ(4pt) perspective(10pt)", "1 0 0 1 1 2"},
		{"matrix3d", "transform-origin:0 0;transform:matrix3d(2,0,0,0, 0,2,0,0, 0,0,1,0, 8,4,0,1)", "2 0 0 2 -4 -17"},
		{"origin three values", "transform-origin:0 0 5pt;transform:scale(2)", "2 0 0 2 -10 -20"},
		{"calc", "transform-origin:0 0;transform:scale(calc(1 + 1))", "2 0 0 2 -10 -20"},
		{"unknown function invalid", "transform:translate(1pt);transform:wobble(1)", "1 0 0 1 1 0"},
		{"angle without unit invalid", "transform:rotate(45)", "none"},
		{"percent scale in translate invalid", "transform:translate(1)", "none"},
		{"too many arguments invalid", "transform:translate(1pt, 2pt, 3pt)", "none"},
		{"not a function invalid", "transform:rotate(1deg) 5", "none"},
		{"empty argument invalid", "transform:scale(1,)", "none"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, doc := compute(t, `<p id=x style="`+tt.css+`">t</p>`, Options{})
			m, ok := st.Of(find(doc, "x"), 0).TransformMatrix(10, 20, 100, 50)
			got := "none"
			if ok {
				got = fmtMatrix(m)
			}
			if got != tt.want {
				t.Errorf("matrix %q, want %q", got, tt.want)
			}
		})
	}
}

// TestTransformLimit checks that a transform of more than
// MaxTransformFuncs functions is dropped.
func TestTransformLimit(t *testing.T) {
	long := strings.Repeat("scale(1) ", MaxTransformFuncs+1)
	st, doc := compute(t, `<p id=x style="transform:`+long+`">t</p>`, Options{})
	if st.Of(find(doc, "x"), 0).HasTransform() {
		t.Errorf("a transform of %d functions applied", MaxTransformFuncs+1)
	}
	ok := strings.Repeat("scale(1) ", MaxTransformFuncs)
	st, doc = compute(t, `<p id=x style="transform:`+ok+`">t</p>`, Options{})
	if !st.Of(find(doc, "x"), 0).HasTransform() {
		t.Errorf("a transform of %d functions dropped", MaxTransformFuncs)
	}
}

// TestClipPath checks the parsing of clip-path basic shapes and clip.
func TestClipPath(t *testing.T) {
	tests := []struct {
		name, css, want string
	}{
		{"none", "clip-path:none", "<nil>"},
		{"url", "clip-path:url(#c)", "url c"},
		{"url quoted", `clip-path:url('#c')`, "url c"},
		{"url other document", "clip-path:url(clip.svg#c)", "<nil>"},
		{"url empty fragment", "clip-path:url(#)", "<nil>"},
		{"inset", "clip-path:inset(1pt 2pt)", "inset [1 2 1 2] r0"},
		{"inset round", "clip-path:inset(10% round 3pt)", "inset [10% 10% 10% 10%] r3"},
		{"circle", "clip-path:circle(5pt at left top)", "circle 5 at 0%,0%"},
		{"circle default", "clip-path:circle()", "circle closest at 50%,50%"},
		{"ellipse", "clip-path:ellipse(1pt 50% at 20pt 30pt)", "ellipse 1,50% at 20,30"},
		{"polygon", "clip-path:polygon(evenodd, 0 0, 100% 0, 50% 100%)", "polygon 3 evenodd"},
		{"box only", "clip-path:content-box", "box 2"},
		{"ellipse one radius invalid", "clip-path:ellipse(1pt)", "<nil>"},
		{"polygon odd invalid", "clip-path:polygon(0 0, 1pt)", "<nil>"},
		{"two shapes invalid", "clip-path:circle() inset(1pt)", "<nil>"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, doc := compute(t, `<p id=x style="`+tt.css+`">t</p>`, Options{})
			if got := fmtClipPath(st.Of(find(doc, "x"), 0).ClipPath); got != tt.want {
				t.Errorf("clip-path %q, want %q", got, tt.want)
			}
		})
	}
	st, doc := compute(t, `<p id=x style="position:absolute;clip:rect(1pt, auto, 3pt 4pt)">t</p>`, Options{})
	c := st.Of(find(doc, "x"), 0).Clip
	if c == nil || c[0].Value != 1 || !c[1].IsAuto() || c[3].Value != 4 {
		t.Errorf("clip %v, want rect(1pt auto 3pt 4pt)", c)
	}
}

func fmtLen(l Length) string {
	if l.Unit == Percent {
		return num(l.Value) + "%"
	}
	return num(l.Value)
}

func fmtClipPath(cp *ClipPath) string {
	if cp == nil {
		return "<nil>"
	}
	switch cp.Shape {
	case ClipInset:
		return fmt.Sprintf("inset [%s %s %s %s] r%s", fmtLen(cp.Inset[0]), fmtLen(cp.Inset[1]), fmtLen(cp.Inset[2]), fmtLen(cp.Inset[3]), fmtLen(cp.Radii[0][0]))
	case ClipCircle, ClipEllipse:
		r := fmtLen(cp.R[0].Len)
		if cp.R[0].Side == RadiusClosestSide {
			r = "closest"
		}
		name := "circle"
		if cp.Shape == ClipEllipse {
			name = "ellipse"
			r += "," + fmtLen(cp.R[1].Len)
		}
		return fmt.Sprintf("%s %s at %s,%s", name, r, fmtLen(cp.At.X.Offset), fmtLen(cp.At.Y.Offset))
	case ClipPolygon:
		rule := "nonzero"
		if cp.EvenOdd {
			rule = "evenodd"
		}
		return fmt.Sprintf("polygon %d %s", len(cp.Points), rule)
	case ClipURL:
		return "url " + cp.URL
	}
	return fmt.Sprintf("box %d", cp.Box)
}
