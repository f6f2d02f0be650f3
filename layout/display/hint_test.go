package display

import (
	"math"
	"testing"

	"github.com/seed28491532/folio/style"
)

// TestBendHints checks the stops a transition hint becomes: along the
// curve t^(ln ½ / ln H) between its neighbours, one stop when midway, a
// hard stop when at either neighbour, and nothing to change without
// hints.
func TestBendHints(t *testing.T) {
	red, blue := style.Color{R: 255, A: 255}, style.Color{B: 255, A: 255}
	mid := style.Color{R: 128, B: 128, A: 255}
	stops := func(h float64) ([]float64, []style.ColorStop) {
		return []float64{0, h, 100}, []style.ColorStop{{Color: red}, {Color: mid, Hint: true}, {Color: blue}}
	}
	t.Run("hint at 25%", func(t *testing.T) {
		pos, out := bendHints(stops(25))
		if len(pos) != len(out) || len(out) != hintSamples+1 {
			t.Fatalf("%d positions, %d stops, want %d", len(pos), len(out), hintSamples+1)
		}
		e := math.Log(0.5) / math.Log(0.25)
		for i := 1; i+1 < len(out); i++ {
			if pos[i] <= pos[i-1] {
				t.Fatalf("positions %v not increasing", pos)
			}
			want := 255 * math.Pow(pos[i]/100, e)
			if got := float64(out[i].Color.B); math.Abs(got-want) > 1 {
				t.Errorf("stop at %.2f: blue %v, want %.1f", pos[i], got, want)
			}
		}
	})
	t.Run("midway", func(t *testing.T) {
		pos, out := bendHints(stops(50))
		if len(out) != 3 || pos[1] != 50 || out[1].Color != mid {
			t.Errorf("got %v %v, want the one even-mix stop at 50", pos, out)
		}
	})
	t.Run("at the first stop", func(t *testing.T) {
		pos, out := bendHints(stops(0))
		if len(out) != 3 || pos[1] != 0 || out[1].Color != blue {
			t.Errorf("got %v %v, want a hard stop to blue at 0", pos, out)
		}
	})
	t.Run("to transparent: the hue kept", func(t *testing.T) {
		pos, out := bendHints([]float64{0, 20, 100},
			[]style.ColorStop{{Color: blue}, {Color: mid, Hint: true}, {Color: style.Color{}}})
		for i := 1; i+1 < len(out); i++ {
			if c := out[i].Color; c.B != 255 || c.R != 0 {
				t.Errorf("stop at %.2f is %v, want blue at some alpha", pos[i], c)
			}
		}
	})
	t.Run("no hints", func(t *testing.T) {
		pos := []float64{0, 100}
		in := []style.ColorStop{{Color: red}, {Color: blue}}
		if p, out := bendHints(pos, in); len(p) != 2 || &out[0] != &in[0] {
			t.Errorf("stops without hints changed: %v", out)
		}
	})
}
