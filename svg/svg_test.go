package svg

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/seed28491532/folio/css"
	"github.com/seed28491532/folio/style"
)

func mustDoc(t *testing.T, src string) *Document {
	t.Helper()
	root, err := Parse(strings.NewReader(src), Limits{})
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	d, err := New(root, Limits{}, nil)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return d
}

func render(t *testing.T, d *Document, w, h float64) []Shape {
	t.Helper()
	shapes, err := d.Render(context.Background(), RenderOptions{Width: w, Height: h, Color: style.Color{A: 255}})
	if err != nil {
		t.Fatalf("Render: %v", err)
	}
	return shapes
}

// useBomb returns an SVG whose levels each use the previous level ten
// times: 10^levels elements once expanded.
func useBomb(levels int) string {
	var sb strings.Builder
	sb.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><defs><rect id="l0" width="1" height="1"/>`)
	for i := 1; i <= levels; i++ {
		fmt.Fprintf(&sb, `<g id="l%d">`, i)
		for j := 0; j < 10; j++ {
			fmt.Fprintf(&sb, `<use href="#l%d"/>`, i-1)
		}
		sb.WriteString(`</g>`)
	}
	fmt.Fprintf(&sb, `</defs><use href="#l%d"/></svg>`, levels)
	return sb.String()
}

func nested(depth int) string {
	return `<svg xmlns="http://www.w3.org/2000/svg">` + strings.Repeat("<g>", depth) + strings.Repeat("</g>", depth) + `</svg>`
}

// TestLimits checks that hostile documents end with the named limit,
// and that documents within the limits pass.
func TestLimits(t *testing.T) {
	tests := []struct {
		name, src string
		lim       Limits
		limit     string // "" when the document is accepted
	}{
		{"use bomb", useBomb(9), Limits{}, "MaxExpanded"},
		{"small use tree", useBomb(3), Limits{}, ""},
		{"use bomb under a tight limit", useBomb(3), Limits{MaxExpanded: 500}, "MaxExpanded"},
		{"deep nesting", nested(100_000), Limits{}, "MaxDepth"},
		{"nesting at the limit", nested(255), Limits{}, ""},
		{"many elements", `<svg>` + strings.Repeat("<rect/>", 1001) + `</svg>`, Limits{MaxElements: 1000}, "MaxElements"},
		{"long path", `<svg><path d="M0 0` + strings.Repeat(" L1 1", 2000) + `"/></svg>`, Limits{MaxPathSegments: 1000}, "MaxPathSegments"},
		{"path reused", `<svg><defs><path id="p" d="M0 0` + strings.Repeat(" L1 1", 100) + `"/></defs>` + strings.Repeat(`<use href="#p"/>`, 20) + `</svg>`, Limits{MaxPathSegments: 1000}, "MaxPathSegments"},
		{"large source", `<svg>` + strings.Repeat(" ", 2000) + `</svg>`, Limits{MaxBytes: 1000}, "MaxBytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root, err := Parse(strings.NewReader(tt.src), tt.lim)
			if err == nil {
				_, err = New(root, tt.lim, nil)
			}
			var le *LimitError
			switch {
			case tt.limit == "" && err != nil:
				t.Fatalf("unexpected error: %v", err)
			case tt.limit == "":
			case !errors.As(err, &le) || !errors.Is(err, ErrLimit):
				t.Fatalf("error %v, want a *LimitError naming %s", err, tt.limit)
			case le.Name != tt.limit || !strings.Contains(err.Error(), tt.limit):
				t.Fatalf("error %q names %s, want %s", err, le.Name, tt.limit)
			}
		})
	}
}

// TestUseCycle checks that a use referencing its own ancestor is an
// error, not a loop.
func TestUseCycle(t *testing.T) {
	root, err := Parse(strings.NewReader(`<svg><g id="a"><use href="#a"/></g></svg>`), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := New(root, Limits{}, nil); err == nil || !strings.Contains(err.Error(), "cycle") {
		t.Fatalf("New = %v, want a reference cycle error", err)
	}
}

// TestParseRejects checks what the parser refuses: DTD entities,
// external entities, documents that are not SVG.
func TestParseRejects(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"internal entity", `<!DOCTYPE svg [<!ENTITY x "boom">]><svg><text>&x;</text></svg>`, "malformed XML"},
		{"external entity", `<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg><text>&x;</text></svg>`, "malformed XML"},
		{"not svg", `<html><body/></html>`, "not <svg>"},
		{"unclosed", `<svg><g>`, "no complete root"},
		{"mismatched", `<svg></g>`, "malformed XML"},
		{"empty", ``, "no complete root"},
		{"foreign encoding", `<?xml version="1.0" encoding="koi8-r"?><svg/>`, "unsupported encoding"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(strings.NewReader(tt.src), Limits{})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Parse = %v, want an error containing %q", err, tt.want)
			}
		})
	}
}

// TestIntrinsicSize checks width, height and viewBox resolution.
func TestIntrinsicSize(t *testing.T) {
	tests := []struct {
		src  string
		w, h float64
	}{
		{`<svg width="200" height="100"/>`, 200, 100},
		{`<svg width="2in" height="1in"/>`, 192, 96},
		{`<svg width="300" viewBox="0 0 30 10"/>`, 300, 100},
		{`<svg height="50" viewBox="0 0 30 10"/>`, 150, 50},
		{`<svg viewBox="0 0 40 20"/>`, 300, 150},
		{`<svg/>`, 300, 150},
		{`<svg width="100%" height="50"/>`, 300, 50},
	}
	for _, tt := range tests {
		d := mustDoc(t, tt.src)
		if math.Abs(d.Width-tt.w) > 1e-9 || math.Abs(d.Height-tt.h) > 1e-9 {
			t.Errorf("%s: size %gx%g, want %gx%g", tt.src, d.Width, d.Height, tt.w, tt.h)
		}
	}
}

// TestPathData checks the parsed segments of path data, arcs included.
func TestPathData(t *testing.T) {
	tests := []struct {
		d    string
		ops  string
		last [2]float64
	}{
		{"M10 10 L20 20 H30 V40 Z", "MLLLZ", [2]float64{30, 40}},
		{"m10 10 l10 10 h10 v20 z", "MLLLZ", [2]float64{30, 40}},
		{"M0,0 C1,1 2,2 3,3 S5,5 6,6", "MCC", [2]float64{6, 6}},
		{"M0 0 Q5 10 10 0 T20 0", "MCC", [2]float64{20, 0}},
		{"M0 0 A10 10 0 0 1 20 0", "MCC", [2]float64{20, 0}},
		{"M0 0 A10 10 0 1 1 0 1", "MCCCC", [2]float64{0, 1}},
		{"M0 0 a5 5 0 1 0 10 0", "MCC", [2]float64{10, 0}},
		{"M0 0 A0 10 0 0 1 20 0", "ML", [2]float64{20, 0}},
		{"M0 0L10 10L", "ML", [2]float64{10, 10}},           // drawn up to the error
		{"M1e1.5.5.5", "ML", [2]float64{0.5, 0.5}},          // 10,.5 then an implicit lineto
		{"A1 1 0 0 0 0 0", "", [2]float64{}},                // a zero-length arc first adds nothing
		{"L10 10", "", [2]float64{}},                        // must start with a moveto
		{"M0 0 A10 10 0 01 20 0", "MCC", [2]float64{20, 0}}, // flags run together
	}
	for _, tt := range tests {
		p, _ := parsePath(tt.d, 1000)
		ops := ""
		for _, s := range p.Segs {
			ops += string(s.Op)
		}
		if ops != tt.ops {
			t.Errorf("%q: ops %q, want %q", tt.d, ops, tt.ops)
			continue
		}
		if len(p.Segs) == 0 {
			continue
		}
		s := p.Segs[len(p.Segs)-1]
		if s.Op == Close {
			s = p.Segs[len(p.Segs)-2]
		}
		end := s.Pts[0]
		if s.Op == CubicTo {
			end = s.Pts[2]
		}
		if math.Abs(end[0]-tt.last[0]) > 1e-6 || math.Abs(end[1]-tt.last[1]) > 1e-6 {
			t.Errorf("%q: ends at %v, want %v", tt.d, end, tt.last)
		}
	}
}

// TestArcStaysOnCircle checks that a half-circle arc's curves pass
// through the circle (their midpoints lie on it).
func TestArcStaysOnCircle(t *testing.T) {
	p, _ := parsePath("M0 0 A10 10 0 0 1 20 0", 100)
	for _, s := range p.Segs[1:] {
		// the curve's midpoint
		x := (p0(p, s)[0] + 3*s.Pts[0][0] + 3*s.Pts[1][0] + s.Pts[2][0]) / 8
		y := (p0(p, s)[1] + 3*s.Pts[0][1] + 3*s.Pts[1][1] + s.Pts[2][1]) / 8
		if r := math.Hypot(x-10, y); math.Abs(r-10) > 0.01 {
			t.Errorf("curve midpoint %v,%v is %g from the centre, want 10", x, y, r)
		}
		if y > 1e-9 {
			t.Errorf("sweep-flag 1 from left to right goes up (y < 0), got y=%g", y)
		}
	}
}

// p0 returns the start point of segment s of p.
func p0(p *Path, s Segment) [2]float64 {
	var prev [2]float64
	for _, x := range p.Segs {
		if x == s {
			return prev
		}
		switch x.Op {
		case MoveTo, LineTo:
			prev = x.Pts[0]
		case CubicTo:
			prev = x.Pts[2]
		}
	}
	return prev
}

// TestTransforms checks transform lists.
func TestTransforms(t *testing.T) {
	tests := []struct {
		s    string
		x, y float64 // where 1, 0 maps
	}{
		{"translate(10,20)", 11, 20},
		{"scale(2)", 2, 0},
		{"rotate(90)", 0, 1},
		{"rotate(90 1 1)", 2, 1},
		{"translate(10) scale(3)", 13, 0},
		{"matrix(1 0 0 1 5 6)", 6, 6},
		{"skewY(45)", 1, 1},
	}
	for _, tt := range tests {
		m, ok := parseTransform(tt.s)
		x, y := m.Apply(1, 0)
		if !ok || math.Abs(x-tt.x) > 1e-9 || math.Abs(y-tt.y) > 1e-9 {
			t.Errorf("%s: (1,0) → (%g,%g) ok=%v, want (%g,%g)", tt.s, x, y, ok, tt.x, tt.y)
		}
	}
	if _, ok := parseTransform("rotate(1 2)"); ok {
		t.Error("rotate with two arguments parsed")
	}
}

// TestCascade checks the precedence of presentation attributes, sheet
// rules and style attributes, inheritance, and currentColor.
func TestCascade(t *testing.T) {
	d := mustDoc(t, `<svg width="10" height="10" color="#00ff00">
		<style>.a { fill: #0000ff } #b { fill: #ff0000 } rect { stroke: #010203 }</style>
		<rect class="a" fill="#123456" width="1" height="1"/>
		<rect id="b" class="a" width="1" height="1"/>
		<rect class="a" style="fill:#abcdef" width="1" height="1"/>
		<g fill="#445566"><rect width="1" height="1"/></g>
		<rect fill="currentColor" width="1" height="1"/>
		<script>fill everything</script>
		<rect onclick="x()" width="1" height="1" display="none"/>
	</svg>`)
	shapes := render(t, d, 10, 10)
	rgb := func(r, g, b uint8) style.Color { return style.Color{R: r, G: g, B: b, A: 255} }
	want := []style.Color{rgb(0, 0, 255), rgb(255, 0, 0), rgb(0xab, 0xcd, 0xef), rgb(0x44, 0x55, 0x66), rgb(0, 255, 0)}
	if len(shapes) != len(want) {
		t.Fatalf("%d shapes, want %d", len(shapes), len(want))
	}
	for i, s := range shapes {
		if s.Fill == nil || s.Fill.Color != want[i] {
			t.Errorf("shape %d: fill %+v, want %v", i, s.Fill, want[i])
		}
		if s.Stroke == nil || s.Stroke.Color != rgb(1, 2, 3) {
			t.Errorf("shape %d: stroke %+v, want #010203 from the sheet", i, s.Stroke)
		}
	}
}

// TestViewBoxFit checks that the viewBox is fitted into the viewport
// and that opacity and gradients resolve.
func TestViewBoxFit(t *testing.T) {
	d := mustDoc(t, `<svg viewBox="0 0 10 10" width="100" height="100">
		<defs><linearGradient id="g"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue" stop-opacity=".5"/></linearGradient></defs>
		<rect x="5" y="5" width="5" height="5" fill="url(#g)" opacity=".5"/>
	</svg>`)
	shapes := render(t, d, 200, 100) // meet: scale 10, centred horizontally
	if len(shapes) != 1 {
		t.Fatalf("%d shapes", len(shapes))
	}
	s := shapes[0]
	x, y := s.M.Apply(5, 5)
	if math.Abs(x-100) > 1e-9 || math.Abs(y-50) > 1e-9 {
		t.Errorf("(5,5) maps to (%g,%g), want (100,50)", x, y)
	}
	g := s.Fill.Gradient
	if g == nil || len(g.Stops) != 2 || g.Stops[1].Color.A != 128 || s.Opacity != 0.5 {
		t.Fatalf("gradient %+v opacity %g", g, s.Opacity)
	}
	if gx, _ := g.M.Apply(1, 0); gx != 10 {
		t.Errorf("objectBoundingBox x=1 maps to %g, want 10 (the rect's right edge)", gx)
	}
}

// TestSniff checks SVG detection.
func TestSniff(t *testing.T) {
	for src, want := range map[string]bool{
		`<svg/>`: true,
		"\ufeff<?xml version=\"1.0\"?>\n<!-- c --><!DOCTYPE svg><svg>": true,
		`<html>`:                       false,
		"\x89PNG\r\n":                  false,
		`<?xml version="1.0"?><note/>`: false,
	} {
		if got := Sniff([]byte(src)); got != want {
			t.Errorf("Sniff(%q) = %v, want %v", src, got, want)
		}
	}
}

// TestViewportClips checks that a shape inside its viewports is not
// clipped and one reaching out of a viewport is, and that a clipPath
// adds its clip.
func TestViewportClips(t *testing.T) {
	d := mustDoc(t, `<svg width="100" height="100">
		<clipPath id="c"><circle cx="50" cy="50" r="10"/></clipPath>
		<rect x="10" y="10" width="20" height="20"/>
		<rect x="90" y="10" width="20" height="20"/>
		<rect x="10" y="10" width="20" height="20" stroke="red" stroke-width="30"/>
		<svg x="50" y="50" width="10" height="10"><rect width="5" height="5"/><rect width="20" height="5"/></svg>
		<rect x="10" y="10" width="20" height="20" clip-path="url(#c)"/>
		<rect x="10" y="10" width="20" height="20" clip-path="url(#missing)"/>
	</svg>`)
	shapes := render(t, d, 100, 100)
	// a filled rectangle spilling out of a viewport is trimmed to it
	// instead of clipped (TestRectTrimmedToViewport)
	want := []int{0, 0, 1, 0, 0, 1, 0}
	if len(shapes) != len(want) {
		t.Fatalf("%d shapes, want %d", len(shapes), len(want))
	}
	for i, s := range shapes {
		if len(s.Clips) != want[i] {
			t.Errorf("shape %d has %d clips, want %d", i, len(s.Clips), want[i])
		}
	}
}

// TestInitialFont checks that text takes the initial font of the
// options (an inline svg's element font) unless the SVG sets its own.
func TestInitialFont(t *testing.T) {
	d := mustDoc(t, `<svg width="100" height="100"><text y="20">a</text><text y="40" font-family="Mono" font-size="2em">b</text></svg>`)
	var got []*Text
	shapes, err := d.Render(context.Background(), RenderOptions{Width: 100, Height: 100, Families: []string{"Body"}, FontSize: 12,
		Measure: func(t *Text) float64 { got = append(got, t); return 10 }})
	if err != nil || len(shapes) != 2 || len(got) != 2 {
		t.Fatalf("Render: %d shapes, %d texts, %v", len(shapes), len(got), err)
	}
	if got[0].Families[0] != "Body" || got[0].Size != 12 || got[1].Families[0] != "Mono" || got[1].Size != 24 {
		t.Errorf("fonts %v %g and %v %g, want Body 12 and Mono 24", got[0].Families, got[0].Size, got[1].Families, got[1].Size)
	}
}

// TestPageSheets checks that page style rules setting SVG properties
// apply under the SVG's own sheet and style attributes, and that page
// rules setting only HTML properties are left out.
func TestPageSheets(t *testing.T) {
	page, _ := css.Parse(`rect { fill: #ff0000 } .own { fill: #00ff00 } rect { display: none }`, css.ParseOptions{})
	root, err := Parse(strings.NewReader(`<svg width="10" height="10"><style>.own { fill: #0000ff }</style>
		<rect width="1" height="1" fill="#000000"/><rect class="own" width="1" height="1"/></svg>`), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	d, err := New(root, Limits{}, &Page{Sheets: []*css.Stylesheet{page}})
	if err != nil {
		t.Fatal(err)
	}
	shapes := render(t, d, 10, 10)
	if len(shapes) != 2 {
		t.Fatalf("%d shapes, want 2 (display: none from a page rule without SVG properties is ignored)", len(shapes))
	}
	if c := shapes[0].Fill.Color; c != (style.Color{R: 255, A: 255}) {
		t.Errorf("page rule: fill %v, want red over the presentation attribute", c)
	}
	if c := shapes[1].Fill.Color; c != (style.Color{B: 255, A: 255}) {
		t.Errorf("own sheet: fill %v, want blue (the SVG's sheet comes after the page's)", c)
	}
}

// TestPadded checks how repeat and reflect gradients unroll into stops.
func TestPadded(t *testing.T) {
	black, white := style.Color{A: 255}, style.Color{R: 255, G: 255, B: 255, A: 255}
	g := &Gradient{X1: 0, X2: 10, M: Identity, Reflect: true, Stops: []Stop{{0, black}, {1, white}}}
	p := g.Padded(-5, 0, 25, 10) // t from -0.5 to 2.5: periods -1, 0, 1, 2
	if p.Reflect || p.X1 != -10 || p.X2 != 30 || len(p.Stops) != 8 {
		t.Fatalf("padded %+v", p)
	}
	// period -1 is reflected: white at its start, black at its end
	if p.Stops[0].Color != white || p.Stops[1].Color != black || p.Stops[1].Offset != 0.25 || p.Stops[2].Color != black {
		t.Errorf("stops %+v", p.Stops)
	}
	g.Reflect, g.Repeat = false, true
	if p := g.Padded(0, 0, 1e9, 1); p != g {
		t.Error("a gradient of more periods than maxSpreadStops allows was unrolled")
	}
	g.Repeat = false
	if p := g.Padded(-5, 0, 25, 10); p != g {
		t.Error("a pad gradient changed")
	}
}

// TestMarkers checks marker placement and orientation, and that markers
// on many vertices stop at twice MaxExpanded shapes.
func TestMarkers(t *testing.T) {
	d := mustDoc(t, `<svg width="100" height="100">
		<marker id="m" orient="auto" markerUnits="userSpaceOnUse" refX="1"><rect width="2" height="1"/></marker>
		<polyline points="0,0 10,0 10,10" fill="none" stroke="black" marker-start="url(#m)" marker-mid="url(#m)" marker-end="url(#m)"/>
	</svg>`)
	shapes := render(t, d, 100, 100)
	if len(shapes) != 4 {
		t.Fatalf("%d shapes, want the polyline and 3 markers", len(shapes))
	}
	// the end marker points down (+90°): its rect's (1,0) corner, the
	// reference point, sits on the vertex 10,10
	for i, want := range [][4]float64{{0, 0, 1, 0}, {10, 0, 10 + math.Cos(math.Pi/4), math.Sin(math.Pi / 4)}, {10, 10, 10, 11}} {
		m := shapes[i+1].M
		x, y := m.Apply(1, 0)
		x2, y2 := m.Apply(2, 0)
		if math.Abs(x-want[0]) > 1e-9 || math.Abs(y-want[1]) > 1e-9 || math.Abs(x2-want[2]) > 1e-9 || math.Abs(y2-want[3]) > 1e-9 {
			t.Errorf("marker %d: ref at %g,%g, +x to %g,%g; want %v", i, x, y, x2, y2, want)
		}
	}
	var sb strings.Builder
	sb.WriteString(`<svg width="10" height="10"><marker id="m">` + strings.Repeat(`<rect width="1" height="1"/>`, 50) + `</marker><polyline marker-mid="url(#m)" stroke="red" points="`)
	for i := 0; i < 5000; i++ {
		fmt.Fprintf(&sb, "%d,%d ", i%10, i%7)
	}
	sb.WriteString(`"/></svg>`)
	root, err := Parse(strings.NewReader(sb.String()), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	d, err = New(root, Limits{MaxExpanded: 1000}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(render(t, d, 10, 10)); n > 2*1000+50 {
		t.Errorf("%d shapes drawn, want at most about twice MaxExpanded", n)
	}
}

// TestImages checks that <image> loads data: URIs only, and that an
// image refused by the caller (Err set) is not drawn.
func TestImages(t *testing.T) {
	// a 1×1 PNG
	const png1 = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC"
	d := mustDoc(t, `<svg width="10" height="10"><image href="`+png1+`" width="4" height="4"/>
		<image href="https://example.com/a.png" width="4" height="4"/><image href="file:///etc/passwd"/>
		<image href="data:text/plain,hello"/></svg>`)
	ims := d.Images()
	if len(ims) != 1 || ims[0].Format != "png" || ims[0].Width != 1 {
		t.Fatalf("images %+v, want the one PNG data: URI", ims)
	}
	shapes := render(t, d, 10, 10)
	if len(shapes) != 1 || shapes[0].Image != ims[0] || *shapes[0].ImageRect != [4]float64{0, 0, 4, 4} {
		t.Fatalf("shapes %+v", shapes)
	}
	ims[0].Err = errors.New("refused")
	if n := len(render(t, d, 10, 10)); n != 0 {
		t.Errorf("%d shapes drawn after the image was refused", n)
	}
}

// BenchmarkRenderChart parses, prepares and renders a chart of 2,000
// elements (without text: see BenchmarkConvertSVGChart for the whole
// conversion).
func BenchmarkRenderChart(b *testing.B) {
	src := chartSVG(`<style>.bar{fill:steelblue}</style>`, `class="bar"`)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		root, err := Parse(strings.NewReader(src), Limits{})
		if err != nil {
			b.Fatal(err)
		}
		d, err := New(root, Limits{}, nil)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := d.Render(context.Background(), RenderOptions{Width: 450, Height: 225}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestSaneNumbers checks that shapes beyond the coordinates and scales
// a PDF can hold are left out, and a dash pattern too fine for its path
// is drawn solid.
func TestSaneNumbers(t *testing.T) {
	d := mustDoc(t, `<svg width="100" height="100">
		<rect width="10" height="10"/>
		<rect width="1e12" height="10"/>
		<g transform="scale(1e-9)"><rect width="10" height="10"/></g>
		<line x2="100" stroke="red" stroke-dasharray="0.0001"/>
		<line x2="100" stroke="red" stroke-dasharray="5 5"/>
		<rect width="10" height="10" stroke="red" stroke-width="1e12"/>
	</svg>`)
	shapes := render(t, d, 100, 100)
	if len(shapes) != 4 {
		t.Fatalf("%d shapes, want 4 (the huge and the vanishing rect left out)", len(shapes))
	}
	if shapes[1].Stroke == nil || shapes[1].Stroke.Dash != nil {
		t.Errorf("a million dashes: stroke %+v, want solid", shapes[1].Stroke)
	}
	if shapes[2].Stroke == nil || len(shapes[2].Stroke.Dash) != 2 {
		t.Errorf("ten dashes: stroke %+v, want dashed", shapes[2].Stroke)
	}
	if shapes[3].Stroke != nil || shapes[3].Fill == nil {
		t.Errorf("a stroke 1e12 wide: %+v, want the fill only", shapes[3])
	}
}

// TestTextPositions checks x/y/dx/dy lists, em units in them, and that
// a tspan without lists takes its characters' positions from its
// parent's.
func TestTextPositions(t *testing.T) {
	d := mustDoc(t, `<svg width="100" height="100" font-size="20">
		<text x="10 20 30" y="50" dy="0.5em">abc</text>
		<text x="0" y="0" dx="0 5">d<tspan>ef</tspan></text>
	</svg>`)
	var texts []*Text
	_, err := d.Render(context.Background(), RenderOptions{Width: 100, Height: 100,
		Measure: func(t *Text) float64 { texts = append(texts, t); return float64(len(t.Content)) }})
	if err != nil {
		t.Fatal(err)
	}
	type run struct {
		s    string
		x, y float64
	}
	want := []run{{"a", 10, 60}, {"b", 20, 60}, {"c", 30, 60}, {"d", 0, 0}, {"ef", 6, 0}}
	if len(texts) != len(want) {
		for _, x := range texts {
			t.Logf("%q at %g,%g", x.Content, x.X, x.Y)
		}
		t.Fatalf("%d runs, want %d", len(texts), len(want))
	}
	for i, w := range want {
		if g := texts[i]; g.Content != w.s || g.X != w.x || g.Y != w.y {
			t.Errorf("run %d: %q at %g,%g, want %q at %g,%g", i, g.Content, g.X, g.Y, w.s, w.x, w.y)
		}
	}
}

// TestFontShorthand checks the font shorthand in style attributes.
func TestFontShorthand(t *testing.T) {
	d := mustDoc(t, `<svg width="100" height="100"><text style="font: italic bold 12px 'Open Sans', sans-serif">a</text>
		<text style="font: 10px/1.2 serif; font-weight: 300">b</text><text style="font: bogus">c</text></svg>`)
	var got []*Text
	if _, err := d.Render(context.Background(), RenderOptions{Width: 100, Height: 100,
		Measure: func(t *Text) float64 { got = append(got, t); return 1 }}); err != nil || len(got) != 3 {
		t.Fatalf("%d texts, %v", len(got), err)
	}
	if a := got[0]; !a.Italic || a.Weight != 700 || a.Size != 12 || len(a.Families) != 2 || a.Families[0] != "Open Sans" {
		t.Errorf("a: %+v", a)
	}
	if b := got[1]; b.Italic || b.Weight != 300 || b.Size != 10 || b.Families[0] != "serif" {
		t.Errorf("b: %+v", b)
	}
	if c := got[2]; c.Size != 16 || c.Families[0] != "serif" {
		t.Errorf("c: %+v (an invalid shorthand is ignored)", c)
	}
}

// TestPatterns checks that a pattern fill draws its content a tile,
// clipped to the shape, and that tiny tiles and self-references are
// bounded.
func TestPatterns(t *testing.T) {
	d := mustDoc(t, `<svg width="100" height="100">
		<pattern id="p" width="10" height="10" patternUnits="userSpaceOnUse"><rect x="1" y="1" width="5" height="5" fill="url(#p)" stroke="blue" stroke-linejoin="round"/></pattern>
		<pattern id="tiny" width="0.01" height="0.01" patternUnits="userSpaceOnUse"><rect width="1" height="1"/></pattern>
		<rect width="20" height="30" fill="url(#p)"/>
		<rect width="100" height="100" fill="url(#tiny)"/>
	</svg>`)
	shapes := render(t, d, 100, 100)
	if len(shapes) != 6 {
		t.Fatalf("%d shapes, want 2×3 tiles (the tiny pattern draws nothing)", len(shapes))
	}
	for i, s := range shapes {
		if len(s.Clips) != 1 || s.Clips[0].rect != nil {
			t.Errorf("tile %d: clips %+v, want the shape's only (the content lies inside its tile)", i, s.Clips)
		}
		if s.Fill != nil || s.Stroke == nil {
			t.Errorf("tile %d: the self-referencing pattern drew a fill", i)
		}
	}
}

// TestSwitchAndSpace checks that <switch> takes the text fallback of a
// foreignObject (diagram exports), and xml:space="preserve".
func TestSwitchAndSpace(t *testing.T) {
	d := mustDoc(t, `<svg width="100" height="100">
		<switch><foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">Box</div></foreignObject><text y="10">Box</text></switch>
		<switch><g requiredFeatures="http://www.w3.org/TR/SVG11/feature#Extensibility"><rect width="1" height="1"/></g><text y="20">Fallback</text></switch>
		<switch><text systemLanguage="fr">Bonjour</text><text systemLanguage="en-GB, de">Hello</text></switch>
		<text y="30" xml:space="preserve">  a   b  </text>
		<text y="40">  a   b  </text>
	</svg>`)
	var got []string
	_, err := d.Render(context.Background(), RenderOptions{Width: 100, Height: 100,
		Measure: func(t *Text) float64 { got = append(got, t.Content); return 1 }})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"Box", "Fallback", "Hello", "  a   b  ", "a b"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("texts %q, want %q", got, want)
	}
}

// chartSVG returns a chart of 2,000 elements (bars, dots, grid lines and
// marks) for the benchmarks: head goes first in the svg, barAttrs on every
// bar.
func chartSVG(head, barAttrs string) string {
	var sb strings.Builder
	sb.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="300" viewBox="0 0 600 300">` + head)
	for i := 0; i < 2000; i++ {
		x := float64(i%200) * 3
		switch i % 4 {
		case 0:
			fmt.Fprintf(&sb, `<rect %s x="%g" y="%d" width="2.5" height="%d"/>`, barAttrs, x, 280-i%250, i%250)
		case 1:
			fmt.Fprintf(&sb, `<circle cx="%g" cy="%d" r="2" fill="#ff7f0e" stroke="#fff" stroke-width=".5"/>`, x, 280-(i*7)%250)
		case 2:
			fmt.Fprintf(&sb, `<line x1="0" x2="600" y1="%d.5" y2="%d.5" stroke="#eee"/>`, i%280, i%280)
		default:
			fmt.Fprintf(&sb, `<path d="M%g %dl3 -4l3 4" fill="none" stroke="#2ca02c"/>`, x, 280-(i*3)%250)
		}
	}
	sb.WriteString(`</svg>`)
	return sb.String()
}

// TestShortDecimal checks the fast path of parseFloat against strconv
// on the numbers drawings hold and at its edges, and that it declines
// what it does not parse exactly (exponents, 16 digits, junk).
func TestShortDecimal(t *testing.T) {
	for _, s := range []string{"0", "-0", "+1", "2.5", ".5", "5.", "-.75", "280", "0.1", "0.2", "0.3", "123456789012345",
		"1.00000000000001", "99999.9999999999", "-0.000000000000001", "3.14159", "600", "1e3", "1234567890123456", "1.5.2", "", "-", ".", "1,5", "١"} {
		want, err := strconv.ParseFloat(s, 64)
		got, ok := shortDecimal(s)
		digits := 0
		for _, c := range s {
			if c >= '0' && c <= '9' {
				digits++
			}
		}
		plain := err == nil && digits > 0 && digits <= 15 && !strings.ContainsAny(s, "eE")
		if ok != plain {
			t.Errorf("shortDecimal(%q) ok = %v, want %v", s, ok, plain)
			continue
		}
		if ok && (got != want || math.Signbit(got) != math.Signbit(want)) {
			t.Errorf("shortDecimal(%q) = %v, want %v", s, got, want)
		}
		// parseFloat agrees with strconv either way
		if v, ok := parseFloat(s); ok != (err == nil) || ok && v != want {
			t.Errorf("parseFloat(%q) = %v, %v; strconv %v, %v", s, v, ok, want, err)
		}
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range 100000 {
		s := strconv.FormatFloat((r.Float64()-0.5)*math.Pow(10, float64(r.IntN(12))), 'f', r.IntN(8), 64)
		want, _ := strconv.ParseFloat(s, 64)
		if got, ok := shortDecimal(s); ok && got != want {
			t.Fatalf("shortDecimal(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestParsePathAllocs: path data gets its segments in one allocation
// when each command draws one segment (a chart's markers), and no more
// room than the segment budget allows.
func TestParsePathAllocs(t *testing.T) {
	for _, c := range []struct {
		d              string
		budget, allocs int
		segs, cap      int
	}{
		{"M1 2l3 -4l3 4", 100, 2, 3, 3},
		{"M0 0H10V10H0Z", 100, 2, 5, 5},
		{"M0 0L1 1L2 2L3 3L4 4", 2, 2, 3, 3}, // cut by the budget
	} {
		var p *Path
		if n := testing.AllocsPerRun(10, func() { p, _ = parsePath(c.d, c.budget) }); int(n) != c.allocs {
			t.Errorf("%q: %v allocations, want %d", c.d, n, c.allocs)
		}
		if len(p.Segs) != c.segs || cap(p.Segs) != c.cap {
			t.Errorf("%q: %d segments in room for %d, want %d in %d", c.d, len(p.Segs), cap(p.Segs), c.segs, c.cap)
		}
	}
}
