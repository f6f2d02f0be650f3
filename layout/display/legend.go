package display

import "github.com/seed28491532/folio/layout"

// legendNotch returns the horizontal extent of the rendered legend of
// fieldset fragment f when the legend sits over f's top border (the
// fieldset's first fragment; layout places it there), else nil: the
// border is not painted behind the legend (HTML §15.3.13).
func legendNotch(f *layout.Fragment) *[2]float64 {
	if !f.First || f.Box.Tag() != "fieldset" || f.Border[0] <= 0 || len(f.Children) == 0 {
		return nil
	}
	lg := f.Children[0]
	if lg.Box.Tag() != "legend" || lg.Box.Parent != f.Box || lg.Y >= f.Y+f.Border[0] || lg.Y+lg.H <= f.Y {
		return nil
	}
	return &[2]float64{lg.X, lg.X + lg.W}
}

// notched returns the parts of border side side (its area r) to paint:
// the top side without the extent of b.notch, the others whole.
func (b *builder) notched(side int, r layout.Rect) []layout.Rect {
	if b.notch == nil || side != 0 {
		return []layout.Rect{r}
	}
	x0, x1 := max(b.notch[0], r.X), min(b.notch[1], r.X+r.W)
	if x1 <= x0 {
		return []layout.Rect{r}
	}
	var out []layout.Rect
	if x0 > r.X {
		out = append(out, layout.Rect{X: r.X, Y: r.Y, W: x0 - r.X, H: r.H})
	}
	if x1 < r.X+r.W {
		out = append(out, layout.Rect{X: x1, Y: r.Y, W: r.X + r.W - x1, H: r.H})
	}
	return out
}
