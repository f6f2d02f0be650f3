package display

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// TestAppendixEOrder checks the painting order of CSS 2.1 Appendix E:
// in-flow block backgrounds, then floats (their backgrounds and text),
// then in-flow inline content, then positioned boxes.
func TestAppendixEOrder(t *testing.T) {
	pt := func(v float64) style.Length { return style.Length{Value: v, Unit: style.Pt} }
	colors := map[string]style.Color{"rel": {R: 1, A: 255}, "fl": {R: 2, A: 255}, "bg": {R: 3, A: 255}}
	got := items(t, `<body><div id=rel>r</div><div id=fl>f</div><div id=bg>b</div></body>`, func(b *box.Box) {
		id, _ := b.Attr("id")
		if id == "" || !b.IsElement() {
			return
		}
		s := *b.Style.Clone()
		s.BackgroundColor = colors[id]
		switch id {
		case "rel":
			s.Position = style.PositionRelative
			s.Inset[style.Top] = pt(2)
		case "fl":
			s.Float = style.FloatLeft
			s.Width = pt(20)
		}
		b.Style = &s
	})
	var order []string
	for _, it := range got {
		d := describe(it)
		if it.Op == OpFill {
			for id, c := range colors {
				if it.Color == c {
					d = "fill@" + id
				}
			}
		}
		order = append(order, d)
	}
	want := "fill@bg fill@fl text(f) text(b) fill@rel text(r)"
	if g := strings.Join(order, " "); g != want {
		t.Errorf("paint order\n got %s\nwant %s", g, want)
	}
}

// TestBuildDepthLimit nests fragments past MaxDepth: Build ends with an
// error wrapping ErrDepth instead of walking on, and a cancelled context
// stops it before the first page.
func TestBuildDepthLimit(t *testing.T) {
	nest := func(levels int) *layout.Document {
		root := &layout.Fragment{Box: &box.Box{Kind: box.KindBlock, Style: box.Inherit(nil)}}
		f := root
		for i := 1; i < levels; i++ {
			c := &layout.Fragment{Box: &box.Box{Kind: box.KindBlock, Style: box.Inherit(nil)}}
			f.Children = []*layout.Fragment{c}
			f = c
		}
		return &layout.Document{Pages: []*layout.Page{{Root: root, Width: 100, Height: 100}}}
	}
	if _, err := Build(context.Background(), nest(MaxDepth)); err != nil {
		t.Errorf("%d levels: %v", MaxDepth, err)
	}
	_, err := Build(context.Background(), nest(MaxDepth+1))
	if !errors.Is(err, ErrDepth) || !strings.Contains(err.Error(), "page 1") {
		t.Errorf("%d levels: got %v, want an ErrDepth naming page 1", MaxDepth+1, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Build(ctx, nest(3)); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: got %v", err)
	}
}

// TestZIndexOrder checks the stacking order of CSS 2.1 Appendix E with
// z-index: negative layers under the in-flow blocks, then auto and 0 in
// tree order, then positive ones lowest first; a layer with a z-index
// paints its own positioned descendants (the negative ones over its own
// background, under its text) before the next layer.
func TestZIndexOrder(t *testing.T) {
	type pos struct {
		z    int
		auto bool
	}
	tests := []struct {
		name, body string
		z          map[string]pos
		want       string
	}{
		{"siblings", `<body><div id=neg>n</div><div id=bg>b</div><div id=two>p</div><div id=one>q</div><div id=zero>z</div></body>`,
			map[string]pos{"neg": {z: -1}, "two": {z: 2}, "one": {z: 1}, "zero": {auto: true}},
			"fill@neg text(n) fill@bg text(b) fill@zero text(z) fill@one text(q) fill@two text(p)"},
		{"negative layers lowest first", `<body><div id=bg>b</div><div id=one>q</div><div id=two>p</div></body>`,
			map[string]pos{"one": {z: -1}, "two": {z: -5}},
			"fill@two text(p) fill@one text(q) fill@bg text(b)"},
		{"nested context", `<body><div id=one>a<div id=neg>c</div></div><div id=zero>d</div></body>`,
			map[string]pos{"one": {z: 1}, "neg": {z: -1}, "zero": {auto: true}},
			"fill@zero text(d) fill@one fill@neg text(c) text(a)"},
		{"auto layer's descendants join the parent context", `<body><div id=zero>a<div id=two>c</div></div><div id=one>d</div></body>`,
			map[string]pos{"zero": {auto: true}, "two": {z: 2}, "one": {z: 1}},
			"fill@zero text(a) fill@one text(d) fill@two text(c)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			colors := map[string]style.Color{}
			got := items(t, tt.body, func(b *box.Box) {
				id, _ := b.Attr("id")
				if id == "" || !b.IsElement() {
					return
				}
				s := *b.Style.Clone()
				s.BackgroundColor = style.Color{R: uint8(len(colors) + 1), A: 255}
				colors[id] = s.BackgroundColor
				if p, ok := tt.z[id]; ok {
					s.Position = style.PositionRelative
					s.ZIndex, s.ZAuto = p.z, p.auto
				}
				b.Style = &s
			})
			var order []string
			for _, it := range got {
				d := describe(it)
				if it.Op == OpFill {
					for id, c := range colors {
						if it.Color == c {
							d = "fill@" + id
						}
					}
				}
				order = append(order, d)
			}
			if g := strings.Join(order, " "); g != tt.want {
				t.Errorf("paint order\n got %s\nwant %s", g, tt.want)
			}
		})
	}
}
