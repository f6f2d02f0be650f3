package svg

import (
	"math"
	"strings"

	"github.com/seed28491532/folio/internal/geom"
)

// Matrix is an affine transform [a b c d e f]: a point (x, y) maps to
// (a·x + c·y + e, b·x + d·y + f).
type Matrix = geom.Matrix

// Identity is the identity transform.
var Identity = geom.Identity

func translate(x, y float64) Matrix { return Matrix{1, 0, 0, 1, x, y} }
func scale(x, y float64) Matrix     { return Matrix{x, 0, 0, y, 0, 0} }

// parseTransform parses a transform list (SVG 1.1 §7.6); ok is false
// when it is malformed, and the element is then drawn untransformed.
func parseTransform(s string) (Matrix, bool) {
	m := Identity
	s = strings.TrimSpace(s)
	for s != "" {
		i := strings.IndexByte(s, '(')
		j := strings.IndexByte(s, ')')
		if i < 0 || j < i {
			return Identity, false
		}
		name := strings.TrimSpace(strings.Trim(s[:i], " ,\t\r\n"))
		args, ok := numberList(s[i+1 : j])
		if !ok {
			return Identity, false
		}
		s = strings.TrimLeft(s[j+1:], " ,\t\r\n")
		var t Matrix
		switch {
		case name == "matrix" && len(args) == 6:
			t = Matrix{args[0], args[1], args[2], args[3], args[4], args[5]}
		case name == "translate" && len(args) == 1:
			t = translate(args[0], 0)
		case name == "translate" && len(args) == 2:
			t = translate(args[0], args[1])
		case name == "scale" && len(args) == 1:
			t = scale(args[0], args[0])
		case name == "scale" && len(args) == 2:
			t = scale(args[0], args[1])
		case name == "rotate" && (len(args) == 1 || len(args) == 3):
			a := args[0] * math.Pi / 180
			sin, cos := math.Sincos(a)
			t = Matrix{cos, sin, -sin, cos, 0, 0}
			if len(args) == 3 {
				t = translate(-args[1], -args[2]).Mul(t).Mul(translate(args[1], args[2]))
			}
		case name == "skewX" && len(args) == 1:
			t = Matrix{1, 0, math.Tan(args[0] * math.Pi / 180), 1, 0, 0}
		case name == "skewY" && len(args) == 1:
			t = Matrix{1, math.Tan(args[0] * math.Pi / 180), 0, 1, 0, 0}
		default:
			return Identity, false
		}
		// the list applies right to left: the last transform first
		m = t.Mul(m)
	}
	return m, true
}

// numberList parses numbers separated by white space and/or commas.
func numberList(s string) ([]float64, bool) {
	var out []float64
	sc := scanner{s: s}
	for {
		sc.skipSep()
		if sc.done() {
			return out, true
		}
		v, ok := sc.number()
		if !ok {
			return out, false
		}
		out = append(out, v)
	}
}

// scanner reads numbers of SVG's number grammar.
type scanner struct {
	s string
	i int
}

func (sc *scanner) done() bool { return sc.i >= len(sc.s) }

func (sc *scanner) skipSep() {
	for sc.i < len(sc.s) {
		switch sc.s[sc.i] {
		case ' ', '\t', '\r', '\n', ',':
			sc.i++
		default:
			return
		}
	}
}

func (sc *scanner) skipSpace() {
	for sc.i < len(sc.s) {
		switch sc.s[sc.i] {
		case ' ', '\t', '\r', '\n':
			sc.i++
		default:
			return
		}
	}
}

// number reads one number (sign, digits, fraction, exponent).
func (sc *scanner) number() (float64, bool) {
	s, i := sc.s, sc.i
	start := i
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	digits := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
		digits++
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
			digits++
		}
	}
	if digits == 0 {
		return 0, false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		j := i + 1
		if j < len(s) && (s[j] == '+' || s[j] == '-') {
			j++
		}
		if j < len(s) && s[j] >= '0' && s[j] <= '9' {
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			i = j
		}
	}
	v, ok := parseFloat(s[start:i])
	if !ok {
		return 0, false
	}
	sc.i = i
	return v, true
}

// flag reads an arc flag: a single 0 or 1.
func (sc *scanner) flag() (bool, bool) {
	if sc.i < len(sc.s) && (sc.s[sc.i] == '0' || sc.s[sc.i] == '1') {
		sc.i++
		return sc.s[sc.i-1] == '1', true
	}
	return false, false
}
