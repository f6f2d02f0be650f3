package style

import (
	"strings"

	"github.com/seed28491532/folio/css"
)

// gradient parses linear-gradient(), radial-gradient(),
// conic-gradient() and their repeating- forms (CSS Images 3 §3, 4 §3.3);
// current is the colour currentcolor stands for.
func (lc lengthCtx) gradient(t css.Token, current Color) (*Gradient, bool) {
	name := strings.ToLower(t.Text)
	g := &Gradient{}
	if rest, ok := strings.CutPrefix(name, "repeating-"); ok {
		g.Repeating, name = true, rest
	}
	args := css.SplitCommas(t.Args)
	if len(args) < 2 {
		return nil, false
	}
	first := css.Fields(args[0])
	stops := args
	var ok bool
	switch name {
	case "linear-gradient":
		g.Kind = LinearGradient
		g.Angle = 180
		if len(first) == 0 {
			return nil, false
		}
		if _, isAngle := angle(first[0]); isAngle || first[0].Is("to") {
			if !g.linearDirection(first) {
				return nil, false
			}
			stops = args[1:]
		}
	case "radial-gradient":
		g.Kind = RadialGradient
		g.Center = BackgroundPosition{X: PositionAxis{Offset: Length{Value: 50, Unit: Percent}}, Y: PositionAxis{Offset: Length{Value: 50, Unit: Percent}}}
		if len(first) > 0 && !isColorToken(first[0]) {
			if !lc.radialShape(g, first) {
				return nil, false
			}
			stops = args[1:]
		}
	case "conic-gradient":
		g.Kind = ConicGradient
		g.Center = BackgroundPosition{X: PositionAxis{Offset: Length{Value: 50, Unit: Percent}}, Y: PositionAxis{Offset: Length{Value: 50, Unit: Percent}}}
		if len(first) > 0 && !isColorToken(first[0]) {
			if !lc.conicPlacement(g, first) {
				return nil, false
			}
			stops = args[1:]
		}
		g.Stops, ok = lc.colorStopsAt(stops, current, turnFraction)
		return g, ok
	default:
		return nil, false
	}
	if g.Stops, ok = lc.colorStops(stops, current); !ok {
		return nil, false
	}
	return g, true
}

// conicPlacement parses [from <angle>]? [at <position>]? of a conic
// gradient.
func (lc lengthCtx) conicPlacement(g *Gradient, f []css.Token) bool {
	if len(f) >= 2 && f[0].Is("from") {
		a, ok := angle(f[1])
		if !ok {
			return false
		}
		g.Angle, f = a, f[2:]
	}
	if len(f) == 0 {
		return true
	}
	if !f[0].Is("at") {
		return false
	}
	p, ok := lc.position(f[1:])
	if !ok {
		return false
	}
	g.Center = p
	return true
}

// turnFraction parses an angular colour stop position, an angle or a
// percentage, as a percentage of a full turn.
func turnFraction(_ lengthCtx, t css.Token) (Length, bool) {
	if t.Kind == css.Percentage {
		return Length{Value: t.Num, Unit: Percent}, true
	}
	a, ok := angle(t)
	return Length{Value: a / 360 * 100, Unit: Percent}, ok
}

// linearDirection parses <angle> | to <side-or-corner>.
func (g *Gradient) linearDirection(f []css.Token) bool {
	if !f[0].Is("to") {
		a, ok := angle(f[0])
		g.Angle = a
		return ok && len(f) == 1
	}
	if len(f) < 2 || len(f) > 3 {
		return false
	}
	var x, y int8
	for _, t := range f[1:] {
		switch {
		case t.Is("left") && x == 0:
			x = -1
		case t.Is("right") && x == 0:
			x = 1
		case t.Is("top") && y == 0:
			y = -1
		case t.Is("bottom") && y == 0:
			y = 1
		default:
			return false
		}
	}
	if x != 0 && y != 0 {
		g.Corner, g.CornerX, g.CornerY = true, x, y
		return true
	}
	switch {
	case y < 0:
		g.Angle = 0
	case x > 0:
		g.Angle = 90
	case y > 0:
		g.Angle = 180
	default:
		g.Angle = 270
	}
	return true
}

// radialShape parses [<shape> || <size>]? [at <position>]?.
func (lc lengthCtx) radialShape(g *Gradient, f []css.Token) bool {
	at := len(f)
	for i, t := range f {
		if t.Is("at") {
			at = i
			break
		}
	}
	if at < len(f) {
		p, ok := lc.position(f[at+1:])
		if !ok {
			return false
		}
		g.Center = p
	}
	var shape, ellipse bool
	var lens []Length
	for _, t := range f[:at] {
		if t.Kind == css.Ident {
			kw := strings.ToLower(t.Text)
			switch {
			case kw == "circle" && !shape:
				shape, g.Circle = true, true
			case kw == "ellipse" && !shape:
				shape, ellipse = true, true
			case g.Extent == FarthestCorner && len(lens) == 0 && extentOf(kw) != ExtentExplicit:
				g.Extent = extentOf(kw)
				if kw == "farthest-corner" {
					g.Extent = FarthestCorner
				}
			default:
				return false
			}
			continue
		}
		l, ok := lc.length(t, true, false)
		if !ok || len(lens) == 2 {
			return false
		}
		lens = append(lens, l)
	}
	switch len(lens) {
	case 1:
		if ellipse || lens[0].Unit == Percent {
			return false
		}
		g.Circle, g.Extent, g.Radius = true, ExtentExplicit, [2]Length{lens[0], lens[0]}
	case 2:
		if g.Circle {
			return false
		}
		g.Extent, g.Radius = ExtentExplicit, [2]Length{lens[0], lens[1]}
	}
	return at > 0 || at < len(f)
}

func extentOf(kw string) RadialExtent {
	switch kw {
	case "closest-side":
		return ClosestSide
	case "farthest-side":
		return FarthestSide
	case "closest-corner":
		return ClosestCorner
	case "farthest-corner":
		return FarthestCorner
	}
	return ExtentExplicit
}

// colorStops parses a <color-stop-list>: colours with up to two positions
// each, and transition hints (a lone position), which become a stop of
// the two neighbours' even mix at that position.
func (lc lengthCtx) colorStops(args [][]css.Token, current Color) ([]ColorStop, bool) {
	return lc.colorStopsAt(args, current, func(lc lengthCtx, t css.Token) (Length, bool) { return lc.length(t, true, true) })
}

// colorStopsAt is colorStops with the positions parsed by pos.
func (lc lengthCtx) colorStopsAt(args [][]css.Token, current Color, pos func(lengthCtx, css.Token) (Length, bool)) ([]ColorStop, bool) {
	if len(args) > maxGradientStops {
		return nil, false
	}
	var out []ColorStop
	hint := -1
	for _, a := range args {
		f := css.Fields(a)
		if len(f) == 0 || len(f) > 3 {
			return nil, false
		}
		c, ok := ParseColor(f[0], current)
		if !ok {
			// a transition hint: between two colour stops
			if len(f) != 1 || len(out) == 0 || hint >= 0 {
				return nil, false
			}
			l, ok := pos(lc, f[0])
			if !ok {
				return nil, false
			}
			hint = len(out)
			out = append(out, ColorStop{Pos: l, Hint: true})
			continue
		}
		if hint >= 0 {
			out[hint].Color = mix(out[hint-1].Color, c)
			hint = -1
		}
		cur := f[0].Is("currentcolor")
		if len(f) == 1 {
			out = append(out, ColorStop{Color: c, Pos: Length{Unit: Auto}, Current: cur})
			continue
		}
		for _, t := range f[1:] {
			l, ok := pos(lc, t)
			if !ok {
				return nil, false
			}
			out = append(out, ColorStop{Color: c, Pos: l, Current: cur})
		}
	}
	if hint >= 0 || len(out) < 2 {
		return nil, false
	}
	return out, true
}

// mix is the even mix of a and b.
func mix(a, b Color) Color {
	m := func(x, y uint8) uint8 { return uint8((int(x) + int(y) + 1) / 2) }
	return Color{m(a.R, b.R), m(a.G, b.G), m(a.B, b.B), m(a.A, b.A)}
}
