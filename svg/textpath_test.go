package svg

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/seed28491532/folio/style"
)

// TestTextPath checks that the characters of a textPath, each 10 units
// wide here, are placed with their middles along the path from
// startOffset (a length or a percentage of the path), turned along it,
// moved back by text-anchor, and left out where their middles fall off
// the path.
func TestTextPath(t *testing.T) {
	tests := []struct {
		name, path, attrs string
		// want are the origins of the glyphs drawn and angle their turn
		want  [][2]float64
		angle float64
	}{
		{"along x", "M0 50 L100 50", `startOffset="10"`, [][2]float64{{10, 50}, {20, 50}, {30, 50}}, 0},
		{"down, in percent", "M50 0 L50 100", `startOffset="50%"`, [][2]float64{{50, 50}, {50, 60}, {50, 70}}, 90},
		{"anchored at the end", "M0 50 L100 50", `startOffset="100" text-anchor="end"`, [][2]float64{{70, 50}, {80, 50}, {90, 50}}, 0},
		{"off the end", "M0 50 L100 50", `startOffset="80"`, [][2]float64{{80, 50}, {90, 50}}, 0},
		{"second subpath", "M0 0 L10 0 M0 50 L100 50", `startOffset="10"`, [][2]float64{{0, 50}, {10, 50}, {20, 50}}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><path id="p" d="` + tt.path + `"/>` +
				`<text font-size="10"><textPath href="#p" ` + tt.attrs + `>abc</textPath></text></svg>`
			shapes, err := mustDoc(t, src).Render(context.Background(), RenderOptions{Width: 100, Height: 100, Color: style.Color{A: 255},
				Measure: func(t *Text) float64 { return 10 }})
			if err != nil {
				t.Fatal(err)
			}
			checkGlyphOrigins(t, shapes, tt.want, tt.angle)
		})
	}
	// a textPath without a path, or of a path of no length, draws nothing
	for _, body := range []string{`<textPath href="#none">x</textPath>`, `<textPath href="#dot">x</textPath>`} {
		src := `<svg xmlns="http://www.w3.org/2000/svg"><defs><path id="dot" d="M5 5"/></defs><text>` + body + `</text></svg>`
		shapes, _ := mustDoc(t, src).Render(context.Background(), RenderOptions{Width: 10, Height: 10, Measure: func(*Text) float64 { return 1 }})
		if len(shapes) != 0 {
			t.Errorf("%s: %d shapes, want none", strings.TrimSpace(body), len(shapes))
		}
	}
}

// TestTextPathSideAndAdvances checks side="right" (the path travelled
// from its end, the glyphs turned 180°), the advances of the text
// shaped as a whole (a kerned pair: the second character moves 2 units
// back, the third follows it), and that method="stretch" and
// spacing="auto" are drawn as align and exact (as Chromium does).
func TestTextPathSideAndAdvances(t *testing.T) {
	// each character alone is 10 wide; "abc" shaped together kerns a-b by -2
	kerned := func(t *Text) []float64 {
		if t.Content != "abc" {
			return nil
		}
		return []float64{8, 10, 10}
	}
	tests := []struct {
		name, attrs string
		advances    func(*Text) []float64
		want        [][2]float64
		angle       float64
	}{
		{"side right", `startOffset="10" side="right"`, nil, [][2]float64{{90, 50}, {80, 50}, {70, 50}}, 180},
		{"side left", `startOffset="10" side="left"`, nil, [][2]float64{{10, 50}, {20, 50}, {30, 50}}, 0},
		{"kerned", `startOffset="10"`, kerned, [][2]float64{{10, 50}, {18, 50}, {28, 50}}, 0},
		{"kerned, anchored at the end", `startOffset="100" text-anchor="end"`, kerned, [][2]float64{{72, 50}, {80, 50}, {90, 50}}, 0},
		{"advances of another length", `startOffset="10"`, func(*Text) []float64 { return []float64{1} }, [][2]float64{{10, 50}, {20, 50}, {30, 50}}, 0},
		{"stretch and auto", `startOffset="10" method="stretch" spacing="auto"`, nil, [][2]float64{{10, 50}, {20, 50}, {30, 50}}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><path id="p" d="M0 50 L100 50"/>` +
				`<text font-size="10"><textPath href="#p" ` + tt.attrs + `>abc</textPath></text></svg>`
			shapes, err := mustDoc(t, src).Render(context.Background(), RenderOptions{Width: 100, Height: 100, Color: style.Color{A: 255},
				Measure: func(*Text) float64 { return 10 }, Advances: tt.advances})
			if err != nil {
				t.Fatal(err)
			}
			checkGlyphOrigins(t, shapes, tt.want, tt.angle)
		})
	}
}

// checkGlyphOrigins checks the origins of the text shapes (to 1/1000)
// against want, and that each is turned by angle degrees.
func checkGlyphOrigins(t *testing.T, shapes []Shape, want [][2]float64, angle float64) {
	t.Helper()
	var got [][2]float64
	for _, s := range shapes {
		if s.Text == nil {
			continue
		}
		x, y := s.M.Apply(s.Text.X, s.Text.Y)
		got = append(got, [2]float64{math.Round(x*1000) / 1000, math.Round(y*1000) / 1000})
		if a := math.Atan2(s.M[1], s.M[0]) * 180 / math.Pi; math.Abs(a-angle) > 1e-9 {
			t.Errorf("glyph %q turned %g°, want %g°", s.Text.Content, a, angle)
		}
	}
	if len(got) != len(want) {
		t.Fatalf("glyph origins %v, want %v", got, want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("glyph origins %v, want %v", got, want)
			break
		}
	}
}
