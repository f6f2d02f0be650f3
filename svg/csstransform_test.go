package svg

import (
	"math"
	"strings"
	"testing"

	"github.com/seed28491532/folio/css"
)

// TestCSSTransform checks the transform property: from the page's
// sheets, the SVG's own sheet or a style attribute, in CSS syntax and
// units, over the transform attribute; about transform-origin in the
// viewport (view-box) or the shape's box (fill-box); an invalid value
// leaves the shape untransformed.
func TestCSSTransform(t *testing.T) {
	tests := []struct {
		name, page, rect string
		// where the rect's corner 10, 10 lands
		want [2]float64
	}{
		{"attribute", ``, `transform="translate(5 5)"`, [2]float64{15, 15}},
		{"page sheet over the attribute", `.r { transform: translate(20px, 30px) }`, `transform="translate(5 5)"`, [2]float64{30, 40}},
		{"style attribute", ``, `style="transform: translateX(1in)"`, [2]float64{106, 10}},
		{"rotate in turns", ``, `style="transform: rotate(0.25turn)"`, [2]float64{-10, 10}},
		{"scaleY and skewX", ``, `style="transform: scaleY(2) skewX(45deg)"`, [2]float64{20, 20}},
		{"origin in the viewport", ``, `style="transform: scale(2); transform-origin: 50% 50%"`, [2]float64{-30, -30}},
		{"origin in the fill box", ``, `style="transform: scale(2); transform-origin: center; transform-box: fill-box"`, [2]float64{0, 0}},
		{"origin with keywords", ``, `style="transform: rotate(180deg); transform-origin: top left; transform-box: fill-box"`, [2]float64{10, 10}},
		{"none", ``, `transform="translate(5 5)" style="transform: none"`, [2]float64{10, 10}},
		{"invalid", ``, `style="transform: translate(10%)"`, [2]float64{10, 10}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			page, _ := css.Parse(tt.page, css.ParseOptions{})
			root, err := Parse(strings.NewReader(`<svg width="100" height="100"><rect class="r" x="10" y="10" width="20" height="20" `+tt.rect+`/></svg>`), Limits{})
			if err != nil {
				t.Fatal(err)
			}
			d, err := New(root, Limits{}, &Page{Sheets: []*css.Stylesheet{page}})
			if err != nil {
				t.Fatal(err)
			}
			shapes := render(t, d, 100, 100)
			if len(shapes) != 1 {
				t.Fatalf("%d shapes", len(shapes))
			}
			x, y := shapes[0].M.Apply(10, 10)
			if math.Abs(x-tt.want[0]) > 1e-9 || math.Abs(y-tt.want[1]) > 1e-9 {
				t.Errorf("corner at %g, %g, want %v", x, y, tt.want)
			}
		})
	}
}

// TestTransformOriginBoxes checks transform-origin percentages and
// keywords in each reference box: the view box starts at the viewBox's
// origin (not at 0 0), content-box is the fill box and stroke-box (and
// border-box) the fill box grown by half the stroke width.
func TestTransformOriginBoxes(t *testing.T) {
	tests := []struct {
		name, svg, rect string
		// where the rect's corner 10, 10 lands, in output units
		want [2]float64
	}{
		// origin 100 100 (the middle of the view box 50 50 100 100):
		// (10-100)*2+100 = -80, then the viewBox moves it by -50; right
		// bottom is 150 150: (10-150)*2+150-50 = -180
		{"view box with an origin", `viewBox="50 50 100 100"`, `style="transform: scale(2); transform-origin: 50% 50%"`, [2]float64{-130, -130}},
		{"view box, keywords", `viewBox="50 50 100 100"`, `style="transform: scale(2); transform-origin: right bottom"`, [2]float64{-180, -180}},
		{"view box, the initial value", `viewBox="-100 -100 200 200"`, `style="transform: scale(2); transform-origin: 0% 0%; transform-box: view-box"`, [2]float64{110, 110}},
		{"content box is the fill box", ``, `style="transform: scale(2); transform-origin: 0 0; transform-box: content-box"`, [2]float64{10, 10}},
		{"stroke box", ``, `stroke="black" stroke-width="4" style="transform: scale(2); transform-origin: 0 0; transform-box: stroke-box"`, [2]float64{12, 12}},
		{"border box is the stroke box", ``, `stroke="black" stroke-width="4" style="transform: scale(2); transform-origin: 0% 0%; transform-box: border-box"`, [2]float64{12, 12}},
		{"stroke box without a stroke", ``, `stroke-width="4" style="transform: scale(2); transform-origin: 0 0; transform-box: stroke-box"`, [2]float64{10, 10}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root, err := Parse(strings.NewReader(`<svg width="100" height="100" `+tt.svg+`><rect x="10" y="10" width="20" height="20" `+tt.rect+`/></svg>`), Limits{})
			if err != nil {
				t.Fatal(err)
			}
			d, err := New(root, Limits{}, nil)
			if err != nil {
				t.Fatal(err)
			}
			var m Matrix
			found := false
			for _, s := range render(t, d, 100, 100) {
				if s.Path != nil && s.Group == NoGroup {
					m, found = s.M, true
					break
				}
			}
			if !found {
				t.Fatal("no shape")
			}
			x, y := m.Apply(10, 10)
			if math.Abs(x-tt.want[0]) > 1e-9 || math.Abs(y-tt.want[1]) > 1e-9 {
				t.Errorf("corner at %g, %g, want %v", x, y, tt.want)
			}
		})
	}
}
