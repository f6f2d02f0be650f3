package svg

import (
	"math"
	"strconv"
	"strings"
	"testing"
)

// groupTrace writes the shapes as a string: "G(" and ")" around a group
// (with its opacity, and M when it is masked), "M[" and "]" around a
// mask's content, and for each painting shape the first hex digit of
// its fill's red, with its opacity when below 1.
func groupTrace(shapes []Shape) string {
	var out []string
	op := func(f float64) string {
		if f >= 1 {
			return ""
		}
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	for _, s := range shapes {
		switch s.Group {
		case GroupBegin:
			out = append(out, "G(")
		case GroupEnd:
			m := ""
			if s.Masked {
				m = "M"
			}
			out = append(out, ")"+op(s.Opacity)+m)
		case MaskBegin:
			out = append(out, "M[")
		case MaskEnd:
			out = append(out, "]")
		default:
			f := "-"
			if s.Fill != nil {
				f = strconv.FormatUint(uint64(s.Fill.Color.R>>4), 16)
			}
			out = append(out, f+op(s.Opacity))
		}
	}
	return strings.Join(out, " ")
}

// TestGroupsAndMasks checks that opacity on an element painting several
// shapes (or one with fill and stroke) makes a group, that one simple
// shape takes the opacity itself, that a mask's content comes inside
// its group before the group ends, and that a mask referencing itself
// or a missing one draws the element unmasked.
func TestGroupsAndMasks(t *testing.T) {
	const head = `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">` +
		`<defs><mask id="m"><rect width="100" height="100" fill="#fff"/></mask>` +
		`<mask id="self"><rect width="10" height="10" fill="#fff" mask="url(#self)"/></mask></defs>`
	tests := []struct{ name, body, want string }{
		{"one shape", `<rect width="10" height="10" fill="#f00" opacity="0.5"/>`, "f0.5"},
		{"fill and stroke", `<rect width="10" height="10" fill="#f00" stroke="#000" opacity="0.5"/>`, "G( f )0.5"},
		{"group of two", `<g opacity="0.5"><rect width="10" height="10" fill="#f00"/><rect width="10" height="10" fill="#000"/></g>`, "G( f 0 )0.5"},
		{"nested", `<g opacity="0.5"><g opacity="0.5"><rect width="10" height="10" fill="#f00"/></g><rect width="1" height="1" fill="#000"/></g>`, "G( f0.5 0 )0.5"},
		{"empty group", `<g opacity="0.5"/>`, ""},
		{"masked", `<rect width="10" height="10" fill="#f00" mask="url(#m)"/>`, "G( f M[ f ] )M"},
		{"masked with opacity", `<g mask="url(#m)" opacity="0.25"><rect width="10" height="10" fill="#000"/></g>`, "G( 0 M[ f ] )0.25M"},
		{"mask referencing itself", `<rect width="10" height="10" fill="#000" mask="url(#self)"/>`, "G( 0 M[ f ] )M"},
		{"missing mask", `<rect width="10" height="10" fill="#000" mask="url(#none)"/>`, "0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := groupTrace(render(t, mustDoc(t, head+tt.body+`</svg>`), 100, 100))
			if got != tt.want {
				t.Errorf("shapes %q, want %q", got, tt.want)
			}
		})
	}
}

// TestMaskRegion checks the mask region and content units: by default
// the region is the element's bounding box grown by 10% on each side
// and the content is in user space; objectBoundingBox content is scaled
// to the box.
func TestMaskRegion(t *testing.T) {
	src := `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">
	<mask id="a"><rect width="200" height="200" fill="#fff"/></mask>
	<mask id="b" maskContentUnits="objectBoundingBox"><rect width="0.5" height="1" fill="#fff"/></mask>
	<rect x="50" y="50" width="100" height="50" fill="#000" mask="url(#a)"/>
	<rect x="50" y="50" width="100" height="50" fill="#000" mask="url(#b)"/></svg>`
	shapes := render(t, mustDoc(t, src), 200, 200)
	var masks []Shape
	for i, s := range shapes {
		if s.Group == MaskBegin {
			masks = append(masks, shapes[i+1])
		}
	}
	if len(masks) != 2 {
		t.Fatalf("%d masks drawn, want 2: %s", len(masks), groupTrace(shapes))
	}
	if c := masks[0].Clips; len(c) != 1 || c[0].rect == nil || *c[0].rect != [4]float64{40, 45, 160, 105} {
		t.Errorf("mask a clipped to %v, want the box grown by 10%%: [40 45 160 105]", c[0].rect)
	}
	x0, y0, x1, y1, _ := masks[1].Path.Transformed(masks[1].M).Bounds()
	if got := [4]float64{x0, y0, x1, y1}; got != [4]float64{50, 50, 100, 100} {
		t.Errorf("mask b's content covers %v, want the left half of the box [50 50 100 100]", got)
	}
}

// TestGroupDepth checks that groups nest at most maxGroupDepth deep:
// deeper elements take their opacity on their shapes, and every group
// opened is closed.
func TestGroupDepth(t *testing.T) {
	const levels = maxGroupDepth + 10
	src := `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">` +
		strings.Repeat(`<g opacity="0.9"><rect width="1" height="1"/>`, levels) + strings.Repeat(`</g>`, levels) + `</svg>`
	open, deepest, deepOpacity := 0, 0, 1.0
	for _, s := range render(t, mustDoc(t, src), 10, 10) {
		switch s.Group {
		case GroupBegin:
			open++
			deepest = max(deepest, open)
		case GroupEnd:
			open--
		default:
			deepOpacity = min(deepOpacity, s.Opacity)
		}
	}
	if open != 0 || deepest != maxGroupDepth {
		t.Errorf("groups left open %d, deepest %d: want 0 and %d", open, deepest, maxGroupDepth)
	}
	if want := math.Pow(0.9, 10); math.Abs(deepOpacity-want) > 1e-9 {
		t.Errorf("the deepest shape's opacity %g, want %g from the 10 levels past the bound", deepOpacity, want)
	}
}
