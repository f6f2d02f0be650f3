package display

import (
	"fmt"
	"strings"
	"testing"
)

// paintOrder names the shadow, fill, gradient and border items of l in
// order: "outer(color)", "inset(color)", "fill", "gradient", "border".
func paintOrder(l *List) string {
	var out []string
	for _, it := range l.Items {
		switch it.Op {
		case OpShadow:
			kind := "outer"
			if it.Shadow.Inset {
				kind = "inset"
			}
			if it.Origin.Artifact != Background {
				kind += "(not a background artifact)"
			}
			out = append(out, fmt.Sprintf("%s(%d,%d,%d)", kind, it.Color.R, it.Color.G, it.Color.B))
		case OpFill:
			out = append(out, "fill")
		case OpGradient:
			out = append(out, "gradient")
		case OpBorder:
			out = append(out, "border")
		}
	}
	return strings.Join(out, " ")
}

// TestBoxShadowOrder checks where box-shadow layers go in the painting
// order (CSS Backgrounds 3 §7.1): outer shadows under the background,
// inset ones above the background (also above background images) and
// under the border, the first layer on top of the others.
func TestBoxShadowOrder(t *testing.T) {
	tests := []struct{ name, css, want string }{
		{"none", "background:red", "fill"},
		{"outer", "background:red;box-shadow:1pt 1pt #010101, 2pt 2pt #020202",
			"outer(2,2,2) outer(1,1,1) fill"},
		{"inset", "background:red;border:1pt solid;box-shadow:inset 1pt 1pt #010101, 2pt 2pt #020202",
			"outer(2,2,2) fill inset(1,1,1) border border border border"},
		{"inset over a gradient", "background:linear-gradient(red,blue);box-shadow:inset 1pt 1pt #010101",
			"gradient inset(1,1,1)"},
		{"transparent colour", "box-shadow:1pt 1pt transparent", ""},
		{"empty box casts a spread shadow", "width:0;height:0;box-shadow:0 0 0 5pt #010101, inset 0 0 0 5pt red", "outer(1,1,1)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := styledList(t, `<div style="width:50pt;height:50pt;`+tt.css+`"></div>`)
			if got := paintOrder(l); got != tt.want {
				t.Errorf("painted %q, want %q", got, tt.want)
			}
		})
	}
}

// TestTextShadowItems checks that each text-shadow layer adds one offset
// copy of the run, in the shadow colour, before the run and as an
// artifact marked as a shadow.
func TestTextShadowItems(t *testing.T) {
	l := styledList(t, `<p style="color:black;text-shadow:2pt 3pt red, -1pt 0 blue">Hi</p>`)
	var texts []Item
	for _, it := range l.Items {
		if it.Op == OpText {
			texts = append(texts, it)
		}
	}
	if len(texts) != 3 {
		t.Fatalf("%d text items, want the run and two shadows", len(texts))
	}
	run := texts[2]
	if run.Shadow != nil || run.Origin.Box == nil {
		t.Fatalf("last text item %+v is not the tagged run", run)
	}
	for i, want := range []struct {
		dx, dy  float64
		r, g, b uint8
	}{{-1, 0, 0, 0, 255}, {2, 3, 255, 0, 0}} {
		sh := texts[i]
		if sh.Shadow == nil || sh.Origin.Artifact != Layout || sh.Origin.Box != nil {
			t.Errorf("shadow %d: %+v is not a layout artifact marked as a shadow", i, sh.Origin)
		}
		if dx, dy := sh.Text.X-run.Text.X, sh.Text.Baseline-run.Text.Baseline; dx != want.dx || dy != want.dy {
			t.Errorf("shadow %d offset %g,%g, want %g,%g", i, dx, dy, want.dx, want.dy)
		}
		if c := sh.Text.Color; c.R != want.r || c.G != want.g || c.B != want.b {
			t.Errorf("shadow %d colour %v, want %d,%d,%d", i, c, want.r, want.g, want.b)
		}
	}
}

// TestShadowSteps checks that the bands approximating a blur grow with
// the blur radius but stay bounded.
func TestShadowSteps(t *testing.T) {
	for _, tt := range []struct {
		blur float64
		want int
	}{{0, 1}, {1, 1}, {3, 3}, {9, 7}, {12, MaxShadowSteps}, {1e9, MaxShadowSteps}, {1e300, MaxShadowSteps}, {-1, 1}} {
		if got := ShadowSteps(tt.blur); got != tt.want {
			t.Errorf("ShadowSteps(%g) = %d, want %d", tt.blur, got, tt.want)
		}
	}
}

// TestCellShadows checks that a table cell casts its box-shadow in both
// border models: with collapsed borders (painted by the table) the
// outer shadow goes under the cell's background, the inset one above
// it, and the collapsed borders on top.
func TestCellShadows(t *testing.T) {
	const cell = `<td style="width:20pt;height:20pt;padding:0;border:2pt solid;background:red;box-shadow:inset 3pt 0 #010101, 1pt 1pt #020202"></td>`
	tests := []struct{ name, table, want string }{
		{"separate", `<table style="border-spacing:0"><tr>` + cell + `</tr></table>`, "outer(2,2,2) fill inset(1,1,1) border border border border"},
		{"collapsed", `<table style="border-collapse:collapse"><tr>` + cell + `</tr></table>`, "outer(2,2,2) fill inset(1,1,1) border border border border"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := paintOrder(styledList(t, tt.table)); got != tt.want {
				t.Errorf("painted %q, want %q", got, tt.want)
			}
		})
	}
}
