package svg

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"unsafe"

	"github.com/seed28491532/folio/style"
)

// TestRenderAllocsPerShape: filled and stroked shapes take their paints
// and strokes from slabs, so rendering many costs well under one
// allocation a shape (three before: the fill, the stroke and its paint),
// and every shape still has a paint and a stroke of its own.
func TestRenderAllocsPerShape(t *testing.T) {
	doc := func(n int) *Document {
		var b strings.Builder
		b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">`)
		for i := range n {
			fmt.Fprintf(&b, `<rect x="%d" y="1" width="1" height="2" fill="#%06x" stroke="red" stroke-width="%d"/>`, i%90, i, 1+i%3)
		}
		b.WriteString(`</svg>`)
		return mustDoc(t, b.String())
	}
	opts := RenderOptions{Width: 100, Height: 100, Color: style.Color{A: 255}}
	allocs := func(d *Document) float64 {
		return testing.AllocsPerRun(5, func() {
			if _, err := d.Render(context.Background(), opts); err != nil {
				t.Fatal(err)
			}
		})
	}
	small, large := doc(64), doc(640)
	if per := (allocs(large) - allocs(small)) / 576; per > 0.2 {
		t.Errorf("%.2f allocations a shape, want at most 0.2", per)
	}
	shapes := render(t, large, 100, 100)
	if len(shapes) != 640 {
		t.Fatalf("%d shapes, want 640", len(shapes))
	}
	for i, s := range shapes {
		if s.Fill == nil || s.Stroke == nil {
			t.Fatalf("shape %d: fill %v, stroke %v", i, s.Fill, s.Stroke)
		}
		if got, want := s.Fill.Color, (style.Color{R: 0, G: uint8(i >> 8), B: uint8(i), A: 255}); got != want {
			t.Fatalf("shape %d: fill %v, want %v", i, got, want)
		}
		if want := float64(1 + i%3); s.Stroke.Width != want || s.Stroke.Color != (style.Color{R: 255, A: 255}) {
			t.Fatalf("shape %d: stroke %v width %v, want red width %v", i, s.Stroke.Color, s.Stroke.Width, want)
		}
	}
}

// TestNewAllocsPerShape: the geometry New computes for basic shapes
// (rects, circles, lines) and parses for paths comes from slabs: well
// under one allocation a shape (two before: the path and its segments),
// each path its own.
func TestNewAllocsPerShape(t *testing.T) {
	src := func(n int) string {
		var b strings.Builder
		b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">`)
		for i := range n {
			switch i % 4 {
			case 0:
				fmt.Fprintf(&b, `<rect x="%d" y="1" width="1" height="2"/>`, i%90)
			case 1:
				fmt.Fprintf(&b, `<circle cx="%d" cy="5" r="2"/>`, i%90)
			case 2:
				fmt.Fprintf(&b, `<path d="M%d 5l3 -4l3 4"/>`, i%90)
			default:
				fmt.Fprintf(&b, `<line x1="0" x2="%d" y1="3" y2="3" stroke="red"/>`, i%90)
			}
		}
		b.WriteString(`</svg>`)
		return b.String()
	}
	allocs := func(n int) float64 {
		root, err := Parse(strings.NewReader(src(n)), Limits{})
		if err != nil {
			t.Fatal(err)
		}
		return testing.AllocsPerRun(5, func() {
			if _, err := New(root, Limits{}, nil); err != nil {
				t.Fatal(err)
			}
		})
	}
	if per := (allocs(660) - allocs(60)) / 600; per > 0.2 {
		t.Errorf("%.2f allocations a shape, want at most 0.2", per)
	}
	d := mustDoc(t, src(300))
	seen := map[*Segment]bool{}
	for n, p := range d.paths {
		if want := map[string]int{"rect": 5, "circle": 6, "line": 2, "path": 3}[n.Data]; len(p.Segs) != want || cap(p.Segs) != want {
			t.Fatalf("%s: %d segments in room for %d, want %d", n.Data, len(p.Segs), cap(p.Segs), want)
		}
		if seen[&p.Segs[0]] {
			t.Fatalf("%s shares its segments with another path", n.Data)
		}
		seen[&p.Segs[0]] = true
	}
	if len(seen) != 300 {
		t.Fatalf("%d paths, want 300", len(seen))
	}
}

// TestTextBox: text filled with a colour needs no box; a gradient fill
// spans the advance (at least 1) by the font size.
func TestTextBox(t *testing.T) {
	colour := computed{fontSize: 10, fill: paint{color: style.Color{A: 255}}}
	if b := textBox(&colour, 1, 2, 30); b != nil {
		t.Errorf("colour fill: box %v, want none", b)
	}
	grad := computed{fontSize: 10, fill: paint{ref: "g"}}
	for _, c := range []struct{ w, want float64 }{{30, 30}, {0, 1}} {
		b := textBox(&grad, 1, 2, c.w)
		x0, y0, x1, y1, ok := b.Bounds()
		if !ok || x0 != 1 || y0 != 2 || x1 != 1+c.want || y1 != 12 {
			t.Errorf("gradient fill, advance %v: box %v %v %v %v, want 1 2 %v 12", c.w, x0, y0, x1, y1, 1+c.want)
		}
	}
}

// TestPaintsShared: shapes painted alike share their paint and stroke
// (charts interleave a few series), shapes painted otherwise do not,
// and a shared value keeps every field of the shape's own.
func TestPaintsShared(t *testing.T) {
	tests := []struct {
		name             string
		shape            func(i int) string
		paints, strokes  int
		fillOf, strokeOf func(i int) style.Color
	}{
		{"three series interleaved", func(i int) string {
			return fmt.Sprintf(`<rect x="%d" y="1" width="1" height="2" fill="#%02x0000" stroke="#0000%02x" stroke-width="2"/>`, i%90, i%3, i%3)
		}, 3, 3, func(i int) style.Color { return style.Color{R: uint8(i % 3), A: 255} }, func(i int) style.Color { return style.Color{B: uint8(i % 3), A: 255} }},
		{"all different", func(i int) string {
			return fmt.Sprintf(`<rect x="%d" y="1" width="1" height="2" fill="#%06x" stroke="#%06x"/>`, i%90, i, 255-i)
		}, 200, 200, func(i int) style.Color { return style.Color{G: uint8(i >> 8), B: uint8(i), A: 255} }, func(i int) style.Color { return style.Color{B: uint8(255 - i), A: 255} }},
		{"dash arrays of their own", func(i int) string {
			return fmt.Sprintf(`<rect x="%d" y="1" width="1" height="2" fill="red" stroke="red" stroke-dasharray="%d"/>`, i%90, 1+i%2)
		}, 1, 200, func(int) style.Color { return style.Color{R: 255, A: 255} }, func(int) style.Color { return style.Color{R: 255, A: 255} }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">`)
			for i := range 200 {
				b.WriteString(tt.shape(i))
			}
			b.WriteString(`</svg>`)
			shapes := render(t, mustDoc(t, b.String()), 100, 100)
			if len(shapes) != 200 {
				t.Fatalf("%d shapes, want 200", len(shapes))
			}
			paints, strokes := map[*Paint]bool{}, map[*Stroke]bool{}
			for i, s := range shapes {
				paints[s.Fill], strokes[s.Stroke] = true, true
				if s.Fill.Color != tt.fillOf(i) || s.Stroke.Color != tt.strokeOf(i) {
					t.Fatalf("shape %d: fill %v stroke %v, want %v and %v", i, s.Fill.Color, s.Stroke.Color, tt.fillOf(i), tt.strokeOf(i))
				}
			}
			if len(paints) != tt.paints || len(strokes) != tt.strokes {
				t.Errorf("%d paints and %d strokes, want %d and %d", len(paints), len(strokes), tt.paints, tt.strokes)
			}
		})
	}
}

// TestShapeSize guards the size of Shape: a render makes one a painted
// element (a chart's thousands), so the fields of rare shapes are
// pointers.
func TestShapeSize(t *testing.T) {
	if got := unsafe.Sizeof(Shape{}); got > 152 {
		t.Errorf("Shape is %d bytes, want at most 152", got)
	}
}
