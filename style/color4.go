package style

import (
	"math"
	"strings"

	"github.com/seed28491532/folio/css"
)

// CSS Color 4 functions beyond rgb()/hsl(): hwb(), lab(), lch(), oklab()
// and oklch(), converted to sRGB with simple clipping of out-of-gamut
// values (no gamut mapping).

// colorArgs4 splits modern space-separated color arguments: three
// components and an optional alpha after "/". none counts as 0.
func colorArgs4(args []css.Token) ([3]css.Token, *css.Token, bool) {
	var comps [3]css.Token
	f := css.Fields(args)
	var alpha *css.Token
	n := 0
	for i := 0; i < len(f); i++ {
		t := f[i]
		if t.IsDelim("/") {
			if n != 3 || i+2 != len(f) {
				return comps, nil, false
			}
			a := f[i+1]
			alpha = &a
			break
		}
		if n == 3 || t.Kind == css.Comma {
			return comps, nil, false
		}
		comps[n] = t
		n++
	}
	return comps, alpha, n == 3
}

// num4 reads a number or percentage; pctScale is what 100% means.
func num4(t css.Token, pctScale float64) (float64, bool) {
	switch t.Kind {
	case css.Number:
		return t.Num, true
	case css.Percentage:
		return t.Num / 100 * pctScale, true
	case css.Ident:
		if t.Is("none") {
			return 0, true
		}
	}
	return 0, false
}

// hue4 reads a hue in degrees.
func hue4(t css.Token) (float64, bool) {
	switch t.Kind {
	case css.Number:
		return t.Num, true
	case css.Dimension:
		switch t.Unit {
		case "deg":
			return t.Num, true
		case "rad":
			return t.Num * 180 / math.Pi, true
		case "grad":
			return t.Num * 0.9, true
		case "turn":
			return t.Num * 360, true
		}
	case css.Ident:
		if t.Is("none") {
			return 0, true
		}
	}
	return 0, false
}

// parseColor4 handles the CSS Color 4 functions.
func parseColor4(t css.Token) (Color, bool) {
	name := strings.ToLower(t.Text)
	comps, alpha, ok := colorArgs4(t.Args)
	if !ok {
		return Color{}, false
	}
	var r, g, b float64 // linear sRGB except for hwb
	gammaDone := false
	switch name {
	case "hwb":
		h, ok1 := hue4(comps[0])
		w, ok2 := num4(comps[1], 1)
		bl, ok3 := num4(comps[2], 1)
		if !ok1 || !ok2 || !ok3 {
			return Color{}, false
		}
		if w+bl >= 1 {
			gray := w / (w + bl)
			r, g, b = gray, gray, gray
		} else {
			base, _ := parseHSL([]css.Token{{Kind: css.Number, Num: h}, {Kind: css.Whitespace}, {Kind: css.Percentage, Num: 100}, {Kind: css.Whitespace}, {Kind: css.Percentage, Num: 50}})
			k := 1 - w - bl
			r = float64(base.R)/255*k + w
			g = float64(base.G)/255*k + w
			b = float64(base.B)/255*k + w
		}
		gammaDone = true
	case "lab", "lch":
		L, ok1 := num4(comps[0], 100)
		var A, B float64
		var ok2, ok3 bool
		if name == "lab" {
			A, ok2 = num4(comps[1], 125)
			B, ok3 = num4(comps[2], 125)
		} else {
			var C, H float64
			C, ok2 = num4(comps[1], 150)
			H, ok3 = hue4(comps[2])
			A, B = C*math.Cos(H*math.Pi/180), C*math.Sin(H*math.Pi/180)
		}
		if !ok1 || !ok2 || !ok3 {
			return Color{}, false
		}
		r, g, b = labToLinearSRGB(L, A, B)
	case "oklab", "oklch":
		L, ok1 := num4(comps[0], 1)
		var A, B float64
		var ok2, ok3 bool
		if name == "oklab" {
			A, ok2 = num4(comps[1], 0.4)
			B, ok3 = num4(comps[2], 0.4)
		} else {
			var C, H float64
			C, ok2 = num4(comps[1], 0.4)
			H, ok3 = hue4(comps[2])
			A, B = C*math.Cos(H*math.Pi/180), C*math.Sin(H*math.Pi/180)
		}
		if !ok1 || !ok2 || !ok3 {
			return Color{}, false
		}
		r, g, b = oklabToLinearSRGB(L, A, B)
	default:
		return Color{}, false
	}
	if !gammaDone {
		r, g, b = gamma(r), gamma(g), gamma(b)
	}
	col := Color{clamp255(r * 255), clamp255(g * 255), clamp255(b * 255), 255}
	if alpha != nil {
		a, ok := alphaOf(*alpha)
		if !ok {
			return Color{}, false
		}
		col.A = a
	}
	return col, true
}

// gamma applies the sRGB transfer function to a linear component.
func gamma(v float64) float64 {
	sign := 1.0
	if v < 0 {
		sign, v = -1, -v
	}
	if v <= 0.0031308 {
		return sign * 12.92 * v
	}
	return sign * (1.055*math.Pow(v, 1/2.4) - 0.055)
}

// labToLinearSRGB converts CIE Lab (D50) to linear sRGB (D65).
func labToLinearSRGB(L, a, b float64) (float64, float64, float64) {
	const eps = 216.0 / 24389
	const kappa = 24389.0 / 27
	fy := (L + 16) / 116
	fx := fy + a/500
	fz := fy - b/200
	inv := func(f float64) float64 {
		if f3 := f * f * f; f3 > eps {
			return f3
		}
		return (116*f - 16) / kappa
	}
	x := inv(fx) * 0.3457 / 0.3585
	y := fy * fy * fy
	if L <= kappa*eps {
		y = L / kappa
	}
	z := inv(fz) * (1 - 0.3457 - 0.3585) / 0.3585
	// Bradford D50 → D65
	X := 0.9554734527042182*x - 0.023098536874261423*y + 0.0632593086610217*z
	Y := -0.028369706963208136*x + 1.0099954580058226*y + 0.021041398966943008*z
	Z := 0.012314001688319899*x - 0.020507696433477912*y + 1.3303659366080753*z
	return xyzToLinearSRGB(X, Y, Z)
}

func xyzToLinearSRGB(x, y, z float64) (float64, float64, float64) {
	return 3.2409699419045226*x - 1.537383177570094*y - 0.4986107602930034*z,
		-0.9692436362808796*x + 1.8759675015077202*y + 0.04155505740717559*z,
		0.05563007969699366*x - 0.20397695888897652*y + 1.0569715142428786*z
}

// oklabToLinearSRGB converts OKLab to linear sRGB.
func oklabToLinearSRGB(L, a, b float64) (float64, float64, float64) {
	l := L + 0.3963377774*a + 0.2158037573*b
	m := L - 0.1055613458*a - 0.0638541728*b
	s := L - 0.0894841775*a - 1.2914855480*b
	l, m, s = l*l*l, m*m*m, s*s*s
	return 4.0767416621*l - 3.3077115913*m + 0.2309699292*s,
		-1.2684380046*l + 2.6097574011*m - 0.3413193965*s,
		-0.0041960863*l - 0.7034186147*m + 1.7076147010*s
}
