package svg

import (
	"math"
	"strconv"
	"strings"

	"golang.org/x/net/html"
)

// elementTransform returns the transform of element n of style st in
// its parent's user space: the transform property (CSS syntax, or the
// transform attribute's, which it overrides) about transform-origin,
// resolved in the box transform-box names (CSS Transforms 1 §6, SVG 2
// §8.5). ok is false when there is none or it is invalid.
func (r *renderer) elementTransform(n *html.Node, st *computed) (Matrix, bool) {
	if st.transform == "" || st.transform == "none" {
		return Identity, false
	}
	tm, ok := parseTransform(st.transform)
	if !ok {
		if tm, ok = parseCSSTransform(st.transform); !ok {
			return Identity, false
		}
	}
	if st.origin == "" {
		return tm, true // the origin of SVG elements is 0 0
	}
	ox, oy := transformOrigin(st.origin, r.referenceBox(n, st), st.fontSize)
	return translate(-ox, -oy).Mul(tm).Mul(translate(ox, oy)), true
}

// refBox is a transform-box value as SVG content, which has no CSS
// layout box, uses it (CSS Transforms 1 §6.2).
type refBox uint8

const (
	// boxView, the initial value: the nearest viewport's viewBox (its
	// origin and size), or the viewport
	boxView refBox = iota
	// boxFill is the element's object bounding box (also for
	// content-box)
	boxFill
	// boxStroke adds the stroke to the fill box (also for border-box)
	boxStroke
)

// parseRefBox parses a transform-box value; an unknown one is view-box.
func parseRefBox(v string) refBox {
	switch v {
	case "fill-box", "content-box":
		return boxFill
	case "stroke-box", "border-box":
		return boxStroke
	}
	return boxView
}

// referenceBox returns the x, y, width and height of the box
// transform-origin is resolved in for element n of style st: the
// nearest viewport's view box, or n's bounding box, with half its
// stroke width around it for the stroke box. An element without
// geometry (a group) uses the view box.
func (r *renderer) referenceBox(n *html.Node, st *computed) [4]float64 {
	box := [4]float64{r.vx, r.vy, r.vw, r.vh}
	if st.refBox == boxView {
		return box
	}
	p := r.geometry(n)
	if p == nil {
		return box
	}
	x0, y0, x1, y1, ok := p.Bounds()
	if !ok {
		return box
	}
	if st.refBox == boxStroke && st.strokeWidth > 0 && !st.stroke.none {
		g := st.strokeWidth / 2
		x0, y0, x1, y1 = x0-g, y0-g, x1+g, y1+g
	}
	return [4]float64{x0, y0, x1 - x0, y1 - y0}
}

// parseCSSTransform parses a CSS transform list (CSS Transforms 1 §7):
// translate, translateX, translateY, scale, scaleX, scaleY, rotate,
// skew, skewX, skewY and matrix with CSS units (px and absolute
// lengths, deg, rad, grad, turn). Percentages are not supported.
func parseCSSTransform(v string) (Matrix, bool) {
	m := Identity
	s := strings.TrimSpace(v)
	for s != "" {
		i := strings.IndexByte(s, '(')
		j := strings.IndexByte(s, ')')
		if i < 0 || j < i {
			return Identity, false
		}
		name := strings.ToLower(strings.TrimSpace(s[:i]))
		var args []float64
		for _, a := range strings.FieldsFunc(s[i+1:j], func(c rune) bool { return c == ',' || c == ' ' || c == '\t' || c == '\n' }) {
			f, ok := cssNumber(a, strings.HasPrefix(name, "rotate") || strings.HasPrefix(name, "skew"))
			if !ok {
				return Identity, false
			}
			args = append(args, f)
		}
		s = strings.TrimSpace(s[j+1:])
		var t Matrix
		tan := func(deg float64) float64 { return math.Tan(deg * math.Pi / 180) }
		switch {
		case name == "translatex" && len(args) == 1:
			t = translate(args[0], 0)
		case name == "translatey" && len(args) == 1:
			t = translate(0, args[0])
		case name == "scalex" && len(args) == 1:
			t = scale(args[0], 1)
		case name == "scaley" && len(args) == 1:
			t = scale(1, args[0])
		case name == "skew" && (len(args) == 1 || len(args) == 2):
			args = append(args, 0)
			t = Matrix{1, tan(args[1]), tan(args[0]), 1, 0, 0}
		case name == "skewx" && len(args) == 1:
			t = Matrix{1, 0, tan(args[0]), 1, 0, 0}
		case name == "skewy" && len(args) == 1:
			t = Matrix{1, tan(args[0]), 0, 1, 0, 0}
		case name == "rotate" && len(args) == 1, name == "translate" && len(args) <= 2, name == "scale" && len(args) <= 2, name == "matrix" && len(args) == 6:
			var sb strings.Builder
			sb.WriteString(name + "(")
			for _, a := range args {
				sb.WriteString(strconv.FormatFloat(a, 'g', -1, 64) + " ")
			}
			var ok bool
			if t, ok = parseTransform(sb.String() + ")"); !ok {
				return Identity, false
			}
		default:
			return Identity, false
		}
		m = t.Mul(m)
	}
	return m, true
}

// cssNumber parses a CSS length in px (or an absolute unit) or, when
// angle, an angle in degrees (or rad, grad, turn); a plain number is
// taken as px or degrees.
func cssNumber(v string, angle bool) (float64, bool) {
	if angle {
		for _, u := range [...]struct {
			unit string
			k    float64
		}{{"deg", 1}, {"grad", 0.9}, {"rad", 180 / math.Pi}, {"turn", 360}} {
			if strings.HasSuffix(v, u.unit) {
				f, ok := parseFloat(strings.TrimSuffix(v, u.unit))
				return f * u.k, ok
			}
		}
		return parseFloat(v)
	}
	if strings.HasSuffix(v, "%") || strings.HasSuffix(v, "em") {
		return 0, false
	}
	return parseLength(v, 16, 0)
}

// transformOrigin resolves a transform-origin value in box (x, y,
// width, height): keywords, lengths and percentages of the box.
func transformOrigin(v string, box [4]float64, em float64) (float64, float64) {
	f := strings.Fields(v)
	if len(f) == 1 {
		switch f[0] {
		case "top", "bottom":
			f = []string{"center", f[0]}
		default:
			f = append(f, "center")
		}
	}
	if f[0] == "top" || f[0] == "bottom" || f[1] == "left" || f[1] == "right" {
		f[0], f[1] = f[1], f[0] // a vertical keyword first
	}
	at := func(s string, origin, size float64) float64 {
		switch s {
		case "left", "top":
			return origin
		case "center":
			return origin + size/2
		case "right", "bottom":
			return origin + size
		}
		if strings.HasSuffix(s, "%") {
			p, _ := parseFloat(strings.TrimSuffix(s, "%"))
			return origin + p/100*size
		}
		l, _ := parseLength(s, em, size)
		return origin + l
	}
	return at(f[0], box[0], box[2]), at(f[1], box[1], box[3])
}
