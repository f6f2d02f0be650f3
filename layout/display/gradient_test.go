package display

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/seed28491532/folio/style"
)

func fmtResolved(g *Gradient) string {
	var b strings.Builder
	if g.Radial {
		fmt.Fprintf(&b, "radial c=%g,%g r=%g,%g", g.CX, g.CY, g.RX, g.RY)
	} else {
		r := func(v float64) float64 {
			v = math.Round(v*1e4) / 1e4
			if v == 0 {
				return 0
			}
			return v
		}
		fmt.Fprintf(&b, "axis %.4g,%.4g→%.4g,%.4g", r(g.X0), r(g.Y0), r(g.X1), r(g.Y1))
	}
	for _, s := range g.Stops {
		fmt.Fprintf(&b, " %.4g:%d", s.Offset, s.Color.R)
	}
	return b.String()
}

// TestResolveGradient checks gradient geometry in a 100×50 tile: the
// gradient line of angles and corners, radial extents, and the fix-up of
// stop positions (CSS Images 3 §3.5.3).
func TestResolveGradient(t *testing.T) {
	c := func(r uint8) style.Color { return style.Color{R: r, A: 255} }
	auto := style.Length{Unit: style.Auto}
	pct := func(v float64) style.Length { return style.Length{Value: v, Unit: style.Percent} }
	pt := func(v float64) style.Length { return style.Length{Value: v} }
	two := []style.ColorStop{{Color: c(0), Pos: auto}, {Color: c(100), Pos: auto}}
	center := style.BackgroundPosition{X: style.PositionAxis{Offset: pct(50)}, Y: style.PositionAxis{Offset: pct(50)}}
	tests := []struct {
		name string
		g    style.Gradient
		want string
	}{
		{"to bottom", style.Gradient{Angle: 180, Stops: two}, "axis 50,0→50,50 0:0 1:100"},
		{"to right", style.Gradient{Angle: 90, Stops: two}, "axis 0,25→100,25 0:0 1:100"},
		{"45deg covers the corners", style.Gradient{Angle: 45, Stops: two}, "axis 12.5,62.5→87.5,-12.5 0:0 1:100"},
		{"to top right is perpendicular to the other diagonal", style.Gradient{Corner: true, CornerX: 1, CornerY: -1, Stops: two},
			"axis 30,65→70,-15 0:0 1:100"},
		{"stop positions: missing spread, decreasing clamped", style.Gradient{Angle: 90, Stops: []style.ColorStop{
			{Color: c(0), Pos: auto}, {Color: c(1), Pos: pct(40)}, {Color: c(2), Pos: auto}, {Color: c(3), Pos: pt(20)}, {Color: c(4), Pos: auto}, {Color: c(5), Pos: pct(80)}}},
			"axis 0,25→100,25 0:0 0.4:1 0.4:2 0.4:3 0.6:4 0.8:5"},
		{"the axis is the whole line", style.Gradient{Angle: 90, Stops: []style.ColorStop{{Color: c(0), Pos: pct(20)}, {Color: c(9), Pos: pct(60)}}},
			"axis 0,25→100,25 0.2:0 0.6:9"},
		{"repeating", style.Gradient{Angle: 90, Repeating: true, Stops: []style.ColorStop{{Color: c(0), Pos: pt(10)}, {Color: c(9), Pos: pt(40)}}},
			"axis -20,25→100,25 0:0 0.25:9 0.25:0 0.5:9 0.5:0 0.75:9 0.75:0 1:9"},
		{"ellipse farthest-corner", style.Gradient{Kind: style.RadialGradient, Center: center, Stops: two},
			"radial c=50,25 r=71.71067811865476,35.85533905932738 0:0 0.9861:100"},
		{"circle closest-side", style.Gradient{Kind: style.RadialGradient, Circle: true, Extent: style.ClosestSide, Center: center, Stops: two},
			"radial c=50,25 r=56.90169943749474,56.90169943749474 0:0 0.4394:100"},
		{"circle farthest-corner at a corner", style.Gradient{Kind: style.RadialGradient, Circle: true,
			Center: style.BackgroundPosition{}, Stops: two}, "radial c=0,0 r=112.80339887498948,112.80339887498948 0:0 0.9911:100"},
		{"radial stops inside the ray, the ray past the corners", style.Gradient{Kind: style.RadialGradient, Circle: true, Extent: style.ExtentExplicit,
			Radius: [2]style.Length{pt(40), pt(40)}, Center: center, Stops: []style.ColorStop{{Color: c(0), Pos: pt(10)}, {Color: c(9), Pos: pt(20)}}},
			"radial c=50,25 r=56.90169943749474,56.90169943749474 0.1757:0 0.3515:9"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := fmtResolved(resolveGradient(&tt.g, 100, 50, style.Color{})); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

// TestRepeatingGradientBound checks that a repeating gradient of many
// stops and tiny periods stays within maxStops.
func TestRepeatingGradientBound(t *testing.T) {
	stops := make([]style.ColorStop, 256)
	for i := range stops {
		stops[i] = style.ColorStop{Color: style.Color{R: uint8(i), A: 255}, Pos: style.Length{Value: float64(i) / 1000}}
	}
	g := resolveGradient(&style.Gradient{Angle: 90, Repeating: true, Stops: stops}, 10000, 10, style.Color{})
	if n := len(g.Stops); n > maxStops || n < len(stops) {
		t.Errorf("%d stops, want %d to %d", n, len(stops), maxStops)
	}
}

// TestGradientHugeStops checks that stop positions far off the line keep
// the offsets finite and in order.
func TestGradientHugeStops(t *testing.T) {
	g := resolveGradient(&style.Gradient{Angle: 90, Stops: []style.ColorStop{
		{Color: style.Color{A: 255}, Pos: style.Length{Value: -1e308}}, {Color: style.Color{A: 255}, Pos: style.Length{Value: 1e308}}}}, 100, 100, style.Color{})
	for i, s := range g.Stops {
		if math.IsNaN(s.Offset) || math.IsInf(s.Offset, 0) || s.Offset < 0 || s.Offset > 1 || i > 0 && s.Offset < g.Stops[i-1].Offset {
			t.Fatalf("stops %+v: offsets not finite and in order", g.Stops)
		}
	}
}
