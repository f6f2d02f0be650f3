package display

import (
	"math"

	"github.com/seed28491532/folio/style"
)

// hintSamples is how many segments a transition hint's curve is drawn
// with.
const hintSamples = 16

// bendHints replaces each transition hint of stops (positions pos,
// resolved) by stops along its curve (CSS Images 4 §3.5.3): between
// colour stops A at a and B at b with the hint at h, the colour at p is
// A mixed with B by t^(ln ½ / ln H), t = (p−a)/(b−a), H = (h−a)/(b−a).
// The samples are denser where the curve is steep (near a when the hint
// is before the middle, near b after it). A hint midway is the straight
// mix and is kept as one stop.
func bendHints(pos []float64, stops []style.ColorStop) ([]float64, []style.ColorStop) {
	n := 0
	for i := 1; i+1 < len(stops); i++ {
		if stops[i].Hint {
			n++
		}
	}
	if n == 0 {
		return pos, stops
	}
	outPos := make([]float64, 0, len(pos)+n*hintSamples)
	out := make([]style.ColorStop, 0, len(stops)+n*hintSamples)
	for i, s := range stops {
		if !s.Hint || i == 0 || i+1 == len(stops) {
			outPos, out = append(outPos, pos[i]), append(out, s)
			continue
		}
		a, b, h := pos[i-1], pos[i+1], pos[i]
		ca, cb := stops[i-1].Color, stops[i+1].Color
		switch {
		case b <= a:
			continue // no room: the transition is a hard stop
		case h <= a:
			// all of the transition at a: B from a on
			outPos, out = append(outPos, a), append(out, style.ColorStop{Color: cb})
			continue
		case h >= b:
			// A up to b
			outPos, out = append(outPos, b), append(out, style.ColorStop{Color: ca})
			continue
		}
		H := (h - a) / (b - a)
		if math.Abs(H-0.5) < 1e-6 {
			outPos, out = append(outPos, h), append(out, style.ColorStop{Color: mixPremultiplied(ca, cb, 0.5)})
			continue
		}
		e := math.Log(0.5) / math.Log(H)
		for k := 1; k < hintSamples; k++ {
			u := float64(k) / hintSamples
			t := u * u // dense near a, where t^e (e < 1) is steep
			if e > 1 {
				t = 1 - (1-u)*(1-u)
			}
			outPos = append(outPos, a+t*(b-a))
			out = append(out, style.ColorStop{Color: mixPremultiplied(ca, cb, math.Pow(t, e))})
		}
	}
	return outPos, out
}

// mixPremultiplied mixes a and b by t in premultiplied colour, as CSS
// interpolates gradients (so a fade to transparent keeps its hue instead
// of darkening).
func mixPremultiplied(a, b style.Color, t float64) style.Color {
	wa, wb := float64(a.A)*(1-t), float64(b.A)*t
	alpha := wa + wb
	if alpha <= 0 {
		return lerp(a, b, t)
	}
	m := func(x, y uint8) uint8 { return uint8(math.Round((float64(x)*wa + float64(y)*wb) / alpha)) }
	return style.Color{R: m(a.R, b.R), G: m(a.G, b.G), B: m(a.B, b.B), A: uint8(math.Round(alpha))}
}
