package display

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

// groupDump names the items of l: "begin(…)" and "end" for groups (with
// what they apply), "fill(r,g,b@opacity)" and "text" for the others.
func groupDump(l *List) string {
	var out []string
	for _, it := range l.Items {
		switch it.Op {
		case OpGroupBegin:
			g := it.Group
			var what []string
			if g.Transform != nil {
				m := *g.Transform
				for i := range m {
					m[i] = math.Round(m[i]*1000)/1000 + 0 // no -0
				}
				what = append(what, fmt.Sprintf("m=%g,%g,%g,%g", m[0], m[1], m[2], m[3]))
			}
			if g.Opacity < 1 {
				what = append(what, fmt.Sprintf("op=%.2g", g.Opacity))
			}
			if g.Clip != nil {
				what = append(what, "clip")
			}
			if g.Outer != nil {
				what = append(what, "outer")
			}
			out = append(out, "begin("+strings.Join(what, " ")+")")
		case OpGroupEnd:
			out = append(out, "end")
		case OpFill:
			out = append(out, fmt.Sprintf("fill(%d,%d,%d@%.2g)", it.Color.R, it.Color.G, it.Color.B, it.Opacity))
		case OpText:
			if it.Opacity < 1 {
				out = append(out, fmt.Sprintf("text@%.2g", it.Opacity))
				continue
			}
			out = append(out, "text")
		}
	}
	return strings.Join(out, " ")
}

// TestEffectGroups checks the group items around boxes with paint
// effects: one group for the box and its descendants, painted after
// the in-flow content as a stacking context, its opacity on the group
// and not on the items, the ancestors' overflow clip on the group.
func TestEffectGroups(t *testing.T) {
	tests := []struct{ name, html, want string }{
		{"none", `<div style="background:red;height:5pt"></div>`, "fill(255,0,0@1)"},
		{"transform", `<div style="background:red;height:5pt;transform:rotate(90deg)"></div>`,
			"begin(m=0,1,-1,0) fill(255,0,0@1) end"},
		{"opacity on the group only", `<div style="background:red;opacity:.5"><p style="background:blue;opacity:.5">x</p></div>`,
			"begin(op=0.5) fill(255,0,0@1) begin(op=0.5) fill(0,0,255@1) text end end"},
		{"painted after in-flow siblings", `<div style="background:red;height:5pt;transform:scale(2)"></div><div style="background:blue;height:5pt"></div>`,
			"fill(0,0,255@1) begin(m=2,0,0,2) fill(255,0,0@1) end"},
		{"clip-path", `<div style="background:red;height:5pt;clip-path:inset(1pt)"></div>`, "begin(clip) fill(255,0,0@1) end"},
		{"clip ignored in flow", `<div style="background:red;height:5pt;clip:rect(0,1pt,1pt,0)"></div>`, "fill(255,0,0@1)"},
		{"ancestor clip on the group", `<div style="overflow:hidden;height:9pt"><div style="background:red;height:5pt;transform:scale(2)"></div></div>`,
			"begin(m=2,0,0,2 outer) fill(255,0,0@1) end"},
		{"float", `<div style="float:left;width:5pt;height:5pt;background:red;opacity:.5"></div>`, "begin(op=0.5) fill(255,0,0@1) end"},
		{"anchored float", `<p>a<span style="float:left;width:5pt;height:5pt;background:red;transform:scale(2)"></span>b</p>`,
			"text text begin(m=2,0,0,2) fill(255,0,0@1) end"},
		{"z-index ignored without position", `<div style="background:red;height:5pt;z-index:2;transform:scale(1)"></div><div style="background:blue;height:5pt;z-index:1;transform:scale(1)"></div>`,
			"begin(m=1,0,0,1) fill(255,0,0@1) end begin(m=1,0,0,1) fill(0,0,255@1) end"},
		{"edge-on paints nothing", `<div style="background:red;height:5pt;transform:rotateY(90deg)"></div>`,
			"begin(m=0,0,0,1 op=0) fill(255,0,0@1) end"},
		{"inline opacity by item", `<p>a<span style="opacity:.5;background:red">b</span></p>`, "fill(255,0,0@0.5) text text@0.5"},
		{"isolation", `<div style="background:red;height:5pt;isolation:isolate"></div>`, "begin() fill(255,0,0@1) end"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := groupDump(styledList(t, tt.html)); got != tt.want {
				t.Errorf("items %q, want %q", got, tt.want)
			}
		})
	}
}

// TestEffectLinkRects checks that a link inside a transformed box
// clicks where the box shows: the bounding box of its transformed
// rectangle.
func TestEffectLinkRects(t *testing.T) {
	l := styledList(t, `<div style="width:100pt;height:20pt;transform:translate(50pt, 30pt)"><a href="https://example.org/">x</a></div>`)
	if len(l.Links) == 0 || len(l.Links[0].Rects) == 0 {
		t.Fatal("no link rectangle")
	}
	untransformed := styledList(t, `<div style="width:100pt;height:20pt"><a href="https://example.org/">x</a></div>`)
	got, base := l.Links[0].Rects[0], untransformed.Links[0].Rects[0]
	if math.Abs(got.X-base.X-50) > 1e-9 || math.Abs(got.Y-base.Y-30) > 1e-9 || math.Abs(got.W-base.W) > 1e-9 {
		t.Errorf("link at %+v, want %+v moved by 50, 30", got, base)
	}
}

// TestTransformBox checks that transform-box: content-box (and
// fill-box) takes the transform origin from the content box, past the
// border: scale(2) about it moves the box 10pt further left.
func TestTransformBox(t *testing.T) {
	shift := func(css string) float64 {
		l := styledList(t, `<div style="margin-left:60pt;border-left:10pt solid;height:5pt;transform-origin:0 0;transform:scale(2);`+css+`"></div>`)
		for _, it := range l.Items {
			if it.Op == OpGroupBegin && it.Group.Transform != nil {
				return it.Group.Transform[4]
			}
		}
		t.Fatalf("%q: no transform group", css)
		return 0
	}
	base := shift("")
	for css, want := range map[string]float64{"transform-box:content-box": -10, "transform-box:fill-box": -10,
		"transform-box:view-box": 0, "transform-box:border-box": 0} {
		if got := shift(css) - base; math.Abs(got-want) > 1e-9 {
			t.Errorf("%q: moved %g against the border box, want %g", css, got, want)
		}
	}
}

// TestEffectLinkQuads checks that a link in a rotated box gets the
// quadrilateral of its turned rectangle, and one only moved none.
func TestEffectLinkQuads(t *testing.T) {
	l := styledList(t, `<div style="width:100pt;height:20pt;transform-origin:0 0;transform:rotate(90deg)"><a href="https://example.org/">x</a></div>`)
	if len(l.Links) != 1 || len(l.Links[0].Quads) != len(l.Links[0].Rects) {
		t.Fatalf("links %+v: want one quadrilateral a rectangle", l.Links)
	}
	q, r := l.Links[0].Quads[0], l.Links[0].Rects[0]
	// turned a quarter clockwise about the div's corner: the text's
	// top-left corner goes to the right of its bottom-left one
	if q[0][0] <= q[3][0] || math.Abs(q[0][1]-q[3][1]) > 1e-9 {
		t.Errorf("quadrilateral %v is not turned a quarter", q)
	}
	for _, p := range q {
		if p[0] < r.X-1e-9 || p[0] > r.X+r.W+1e-9 || p[1] < r.Y-1e-9 || p[1] > r.Y+r.H+1e-9 {
			t.Errorf("corner %v outside the bounding rectangle %+v", p, r)
		}
	}
	moved := styledList(t, `<div style="transform:translate(5pt, 5pt)"><a href="https://example.org/">x</a></div>`)
	if len(moved.Links) != 1 || moved.Links[0].Quads != nil {
		t.Errorf("a moved link has quadrilaterals %v, want none", moved.Links[0].Quads)
	}
}

// TestOpacityGroupNesting checks that transparency groups nest at most
// MaxOpacityGroups deep, the deeper opacities going to the items.
func TestOpacityGroupNesting(t *testing.T) {
	n := MaxOpacityGroups + 2
	src := strings.Repeat(`<div style="opacity:.5">`, n) + `<p style="background:red">x</p>` + strings.Repeat(`</div>`, n)
	l := styledList(t, src)
	groups, depth, deepest := 0, 0, 0
	for _, it := range l.Items {
		switch it.Op {
		case OpGroupBegin:
			depth++
			deepest = max(deepest, depth)
			if it.Group.Opacity < 1 {
				groups++
			}
		case OpGroupEnd:
			depth--
		case OpFill:
			if it.Opacity != 0.25 {
				t.Errorf("the fill inside has opacity %g, want 0.25 (two groups too deep)", it.Opacity)
			}
		}
	}
	if groups != MaxOpacityGroups || deepest != n {
		t.Errorf("%d opacity groups in %d nested groups, want %d in %d", groups, deepest, MaxOpacityGroups, n)
	}
}
