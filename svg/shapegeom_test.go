package svg

import (
	"fmt"
	"testing"
)

// TestShapeGeometryCached: New computes once the geometry of a basic
// shape whose geometry attributes hold no percentage (another
// attribute's percentage does not matter); one with a percentage is
// computed against the viewport it is drawn in, each time.
func TestShapeGeometryCached(t *testing.T) {
	tests := []struct {
		name, shape string
		cached      bool
		// box is the shape's bounds drawn in a 200×100 viewport
		box [4]float64
	}{
		{"rect", `<rect x="10" y="20" width="30" height="40"/>`, true, [4]float64{10, 20, 40, 60}},
		{"rect in units", `<rect x="1em" y="12pt" width="1in" height="2px"/>`, true, [4]float64{16, 16, 112, 18}},
		{"rect with a percentage width", `<rect x="10" y="20" width="50%" height="40"/>`, false, [4]float64{10, 20, 110, 60}},
		{"percentage outside the geometry", `<rect x="10" y="20" width="30" height="40" stroke-width="10%" fill="red"/>`, true, [4]float64{10, 20, 40, 60}},
		{"rounded rect", `<rect x="10" y="20" width="30" height="40" rx="5"/>`, true, [4]float64{10, 20, 40, 60}},
		{"circle", `<circle cx="50" cy="50" r="10"/>`, true, [4]float64{40, 40, 60, 60}},
		{"circle with a percentage centre", `<circle cx="50%" cy="50" r="10"/>`, false, [4]float64{90, 40, 110, 60}},
		{"ellipse", `<ellipse cx="50" cy="50" rx="10" ry="5"/>`, true, [4]float64{40, 45, 60, 55}},
		{"line", `<line x1="0" y1="10" x2="100" y2="10" stroke="red"/>`, true, [4]float64{0, 10, 100, 10}},
		{"line to a percentage", `<line x1="0" y1="10" x2="25%" y2="10" stroke="red"/>`, false, [4]float64{0, 10, 50, 10}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := mustDoc(t, `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">`+tt.shape+`</svg>`)
			el := d.Root.FirstChild
			if _, cached := d.paths[el]; cached != tt.cached {
				t.Errorf("cached %v, want %v", cached, tt.cached)
			}
			shapes := render(t, d, 200, 100)
			if len(shapes) != 1 {
				t.Fatalf("%d shapes, want 1", len(shapes))
			}
			x0, y0, x1, y1, _ := shapes[0].Path.Transformed(shapes[0].M).Bounds()
			if got := [4]float64{x0, y0, x1, y1}; got != tt.box {
				t.Errorf("bounds %v, want %v", got, tt.box)
			}
		})
	}
}

// TestStrokeKeywords: stroke-linecap and stroke-linejoin keywords, an
// unknown one taking the initial value (butt, miter), miter-clip and
// arcs drawn as miter.
func TestStrokeKeywords(t *testing.T) {
	tests := []struct {
		attrs     string
		cap, join uint8
	}{
		{``, 0, 0},
		{`stroke-linecap="round" stroke-linejoin="round"`, 1, 1},
		{`stroke-linecap="square" stroke-linejoin="bevel"`, 2, 2},
		{`stroke-linecap="butt" stroke-linejoin="miter-clip"`, 0, 0},
		{`stroke-linecap="wavy" stroke-linejoin="arcs"`, 0, 0},
		{`style="stroke-linecap: round; stroke-linejoin: bevel"`, 1, 2},
	}
	for _, tt := range tests {
		d := mustDoc(t, `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><path d="M10 10 L50 50 L90 10" fill="none" stroke="red" `+tt.attrs+`/></svg>`)
		shapes := render(t, d, 100, 100)
		if len(shapes) != 1 || shapes[0].Stroke == nil {
			t.Fatalf("%s: %d shapes, want 1 stroked", tt.attrs, len(shapes))
		}
		if s := shapes[0].Stroke; s.Cap != tt.cap || s.Join != tt.join {
			t.Errorf("%s: cap %d join %d, want %d and %d", tt.attrs, s.Cap, s.Join, tt.cap, tt.join)
		}
	}
}

// TestLengthsAllocs: a text's position list is read without a slice of
// its fields: one allocation (the values), where there were two or more.
func TestLengthsAllocs(t *testing.T) {
	for _, c := range []struct {
		v      string
		want   []float64
		allocs float64
	}{
		{"3", []float64{3}, 1},
		{" 1, 2em\t3% ", []float64{1, 20, 1.5}, 1},
	} {
		d := mustDoc(t, `<svg xmlns="http://www.w3.org/2000/svg"><text x="`+c.v+`">a</text></svg>`)
		r := &renderer{d: d}
		var got []float64
		if n := testing.AllocsPerRun(10, func() { got = r.lengths(d.Root.FirstChild, "x", 50, 10) }); n > c.allocs {
			t.Errorf("%q: %v allocations, want at most %v", c.v, n, c.allocs)
		}
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%q: %v, want %v", c.v, got, c.want)
		}
	}
}
