package svg

import (
	"context"
	"fmt"
	"testing"
)

// TestHTMLClipPath checks Document.ClipPath, the clip an HTML box takes
// from clip-path: url(#id): the content in the border box's coordinates
// or fractions, the clipPath's transform, the fill rule, an empty
// clipPath and ids that name no clipPath.
func TestHTMLClipPath(t *testing.T) {
	d := mustDoc(t, `<svg xmlns="http://www.w3.org/2000/svg"><defs>
<clipPath id="user"><rect x="10" y="20" width="30" height="40"/></clipPath>
<clipPath id="bbox" clipPathUnits="objectBoundingBox"><rect x="0.5" width="0.5" height="1"/></clipPath>
<clipPath id="moved" transform="translate(5 5)"><rect width="10" height="10"/></clipPath>
<clipPath id="rule"><rect width="10" height="10" clip-rule="evenodd"/></clipPath>
<clipPath id="empty"/>
<rect id="notclip" width="1" height="1"/></defs></svg>`)
	box := [4]float64{100, 200, 150, 75} // points
	tests := []struct {
		id    string
		found bool
		want  string // bounds x0 y0 x1 y1, or nil
	}{
		{"user", true, "107.5 215 130 245 nonzero"}, // CSS px × 0.75 from the box's corner
		{"bbox", true, "175 200 250 275 nonzero"},
		{"moved", true, "103.75 203.75 111.25 211.25 nonzero"},
		{"rule", true, "100 200 107.5 207.5 evenodd"},
		{"empty", true, "nil"},
		{"notclip", false, "nil"},
		{"missing", false, "nil"},
	}
	for _, tc := range tests {
		t.Run(tc.id, func(t *testing.T) {
			c, found := d.ClipPath(tc.id, box, 0.75)
			got := "nil"
			if c != nil {
				x0, y0, x1, y1, _ := c.Path.Bounds()
				rule := "nonzero"
				if c.EvenOdd {
					rule = "evenodd"
				}
				got = fmt.Sprintf("%g %g %g %g %s", x0, y0, x1, y1, rule)
			}
			if found != tc.found || got != tc.want {
				t.Errorf("ClipPath(%q) = %s, %v; want %s, %v", tc.id, got, found, tc.want, tc.found)
			}
		})
	}
}

// TestPatternTextShapes checks that text filled with a pattern comes as
// a TextClipBegin (the run, still text), the pattern's tiles and a
// TextClipEnd, the tiles covering the run where its anchor put it.
func TestPatternTextShapes(t *testing.T) {
	d := mustDoc(t, `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><defs>
<pattern id="p" width="10" height="10" patternUnits="userSpaceOnUse"><rect width="5" height="5" fill="red"/></pattern></defs>
<text x="100" y="50" font-size="20" text-anchor="end" fill="url(#p)">ab</text></svg>`)
	shapes, err := d.Render(context.Background(), RenderOptions{Width: 200, Height: 100,
		Measure: func(t *Text) float64 { return 40 }})
	if err != nil {
		t.Fatal(err)
	}
	if len(shapes) < 3 || shapes[0].Group != TextClipBegin || shapes[0].Text == nil || shapes[len(shapes)-1].Group != TextClipEnd {
		t.Fatalf("want TextClipBegin, tiles, TextClipEnd; got %d shapes", len(shapes))
	}
	if x := shapes[0].Text.X; x != 60 {
		t.Errorf("run at x %g, want 60 (anchored at its end)", x)
	}
	tiles := shapes[1 : len(shapes)-1]
	x0 := 1e9
	for _, s := range tiles {
		if s.Group != NoGroup || s.Path == nil || s.Fill == nil {
			t.Fatalf("a tile is not a filled path: %+v", s)
		}
		b, _ := s.Bounds()
		x0 = min(x0, b[0])
	}
	// 4 tiles across (x 60–100), 2 down (y 30–50)
	if len(tiles) != 8 || x0 != 60 {
		t.Errorf("%d tiles from x %g, want 8 from 60", len(tiles), x0)
	}
}
